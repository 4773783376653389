// Blacklist entries (供应商黑名单): an approved entry is laid over a supplier's status rather than
// replacing it (ADR 0023), and blocks what its scope flags say — sourcing invitations, orders
// (and receipts), payments — until it is relieved by hand or, on its relieve date, by the
// SUPPLIER_BLACKLIST_RELIEVE program; a permanent entry has no relieve date. The public reason is
// shown to the supplier, the internal reason never. A blacklisted company cannot register again.
import {
  approvalWorkflow,
  attachments,
  checkbox,
  date,
  defineEntity,
  ref,
  text,
  textarea,
} from '@srm/kernel';

export const SUPPLIER_BLACKLIST_PROCESS = 'SUPPLIER_BLACKLIST_APPROVAL';

export const supplierBlacklist = defineEntity('srmSupplierBlacklist', {
  area: 'supplier',
  key: 'blacklistId',
  display: 'blacklistNum',
  numbering: { field: 'blacklistNum', pattern: 'BL{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  // The supplier sees its entry once it is in force, and after it was lifted.
  supplierVisibleIn: ['APPROVED', 'RELIEVED'],
  fields: {
    blacklistNum: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    permanentFlag: checkbox(),
    /** The first day the entry no longer applies (empty when permanent). */
    relieveDate: date(),
    scopeSourcing: checkbox({ default: 'Y' }),
    scopeOrder: checkbox({ default: 'Y' }),
    scopePayment: checkbox(),
    publicReason: textarea({ required: true, max: 1000 }),
    internalReason: textarea({ max: 2000, internalOnly: true }),
    attachmentIds: attachments(),
  },
  rules: [
    (row) => {
      const permanent = row.permanentFlag === 'Y';
      const relieve = typeof row.relieveDate === 'string' && row.relieveDate !== '' ? row.relieveDate : null;
      if (!permanent && !relieve)
        return { field: 'relieveDate', message: 'srmSupplierBlacklist.relieveRequired' };
      if (permanent && relieve)
        return { field: 'relieveDate', message: 'srmSupplierBlacklist.permanentWithDate' };
      if (row.scopeSourcing !== 'Y' && row.scopeOrder !== 'Y' && row.scopePayment !== 'Y')
        return { field: 'scopeSourcing', message: 'srmSupplierBlacklist.scopeRequired' };
      return null;
    },
  ],
  list: {
    columns: [
      'blacklistNum',
      'supplierName',
      'status',
      'permanentFlag',
      'relieveDate',
      'scopeSourcing',
      'scopeOrder',
      'scopePayment',
      'publicReason',
      'createdBy',
      'creationDate',
    ],
    filters: [{ field: 'blacklistNum', op: 'prefix' }, 'supplierId', 'status', 'relieveDate'],
    sort: [{ field: 'blacklistId', order: 'desc' }],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['blacklistNum', 'supplierId', 'permanentFlag', 'relieveDate'] },
      { key: 'scope', fields: ['scopeSourcing', 'scopeOrder', 'scopePayment'] },
      { key: 'reason', fields: ['publicReason', 'internalReason', 'attachmentIds'] },
    ],
  },
  workflow: approvalWorkflow(SUPPLIER_BLACKLIST_PROCESS, {
    statusLookup: 'SRM_SUPPLIER_BLACKLIST_STATUS',
    states: ['RELIEVED', 'ABOLISHED'],
    actions: {
      doAbolish: { from: ['DRAFT', 'REJECTED'], to: 'ABOLISHED', confirm: true, danger: true },
      /** Lifted before its date (or by the program on it). */
      doRelieve: { from: ['APPROVED'], to: 'RELIEVED', needs: ['comment'], confirm: true },
    },
  }),
});
