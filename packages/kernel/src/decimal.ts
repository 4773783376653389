// Exact decimal arithmetic for quantities, prices and amounts ("exact decimal arithmetic for
// rounding", shell-and-toolkit §9). Values cross the API as JSON numbers; arithmetic never
// happens in binary floating point.
import DecimalJs from 'decimal.js';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;
export type Numeric = number | string | Decimal;

export function dec(value: Numeric | null | undefined): Decimal {
  return new Decimal(value ?? 0);
}

/** Rounds half away from zero at `precision` decimal places and returns a number. */
export function round(value: Numeric, precision: number): number {
  return dec(value).toDecimalPlaces(precision, Decimal.ROUND_HALF_UP).toNumber();
}

/** Number of decimal places written in the value (0.10 → 1, 12 → 0). */
export function decimalPlaces(value: Numeric): number {
  return dec(value).decimalPlaces();
}

export function add(...values: Numeric[]): Decimal {
  return values.reduce<Decimal>((total, value) => total.plus(value), dec(0));
}

export function mul(a: Numeric, b: Numeric): Decimal {
  return dec(a).times(b);
}

export function sub(a: Numeric, b: Numeric): Decimal {
  return dec(a).minus(b);
}

/** Division; the caller rounds the result at its field's precision. */
export function div(a: Numeric, b: Numeric): Decimal {
  return dec(a).dividedBy(b);
}

/** Sum of a function over rows, skipping empty values. */
export function sum<T>(rows: readonly T[], pick: (row: T) => Numeric | null | undefined): Decimal {
  return rows.reduce<Decimal>((total, row) => {
    const value = pick(row);
    return value === null || value === undefined || value === '' ? total : total.plus(value);
  }, dec(0));
}

/** Formats with thousands separators at a fixed number of decimals. */
export function formatNumber(value: Numeric | null | undefined, precision: number, thousands = true): string {
  if (value === null || value === undefined || value === '') return '';
  const fixed = dec(value).toFixed(precision, Decimal.ROUND_HALF_UP);
  if (!thousands) return fixed;
  const [whole = '', fraction] = fixed.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}
