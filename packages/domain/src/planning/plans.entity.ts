// Planning lists (计划): the buyer's procurement plans (planned volumes and budget per category
// and period), its customers' orders behind make-to-order demand, and the suppliers' production
// plans of the buyer's materials, shared for supply visibility. Plain records without workflow.
import { amount, date, defineEntity, quantity, ref, text } from '@srm/kernel';

export const procurementPlan = defineEntity('srmPurProcurementPlan', {
  area: 'planning',
  key: 'procurementPlanId',
  display: 'planNumber',
  numbering: { field: 'planNumber', pattern: 'PP{yyyyMMdd}{####}' },
  orgScoped: 'orgId',
  fields: {
    planNumber: text({ readonly: true, max: 30 }),
    planName: text({ required: true, max: 200 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    categoryId: ref('srmBaseCategory', { required: true, display: 'categoryName' }),
    periodFrom: date({ required: true }),
    periodTo: date({ required: true }),
    plannedQuantity: quantity({ min: 0 }),
    budgetAmount: amount({ required: true, min: 0 }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    ownerName: text({ max: 60 }),
    remark: text({ max: 500 }),
  },
  rules: [
    (row) =>
      typeof row.periodFrom === 'string' && typeof row.periodTo === 'string' && row.periodTo < row.periodFrom
        ? { field: 'periodTo', message: 'planning.periodBackwards' }
        : null,
  ],
  list: {
    columns: [
      'planNumber',
      'planName',
      'orgName',
      'categoryName',
      'periodFrom',
      'periodTo',
      'plannedQuantity',
      'budgetAmount',
      'currencyCode',
      'ownerName',
    ],
    filters: [{ field: 'planNumber', op: 'prefix' }, 'orgId', 'categoryId', 'periodFrom'],
    sort: [{ field: 'procurementPlanId', order: 'desc' }],
    summary: ['budgetAmount'],
  },
});

export const customerOrder = defineEntity('srmPurCustomerOrder', {
  area: 'planning',
  key: 'customerOrderId',
  display: 'customerOrderNumber',
  orgScoped: 'orgId',
  fields: {
    customerOrderNumber: text({ required: true, max: 40 }),
    customerName: text({ required: true, max: 200 }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemName', filter: () => ({ enabledFlag: 'Y' }) }),
    quantity: quantity({ required: true, min: 0.0001 }),
    orderDate: date({ required: true }),
    deliveryDate: date({ required: true }),
    salesName: text({ max: 60 }),
    remark: text({ max: 500 }),
  },
  unique: [['customerOrderNumber', 'itemId']],
  list: {
    columns: [
      'customerOrderNumber',
      'customerName',
      'orgName',
      'itemName',
      'quantity',
      'orderDate',
      'deliveryDate',
      'salesName',
    ],
    filters: [{ field: 'customerOrderNumber', op: 'prefix' }, 'orgId', 'itemId', 'deliveryDate'],
    sort: [{ field: 'deliveryDate', order: 'asc' }],
  },
});

export const productionPlan = defineEntity('srmPurProductionPlan', {
  area: 'planning',
  key: 'productionPlanId',
  display: 'itemId',
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  writableBy: ['supplier'],
  fields: {
    supplierId: ref('srmSupplierInfo', { readonly: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemName', filter: () => ({ enabledFlag: 'Y' }) }),
    planDate: date({ required: true }),
    planQuantity: quantity({ required: true, min: 0 }),
    /** What the supplier can make per day of this material. */
    dailyCapacity: quantity({ min: 0 }),
    remark: text({ max: 500 }),
  },
  list: {
    columns: ['supplierName', 'orgName', 'itemName', 'planDate', 'planQuantity', 'dailyCapacity', 'remark'],
    filters: ['supplierId', 'orgId', 'itemId', 'planDate'],
    sort: [{ field: 'planDate', order: 'asc' }],
    summary: ['planQuantity'],
  },
});
