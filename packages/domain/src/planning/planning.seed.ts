// Demo planning: two procurement plans, three customer orders and, for each demo supplier, two
// production plan rows of the materials it supplies — a handful of rows, written once.
import { type Actor, SYSTEM_ACTOR, defineSeed } from '@srm/platform';
import { DEMO_SUPPLIERS } from '../supplier/server';

function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const planning = defineSeed('planning.demo', async (context) => {
  const existing = await context.runtime
    .service('srmPurProcurementPlan')
    .list(SYSTEM_ACTOR, { filters: [], sort: [], pageIndex: 1, pageRows: 1 });
  if (existing.rows.length) return;
  const orgId = await context.findId('srmBaseOrg', { orgCode: 'OU100' });
  const currencyId = await context.findId('srmBaseCurrency', { currencyCode: 'CNY' });
  const bracket = await context.findId('srmBaseItem', { itemCode: '02010001' });
  const screw = await context.findId('srmBaseItem', { itemCode: '02030001' });
  const category = await context.findId('srmBaseCategory', { categoryCode: '0201' });
  const fastener = await context.findId('srmBaseCategory', { categoryCode: '0203' });
  if (orgId === null || currencyId === null || bracket === null || screw === null) return;
  const plans = context.runtime.service('srmPurProcurementPlan');
  const year = new Date().getFullYear() + 1;
  for (const [name, categoryId, budget, quantity] of [
    [`${year} 年钣金件采购计划`, category, 1_200_000, 200_000],
    [`${year} 年紧固件采购计划`, fastener, 380_000, 2_500_000],
  ] as const) {
    if (categoryId === null) continue;
    await plans.save(SYSTEM_ACTOR, {
      planName: name,
      orgId,
      categoryId,
      periodFrom: `${year}-01-01`,
      periodTo: `${year}-12-31`,
      plannedQuantity: quantity,
      budgetAmount: budget,
      currencyId,
      ownerName: '张伟',
    });
  }
  const customers = context.runtime.service('srmPurCustomerOrder');
  for (const [number, customer, itemId, quantity, days] of [
    ['SO2611-0031', '上海汇川电气有限公司', bracket, 1200, 30],
    ['SO2611-0032', '杭州中控自动化有限公司', bracket, 600, 45],
    ['SO2611-0035', '上海汇川电气有限公司', screw, 20000, 21],
  ] as const) {
    await customers.save(SYSTEM_ACTOR, {
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
  const production = context.runtime.service('srmPurProductionPlan');
  for (const demo of DEMO_SUPPLIERS) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    const userId = await context.findId('baseUser', { userName: demo.user.userName });
    if (supplierId === null || userId === null) continue;
    const actor: Actor = { ...SYSTEM_ACTOR, system: false, side: 'supplier', supplierId, userId };
    for (const [itemId, days, quantity] of [
      [bracket, 5, 800],
      [screw, 9, 15000],
    ] as const) {
      await production.save(actor, {
        orgId,
        itemId,
        planDate: day(days),
        planQuantity: quantity,
        dailyCapacity: quantity / 4,
      });
    }
  }
});

export const planningSeedList = [planning];
