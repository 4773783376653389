// Exact decimal sums: the scaled-integer path and the Decimal path agree to the last digit.
import { describe, expect, it } from 'vitest';
import { Decimal, decimalPlaces, scaledSum, sum } from './decimal';

const slowSum = (values: readonly (number | string | null)[]) =>
  values.reduce<Decimal>(
    (total, value) => (value === null || value === '' ? total : total.plus(value)),
    new Decimal(0),
  );

describe('sum', () => {
  it('adds decimals exactly, never in binary floating point', () => {
    expect(sum([0.1, 0.2], (v) => v).toString()).toBe('0.3');
    expect(sum([1.005, 2.0001, -3], (v) => v).toString()).toBe('0.0051');
    expect(sum(['12.50', ' 7.25 ', null, ''], (v) => v).toString()).toBe('19.75');
    expect(sum([], (v: number) => v).toString()).toBe('0');
  });

  it('agrees with Decimal on many values, big values, exponents and mixed scales', () => {
    const values: (number | string | null)[] = [];
    for (let i = 0; i < 20000; i++) values.push(((i * 7919) % 100003) / 100, i % 3 ? null : '3.125');
    expect(sum(values, (v) => v).toString()).toBe(slowSum(values).toString());
    const big = [9007199254740991, 1, 0.5];
    expect(sum(big, (v) => v).toString()).toBe(slowSum(big).toString());
    expect(sum(big, (v) => v).toString()).toBe('9007199254740992.5');
    const tiny = [1e-7, 2.5e-8, 1e21, 123456789.12345679];
    expect(sum(tiny, (v) => v).toString()).toBe(slowSum(tiny).toString());
    // Pseudo-random values of 0 to 8 places up to 10^12 (a fixed sequence, so a failure repeats).
    let seed = 42;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const random = Array.from({ length: 5000 }, (_, i) => {
      const value = Math.round(next() * 1e12) / 10 ** (i % 9);
      return i % 2 ? value : -value;
    });
    for (let start = 0; start < random.length; start += 500) {
      const slice = random.slice(start, start + 500);
      expect(sum(slice, (v) => v).toString()).toBe(slowSum(slice).toString());
    }
    // The fast path itself, on values it takes: 0 to 6 places below 10^8, fifty at a time.
    for (let start = 0; start < 2000; start += 50) {
      const slice = Array.from({ length: 50 }, (_, i) => {
        const places = (start + i) % 7;
        return (Math.round(next() * 1e8 * 10 ** places) / 10 ** places) * (i % 3 ? 1 : -1);
      });
      const fast = scaledSum(slice, (v) => v);
      expect(fast, String(slice)).not.toBeNull();
      expect(fast!.toString()).toBe(slowSum(slice).toString());
    }
    expect(scaledSum([0.1, 1e-20], (v) => v)).toBeNull();
    expect(scaledSum([new Decimal(1)], (v) => v)).toBeNull();
    const decimals = [new Decimal('0.1'), 0.2];
    expect(sum(decimals, (v) => v).toString()).toBe('0.3');
  });

  it('counts the decimal places a value is written with', () => {
    expect(decimalPlaces(12)).toBe(0);
    expect(decimalPlaces(0.1)).toBe(1);
    expect(decimalPlaces(12.345)).toBe(3);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces('0.10')).toBe(1);
  });
});
