// Demo ASL applications: what the demo suppliers supply and is not listed yet, through one
// approved application; and 瑞丰's application for washers, awaiting the purchasing manager.
import type { SeedContext } from '@srm/platform';
import { aslAllows } from '../asl/asl.check';
import { type AgreementsDemo, demoActions, seedData } from '../support';
import { aslApply } from './asl-apply.entity';

export async function aslApplyDemo(context: SeedContext, demo: AgreementsDemo): Promise<void> {
  const { hengda, ruifeng, ou100, items } = demo;
  const wanted: [number, number][] = [
    [hengda, items.screw],
    [hengda, items.nut],
    [hengda, items.washer],
    [ruifeng, items.nut],
    [ruifeng, items.resistor],
  ];
  const lines: { supplierId: number; itemId: number; priorityNum: number }[] = [];
  for (const [supplierId, itemId] of wanted) {
    const { allowed } = await aslAllows(context.runtime.executor(), { supplierId, itemId, orgId: ou100 });
    if (!allowed) lines.push({ supplierId, itemId, priorityNum: supplierId === hengda ? 1 : 2 });
  }
  const data = seedData(context);
  if (lines.length) {
    const apply = await data.save(aslApply, {
      orgId: ou100,
      applyReason: '年度合格供应商导入：紧固件与电子料',
      lines,
    });
    await demoActions(context, aslApply, apply.aslApplyId, ['doSubmit', 'doApproval']);
  }
  // Awaiting approval: 瑞丰 for washers.
  const pending = await data.save(aslApply, {
    orgId: ou100,
    applyReason: '瑞丰电子申请增加垫圈货源，作为第二供应商',
    lines: [{ supplierId: ruifeng, itemId: items.washer, priorityNum: 2 }],
  });
  await demoActions(context, aslApply, pending.aslApplyId, ['doSubmit']);
}
