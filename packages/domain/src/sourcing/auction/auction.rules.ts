// The rules of a bid, as pure functions over exact decimals (decimal.js at the currency's
// precision, never floating point: openprocurement once refused valid bids by rounding to two
// significant digits). The bid command (auction.bids.ts) feeds them what it read under the lock.
import { type Decimal, dec } from '@srm/kernel';

export interface BidRules {
  readonly decrementType: 'AMOUNT' | 'PERCENT';
  readonly decrementValue: number;
  readonly decrementBasis: 'OWN' | 'BEST';
  readonly tieRule: 'EARLIER_FIRST' | 'REFUSE_EQUAL';
  readonly largeDropPercent: number | null;
  /** Digits after the point of the currency. */
  readonly precision: number;
  /**
   * The supplier may see the best price (display rule RANK_BEST or LADDER, not sealed): else a
   * step refused against the best names no bound, which would tell the best price.
   */
  readonly showsBest: boolean;
}

/** One supplier's standing bid on a lot (a material, or the whole lot). */
export interface Standing {
  readonly supplierId: number;
  readonly price: Decimal;
  /** The hall sequence of the bid: an earlier bid at the same price ranks first. */
  readonly seq: number;
}

export type Refusal =
  | { code: 'precision'; params: { digits: number } }
  | { code: 'notPositive' }
  | { code: 'aboveStart'; params: { start: string } }
  | { code: 'step'; params: { max: string } }
  | { code: 'stepBest' }
  | { code: 'tie' }
  | { code: 'largeDrop'; params: { percent: number } };

/** The step below a reference price: the amount, or the percentage rounded to the currency (half up). */
export function stepBelow(rules: BidRules, reference: Decimal): Decimal {
  const step =
    rules.decrementType === 'AMOUNT'
      ? dec(rules.decrementValue)
      : reference.times(rules.decrementValue).dividedBy(100).toDecimalPlaces(rules.precision, 4);
  return step;
}

/** Current standings ranked: lowest price first, the earlier bid first among equals. */
export function ranked(standings: readonly Standing[]): Standing[] {
  return [...standings].sort((a, b) => a.price.comparedTo(b.price) || a.seq - b.seq);
}

/**
 * Whether `price` may be bid by `supplierId` on a lot with this start price and these standings
 * (every supplier's current bid), or why not. `confirmedDrop`: the supplier confirmed a large drop.
 */
export function checkBid(
  rules: BidRules,
  input: {
    readonly supplierId: number;
    readonly price: Decimal;
    readonly startPrice: Decimal;
    readonly standings: readonly Standing[];
    readonly confirmedDrop: boolean;
  },
): Refusal | null {
  const { price, startPrice, standings } = input;
  if (price.decimalPlaces() > rules.precision)
    return { code: 'precision', params: { digits: rules.precision } };
  if (price.lte(0)) return { code: 'notPositive' };
  if (price.gt(startPrice))
    return { code: 'aboveStart', params: { start: startPrice.toFixed(rules.precision) } };
  const best = ranked(standings)[0] ?? null;
  const own = standings.find((standing) => standing.supplierId === input.supplierId) ?? null;
  // The reference of the step: the supplier's own last bid, or the current best (someone's).
  const reference = rules.decrementBasis === 'OWN' ? (own?.price ?? null) : (best?.price ?? null);
  if (reference !== null) {
    const max = reference.minus(stepBelow(rules, reference));
    if (price.gt(max))
      return rules.decrementBasis === 'BEST' && !rules.showsBest
        ? { code: 'stepBest' }
        : { code: 'step', params: { max: max.toFixed(rules.precision) } };
  }
  if (
    rules.tieRule === 'REFUSE_EQUAL' &&
    standings.some((standing) => standing.supplierId !== input.supplierId && standing.price.eq(price))
  )
    return { code: 'tie' };
  if (best && rules.largeDropPercent && !input.confirmedDrop) {
    const floor = best.price.times(dec(100).minus(rules.largeDropPercent)).dividedBy(100);
    if (price.lt(floor)) return { code: 'largeDrop', params: { percent: rules.largeDropPercent } };
  }
  return null;
}

export interface ExtensionRules {
  readonly extendWindowMinutes: number;
  readonly extendMinutes: number;
  readonly extendFrom: 'BID' | 'END';
  /** null: unlimited. */
  readonly extendMaxCount: number | null;
  readonly extendTrigger: 'ANY' | 'BEST' | 'TOP_N';
  readonly extendTopN: number;
}

/**
 * The new end an accepted bid at `now` moves the auction to, or null: inside the window before the
 * end, when the trigger holds (any bid, a new best, a change among the first N), under the maximum.
 */
export function extendedEnd(
  rules: ExtensionRules,
  input: {
    readonly now: number;
    readonly end: number;
    readonly extendCount: number;
    readonly before: readonly Standing[];
    readonly after: readonly Standing[];
  },
): number | null {
  const window = rules.extendWindowMinutes * 60_000;
  if (window <= 0 || input.now >= input.end || input.end - input.now > window) return null;
  if (rules.extendMaxCount !== null && input.extendCount >= rules.extendMaxCount) return null;
  const top = (list: readonly Standing[], n: number) =>
    ranked(list)
      .slice(0, n)
      .map((standing) => `${standing.supplierId}@${standing.price.toString()}`)
      .join(',');
  const triggered =
    rules.extendTrigger === 'ANY'
      ? true
      : rules.extendTrigger === 'BEST'
        ? top(input.before, 1) !== top(input.after, 1)
        : top(input.before, rules.extendTopN) !== top(input.after, rules.extendTopN);
  if (!triggered) return null;
  const length = rules.extendMinutes * 60_000;
  const next = rules.extendFrom === 'BID' ? input.now + length : input.end + length;
  // A bid early in a long window may not need more time: the end never moves earlier.
  return next > input.end ? next : null;
}
