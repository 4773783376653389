// Amounts of a contract, shared by its definitions (the form computes as the user types) and the
// server (payment stages): a line's amounts from quantity, price and tax rate (as an order
// line's, so a contract and the orders against it round alike), and the split of
// the total over payment stages by ratio at the currency's precision, the last stage taking the
// rounding remainder so that the stages always add up to the total exactly.
import { type Numeric, dec } from '@srm/kernel';
import { lineAmounts as orderLineAmounts } from '../purchasing';

type Values = Readonly<Record<string, unknown>>;

/**
 * A contract item's amounts. Priced without tax (the default), as an order line's: quantity × the
 * price without tax, then the tax on that. Priced with tax (含税计价: a contract drafted from a
 * tax-inclusive award), the total with tax is quantity × the price with tax, and the amount
 * without tax is taken out of it, so that 500,000 × 0.13 is 65,000.00 as awarded (the order-line
 * way gives 64,999.86 from a price without tax of 0.115044…). The price without tax is kept to 10
 * decimals (see `priceExclTax`), which gives back the price with tax to 6 exactly.
 */
export function lineAmounts(row: Values, taxIncluded = false): ReturnType<typeof orderLineAmounts> {
  const figures = { quantity: row.quantity, unitPriceExclTax: row.unitPrice, taxRate: row.taxRate };
  if (!taxIncluded) return orderLineAmounts(figures);
  const factor = dec(String(row.taxRate ?? 0))
    .div(100)
    .plus(1);
  const priceIncl = dec(String(row.unitPrice ?? 0))
    .mul(factor)
    .toDecimalPlaces(6);
  const incl = priceIncl.mul(String(row.quantity ?? 0)).toDecimalPlaces(2);
  const excl = incl.div(factor).toDecimalPlaces(2);
  return {
    excl: excl.toNumber(),
    tax: incl.minus(excl).toNumber(),
    incl: incl.toNumber(),
    priceIncl: priceIncl.toNumber(),
  };
}

/** Decimals of a contract item's price without tax: enough to give back a price with tax to 6. */
export const CONTRACT_PRICE_PRECISION = 10;

/** A contract item's price without tax, from a price that may include tax. */
export function priceExclTax(price: Numeric, taxRate: Numeric, included: boolean): number {
  if (!included) return dec(price).toNumber();
  return dec(price).div(dec(taxRate).div(100).plus(1)).toDecimalPlaces(CONTRACT_PRICE_PRECISION).toNumber();
}

/**
 * Each stage's amount: total × ratio / 100 rounded to `precision` decimals; the last stage takes
 * what the others leave, so the amounts add up to the total whatever the rounding.
 */
export function stageAmounts(total: Numeric, ratios: readonly Numeric[], precision = 2): number[] {
  const whole = dec(total);
  let allotted = dec(0);
  return ratios.map((ratio, index) => {
    if (index === ratios.length - 1) return whole.minus(allotted).toNumber();
    const share = whole.mul(ratio).div(100).toDecimalPlaces(precision);
    allotted = allotted.plus(share);
    return share.toNumber();
  });
}
