// Three-way matching of invoice lines (三单匹配): what the supplier invoiced against what the
// statement expects — the order's price × the quantity received, less what earlier invoices
// matched — within the organisation's tolerances. Pure: the actions load the tolerances and the
// statement lines and store what this answers.
import { type Decimal, type Numeric, dec } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { configProfile } from '../../base-data';
import type { EXCEPTION_REASONS } from './invoice-line.entity';

type Reason = (typeof EXCEPTION_REASONS)[number];

/**
 * Limits of a variance: in percent of the expected value and in absolute terms (the currency for
 * a price, the unit for a quantity). A limit not configured does not limit; with neither
 * configured the values must be equal.
 */
export interface Limits {
  readonly percent: Decimal | null;
  readonly absolute: Decimal | null;
}

export interface Tolerances {
  readonly price: Limits;
  readonly quantity: Limits;
}

/** The tolerance of tax computed on a line against the tax the line states, per line. */
export const TAX_ROUNDING = dec('0.01');

/** Business configurations holding the limits (per organisation, or company-wide). */
export const TOLERANCE_PROFILES = {
  pricePercent: 'STL_MATCH_PRICE_PCT',
  priceAbsolute: 'STL_MATCH_PRICE_AMT',
  quantityPercent: 'STL_MATCH_QTY_PCT',
  quantityAbsolute: 'STL_MATCH_QTY_AMT',
} as const;

export interface Expected {
  /** What remains to invoice of the statement line. */
  readonly quantity: Numeric;
  /** The order's price excluding tax, with the statement's agreed adjustments. */
  readonly price: Numeric;
  readonly taxRate: Numeric;
}

export interface Invoiced {
  readonly quantity: Numeric;
  readonly price: Numeric;
  readonly taxRate: Numeric;
  readonly amountExclTax: Numeric;
  readonly taxAmount: Numeric;
}

export interface LineMatch {
  readonly reasons: readonly Reason[];
  readonly quantityVariance: Decimal;
  readonly priceVariance: Decimal;
}

export function within(variance: Decimal, expected: Decimal, limits: Limits): boolean {
  const size = variance.abs();
  if (limits.percent === null && limits.absolute === null) return size.isZero();
  if (limits.absolute !== null && size.gt(limits.absolute)) return false;
  if (limits.percent !== null && size.gt(expected.abs().mul(limits.percent).div(100))) return false;
  return true;
}

/** Matches one line; `places` is the currency's precision. */
export function matchLine(
  expected: Expected,
  invoiced: Invoiced,
  tolerances: Tolerances,
  places: number,
): LineMatch {
  const reasons: Reason[] = [];
  const quantityVariance = dec(invoiced.quantity).sub(dec(expected.quantity));
  const priceVariance = dec(invoiced.price).sub(dec(expected.price));
  // Invoicing more than remains (a return: more negative) is held beyond the tolerance; less is a
  // partial invoice; the other sign never matches.
  const wanted = dec(expected.quantity);
  const given = dec(invoiced.quantity);
  const over = given.abs().sub(wanted.abs());
  if (
    given.isZero() ||
    (!wanted.isZero() && given.isNegative() !== wanted.isNegative()) ||
    (over.gt(0) && !within(over, wanted, tolerances.quantity))
  )
    reasons.push('QUANTITY');
  if (!within(priceVariance, dec(expected.price), tolerances.price)) reasons.push('PRICE');
  if (!dec(invoiced.taxRate).eq(dec(expected.taxRate))) reasons.push('TAX_RATE');
  const excl = dec(invoiced.amountExclTax);
  const computedTax = excl.mul(dec(invoiced.taxRate)).div(100).toDecimalPlaces(places);
  if (computedTax.sub(dec(invoiced.taxAmount)).abs().gt(TAX_ROUNDING)) reasons.push('TAX');
  const computedExcl = dec(invoiced.quantity).mul(dec(invoiced.price)).toDecimalPlaces(places);
  if (computedExcl.sub(excl).abs().gt(TAX_ROUNDING)) reasons.push('AMOUNT');
  return { reasons, quantityVariance, priceVariance };
}

/**
 * Whether the invoice's stated tax agrees with its lines' tax: tax computed per line and summed
 * may differ from tax computed on the total by the rounding of each line, at most 0.01 a line.
 */
export function headerTaxAgrees(statedTax: Numeric, lineTaxes: readonly Numeric[]): boolean {
  const sum = lineTaxes.reduce<Decimal>((total, tax) => total.add(dec(tax)), dec(0));
  return sum
    .sub(dec(statedTax))
    .abs()
    .lte(TAX_ROUNDING.mul(Math.max(lineTaxes.length, 1)));
}

/** The organisation's tolerances: its enabled configurations, else the company-wide ones. */
export async function tolerancesOf(ctx: DataApi, orgId: number): Promise<Tolerances> {
  const profiles = await ctx
    .system('tolerances are internal configuration, read to match the supplier’s invoice')
    .list(configProfile, { profileCode: Object.values(TOLERANCE_PROFILES), enabledFlag: 'Y' });
  const value = (code: string): Decimal | null => {
    const chosen =
      profiles.find((row) => row.profileCode === code && row.orgId === orgId) ??
      profiles.find((row) => row.profileCode === code && row.orgId === null);
    if (!chosen?.profileValue) return null;
    try {
      const parsed = dec(chosen.profileValue);
      return parsed.isNegative() ? null : parsed;
    } catch {
      return null;
    }
  };
  return {
    price: {
      percent: value(TOLERANCE_PROFILES.pricePercent),
      absolute: value(TOLERANCE_PROFILES.priceAbsolute),
    },
    quantity: {
      percent: value(TOLERANCE_PROFILES.quantityPercent),
      absolute: value(TOLERANCE_PROFILES.quantityAbsolute),
    },
  };
}

/** A VAT invoice's number (and code) as printed, or why not. */
export function invoiceNumberIssue(
  type: string,
  code: string | null | undefined,
  number: string,
): 'settlement.invoice.digitalNumber' | 'settlement.invoice.paperNumber' | null {
  if (type === 'DIGITAL') return /^\d{20}$/.test(number) && !code ? null : 'settlement.invoice.digitalNumber';
  return /^\d{10}$/.test(code ?? '') && /^\d{8}$/.test(number) ? null : 'settlement.invoice.paperNumber';
}
