// Amounts of a contract, shared by its definitions (the form computes as the user types) and the
// server (payment stages): a line's amounts from quantity, price and tax rate (as an order
// line's, so a contract and the orders against it round alike), and the split of
// the total over payment stages by ratio at the currency's precision, the last stage taking the
// rounding remainder so that the stages always add up to the total exactly.
import { type Numeric, dec } from '@srm/kernel';
import { lineAmounts as orderLineAmounts } from '../purchasing';

type Values = Readonly<Record<string, unknown>>;

/** A contract item's amounts, as an order line's: its price is the unit price excluding tax. */
export function lineAmounts(row: Values): ReturnType<typeof orderLineAmounts> {
  return orderLineAmounts({ quantity: row.quantity, unitPriceExclTax: row.unitPrice, taxRate: row.taxRate });
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
