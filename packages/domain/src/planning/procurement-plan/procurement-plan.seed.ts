// Demo procurement plans: next year's sheet-metal and fastener plans of OU100.
import type { DataApi, SeedContext } from '@srm/platform';
import { procurementPlan } from './procurement-plan.entity';

export async function procurementPlanDemo(
  context: SeedContext,
  data: DataApi,
  at: { orgId: number; currencyId: number },
): Promise<void> {
  const { orgId, currencyId } = at;
  const year = new Date().getFullYear() + 1;
  for (const [name, categoryCode, budget, quantity] of [
    [`${year} 年钣金件采购计划`, '0201', 1_200_000, 200_000],
    [`${year} 年紧固件采购计划`, '0203', 380_000, 2_500_000],
  ] as const) {
    const categoryId = await context.findId('srmBaseCategory', { categoryCode });
    if (categoryId === null) continue;
    await data.save(procurementPlan, {
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
}
