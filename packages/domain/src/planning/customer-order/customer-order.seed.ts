// Demo customer orders: three orders of two customers for a bracket and a screw at OU100.
import type { DataApi } from '@srm/platform';
import { day } from '../planning.support';
import { customerOrder } from './customer-order.entity';

export async function customerOrderDemo(
  data: DataApi,
  orgId: number,
  items: { bracket: number; screw: number },
): Promise<void> {
  for (const [number, customer, itemId, quantity, days] of [
    ['SO2611-0031', '上海汇川电气有限公司', items.bracket, 1200, 30],
    ['SO2611-0032', '杭州中控自动化有限公司', items.bracket, 600, 45],
    ['SO2611-0035', '上海汇川电气有限公司', items.screw, 20000, 21],
  ] as const) {
    await data.save(customerOrder, {
      customerOrderNumber: number,
      customerName: customer,
      orgId,
      itemId,
      quantity,
      orderDate: day(-3),
      deliveryDate: day(days),
      salesName: '刘洋',
    });
  }
}
