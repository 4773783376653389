// Unit conversion with the UNIT_CONVERSION_RATIO lookup (shell-and-toolkit §3): lookupCode is
// the original unit, meaning the target unit, description the rate. The reverse direction uses
// the reciprocal rounded to 10 places.
import { type Decimal, type Numeric, dec, div } from './decimal';

export const UNIT_CONVERSION_LOOKUP = 'UNIT_CONVERSION_RATIO';
export const RECIPROCAL_PLACES = 10;

export interface UnitConversionValue {
  readonly lookupCode: string;
  readonly meaning: string;
  readonly description: string;
}

/** The rate to multiply a quantity in `from` by to get `to`, or null when unknown. */
export function conversionRate(
  conversions: readonly UnitConversionValue[],
  from: string,
  to: string,
): Decimal | null {
  if (from === to) return dec(1);
  const direct = conversions.find((c) => c.lookupCode === from && c.meaning === to);
  if (direct) return dec(direct.description);
  const reverse = conversions.find((c) => c.lookupCode === to && c.meaning === from);
  if (reverse) return div(1, reverse.description).toDecimalPlaces(RECIPROCAL_PLACES);
  return null;
}

export function convertQuantity(
  conversions: readonly UnitConversionValue[],
  quantity: Numeric,
  from: string,
  to: string,
): Decimal | null {
  const rate = conversionRate(conversions, from, to);
  return rate ? dec(quantity).times(rate) : null;
}
