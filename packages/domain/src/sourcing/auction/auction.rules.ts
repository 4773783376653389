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
  /**
   * The supplier's price factor where the auction ranks by transformed price (折算价 = price ×
   * factor, the factor set by the buyer per supplier and never shown to one); absent: 1.
   */
  readonly factor?: Decimal | undefined;
}

/** What a standing ranks by: its price, transformed by the supplier's factor where there is one. */
export function rankValue(standing: Pick<Standing, 'price' | 'factor'>): Decimal {
  return standing.factor ? standing.price.times(standing.factor) : standing.price;
}

/** The standings with each supplier's factor (null: the auction ranks by price alone). */
export function withFactors<T extends Standing>(
  standings: readonly T[],
  factors: ReadonlyMap<number, Decimal> | null,
): T[] {
  if (!factors) return [...standings];
  return standings.map((standing) => ({ ...standing, factor: factors.get(standing.supplierId) }));
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

/**
 * Current standings ranked: lowest price (or transformed price) first, the earlier bid first
 * among equals.
 */
export function ranked<T extends Standing>(standings: readonly T[]): T[] {
  return [...standings].sort((a, b) => rankValue(a).comparedTo(rankValue(b)) || a.seq - b.seq);
}

/** Whether `a` ranks before `b`: the lower price (or transformed price), the earlier bid among equals. */
function ranksBefore(a: Standing, b: Standing): boolean {
  const order = rankValue(a).comparedTo(rankValue(b));
  return order < 0 || (order === 0 && a.seq < b.seq);
}

/** The first of the standings as `ranked` orders them (null for none), in one pass. */
export function bestOf<T extends Standing>(standings: Iterable<T>): T | null {
  let best: T | null = null;
  for (const standing of standings) if (best === null || ranksBefore(standing, best)) best = standing;
  return best;
}

/** The supplier's place (1 = first) as `ranked` orders the standings, in one pass; 0 when it has none. */
export function rankOf(standings: readonly Standing[], supplierId: number): number {
  const own = standings.find((standing) => standing.supplierId === supplierId);
  if (!own) return 0;
  return 1 + standings.filter((standing) => standing !== own && ranksBefore(standing, own)).length;
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
    /** The bidder's price factor (ranking by transformed price); absent: 1. */
    readonly factor?: Decimal | undefined;
  },
): Refusal | null {
  const { price, startPrice, standings } = input;
  // What the bid ranks by: ties and large drops compare like with like.
  const value = rankValue({ price, factor: input.factor });
  if (price.decimalPlaces() > rules.precision)
    return { code: 'precision', params: { digits: rules.precision } };
  if (price.lte(0)) return { code: 'notPositive' };
  if (price.gt(startPrice))
    return { code: 'aboveStart', params: { start: startPrice.toFixed(rules.precision) } };
  const best = bestOf(standings);
  const own = standings.find((standing) => standing.supplierId === input.supplierId) ?? null;
  // The reference of the step: the supplier's own last bid (its own price), or the current best
  // (someone's, compared as they rank: transformed where the auction ranks by transformed price).
  if (rules.decrementBasis === 'OWN' && own) {
    const max = own.price.minus(stepBelow(rules, own.price));
    if (price.gt(max)) return { code: 'step', params: { max: max.toFixed(rules.precision) } };
  }
  if (rules.decrementBasis === 'BEST' && best) {
    const reference = rankValue(best);
    const max = reference.minus(stepBelow(rules, reference));
    if (value.gt(max)) {
      if (!rules.showsBest) return { code: 'stepBest' };
      // The bound in the bidder's own price (rounded down to the currency: at most that is enough).
      const own = input.factor ? max.dividedBy(input.factor).toDecimalPlaces(rules.precision, 1) : max;
      return { code: 'step', params: { max: own.toFixed(rules.precision) } };
    }
  }
  if (
    rules.tieRule === 'REFUSE_EQUAL' &&
    standings.some((standing) => standing.supplierId !== input.supplierId && rankValue(standing).eq(value))
  )
    return { code: 'tie' };
  if (best && rules.largeDropPercent && !input.confirmedDrop) {
    const floor = rankValue(best).times(dec(100).minus(rules.largeDropPercent)).dividedBy(100);
    if (value.lt(floor)) return { code: 'largeDrop', params: { percent: rules.largeDropPercent } };
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
