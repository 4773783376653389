// Rectification tasks (整改任务): what a supplier must put right by a date — opened by the platform
// when a locale inspection passes with conditions (its summary and findings, its rectification
// date), or by a buyer. The supplier answers in its portal (root cause, corrective actions, the day
// they were completed, evidence) and submits; the buyer verifies and closes it, or sends it back
// with a comment. The supplier reads its tasks once issued.
import { attachments, date, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';

export const RECTIFY_SOURCES = ['INSPECTION', 'MANUAL'] as const;
/** The supplier answers while the task is open. */
export const RECTIFY_ANSWER_STATES = ['OPEN'];

export const supplierRectify = defineEntity('srmSupplierRectify', {
  area: 'supplier',
  key: 'rectifyId',
  display: 'rectifyNum',
  numbering: { field: 'rectifyNum', pattern: 'RT{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['OPEN', 'RESPONDED', 'CLOSED'],
  fields: {
    rectifyNum: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    categoryId: ref('srmBaseCategory', { display: 'categoryName' }),
    orgId: ref('srmBaseOrg', { display: 'orgName' }),
    sourceType: lookup('SRM_RECTIFY_SOURCE', { codes: RECTIFY_SOURCES, readonly: true, default: 'MANUAL' }),
    /** The document that asked for it (an inspection's number). */
    sourceRef: text({ max: 60, readonly: true }),
    /** What is to be put right. */
    requirement: textarea({ required: true, max: 4000 }),
    dueDate: date({ required: true }),
    rootCause: textarea({ max: 2000, writableBy: ['supplier'], editableIn: RECTIFY_ANSWER_STATES }),
    correctiveAction: textarea({ max: 4000, writableBy: ['supplier'], editableIn: RECTIFY_ANSWER_STATES }),
    completedDate: date({ writableBy: ['supplier'], editableIn: RECTIFY_ANSWER_STATES }),
    evidenceIds: attachments({ writableBy: ['supplier'], editableIn: RECTIFY_ANSWER_STATES }),
    respondedDate: date({ readonly: true }),
    /** The buyer's verification (or why it goes back). */
    verifyComment: textarea({ max: 2000, readonly: true }),
    closedDate: date({ readonly: true }),
  },
  list: {
    columns: [
      'rectifyNum',
      'supplierName',
      'sourceType',
      'sourceRef',
      'categoryName',
      'orgName',
      'dueDate',
      'status',
      'respondedDate',
      'closedDate',
    ],
    filters: [
      { field: 'rectifyNum', op: 'prefix' },
      'supplierId',
      'sourceType',
      'sourceRef',
      'status',
      'dueDate',
    ],
    sort: [{ field: 'rectifyId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'rectifyNum',
          'supplierId',
          'categoryId',
          'orgId',
          'sourceType',
          'sourceRef',
          'dueDate',
          'status',
          'requirement',
        ],
      },
      {
        key: 'answer',
        fields: ['rootCause', 'correctiveAction', 'completedDate', 'evidenceIds', 'respondedDate'],
      },
      { key: 'verify', fields: ['verifyComment', 'closedDate'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'OPEN', 'RESPONDED', 'CLOSED', 'CANCELLED'],
    initial: 'DRAFT',
    statusLookup: 'SRM_SUPPLIER_RECTIFY_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      /** To the supplier. */
      doIssue: { from: ['DRAFT'], to: 'OPEN', confirm: true },
      /** The supplier submits its answer. */
      doRespond: { from: ['OPEN'], to: 'RESPONDED', side: 'supplier', confirm: true },
      /** Verified: closed. */
      doClose: { from: ['RESPONDED'], to: 'CLOSED', needs: ['comment'] },
      /** Not enough: back to the supplier with the reason. */
      doReturn: { from: ['RESPONDED'], to: 'OPEN', needs: ['comment'] },
      doCancel: { from: ['DRAFT', 'OPEN'], to: 'CANCELLED', needs: ['comment'], danger: true },
    },
  },
});
