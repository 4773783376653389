// Versioned library documents of contracts (clauses, templates): a version is written as a draft,
// approved by its process into effect, superseded when a newer version of the same code takes
// effect, or made invalid. One workflow for both, so they behave alike.
import type { WorkflowDef } from '@srm/kernel';

/** States of a version not yet in effect: an alteration under way. */
export const OPEN_VERSION_STATES = ['DRAFT', 'APPROVING', 'REJECTED'];

/** The workflow of a versioned library document approved by `processKey`. */
export function versionedWorkflow(processKey: string) {
  return {
    states: ['DRAFT', 'APPROVING', 'REJECTED', 'EFFECTIVE', 'SUPERSEDED', 'INVALID'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'REJECTED'],
    deletableIn: ['DRAFT', 'REJECTED'],
    statusLookup: 'CCT_TERMS_STATUS',
    actions: {
      doSubmit: { from: ['DRAFT', 'REJECTED'], to: 'APPROVING', approval: processKey },
      doApproval: { from: ['APPROVING'], to: 'EFFECTIVE', system: true },
      doReject: { from: ['APPROVING'], to: 'REJECTED', needs: ['comment'], system: true },
      doWithdraw: { from: ['APPROVING'], to: 'DRAFT', system: true },
      /** The version a newer one replaced on its approval. */
      doSupersede: { from: ['EFFECTIVE'], to: 'SUPERSEDED', system: true },
      doInvalid: { from: ['EFFECTIVE'], to: 'INVALID', needs: ['comment'], confirm: true, danger: true },
    },
  } as const satisfies WorkflowDef;
}
