// What the step documents judged by named evaluators share (the sample trial's evaluations, the
// batch trial's feedback): the evaluator's row — department, an internal user, whether they must
// pass, and the verdict only that user gives (the engine's `writableByUserIn`); the rules of a
// save — a row with a verdict is neither removed nor handed to another evaluator, verdicts come
// only while the document is being judged, a new evaluator starts without one; and the combined
// verdict, which every mandatory evaluator must pass.
import { type RuleIssue, checkbox, internalUser, lookup, ref } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { userNameOf } from './step-documents';

export const EVALUATOR_ROLES = ['QUALITY', 'ENGINEERING', 'PRODUCTION', 'PURCHASING'] as const;
export const EVALUATOR_VERDICTS = ['PENDING', 'PASS', 'FAIL'] as const;
export const COMBINED_RESULTS = ['PASS', 'FAIL'] as const;

/** The fields an evaluator's row opens with; the document adds the data behind the verdict. */
export const evaluatorFields = () => ({
  evaluatorRole: lookup('SRM_SAMPLE_EVALUATOR_ROLE', { required: true, codes: EVALUATOR_ROLES }),
  evaluatorId: ref('baseUser', {
    required: true,
    display: 'userFullName',
    displayAs: 'evaluatorName',
    grantsRead: false,
    filter: internalUser,
  }),
  mandatoryFlag: checkbox({ default: 'Y' }),
  /** By the evaluator only, while the document is being judged. */
  verdict: lookup('SRM_SAMPLE_VERDICT', {
    required: true,
    codes: EVALUATOR_VERDICTS,
    default: 'PENDING',
    writableByUserIn: 'evaluatorId',
  }),
});

type Values = { readonly [field: string]: unknown };

/** Every mandatory evaluator passed (the others inform). */
export const mandatoryPassed = (rows: readonly { mandatoryFlag: string | null; verdict: string }[]) =>
  rows.every((row) => row.mandatoryFlag !== 'Y' || row.verdict === 'PASS');

/** The first mandatory evaluator without a verdict, or undefined. */
export const pendingMandatory = <R extends { mandatoryFlag: string | null; verdict: string }>(
  rows: readonly R[],
) => rows.find((row) => row.mandatoryFlag === 'Y' && row.verdict === 'PENDING');

/**
 * Why a save may not change the evaluator rows of `collection` (stored `before`, sent `after`,
 * keyed by `key`): a row with a verdict removed or handed to another (`{prefix}.verdictGiven`,
 * naming the evaluator), a verdict or its data (`verdictFields`) changed while the document is
 * not `judging`, or a new row with a verdict (`closedMessage`). Null when none.
 */
export async function evaluatorRowsIssue(
  ctx: DataApi,
  rows: {
    readonly collection: string;
    readonly key: string;
    readonly before: readonly Values[];
    readonly after: readonly Values[];
    readonly verdictFields: readonly string[];
    readonly judging: boolean;
    readonly verdictGivenMessage: string;
    readonly closedMessage: string;
  },
): Promise<RuleIssue | null> {
  const { collection, key, before, after } = rows;
  const changed = (now: Values, old: Values) =>
    rows.verdictFields.some(
      (field) => now[field] !== undefined && (now[field] ?? null) !== (old[field] ?? null),
    );
  for (const old of before) {
    const now = after.find((row) => row[key] === old[key]);
    // A row with a verdict stays as its evaluator left it: not removed, not handed to another.
    const reassigned = !!now && now.evaluatorId !== undefined && now.evaluatorId !== old.evaluatorId;
    if ((!now || reassigned) && old.verdict !== 'PENDING')
      return {
        field: collection,
        message: rows.verdictGivenMessage,
        params: {
          evaluator: await userNameOf(ctx, typeof old.evaluatorId === 'number' ? old.evaluatorId : null),
        },
      };
    // Whose verdict it is, the engine checks (writableByUserIn).
    if (now && changed(now, old) && !rows.judging) return { field: collection, message: rows.closedMessage };
  }
  // A new evaluator starts without a verdict.
  if (after.some((row) => row[key] == null && (row.verdict ?? 'PENDING') !== 'PENDING'))
    return { field: collection, message: rows.closedMessage };
  return null;
}
