// Amounts of a contract, shared by its definitions (the form computes as the user types) and the
// server (payment stages): a line's amounts from quantity, price and tax rate, and the split of
// the total over payment stages by ratio at the currency's precision, the last stage taking the
// rounding remainder so that the stages always add up to the total exactly.
import { type Numeric, dec, mul } from '@srm/kernel';

type Values = Readonly<Record<string, unknown>>;

export function lineAmounts(row: Values): { excl: number; tax: number; incl: number; priceIncl: number } {
  const qty = String(row.quantity ?? 0);
  const unit = String(row.unitPrice ?? 0);
  const rate = String(row.taxRate ?? 0);
  const excl = mul(qty, unit).toDecimalPlaces(2);
  const tax = excl.mul(rate).div(100).toDecimalPlaces(2);
  const priceIncl = mul(unit, mul(rate, '0.01').add(1)).toDecimalPlaces(6);
  return {
    excl: excl.toNumber(),
    tax: tax.toNumber(),
    incl: excl.add(tax).toNumber(),
    priceIncl: priceIncl.toNumber(),
  };
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
