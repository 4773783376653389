// Suspension and resumption of library lines (品类组织暂停/恢复): a buyer suspends qualified lines
// of a supplier, or resumes lines suspended by hand, giving a reason, through an approved document
// (SUPPLIER_LINE_CHANGE_APPROVAL); the library's own doSuspend and doResume are the platform's.
// Lines suspended because a mandatory certificate lapsed resume through the renewed certificate
// (change info), not here. Approval changes every named line at once, each with a history row
// naming the document; the supplier is told.
import { approvalWorkflow, attachments, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';

export const SUPPLIER_LINE_CHANGE_PROCESS = 'SUPPLIER_LINE_CHANGE_APPROVAL';
export const LINE_CHANGE_TYPES = ['SUSPEND', 'RESUME'] as const;

export const supplierLineChangeLine = defineEntity('srmSupplierLineChangeLine', {
  area: 'supplier',
  key: 'lineChangeLineId',
  parent: { entity: 'srmSupplierLineChange', field: 'lineChangeId' },
  fields: {
    /** With the organisation: a library line of the supplier (checked on save). */
    categoryId: ref('srmBaseCategory', { required: true, display: 'categoryName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    remark: text({ max: 240 }),
  },
  unique: [['lineChangeId', 'categoryId', 'orgId']],
  list: {
    columns: ['categoryName', 'orgName', 'remark'],
    filters: ['categoryId', 'orgId'],
    sort: [{ field: 'lineChangeLineId', order: 'asc' }],
  },
});

export const supplierLineChange = defineEntity('srmSupplierLineChange', {
  area: 'supplier',
  key: 'lineChangeId',
  display: 'lineChangeNum',
  numbering: { field: 'lineChangeNum', pattern: 'LC{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  // The supplier learns of a suspension once it is decided, with the reason.
  supplierVisibleIn: ['APPROVED'],
  fields: {
    lineChangeNum: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    changeType: lookup('SRM_LINE_CHANGE_TYPE', {
      required: true,
      codes: LINE_CHANGE_TYPES,
      default: 'SUSPEND',
    }),
    reason: textarea({ required: true, max: 1000 }),
    attachmentIds: attachments(),
  },
  lines: { lines: supplierLineChangeLine },
  list: {
    columns: ['lineChangeNum', 'supplierName', 'changeType', 'status', 'reason', 'createdBy', 'creationDate'],
    filters: [{ field: 'lineChangeNum', op: 'prefix' }, 'supplierId', 'changeType', 'status'],
    sort: [{ field: 'lineChangeId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['lineChangeNum', 'supplierId', 'changeType', 'status', 'reason', 'attachmentIds'],
      },
    ],
  },
  workflow: approvalWorkflow(SUPPLIER_LINE_CHANGE_PROCESS, {
    statusLookup: 'SRM_SUPPLIER_LINE_CHANGE_STATUS',
    states: ['ABOLISHED'],
    actions: {
      doAbolish: { from: ['DRAFT', 'REJECTED'], to: 'ABOLISHED', confirm: true, danger: true },
    },
  }),
});
