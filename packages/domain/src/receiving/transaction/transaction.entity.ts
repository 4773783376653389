// Receiving transactions (接收事务): one row per movement of a receipt line — received, delivered
// into stock, returned to the supplier, corrected by a reversal. Written only by posting; read by
// the buyer and, for its own rows, by the supplier. Quantities are never negative: the type says
// which way the goods went.
import { date, datetime, defineEntity, lookup, quantity, ref, text } from '@srm/kernel';

export const TRANSACTION_TYPES = ['RECEIVE', 'DELIVER', 'RETURN_TO_SUPPLIER', 'CORRECT'] as const;
/**
 * Why posting wrote a row, beyond its type: goods rejected at the dock, a reversed receipt or
 * return. Posting is the only writer, so the remark is a code, shown in the reader's language
 * (`lookup.PUR_TRANSACTION_REMARK.<code>`) by every list, form and export.
 */
export const TRANSACTION_REMARKS = ['REJECTED', 'REVERSE_RECEIVE', 'REVERSE_RETURN'] as const;

export const transaction = defineEntity('srmPurTransaction', {
  area: 'receiving',
  key: 'transactionId',
  display: 'transactionType',
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  writableBy: [],
  fields: {
    transactionType: lookup('PUR_TRANSACTION_TYPE', { required: true, codes: TRANSACTION_TYPES }),
    transactionDate: date({ required: true }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    receiveHeaderId: ref('srmPurReceiveHeader', {
      indexed: true,
      display: 'receiveNumber',
      displayAs: 'receiveNumber',
    }),
    receiveLineId: ref('srmPurReceiveLine', {
      indexed: true,
      display: 'lineNum',
      displayAs: 'receiveLineNum',
    }),
    asnHeaderId: ref('srmPurAsnHeader', { indexed: true, display: 'asnNumber', displayAs: 'asnNumber' }),
    asnLineId: ref('srmPurAsnLine', { display: 'lineNum', displayAs: 'asnLineNum' }),
    poHeaderId: ref('srmPoHeader', { indexed: true, display: 'poNumber', displayAs: 'poNumber' }),
    poLineId: ref('srmPoLine', { indexed: true, display: 'lineNum', displayAs: 'poLineNum' }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ max: 240 }),
    uomId: ref('srmBaseUom', { display: 'uomName' }),
    quantity: quantity({ required: true, min: 0 }),
    storageLocationId: ref('srmBaseStorageLocation', { display: 'locationName', displayAs: 'locationName' }),
    lotNumber: text({ max: 60 }),
    postedDate: datetime(),
    remark: lookup('PUR_TRANSACTION_REMARK', { codes: TRANSACTION_REMARKS }),
  },
  list: {
    columns: [
      'transactionDate',
      'transactionType',
      'receiveNumber',
      'receiveLineNum',
      'asnNumber',
      'poNumber',
      'poLineNum',
      'supplierName',
      'orgName',
      'itemCode',
      'itemName',
      'uomName',
      'quantity',
      'locationName',
      'lotNumber',
      'remark',
    ],
    filters: [
      'transactionType',
      'transactionDate',
      'supplierId',
      'orgId',
      'itemId',
      'receiveHeaderId',
      'asnHeaderId',
      'poHeaderId',
      'poLineId',
    ],
    sort: [{ field: 'transactionId', order: 'desc' }],
    sortable: ['transactionDate'],
    // No 合计 row: it added received, delivered, returned and reversed quantities across items and units.
  },
});
