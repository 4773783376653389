// A contract's amounts: an item priced without tax rounds as an order line does; an item of a
// contract priced with tax (含税计价) keeps the awarded total with tax to the cent, whatever the
// quantity; stages share out the total, the last taking the remainder.
import { describe, expect, it } from 'vitest';
import { lineAmounts, priceExclTax, stageAmounts } from './contract-amounts';

describe('a contract item priced with tax', () => {
  it('keeps quantity × price with tax as its total, where the order-line way loses cents', () => {
    const unitPrice = priceExclTax(0.13, 13, true);
    expect(unitPrice).toBe(0.1150442478);
    const row = { quantity: 500000, unitPrice, taxRate: 13 };
    expect(lineAmounts(row, true)).toEqual({ excl: 57522.12, tax: 7477.88, incl: 65000, priceIncl: 0.13 });
    // The same row taken as priced without tax: quantity × price, then the tax on it.
    expect(lineAmounts(row, false)).toEqual({ excl: 57522.12, tax: 7477.88, incl: 65000, priceIncl: 0.13 });
    // A price without tax at an order's 6 decimals is where the cents went.
    expect(lineAmounts({ ...row, unitPrice: 0.115044 }, false).incl).toBe(64999.86);
  });

  it('gives back the price with tax for any price with tax to 6 decimals', () => {
    for (const [price, rate, quantity] of [
      [5.8, 13, 800],
      [0.27, 13, 1000],
      [1234.567891, 9, 3],
      [0.000001, 6, 7],
      [99999.99, 13, 12345],
      [6.2, 0, 500],
    ] as const) {
      const amounts = lineAmounts(
        { quantity, unitPrice: priceExclTax(price, rate, true), taxRate: rate },
        true,
      );
      expect(amounts.priceIncl, `${price} @ ${rate} %`).toBe(price);
      expect(amounts.incl).toBe(Math.round(quantity * price * 100) / 100);
      expect(Math.round((amounts.excl + amounts.tax) * 100)).toBe(Math.round(amounts.incl * 100));
    }
  });

  it('takes 800 × 5.80 with 13 % as 4,640.00: 4,106.19 without tax and 533.81 of tax', () => {
    const unitPrice = priceExclTax(5.8, 13, true);
    expect(lineAmounts({ quantity: 800, unitPrice, taxRate: 13 }, true)).toEqual({
      excl: 4106.19,
      tax: 533.81,
      incl: 4640,
      priceIncl: 5.8,
    });
    // Priced without tax the same price loses a cent.
    expect(lineAmounts({ quantity: 800, unitPrice, taxRate: 13 }, false).incl).toBe(4639.99);
  });

  it('leaves a price without tax as it is', () => {
    expect(priceExclTax(0.125, 13, false)).toBe(0.125);
  });
});

describe('payment stages', () => {
  it('share out the total by ratio, the last stage taking the remainder', () => {
    expect(stageAmounts(64999.86, [30, 60, 10])).toEqual([19499.96, 38999.92, 6499.98]);
    expect(stageAmounts(100, [33.33, 33.33, 33.34])).toEqual([33.33, 33.33, 33.34]);
    expect(stageAmounts(0.01, [50, 50])).toEqual([0.01, 0]);
    const shares = stageAmounts(65000, [30, 60, 10]);
    expect(shares).toEqual([19500, 39000, 6500]);
  });
});
