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
  if (typeof value === 'number' && Number.isFinite(value)) {
    // A number's shortest decimal writing (what Decimal reads too), without building a Decimal.
    if (Number.isInteger(value)) return 0;
    const text = String(value);
    if (!text.includes('e')) return text.length - text.indexOf('.') - 1;
  }
  return dec(value).decimalPlaces();
}

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const MAX_PLACES = 15;
const POWERS = Array.from({ length: MAX_PLACES + 1 }, (_, places) => 10 ** places);

/**
 * A value as an integer count of 10^-places: [count, places], exactly, or null when it is not a
 * plain decimal that fits (a Decimal, an exponent, too many digits).
 */
function scaledInteger(value: Numeric): [number, number] | null {
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) return [value, 0];
    if (!Number.isFinite(value)) return null;
    // The fewest places p whose decimal count·10^-p reads back as the value. Below 2^50 such a
    // count is unique (decimals 10^-p apart are more than an ulp apart), it is value·10^p
    // rounded (the product errs by far less than one half), and it is the value's shortest
    // writing, the one Decimal reads: exact, without formatting the number as text.
    for (let places = 1; places <= MAX_PLACES; places++) {
      const count = Math.round(value * POWERS[places]!);
      if (Math.abs(count) >= 2 ** 50) return null;
      if (count / POWERS[places]! === value) return [count, places];
    }
    return null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!PLAIN_DECIMAL.test(text)) return null;
  const dot = text.indexOf('.');
  const places = dot < 0 ? 0 : text.length - dot - 1;
  if (places > MAX_PLACES) return null;
  const count = Number(dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1));
  return Number.isSafeInteger(count) ? [count, places] : null;
}

/**
 * Exact sum of plain decimals as integers of the finest scale seen, while every partial sum stays
 * a safe integer (so no step rounds); null when a value or a partial sum does not fit (sum then
 * adds with Decimal). Exported for its tests.
 */
export function scaledSum<T>(
  rows: readonly T[],
  pick: (row: T) => Numeric | null | undefined,
): Decimal | null {
  let total = 0;
  let scale = 0;
  for (const row of rows) {
    const value = pick(row);
    if (value === null || value === undefined || value === '') continue;
    const scaled = scaledInteger(value);
    if (!scaled) return null;
    const places = scaled[1];
    let count = scaled[0];
    if (places > scale) {
      total *= POWERS[places - scale]!;
      scale = places;
    } else if (places < scale) {
      count *= POWERS[scale - places]!;
    }
    total += count;
    if (!Number.isSafeInteger(total) || !Number.isSafeInteger(count)) return null;
  }
  return new Decimal(scale ? `${total}e-${scale}` : total);
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
  // Most sums (a grid's 合计 over 100,000 rows) are of plain decimals: added exactly as scaled
  // integers, many times faster than a Decimal per row; anything else goes through Decimal.
  const fast = scaledSum(rows, pick);
  if (fast) return fast;
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
