// Receipt lines (收货单行): one delivery note line and what happened to it — on a receipt the
// quantity that arrived, split into accepted (into the storage location) and rejected (refused
// at the dock and taken back); on a return or a reversal the quantity sent back or undone, with
// the receipt line it refers to. Quantities and references are set by the server.
import { defineEntity, number, quantity, ref, sub, text, textarea } from '@srm/kernel';

/** The barcodes of a receipt line's `scannedBarcodes` (comma- or whitespace-separated). */
export function scannedBarcodesOf(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(/[\s,]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}

export const receiveLine = defineEntity('srmPurReceiveLine', {
  area: 'receiving',
  key: 'receiveLineId',
  parent: { entity: 'srmPurReceiveHeader', field: 'receiveHeaderId' },
  display: 'itemName',
  fields: {
    receiveHeaderId: ref('srmPurReceiveHeader', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'receiveNumber',
      displayAs: 'receiveNumber',
    }),
    lineNum: number({ required: true, min: 1, max: 99999, sequence: { step: 1 } }),
    asnLineId: ref('srmPurAsnLine', { indexed: true, display: 'lineNum', displayAs: 'asnLineNum' }),
    originalReceiveLineId: ref('srmPurReceiveLine', {
      indexed: true,
      display: 'lineNum',
      displayAs: 'originalLineNum',
    }),
    poHeaderId: ref('srmPoHeader', { readonly: true, display: 'poNumber', displayAs: 'poNumber' }),
    poLineId: ref('srmPoLine', { readonly: true, indexed: true, display: 'lineNum', displayAs: 'poLineNum' }),
    itemId: ref('srmBaseItem', { readonly: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    uomId: ref('srmBaseUom', { readonly: true, display: 'uomName' }),
    quantity: quantity({ required: true, min: 0.0001 }),
    // Accepted = arrived − rejected, on receipts only (a return or reversal line names its original).
    acceptedQuantity: quantity({
      readonly: true,
      computed: (row) =>
        row.originalReceiveLineId === null || row.originalReceiveLineId === undefined
          ? sub(String(row.quantity ?? 0), String(row.rejectedQuantity ?? 0)).toNumber()
          : null,
    }),
    rejectedQuantity: quantity({ min: 0, default: 0 }),
    returnedQuantity: quantity({ readonly: true, default: 0 }),
    // Cleared by posted write-offs against returns and reversals (ADR 0009 §7).
    writtenOffQuantity: quantity({ readonly: true, default: 0 }),
    storageLocationId: ref('srmBaseStorageLocation', {
      display: 'locationName',
      displayAs: 'locationName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    lotNumber: text({ max: 60 }),
    /**
     * The package barcodes scanned into this line at receipt (送货单条码), comma-separated: each
     * package of the note counts once on the posted receipts (checked on save and on posting).
     */
    scannedBarcodes: textarea({ max: 30000 }),
    scannedPackages: number({
      readonly: true,
      computed: (row) => scannedBarcodesOf(row.scannedBarcodes).length || null,
    }),
    remark: text({ max: 500 }),
  },
  unique: [['receiveHeaderId', 'lineNum']],
  list: {
    // What was received comes first (the receipt's own grid is read at a glance on a
    // 1440-pixel screen); where it came from follows.
    columns: [
      'receiveNumber',
      'lineNum',
      'itemCode',
      'itemName',
      'quantity',
      'scannedPackages',
      'acceptedQuantity',
      'rejectedQuantity',
      'uomName',
      'locationName',
      'lotNumber',
      'asnLineNum',
      'poNumber',
      'poLineNum',
      'returnedQuantity',
      'writtenOffQuantity',
      'remark',
    ],
    filters: ['itemId', 'poHeaderId', 'poLineId', 'asnLineId'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    summary: ['quantity', 'acceptedQuantity', 'rejectedQuantity', 'returnedQuantity'],
  },
});
