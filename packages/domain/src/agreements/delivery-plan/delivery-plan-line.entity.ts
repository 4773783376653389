// A delivery plan line: a material, the planned date and quantity, and the supplier's confirmation
// (quantity and date it can deliver, its remark), written by the supplier while the plan is published.
import { date, defineEntity, quantity, ref, text } from '@srm/kernel';

const CONFIRMABLE = ['PUBLISHED'];

export const deliveryPlanLine = defineEntity('srmPurDeliveryPlanLine', {
  area: 'agreements',
  key: 'deliveryPlanLineId',
  parent: { entity: 'srmPurDeliveryPlan', field: 'deliveryPlanId' },
  fields: {
    itemId: ref('srmBaseItem', { required: true, display: 'itemName', filter: () => ({ enabledFlag: 'Y' }) }),
    planDate: date({ required: true }),
    planQuantity: quantity({ required: true, min: 0 }),
    confirmedQuantity: quantity({ min: 0, writableBy: ['supplier'], editableIn: CONFIRMABLE }),
    confirmedDate: date({ writableBy: ['supplier'], editableIn: CONFIRMABLE }),
    supplierRemark: text({ max: 240, writableBy: ['supplier'], editableIn: CONFIRMABLE }),
    remark: text({ max: 240 }),
  },
  list: {
    columns: [
      'itemId',
      'planDate',
      'planQuantity',
      'confirmedQuantity',
      'confirmedDate',
      'supplierRemark',
      'remark',
    ],
    filters: ['itemId', 'planDate'],
    sort: [
      { field: 'planDate', order: 'asc' },
      { field: 'deliveryPlanLineId', order: 'asc' },
    ],
  },
});
