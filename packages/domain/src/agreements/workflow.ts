// What the documents of the area share (isomorphic): the submit / approve / reject flow of ASL
// applications, alterations and agreements (catalogue §4), and small cross-field rules.
import type { Rule, WorkflowDef } from '@srm/kernel';

/** Submit, approve, reject: the spec's flow for ASL and agreements. */
export const APPROVAL_WORKFLOW: WorkflowDef = {
  states: ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED'],
  initial: 'DRAFT',
  editableIn: ['DRAFT', 'REJECTED'],
  deletableIn: ['DRAFT'],
  actions: {
    doSubmit: { from: ['DRAFT', 'REJECTED'], to: 'APPROVING' },
    doApproval: { from: ['APPROVING'], to: 'APPROVED', confirm: true },
    doReject: { from: ['APPROVING'], to: 'REJECTED', needs: ['comment'], danger: true },
  },
};

/** An ASL line names a material or a purchase category. */
export const needsItemOrCategory: Rule = (row) =>
  row.itemId == null && row.categoryId == null
    ? { field: 'itemId', message: 'srmPurAsl.itemOrCategory' }
    : null;
