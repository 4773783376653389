// The status query before a resend (issue 16, docs/integrations.md): a target that cannot
// deduplicate by the idempotency key is asked, through another definition of the same target
// system and business object, whether a call that may have arrived did, before the call is sent
// again. The rules a named query must meet (checked at save, at doEffect and at use) and how its
// answer is read.
import type { RowOf } from '@srm/kernel';
import type { scsiDefinition } from '../definition/definition.entity';
import { isSuccess, parseAnswer } from '../wire/render';
import { classify } from '../wire/send';
import type { WireResult } from '../wire/types';

type DefinitionRow = RowOf<typeof scsiDefinition>;

/** Why a message key refuses a status query, with its parameters. */
export interface StatusQueryProblem {
  readonly message: string;
  readonly params: { readonly code: string };
}

/**
 * Why `query` (the effective version of the named code) cannot be `definition`'s status query,
 * or null. It must be another definition, not a version of this one; its maps render from the
 * same document, so it serves the same business object, at the same target; and it needs a
 * success rule, which is what says "the document is there" (without one any 2xx would stop
 * every resend).
 */
export function statusQueryProblem(
  definition: Pick<DefinitionRow, 'definitionCode' | 'targetSystem' | 'businessEntity'>,
  query: Pick<DefinitionRow, 'definitionCode' | 'targetSystem' | 'businessEntity' | 'successPath'>,
): StatusQueryProblem | null {
  const params = { code: query.definitionCode };
  if (query.definitionCode === definition.definitionCode)
    return { message: 'intf.definition.statusQuerySelf', params };
  if (query.targetSystem !== definition.targetSystem || query.businessEntity !== definition.businessEntity)
    return { message: 'intf.definition.statusQueryOther', params };
  if (!query.successPath) return { message: 'intf.definition.statusQueryNoRule', params };
  return null;
}

/**
 * What a status query's answer says: `there` (2xx and its success rule met: the document
 * arrived, the answer is the call's answer), `absent` (2xx, rule not met: the call is sent
 * again), or `failed` (no answer, or an error status: the attempt fails, nothing is sent blind).
 */
export function verdictOf(
  query: Pick<DefinitionRow, 'successPath' | 'successValue'>,
  result: WireResult,
): 'there' | 'absent' | 'failed' {
  if (result.kind !== 'answer' || classify(result).errorClass) return 'failed';
  const answer = parseAnswer(result.text, result.headers['content-type']);
  return isSuccess(result.status, answer, { path: query.successPath, equals: query.successValue })
    ? 'there'
    : 'absent';
}
