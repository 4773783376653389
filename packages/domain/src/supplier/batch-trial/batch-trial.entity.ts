// Batch tryout (小批量试产): after the samples passed, a small trial lot of coded materials is
// ordered from the supplier under introduction and used in production. Starting the trial lets
// purchasing order those materials from it while its library line is still introducing (with a
// warning naming the trial, eligibility's `trial`); the buyer names the trial order; the trial
// reads that order's receipts — received, rejected at the dock or returned — and each evaluator
// (quality, production…) records their own feedback from the line. Submitting combines them:
// every mandatory evaluator passed and the lot's defect rate within the allowed one; approval
// (BATCH_TRIAL_APPROVAL) writes the introduction's batch step and tells the supplier.
import {
  approvalWorkflow,
  attachments,
  date,
  defineEntity,
  lookup,
  number,
  quantity,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { COMBINED_RESULTS, evaluatorFields } from '../supplier-intro/evaluators';
import { stepDocumentFields } from '../supplier-intro/step-document.fields';

export const BATCH_TRIAL_PROCESS = 'BATCH_TRIAL_APPROVAL';
/** States in which the trial admits orders of its materials and its evaluators give feedback. */
export const BATCH_RUNNING_STATES = ['TRIAL', 'REJECTED'];
/** Order states whose receipts a trial reads (released to the supplier, or done). */
export const TRIAL_ORDER_STATES = ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CLOSED'];

export const batchTrialLine = defineEntity('srmBatchTrialLine', {
  area: 'supplier',
  key: 'batchLineId',
  parent: { entity: 'srmBatchTrial', field: 'batchTrialId' },
  // Fixed once the trial starts: eligibility admits exactly these.
  rowsEditableIn: ['DRAFT'],
  fields: {
    /** A coded material: an order names it. */
    itemId: ref('srmBaseItem', {
      required: true,
      display: 'itemCode',
      displayAs: 'itemCode',
      brings: ['itemName', 'specification'],
      editableOnlyIn: ['DRAFT'],
    }),
    itemName: text({ max: 240, readonly: true }),
    specification: text({ max: 500, readonly: true }),
    /** The lot size: the trial orders of this material stay within it. */
    trialQuantity: quantity({ required: true, min: 0.0001, editableOnlyIn: ['DRAFT'] }),
    /** Read from the trial order's lines and receipts (读取收货, and on submit). */
    orderedQuantity: quantity({ readonly: true }),
    receivedQuantity: quantity({ readonly: true }),
    /** Rejected at the dock or returned to the supplier since. */
    rejectedQuantity: quantity({ readonly: true }),
    /** Rejected ÷ received, in per cent. */
    defectRate: number({ precision: 2, readonly: true }),
  },
  unique: [['batchTrialId', 'itemId']],
  list: {
    columns: [
      'itemCode',
      'itemName',
      'specification',
      'trialQuantity',
      'orderedQuantity',
      'receivedQuantity',
      'rejectedQuantity',
      'defectRate',
    ],
    filters: ['itemId'],
    sort: [{ field: 'batchLineId', order: 'asc' }],
  },
});

export const batchTrialFeedback = defineEntity('srmBatchTrialFeedback', {
  area: 'supplier',
  key: 'feedbackId',
  parent: { entity: 'srmBatchTrial', field: 'batchTrialId' },
  fields: {
    ...evaluatorFields(),
    /** What the line saw: yield, assembly fit, process capability… */
    feedback: text({ max: 1000, writableByUserIn: 'evaluatorId' }),
    feedbackDate: date({ writableByUserIn: 'evaluatorId' }),
    reportIds: attachments({ writableByUserIn: 'evaluatorId' }),
  },
  unique: [['batchTrialId', 'evaluatorRole', 'evaluatorId']],
  list: {
    columns: [
      'evaluatorRole',
      'evaluatorName',
      'mandatoryFlag',
      'verdict',
      'feedback',
      'feedbackDate',
      'reportIds',
    ],
    filters: ['evaluatorRole', 'verdict'],
    sort: [{ field: 'feedbackId', order: 'asc' }],
  },
});

export const batchTrial = defineEntity('srmBatchTrial', {
  area: 'supplier',
  key: 'batchTrialId',
  display: 'batchTrialNum',
  numbering: { field: 'batchTrialNum', pattern: 'BT{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  // The supplier reads its trial from when it starts.
  supplierVisibleIn: ['TRIAL', 'APPROVING', 'APPROVED', 'REJECTED'],
  fields: {
    batchTrialNum: text({ readonly: true, max: 30 }),
    ...stepDocumentFields({ editableOnlyIn: ['DRAFT'] }),
    /** The trial order: one of the supplier's, released. */
    poHeaderId: ref('srmPoHeader', {
      display: 'poNumber',
      displayAs: 'poNumber',
      filter: (row) => ({ supplierId: row.supplierId }),
    }),
    planStartDate: date(),
    planEndDate: date(),
    /** What the trial is to show (yield, fit, process capability), for the evaluators and the supplier. */
    trialNote: textarea({ max: 2000 }),
    /** The lot passes only with no more rejected than this share of what was received. */
    maxDefectRate: number({ precision: 2, min: 0, max: 100, default: 0 }),
    receivedQuantity: quantity({ readonly: true }),
    rejectedQuantity: quantity({ readonly: true }),
    defectRate: number({ precision: 2, readonly: true }),
    /** The combined result: every mandatory evaluator passed and the defect rate within the allowed. */
    batchResult: lookup('SRM_SAMPLE_RESULT', { codes: COMBINED_RESULTS, readonly: true }),
    /** What the supplier reads with the result. */
    resultComment: textarea({ max: 2000 }),
  },
  lines: { lines: batchTrialLine, feedbacks: batchTrialFeedback },
  list: {
    columns: [
      'batchTrialNum',
      'supplierName',
      'categoryName',
      'orgName',
      'introNum',
      'poNumber',
      'planEndDate',
      'defectRate',
      'batchResult',
      'status',
      'createdBy',
    ],
    filters: [
      { field: 'batchTrialNum', op: 'prefix' },
      'supplierId',
      'categoryId',
      'orgId',
      'poHeaderId',
      'status',
    ],
    sort: [{ field: 'batchTrialId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'batchTrialNum',
          'introId',
          'supplierId',
          'categoryId',
          'orgId',
          'poHeaderId',
          'planStartDate',
          'planEndDate',
          'maxDefectRate',
          'status',
          'trialNote',
        ],
      },
      {
        key: 'result',
        fields: ['receivedQuantity', 'rejectedQuantity', 'defectRate', 'batchResult', 'resultComment'],
      },
    ],
  },
  workflow: approvalWorkflow(BATCH_TRIAL_PROCESS, {
    statusLookup: 'SRM_BATCH_TRIAL_STATUS',
    states: ['TRIAL', 'CANCELLED'],
    submitFrom: BATCH_RUNNING_STATES,
    withdrawTo: 'TRIAL',
    editableIn: ['DRAFT', 'TRIAL', 'REJECTED'],
    actions: {
      /** Starts the trial: its materials may be ordered from the supplier; the supplier is told. */
      doStart: { from: ['DRAFT'], to: 'TRIAL', confirm: true },
      /** Reads the trial order's lines and receipts again. */
      doReadReceipts: { from: BATCH_RUNNING_STATES },
      doCancel: { from: ['DRAFT', 'TRIAL'], to: 'CANCELLED', needs: ['comment'], danger: true },
    },
  }),
});
