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

/**
 * `doApproval`, or an action of a document with an approval taken while the document waits: in
 * `status` when it is known, else an action that only starts from waiting states. An action
 * starting from a waiting state and others (a notice's doWithdraw: the submitter's recall, or a
 * published notice taken back) belongs to the process only in the waiting state.
 */
export function actionBelongsToApproval(entity: EntityDef, actionName: string, status?: string): boolean {
  const waiting = waitingStates(entity);
  const action = entity.workflow?.actions[actionName];
  if (!waiting.size || !action || action.approval) return false;
  if (actionName === APPROVE_ACTION) return true;
  return status === undefined ? action.from.every((state) => waiting.has(state)) : waiting.has(status);
}
