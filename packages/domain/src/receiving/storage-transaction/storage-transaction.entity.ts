// Stock transactions (出入库事务): what went into or out of a storage location through receiving —
// accepted goods in, returns and reversed receipts out, reversed returns back in. Written only by
// posting; for the buyer's visibility (internal only).
import { date, datetime, defineEntity, lookup, quantity, ref, text } from '@srm/kernel';

export const STORAGE_DIRECTIONS = ['IN', 'OUT'] as const;
export const STORAGE_SOURCES = ['RECEIPT', 'RETURN', 'REVERSAL'] as const;

export const storageTransaction = defineEntity('srmPurStorageTransaction', {
  area: 'receiving',
  key: 'storageTransactionId',
  display: 'itemName',
  orgScoped: 'orgId',
  writableBy: [],
  fields: {
    direction: lookup('PUR_STORAGE_DIRECTION', { required: true, codes: STORAGE_DIRECTIONS }),
    sourceType: lookup('PUR_STORAGE_SOURCE', { required: true, codes: STORAGE_SOURCES }),
    transactionDate: date({ required: true }),
    storageLocationId: ref('srmBaseStorageLocation', {
      required: true,
      indexed: true,
      display: 'locationName',
      displayAs: 'locationName',
    }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    supplierId: ref('srmSupplierInfo', { display: 'supplierName' }),
    itemId: ref('srmBaseItem', { required: true, indexed: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ max: 240 }),
    uomId: ref('srmBaseUom', { display: 'uomName' }),
    quantity: quantity({ required: true, min: 0 }),
    lotNumber: text({ max: 60 }),
    receiveHeaderId: ref('srmPurReceiveHeader', {
      indexed: true,
      display: 'receiveNumber',
      displayAs: 'receiveNumber',
    }),
    receiveLineId: ref('srmPurReceiveLine', { display: 'lineNum', displayAs: 'receiveLineNum' }),
    poHeaderId: ref('srmPoHeader', { display: 'poNumber', displayAs: 'poNumber' }),
    postedDate: datetime(),
  },
  list: {
    columns: [
      'transactionDate',
      'direction',
      'sourceType',
      'locationName',
      'itemCode',
      'itemName',
      'uomName',
      'quantity',
      'lotNumber',
      'receiveNumber',
      'poNumber',
      'supplierName',
      'orgName',
    ],
    filters: [
      'direction',
      'sourceType',
      'transactionDate',
      'storageLocationId',
      'itemId',
      'orgId',
      'supplierId',
    ],
    sort: [{ field: 'storageTransactionId', order: 'desc' }],
    sortable: ['transactionDate'],
    // No 合计 row: it added what went out to what came in, across items and units.
  },
});
