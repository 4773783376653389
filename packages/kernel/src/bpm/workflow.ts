// The approval preset of a document's workflow: submit starts the approval process of a template
// (data, docs/approvals.md), and only the process approves, rejects or takes the submission back.
// Documents add their own states and actions (release, close…) beside it.
import type { WorkflowAction, WorkflowDef } from '../entity/define';

/** The four actions every approved document has. */
export type ApprovalActions = {
  readonly doSubmit: WorkflowAction;
  readonly doApproval: WorkflowAction;
  readonly doReject: WorkflowAction;
  readonly doWithdraw: WorkflowAction;
};

export interface ApprovalWorkflowOptions<X extends Readonly<Record<string, WorkflowAction>>> {
  /** The state while the process runs: APPROVING by default (SUBMITTED for requisitions, registrations). */
  readonly waiting?: string;
  /** States the document may be submitted from (DRAFT and REJECTED by default). */
  readonly submitFrom?: readonly string[];
  /** The state a withdrawal returns to (DRAFT by default). */
  readonly withdrawTo?: string;
  /** States of the document beyond DRAFT, the waiting state, APPROVED and REJECTED. */
  readonly states?: readonly string[];
  /** States in which the document may be edited (DRAFT and REJECTED by default). */
  readonly editableIn?: readonly string[];
  /** States in which it may be deleted (DRAFT by default). */
  readonly deletableIn?: readonly string[];
  /** The document's own actions. */
  readonly actions?: X;
  readonly statusLookup?: string;
}

/**
 * A workflow whose submission starts the approval process `processKey`:
 * `workflow: approvalWorkflow('PUR_ORDER_APPROVAL', { states: ['RELEASED'], actions: { doRelease: … } })`.
 */
export function approvalWorkflow<
  const X extends Readonly<Record<string, WorkflowAction>> = Record<never, never>,
>(
  processKey: string,
  options: ApprovalWorkflowOptions<X> = {},
): Omit<WorkflowDef, 'actions'> & { readonly actions: ApprovalActions & X } {
  const waiting = options.waiting ?? 'APPROVING';
  const actions: ApprovalActions = {
    doSubmit: { from: options.submitFrom ?? ['DRAFT', 'REJECTED'], to: waiting, approval: processKey },
    doApproval: { from: [waiting], to: 'APPROVED', system: true },
    doReject: { from: [waiting], to: 'REJECTED', needs: ['comment'], system: true },
    doWithdraw: { from: [waiting], to: options.withdrawTo ?? 'DRAFT', system: true },
  };
  return {
    states: ['DRAFT', waiting, 'APPROVED', 'REJECTED', ...(options.states ?? [])],
    initial: 'DRAFT',
    editableIn: options.editableIn ?? ['DRAFT', 'REJECTED'],
    deletableIn: options.deletableIn ?? ['DRAFT'],
    actions: { ...actions, ...(options.actions ?? ({} as X)) },
    ...(options.statusLookup ? { statusLookup: options.statusLookup } : {}),
  };
}
