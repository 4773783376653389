// Batch temporary (批量暂存): the supplier's staging rows of delivery notes created in bulk. Each
// row is one open order line (or confirmed delivery-notice line) the supplier picked, with what it
// means to ship — quantity, dates, ship-to, carrier, lot, packages — kept as a draft across
// sessions until "generate delivery notes" turns the rows into notes (ADR 0010). Owned and
// written by the supplier; no internal menu lists them (an internal reader would be limited to
// its organisations).
import { date, defineEntity, number, quantity, ref, text } from '@srm/kernel';

/** Packages a row ships: one per `packageQuantity` (the last takes the rest), one without it. */
export function packageCountOf(row: Readonly<Record<string, unknown>>): number | null {
  const shipped = Number(row.shipQuantity);
  const perPackage = Number(row.packageQuantity);
  if (!Number.isFinite(shipped) || shipped <= 0) return null;
  if (!Number.isFinite(perPackage) || perPackage <= 0 || perPackage >= shipped) return 1;
  return Math.ceil(shipped / perPackage);
}

export const asnBatchTemp = defineEntity('srmPurAsnBatchTemp', {
  area: 'delivery',
  key: 'batchTempId',
  display: 'itemName',
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  writableBy: ['supplier'],
  fields: {
    supplierId: ref('srmSupplierInfo', { readonly: true, indexed: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { readonly: true, display: 'orgName' }),
    /** The order line shipped; set when the row is added and never changed. */
    poLineId: ref('srmPoLine', {
      indexed: true,
      onDelete: 'cascade',
      display: 'lineNum',
      displayAs: 'poLineNum',
    }),
    poHeaderId: ref('srmPoHeader', { readonly: true, display: 'poNumber', displayAs: 'poNumber' }),
    /** The confirmed delivery-notice line shipped, if the row came from a notice. */
    deliveryNoticeLineId: ref('srmPurDeliveryNoticeLine', {
      indexed: true,
      // A notice line the buyer removes while adjusting takes its draft rows with it.
      onDelete: 'cascade',
      display: 'lineNum',
      displayAs: 'noticeLineNum',
    }),
    noticeNumber: text({ readonly: true, max: 30 }),
    itemId: ref('srmBaseItem', { readonly: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    specification: text({ readonly: true, max: 500 }),
    uomId: ref('srmBaseUom', { readonly: true, display: 'uomName' }),
    shipQuantity: quantity({ required: true, min: 0.0001 }),
    shipDate: date({ required: true }),
    expectedArrivalDate: date(),
    shipToAddress: text({ max: 240 }),
    carrierName: text({ max: 120 }),
    trackingNumber: text({ max: 60 }),
    /** Quantity per package: one barcode label per package (one per row when empty). */
    packageQuantity: quantity({ min: 0.0001 }),
    packageCount: number({ readonly: true, computed: packageCountOf }),
    lotNumber: text({ max: 60 }),
    remark: text({ max: 500 }),
  },
  rules: [
    (row) =>
      typeof row.expectedArrivalDate === 'string' &&
      typeof row.shipDate === 'string' &&
      row.expectedArrivalDate < row.shipDate
        ? { field: 'expectedArrivalDate', message: 'delivery.asn.arrivalBeforeShip' }
        : null,
  ],
  list: {
    columns: [
      'poNumber',
      'poLineNum',
      'itemCode',
      'itemName',
      'uomName',
      'shipQuantity',
      'shipDate',
      'expectedArrivalDate',
      'packageQuantity',
      'packageCount',
      'lotNumber',
      'carrierName',
      'trackingNumber',
      'shipToAddress',
      'noticeNumber',
      'noticeLineNum',
      'orgName',
      'specification',
      'remark',
    ],
    filters: ['poHeaderId', 'orgId', 'itemId', 'shipDate'],
    sort: [{ field: 'batchTempId', order: 'asc' }],
    summary: ['shipQuantity'],
  },
});
