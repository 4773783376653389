// The unified social credit code's check character (GB 32100-2015): published codes of real
// companies pass, and every code one character away from a valid one is refused.
import { describe, expect, it } from 'vitest';
import { checkCreditCode, creditCodeCheckChar, withCreditCodeCheck } from './validators';

// Codes as printed on the business licences of large companies, and an example code often quoted
// with the standard.
const PUBLISHED = ['91110000100010433L', '91330100716105852F', '914403001922038216', '91350100M000100Y43'];
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

describe('unified social credit code', () => {
  it('accepts published codes, with spaces around them, and an empty optional value', () => {
    const check = checkCreditCode();
    for (const code of PUBLISHED) expect(check(code), code).toBeNull();
    expect(check(` ${PUBLISHED[0]} `)).toBeNull();
    expect(check('')).toBeNull();
    expect(checkCreditCode(true)('')).toEqual({ message: 'validation.required' });
  });

  it('refuses every code with one character changed, at any position, to any other character', () => {
    const check = checkCreditCode();
    let refused = 0;
    for (const code of PUBLISHED)
      for (let position = 0; position < 18; position++)
        for (const other of ALPHABET) {
          if (other === code[position]) continue;
          const changed = code.slice(0, position) + other + code.slice(position + 1);
          const issue = check(changed);
          expect(issue, changed).not.toBeNull();
          refused++;
        }
    expect(refused).toBe(PUBLISHED.length * 18 * 30);
  });

  it('tells a wrong layout from a wrong check character', () => {
    const check = checkCreditCode();
    expect(check('91330100716105852E')).toEqual({ message: 'validation.creditCodeCheck' });
    expect(check('91330100716105852')).toEqual({ message: 'validation.creditCode' });
    expect(check('9133010071610585IF')).toEqual({ message: 'validation.creditCode' });
    expect(check('91330100716105852f')).toEqual({ message: 'validation.creditCode' });
    expect(check({ toString: () => PUBLISHED[0] })).toEqual({ message: 'validation.creditCode' });
  });

  it('computes the check character, 31 read as 0', () => {
    expect(creditCodeCheckChar('91330100716105852')).toBe('F');
    expect(creditCodeCheckChar('9133010071610585')).toBeNull();
    expect(creditCodeCheckChar('9133010071610585I')).toBeNull();
    // The weighted sum of "00000000000000000" is 0: the check value is 31 mod 31 = 0.
    expect(creditCodeCheckChar('00000000000000000')).toBe('0');
    expect(withCreditCodeCheck('91320505MA1NH7QX3')).toBe('91320505MA1NH7QX3R');
    expect(() => withCreditCodeCheck('91320505MA1NH7QXI')).toThrow(/not the start of a credit code/);
  });
});
