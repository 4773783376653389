// Sample trial (样品认证): the buyer requests samples of materials — a coded material or a new one
// described — in quantities by a date; the supplier records its shipment in the portal (date,
// quantity, waybill, test reports) and ships; the buyer receives them; the evaluators named on it
// (quality, engineering, …) each record their own verdict with the data behind it; the sample
// evaluation combines them — every mandatory evaluator must pass — and goes for approval
// (SAMPLE_TRIAL_APPROVAL), which writes the introduction's sample step and tells the supplier.
import {
  approvalWorkflow,
  attachments,
  date,
  defineEntity,
  lookup,
  quantity,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { stepDocumentFields } from '../supplier-intro/step-document.fields';
import { COMBINED_RESULTS, evaluatorFields } from '../supplier-intro/evaluators';

export const SAMPLE_TRIAL_PROCESS = 'SAMPLE_TRIAL_APPROVAL';

/** The supplier records its shipment while the samples are requested. */
export const SAMPLE_SHIP_STATES = ['REQUESTED'];
/** The evaluators record their verdicts once the samples are in. */
export const SAMPLE_EVALUATE_STATES = ['EVALUATING', 'REJECTED'];

export const sampleTrialLine = defineEntity('srmSampleTrialLine', {
  area: 'supplier',
  key: 'sampleLineId',
  parent: { entity: 'srmSampleTrial', field: 'sampleTrialId' },
  fields: {
    /** A coded material, or empty for a new one described by name and specification. */
    itemId: ref('srmBaseItem', {
      display: 'itemCode',
      displayAs: 'itemCode',
      brings: ['itemName', 'specification'],
    }),
    itemName: text({ required: true, max: 240 }),
    specification: text({ max: 500 }),
    /** Drawings, specifications sent with the request. */
    drawingIds: attachments(),
    quantity: quantity({ required: true, min: 0.0001 }),
    shippedQuantity: quantity({ min: 0, writableBy: ['supplier'], editableIn: SAMPLE_SHIP_STATES }),
    shipDate: date({ writableBy: ['supplier'], editableIn: SAMPLE_SHIP_STATES }),
    waybillNo: text({ max: 60, writableBy: ['supplier'], editableIn: SAMPLE_SHIP_STATES }),
    /** The supplier's own test reports of the samples. */
    testReportIds: attachments({ writableBy: ['supplier'], editableIn: SAMPLE_SHIP_STATES }),
    receivedQuantity: quantity({ min: 0 }),
  },
  list: {
    columns: [
      'itemCode',
      'itemName',
      'specification',
      'drawingIds',
      'quantity',
      'shippedQuantity',
      'shipDate',
      'waybillNo',
      'testReportIds',
      'receivedQuantity',
    ],
    filters: ['itemId'],
    sort: [{ field: 'sampleLineId', order: 'asc' }],
  },
});

export const sampleTrialResult = defineEntity('srmSampleTrialResult', {
  area: 'supplier',
  key: 'sampleResultId',
  parent: { entity: 'srmSampleTrial', field: 'sampleTrialId' },
  fields: {
    ...evaluatorFields(),
    /** Measurements and test data behind the verdict. */
    evaluationData: text({ max: 1000, writableByUserIn: 'evaluatorId' }),
    evaluateDate: date({ writableByUserIn: 'evaluatorId' }),
    reportIds: attachments({ writableByUserIn: 'evaluatorId' }),
  },
  unique: [['sampleTrialId', 'evaluatorRole', 'evaluatorId']],
  list: {
    columns: [
      'evaluatorRole',
      'evaluatorName',
      'mandatoryFlag',
      'verdict',
      'evaluationData',
      'evaluateDate',
      'reportIds',
    ],
    filters: ['evaluatorRole', 'verdict'],
    sort: [{ field: 'sampleResultId', order: 'asc' }],
  },
});

export const sampleTrial = defineEntity('srmSampleTrial', {
  area: 'supplier',
  key: 'sampleTrialId',
  display: 'sampleTrialNum',
  numbering: { field: 'sampleTrialNum', pattern: 'ST{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  // The supplier sees the request from when it is sent.
  supplierVisibleIn: ['REQUESTED', 'SHIPPED', 'EVALUATING', 'APPROVING', 'APPROVED', 'REJECTED'],
  fields: {
    sampleTrialNum: text({ readonly: true, max: 30 }),
    ...stepDocumentFields(),
    requiredDate: date({ required: true }),
    shipToAddress: text({ max: 240 }),
    /** What the supplier is asked (tests to run, reports to send). */
    requestNote: textarea({ max: 2000 }),
    /** The supplier's remark on its shipment. */
    shipmentNote: textarea({ max: 1000, writableBy: ['supplier'], editableIn: SAMPLE_SHIP_STATES }),
    receivedDate: date({ readonly: true }),
    /** The evaluation's combined result: every mandatory evaluator passed, or not. */
    sampleResult: lookup('SRM_SAMPLE_RESULT', { codes: COMBINED_RESULTS, readonly: true }),
    /** What the supplier reads with the result. */
    resultComment: textarea({ max: 2000 }),
  },
  lines: { lines: sampleTrialLine, results: sampleTrialResult },
  list: {
    columns: [
      'sampleTrialNum',
      'supplierName',
      'categoryName',
      'orgName',
      'introNum',
      'requiredDate',
      'sampleResult',
      'status',
      'createdBy',
    ],
    filters: [{ field: 'sampleTrialNum', op: 'prefix' }, 'supplierId', 'categoryId', 'orgId', 'status'],
    sort: [{ field: 'sampleTrialId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'sampleTrialNum',
          'introId',
          'supplierId',
          'categoryId',
          'orgId',
          'requiredDate',
          'shipToAddress',
          'status',
          'receivedDate',
          'requestNote',
        ],
      },
      { key: 'shipment', fields: ['shipmentNote'] },
      { key: 'result', fields: ['sampleResult', 'resultComment'] },
    ],
  },
  workflow: approvalWorkflow(SAMPLE_TRIAL_PROCESS, {
    statusLookup: 'SRM_SAMPLE_TRIAL_STATUS',
    states: ['REQUESTED', 'SHIPPED', 'EVALUATING', 'CANCELLED'],
    submitFrom: ['EVALUATING', 'REJECTED'],
    withdrawTo: 'EVALUATING',
    editableIn: ['DRAFT', 'EVALUATING', 'REJECTED'],
    actions: {
      /** Sends the request to the supplier. */
      doRequest: { from: ['DRAFT'], to: 'REQUESTED', confirm: true },
      /** The supplier has sent the samples (every line's shipment recorded). */
      doShip: { from: ['REQUESTED'], to: 'SHIPPED', side: 'supplier', confirm: true },
      /** The samples are in: the evaluators may record their verdicts. */
      doReceive: { from: ['SHIPPED'], to: 'EVALUATING', confirm: true },
      doCancel: { from: ['DRAFT', 'REQUESTED'], to: 'CANCELLED', needs: ['comment'], danger: true },
    },
  }),
});
