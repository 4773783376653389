// A locale inspection's arithmetic, in hundredths so that no binary fraction creeps into a
// verdict: an item's score is the mean of its inspectors' scores; the total is the mean of the
// items weighted by their weights; both are rounded half up to two decimals once, at the end. The
// bands turn the total into a verdict: from the pass score up PASS, from the conditional score up
// CONDITIONAL, below it FAIL.
import type { INSPECTION_RESULTS } from './locale-inspection.entity';

export type InspectionResult = (typeof INSPECTION_RESULTS)[number];

export interface ScoredItem {
  readonly lineNum: number;
  readonly weight: number;
}

export interface ItemScore {
  readonly lineNum: number;
  readonly score: number;
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;
const hundredths = (value: number) => Math.round(value * 100);
/** numerator / denominator in hundredths, rounded half up (both non-negative). */
const divide = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

export interface InspectionTotals {
  /** Each item's mean over its inspectors (two decimals), by line number. */
  readonly averages: ReadonlyMap<number, number>;
  readonly total: number;
}

export function inspectionTotals(
  items: readonly ScoredItem[],
  scores: readonly ItemScore[],
): InspectionTotals {
  const averages = new Map<number, number>();
  let weighted = 0;
  let weights = 0;
  const parts: { weight: number; sum: number; count: number }[] = [];
  for (const item of items) {
    const mine = scores.filter((score) => score.lineNum === item.lineNum);
    const sum = mine.reduce((total, score) => total + hundredths(score.score), 0);
    const count = mine.length;
    averages.set(item.lineNum, count ? divide(sum, count) / 100 : 0);
    parts.push({ weight: hundredths(item.weight), sum, count });
    weights += hundredths(item.weight);
  }
  if (!weights) return { averages, total: 0 };
  // Σ w_i × sum_i / n_i over Σ w_i: a common denominator keeps it exact before the one rounding.
  // (the least common multiple of the counts: every inspector scores every item, so it is theirs).
  const denominator = parts.reduce(
    (multiple, part) => (part.count ? lcm(multiple, part.count) : multiple),
    1,
  );
  for (const part of parts) if (part.count) weighted += (part.weight * part.sum * denominator) / part.count;
  return { averages, total: divide(weighted, weights * denominator) / 100 };
}

export function inspectionResult(
  total: number,
  passScore: number,
  conditionalScore: number,
): InspectionResult {
  if (hundredths(total) >= hundredths(passScore)) return 'PASS';
  if (hundredths(total) >= hundredths(conditionalScore)) return 'CONDITIONAL';
  return 'FAIL';
}
