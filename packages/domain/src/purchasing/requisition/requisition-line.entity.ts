// Requisition lines (采购申请行): what is asked for, by when; approved lines enter the demand
// pool, and orders consume their quantity until nothing remains.
import {
  amount,
  date,
  defineEntity,
  lookup,
  mul,
  number,
  price,
  quantity,
  ref,
  sub,
  text,
} from '@srm/kernel';

/** Where a line stands in the demand pool (需求池). */
export const DEMAND_STATES = ['PENDING', 'POOLED', 'ORDERED', 'CLOSED', 'CANCELLED'] as const;

export const requisitionLine = defineEntity('srmPurRequisitionLine', {
  area: 'purchasing',
  key: 'requisitionLineId',
  parent: { entity: 'srmPurRequisitionHeader', field: 'requisitionHeaderId' },
  display: 'itemName',
  fields: {
    requisitionHeaderId: ref('srmPurRequisitionHeader', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'requisitionNumber',
      displayAs: 'requisitionNumber',
    }),
    lineNum: number({ required: true, min: 1, max: 9999, sequence: { step: 1 } }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    specification: text({ readonly: true, max: 500 }),
    categoryId: ref('srmBaseCategory', { readonly: true, display: 'categoryName' }),
    uomId: ref('srmBaseUom', { readonly: true, display: 'uomName' }),
    orgId: ref('srmBaseOrg', { readonly: true, display: 'orgName', indexed: true }),
    quantity: quantity({ required: true, min: 0.0001 }),
    unitPrice: price({ min: 0 }),
    lineAmount: amount({
      readonly: true,
      computed: (row) =>
        row.unitPrice === null || row.unitPrice === undefined
          ? null
          : mul(String(row.quantity ?? 0), String(row.unitPrice))
              .toDecimalPlaces(2)
              .toNumber(),
    }),
    needByDate: date({ required: true }),
    suggestedSupplierId: ref('srmSupplierInfo', {
      display: 'supplierName',
      displayAs: 'suggestedSupplierName',
    }),
    orderedQuantity: quantity({ readonly: true, default: 0 }),
    remainingQuantity: quantity({
      readonly: true,
      computed: (row) => sub(String(row.quantity ?? 0), String(row.orderedQuantity ?? 0)).toNumber(),
    }),
    demandStatus: lookup('PUR_DEMAND_STATUS', { readonly: true, codes: DEMAND_STATES, default: 'PENDING' }),
    remark: text({ max: 500 }),
  },
  unique: [['requisitionHeaderId', 'lineNum']],
  // The lines of one material in the list's order (采购订单行 / 需求池 by material): read from
  // the index, not by walking every line in line order and skipping the other materials.
  indexes: [['itemId', 'lineNum', 'requisitionLineId']],
  list: {
    // In the order a requester fills a line (material, quantity, price, date, supplier), then what
    // follows from it; the line grid shows the inputs of the material and supplier in their place.
    columns: [
      'requisitionNumber',
      'lineNum',
      'itemCode',
      'itemName',
      'specification',
      'uomName',
      'quantity',
      'unitPrice',
      'needByDate',
      'suggestedSupplierName',
      'lineAmount',
      'orderedQuantity',
      'remainingQuantity',
      'categoryName',
      'orgName',
      'demandStatus',
    ],
    filters: ['itemId', 'categoryId', 'orgId', 'demandStatus', 'needByDate', 'suggestedSupplierId'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    sortable: ['needByDate', 'remainingQuantity'],
    summary: ['quantity', 'orderedQuantity', 'remainingQuantity', 'lineAmount'],
  },
});
