// Receipts (收货单): the buyer's warehouse records what arrived against a supplier's delivery
// note. Posting moves the quantities onto the delivery note and order lines and writes the
// receiving and stock transactions; a posted document is never edited again — a return sends
// goods back, a reversal (冲销) undoes a posted receipt or return with a new document that
// names the original.
import { date, datetime, defineEntity, lookup, ref, text, textarea } from '@srm/kernel';
import { receiveLine } from './receive-line.entity';

/** RECEIVE: goods arrived; RETURN: goods sent back to the supplier; REVERSE: a correction. */
export const RECEIVE_TYPES = ['RECEIVE', 'RETURN', 'REVERSE'] as const;

/** States in which the owning supplier sees its receipts. */
export const RECEIVE_SUPPLIER_STATES = ['POSTED', 'REVERSED'] as const;

export const receive = defineEntity('srmPurReceiveHeader', {
  area: 'receiving',
  key: 'receiveHeaderId',
  display: 'receiveNumber',
  numbering: { field: 'receiveNumber', pattern: 'RCV{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: RECEIVE_SUPPLIER_STATES,
  orgScoped: 'orgId',
  fields: {
    receiveNumber: text({ readonly: true, max: 30 }),
    receiveType: lookup('PUR_RECEIVE_TYPE', { required: true, codes: RECEIVE_TYPES, default: 'RECEIVE' }),
    asnHeaderId: ref('srmPurAsnHeader', {
      indexed: true,
      display: 'asnNumber',
      displayAs: 'asnNumber',
      brings: ['supplierId', 'orgId'],
    }),
    originalReceiveHeaderId: ref('srmPurReceiveHeader', {
      indexed: true,
      display: 'receiveNumber',
      displayAs: 'originalReceiveNumber',
    }),
    supplierId: ref('srmSupplierInfo', { readonly: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { readonly: true, display: 'orgName' }),
    receiveDate: date({ required: true, profileDefault: 'today' }),
    storageLocationId: ref('srmBaseStorageLocation', {
      display: 'locationName',
      displayAs: 'locationName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    receiverName: text({ max: 60, profileDefault: 'userFullName' }),
    postedDate: datetime({ readonly: true }),
    remark: textarea({ max: 1000 }),
  },
  lines: { lines: receiveLine },
  list: {
    columns: [
      'receiveNumber',
      'receiveType',
      'asnNumber',
      'originalReceiveNumber',
      'supplierName',
      'orgName',
      'receiveDate',
      'locationName',
      'receiverName',
      'postedDate',
      'status',
    ],
    filters: [
      { field: 'receiveNumber', op: 'prefix' },
      'receiveType',
      'asnHeaderId',
      'supplierId',
      'orgId',
      'status',
      'receiveDate',
    ],
    sort: [{ field: 'receiveHeaderId', order: 'desc' }],
    sortable: ['receiveDate'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'receiveNumber',
          'receiveType',
          'asnHeaderId',
          'originalReceiveHeaderId',
          'supplierId',
          'orgId',
          'receiveDate',
          'storageLocationId',
          'receiverName',
          'postedDate',
        ],
      },
      { key: 'other', fields: ['remark'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'POSTED', 'REVERSED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doPost: { from: ['DRAFT'], to: 'POSTED', confirm: true },
      doCancel: { from: ['DRAFT'], to: 'CANCELLED', confirm: true, danger: true },
      doReverse: { from: ['POSTED'], to: 'REVERSED', confirm: true, danger: true },
    },
  },
});
