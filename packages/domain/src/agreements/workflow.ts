// What the documents of the area share (isomorphic): the submit / approve / reject flow of ASL
// applications, alterations and agreements (catalogue §4), and small cross-field rules.
import type { Rule, WorkflowDef } from '@srm/kernel';

/** The approval processes of the area (process keys of their templates, see approval.ts). */
export const AGREEMENT_PROCESS = 'PUR_AGREEMENT_APPROVAL';
export const ASL_APPLY_PROCESS = 'PUR_ASL_APPLY_APPROVAL';
export const ASL_ALTERATION_PROCESS = 'PUR_ASL_ALTERATION_APPROVAL';

/**
 * Submit, approve, reject: the spec's flow for ASL and agreements. The submission starts the
 * approval process of `processKey`; only the process approves or rejects (docs/approvals.md).
 */
export function approvalWorkflow(processKey: string): WorkflowDef {
  return {
    states: ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'REJECTED'],
    deletableIn: ['DRAFT'],
    actions: {
      doSubmit: { from: ['DRAFT', 'REJECTED'], to: 'APPROVING', approval: processKey },
      doApproval: { from: ['APPROVING'], to: 'APPROVED', system: true },
      doReject: { from: ['APPROVING'], to: 'REJECTED', needs: ['comment'], system: true },
      doWithdraw: { from: ['APPROVING'], to: 'DRAFT', system: true },
    },
  };
}

/** An ASL line names a material or a purchase category. */
export const needsItemOrCategory: Rule = (row) =>
  row.itemId == null && row.categoryId == null
    ? { field: 'itemId', message: 'srmPurAsl.itemOrCategory' }
    : null;
