// Production plans (生产计划): a supplier's plan of the buyer's materials it makes (quantity per day,
// daily capacity), kept by the supplier and read by the buyer for supply visibility. A plain
// record without workflow.
import { date, defineEntity, quantity, ref, text } from '@srm/kernel';

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
