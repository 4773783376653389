// Supplier quit (供应商退出): a whole supplier, or chosen lines of its category and org library,
// leaves on an effective date, through approval (SUPPLIER_QUIT_APPROVAL). Before submitting, the
// screen lists the supplier's open work (未完成业务, findOpenWork): orders not yet closed or
// cancelled block the quit until they are closed or transferred; delivery notes under way are
// listed and do not block (unsettled money does not block a quit; statements and moulds join the
// list when their areas exist). Approved, the quit takes effect on its date: the lines (or every
// line and the supplier) become QUIT — at once when the date has come, otherwise through the
// program SUPPLIER_QUIT_EFFECT on the day. The supplier sees its quit once approved, with the
// public reason; the internal reason never.
import {
  approvalWorkflow,
  attachments,
  date,
  datetime,
  defineEntity,
  lookup,
  ref,
  text,
  textarea,
} from '@srm/kernel';

export const SUPPLIER_QUIT_PROCESS = 'SUPPLIER_QUIT_APPROVAL';
export const QUIT_SCOPES = ['WHOLE', 'LINES'] as const;

export const supplierQuitLine = defineEntity('srmSupplierQuitLine', {
  area: 'supplier',
  key: 'quitLineId',
  parent: { entity: 'srmSupplierQuit', field: 'quitId' },
  fields: {
    /** With the organisation: a library line of the quitting supplier (checked on save). */
    categoryId: ref('srmBaseCategory', { required: true, display: 'categoryName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    remark: text({ max: 240 }),
  },
  unique: [['quitId', 'categoryId', 'orgId']],
  list: {
    columns: ['categoryName', 'orgName', 'remark'],
    filters: ['categoryId', 'orgId'],
    sort: [{ field: 'quitLineId', order: 'asc' }],
  },
});

export const supplierQuit = defineEntity('srmSupplierQuit', {
  area: 'supplier',
  key: 'quitId',
  display: 'quitNum',
  numbering: { field: 'quitNum', pattern: 'QT{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['APPROVED', 'EFFECTIVE'],
  fields: {
    quitNum: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    quitScope: lookup('SRM_SUPPLIER_QUIT_SCOPE', { required: true, codes: QUIT_SCOPES, default: 'WHOLE' }),
    /** The first day the supplier (or the lines) no longer supply. */
    effectiveDate: date({ required: true }),
    /** Shown to the supplier. */
    publicReason: textarea({ required: true, max: 1000 }),
    internalReason: textarea({ max: 2000, internalOnly: true }),
    attachmentIds: attachments(),
    effectedAt: datetime({ readonly: true }),
  },
  lines: { lines: supplierQuitLine },
  list: {
    columns: [
      'quitNum',
      'supplierName',
      'quitScope',
      'status',
      'effectiveDate',
      'publicReason',
      'createdBy',
      'creationDate',
    ],
    filters: [{ field: 'quitNum', op: 'prefix' }, 'supplierId', 'quitScope', 'status', 'effectiveDate'],
    sort: [{ field: 'quitId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['quitNum', 'supplierId', 'quitScope', 'effectiveDate', 'status', 'effectedAt'],
      },
      { key: 'reason', fields: ['publicReason', 'internalReason', 'attachmentIds'] },
    ],
  },
  workflow: approvalWorkflow(SUPPLIER_QUIT_PROCESS, {
    statusLookup: 'SRM_SUPPLIER_QUIT_STATUS',
    states: ['EFFECTIVE', 'ABOLISHED'],
    actions: {
      doAbolish: { from: ['DRAFT', 'REJECTED'], to: 'ABOLISHED', confirm: true, danger: true },
      /** The effective date has come (on approval, or the program on the day). */
      doEffect: { from: ['APPROVED'], to: 'EFFECTIVE', system: true },
    },
  }),
});
