// Customer orders (客户订单): the buyer's customers' orders behind make-to-order demand, one row
// per order number and material. A plain record without workflow.
import { date, defineEntity, quantity, ref, text } from '@srm/kernel';

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
