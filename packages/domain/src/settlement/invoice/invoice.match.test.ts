// Three-way matching, table-driven: tolerances of price and quantity (percent and absolute, alone
// and together), tax per line against tax on the total within 0.01 a line, and VAT numbers.
import { describe, expect, it } from 'vitest';
import { dec } from '@srm/kernel';
import { type Tolerances, headerTaxAgrees, invoiceNumberIssue, matchLine, within } from './invoice.match';
import { lineAmounts } from '../support';

const none: Tolerances = {
  price: { percent: null, absolute: null },
  quantity: { percent: null, absolute: null },
};
const loose: Tolerances = {
  price: { percent: dec(2), absolute: dec('0.05') },
  quantity: { percent: dec(5), absolute: null },
};

const line = (quantity: number, price: number, rate = 13) => {
  const amounts = lineAmounts(quantity, price, rate, 2);
  return {
    quantity,
    price,
    taxRate: rate,
    amountExclTax: amounts.excl.toNumber(),
    taxAmount: amounts.tax.toNumber(),
  };
};

describe('a variance within limits', () => {
  it.each([
    // variance, expected, percent, absolute, within
    ['0', '10', null, null, true],
    ['0.01', '10', null, null, false],
    ['0.2', '10', '2', null, true],
    ['0.21', '10', '2', null, false],
    ['0.05', '10', null, '0.05', true],
    ['0.2', '10', '2', '0.05', false],
    ['-0.04', '10', '2', '0.05', true],
  ] as const)('%s of %s (percent %s, absolute %s): %s', (variance, expected, percent, absolute, ok) => {
    const limits = {
      percent: percent === null ? null : dec(percent),
      absolute: absolute === null ? null : dec(absolute),
    };
    expect(within(dec(variance), dec(expected), limits)).toBe(ok);
  });
});

describe('matching an invoice line against its statement line', () => {
  const expected = { quantity: 100, price: 6.25, taxRate: 13 };
  it.each([
    ['the same', line(100, 6.25), none, []],
    ['a partial invoice', line(60, 6.25), none, []],
    ['a higher price, no tolerance', line(100, 6.3), none, ['PRICE']],
    ['a higher price within 2 % and 0.05', line(100, 6.29), loose, []],
    ['a higher price within 2 % but beyond 0.05', line(100, 6.35), loose, ['PRICE']],
    ['more than received, no tolerance', line(101, 6.25), none, ['QUANTITY']],
    ['more than received within 5 %', line(104, 6.25), loose, []],
    ['another tax rate', line(100, 6.25, 9), none, ['TAX_RATE']],
    ['tax off by more than 0.01', { ...line(100, 6.25), taxAmount: 81.27 }, none, ['TAX']],
    ['tax off by 0.01', { ...line(100, 6.25), taxAmount: 81.26 }, none, []],
    ['amount ≠ quantity × price', { ...line(100, 6.25), amountExclTax: 630 }, none, ['AMOUNT', 'TAX'].sort()],
    ['nothing invoiced', line(0, 6.25), none, ['QUANTITY']],
  ] as const)('%s', (_name, invoiced, tolerances, reasons) => {
    expect([...matchLine(expected, invoiced, tolerances, 2).reasons].sort()).toEqual([...reasons].sort());
  });

  it('a return is invoiced negative: less of it is partial, the other sign or more is held', () => {
    const ret = { quantity: -4, price: 0.3, taxRate: 13 };
    expect(matchLine(ret, line(-4, 0.3), none, 2).reasons).toEqual([]);
    expect(matchLine(ret, line(-2, 0.3), none, 2).reasons).toEqual([]);
    expect(matchLine(ret, line(-5, 0.3), none, 2).reasons).toEqual(['QUANTITY']);
    expect(matchLine(ret, line(4, 0.3), none, 2).reasons).toEqual(['QUANTITY']);
  });

  it('answers the variances the supplier reads', () => {
    const result = matchLine(expected, line(98, 6.5), none, 2);
    expect([result.quantityVariance.toNumber(), result.priceVariance.toNumber()]).toEqual([-2, 0.25]);
  });
});

describe('tax per line against tax on the invoice total', () => {
  // Three lines of 0.35 at 13 %: each line's tax rounds 0.0455 up to 0.05 (0.15 in all); the
  // total's tax is 1.05 × 13 % = 0.1365 → 0.14. Both are right within 0.01 a line.
  const lines = [line(1, 0.35), line(1, 0.35), line(1, 0.35)];
  it.each([
    ['the sum of the lines', 0.15, true],
    ['the tax of the total', 0.14, true],
    ['0.03 off, three lines', 0.12, true],
    ['0.04 off, three lines', 0.11, false],
  ] as const)('stated %s (%s): %s', (_name, stated, ok) => {
    expect(lines.map((row) => row.taxAmount)).toEqual([0.05, 0.05, 0.05]);
    expect(
      headerTaxAgrees(
        stated,
        lines.map((row) => row.taxAmount),
      ),
    ).toBe(ok);
  });
});

describe('the number of a VAT invoice', () => {
  it.each([
    ['DIGITAL', null, '24322000000012345678', null],
    ['DIGITAL', '3200231130', '24322000000012345678', 'settlement.invoice.digitalNumber'],
    ['DIGITAL', null, '2432200000001234567', 'settlement.invoice.digitalNumber'],
    ['VAT_SPECIAL', '3200231130', '01234567', null],
    ['VAT_SPECIAL', null, '01234567', 'settlement.invoice.paperNumber'],
    ['VAT_ORDINARY', '320023113', '01234567', 'settlement.invoice.paperNumber'],
    ['VAT_ORDINARY', '3200231130', '0123456A', 'settlement.invoice.paperNumber'],
  ] as const)('%s code %s number %s: %s', (type, code, number, issue) => {
    expect(invoiceNumberIssue(type, code, number)).toBe(issue);
  });
});
