// Demo production plans: for each demo supplier, two rows of the materials it supplies, written
// by its portal user (production plans are the supplier's).
import { type Actor, SYSTEM_ACTOR, type SeedContext, dataApi } from '@srm/platform';
import { DEMO_SUPPLIERS } from '../../demo';
import { day } from '../planning.support';
import { productionPlan } from './production-plan.entity';

export async function productionPlanDemo(
  context: SeedContext,
  orgId: number,
  items: { bracket: number; screw: number },
): Promise<void> {
  const { runtime } = context;
  for (const demo of DEMO_SUPPLIERS) {
    const supplierId = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    const userId = await context.findId('baseUser', { userName: demo.user.userName });
    if (supplierId === null || userId === null) continue;
    const actor: Actor = { ...SYSTEM_ACTOR, system: false, side: 'supplier', supplierId, userId };
    const data = dataApi({ actor, runtime, tx: runtime.executor(), now: runtime.clock.now() }, 'seed');
    for (const [itemId, days, quantity] of [
      [items.bracket, 5, 800],
      [items.screw, 9, 15000],
    ] as const) {
      await data.save(productionPlan, {
        orgId,
        itemId,
        planDate: day(days),
        planQuantity: quantity,
        dailyCapacity: quantity / 4,
      });
    }
  }
}
