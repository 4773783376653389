// Which actions of a document belong to its approval process: once a document waits for its
// process, only the process moves it (the engine refuses these over HTTP, the screens hide them).
import type { EntityDef } from '../entity/define';

/** The action the engine fires when the last node approves. */
export const APPROVE_ACTION = 'doApproval';
/** The action the engine fires on a rejection (and on a withdrawal without doWithdraw). */
export const REJECT_ACTION = 'doReject';
/** The action the engine fires when the submitter withdraws, when the document declares it. */
export const WITHDRAW_ACTION = 'doWithdraw';
/**
 * The administrator's right to give somebody else's pending task to another user (流程监控 →
 * 重新指派): a button of the process monitoring menu, never implied by seeing every organisation.
 */
export const BPM_REASSIGN_RESOURCE = 'bpmTask.reassign';

/** States in which a document of this entity waits for its approval process. */
export function waitingStates(entity: EntityDef): Set<string> {
  const states = new Set<string>();
  for (const action of Object.values(entity.workflow?.actions ?? {})) {
    if (action.approval && action.to) states.add(action.to);
  }
  return states;
}

/** `doApproval`, or any action starting from a waiting state, of a document with an approval. */
export function actionBelongsToApproval(entity: EntityDef, actionName: string): boolean {
  const waiting = waitingStates(entity);
  const action = entity.workflow?.actions[actionName];
  if (!waiting.size || !action || action.approval) return false;
  return actionName === APPROVE_ACTION || action.from.some((state) => waiting.has(state));
}
