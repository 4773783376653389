// Demo delivery plans for plant P110: 恒达's published, 瑞丰's confirmed by the supplier.
import type { SeedContext } from '@srm/platform';
import { type AgreementsDemo, day, demoActions, seedData, supplierActor } from '../support';
import { deliveryPlan } from './delivery-plan.entity';

export async function deliveryPlanDemo(context: SeedContext, demo: AgreementsDemo): Promise<void> {
  const { hengda, ruifeng, p110, items } = demo;
  const { screw, nut, resistor } = items;
  const data = seedData(context);
  const save = async (supplierId: number, rows: [number, number, number][]) => {
    const saved = await data.save(deliveryPlan, {
      supplierId,
      orgId: p110,
      buyerName: '张伟',
      lines: rows.map(([itemId, days, planQuantity]) => ({ itemId, planDate: day(days), planQuantity })),
    });
    await demoActions(context, deliveryPlan, saved.deliveryPlanId, ['doPublish']);
    return saved;
  };
  await save(hengda, [
    [screw, 7, 10000],
    [screw, 14, 10000],
    [nut, 7, 15000],
  ]);
  const confirmed = await save(ruifeng, [[resistor, 10, 100000]]);
  const plan = await data.find(deliveryPlan, confirmed.deliveryPlanId);
  await seedData(context, supplierActor(ruifeng)).save(deliveryPlan, {
    deliveryPlanId: plan.deliveryPlanId,
    versionNum: plan.versionNum,
    lines: plan.lines.map((line) => ({
      deliveryPlanLineId: line.deliveryPlanLineId,
      confirmedQuantity: line.planQuantity,
      confirmedDate: line.planDate,
    })),
  });
  await demoActions(context, deliveryPlan, confirmed.deliveryPlanId, ['doConfirm']);
}
