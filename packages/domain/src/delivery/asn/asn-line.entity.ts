// Delivery note lines (送货单行): one released or confirmed order line and the quantity shipped
// on it; the quantity received grows with each posted receipt and shrinks with each return.
import { defineEntity, number, quantity, ref, text } from '@srm/kernel';

export const asnLine = defineEntity('srmPurAsnLine', {
  area: 'delivery',
  key: 'asnLineId',
  parent: { entity: 'srmPurAsnHeader', field: 'asnHeaderId' },
  display: 'itemName',
  writableBy: ['supplier'],
  fields: {
    asnHeaderId: ref('srmPurAsnHeader', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'asnNumber',
      displayAs: 'asnNumber',
    }),
    lineNum: number({ required: true, min: 1, max: 99999, sequence: { step: 1 } }),
    // Picking the order line shows its order, material, specification and unit at once.
    poLineId: ref('srmPoLine', {
      required: true,
      indexed: true,
      display: 'lineNum',
      displayAs: 'poLineNum',
      brings: ['poHeaderId', 'itemId', 'itemName', 'specification', 'uomId'],
    }),
    poHeaderId: ref('srmPoHeader', { readonly: true, display: 'poNumber', displayAs: 'poNumber' }),
    /** The delivery notice line shipped (a confirmed notice of the same order line), if any. */
    deliveryNoticeLineId: ref('srmPurDeliveryNoticeLine', {
      indexed: true,
      display: 'lineNum',
      displayAs: 'noticeLineNum',
    }),
    itemId: ref('srmBaseItem', { readonly: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    specification: text({ readonly: true, max: 500 }),
    uomId: ref('srmBaseUom', { readonly: true, display: 'uomName' }),
    shipQuantity: quantity({ required: true, min: 0.0001 }),
    receivedQuantity: quantity({ readonly: true, default: 0 }),
    /** Quantity per package: one barcode label per package (one per line when empty). */
    packageQuantity: quantity({ min: 0.0001 }),
    lotNumber: text({ max: 60 }),
    remark: text({ max: 500 }),
  },
  unique: [['asnHeaderId', 'lineNum']],
  list: {
    columns: [
      'asnNumber',
      'lineNum',
      'poNumber',
      'poLineNum',
      'itemCode',
      'itemName',
      'specification',
      'uomName',
      'shipQuantity',
      'receivedQuantity',
      'packageQuantity',
      'lotNumber',
    ],
    filters: ['itemId', 'poHeaderId'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    summary: ['shipQuantity', 'receivedQuantity'],
  },
});
