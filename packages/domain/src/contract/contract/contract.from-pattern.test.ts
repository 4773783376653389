// The sample contract's validity: six months from the day it is drafted, kept within the month.
import { describe, expect, it } from 'vitest';
import { monthsAfter } from './contract.from-pattern';

describe('a sample contract runs six months', () => {
  it('to the same day, or the last day of a shorter month', () => {
    expect(monthsAfter('2026-12-04', 6)).toBe('2027-06-04');
    expect(monthsAfter('2026-08-31', 6)).toBe('2027-02-28');
    expect(monthsAfter('2027-08-31', 6)).toBe('2028-02-29');
    expect(monthsAfter('2026-07-31', 6)).toBe('2027-01-31');
    expect(monthsAfter('2026-12-31', 2)).toBe('2027-02-28');
  });
});
