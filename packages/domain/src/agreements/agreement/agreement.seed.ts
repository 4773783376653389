// Demo agreements: last year's, approved, for each demo supplier (steps, quotas 70 / 30 on hex
// nuts); this year's 恒达 agreement with a price rise above five percent awaits approval.
import type { SaveBodyOf } from '@srm/kernel';
import type { SeedContext } from '@srm/platform';
import { type AgreementsDemo, day, demoActions, seedData } from '../support';
import { agreement } from './agreement.entity';

export async function agreementDemo(context: SeedContext, demo: AgreementsDemo): Promise<void> {
  const { hengda, ruifeng, ou100, p110, cny, items } = demo;
  const { screw, nut, washer, resistor } = items;
  const save = async (
    supplierId: number,
    name: string,
    start: string,
    end: string,
    body: SaveBodyOf<typeof agreement>,
    actions: ('doSubmit' | 'doApproval')[],
  ) => {
    const saved = await seedData(context).save(agreement, {
      agreementName: name,
      supplierId,
      orgId: ou100,
      currencyId: cny,
      startDate: start,
      endDate: end,
      buyerName: '张伟',
      ...body,
    });
    await demoActions(context, agreement, saved.agreementId, actions);
  };
  await save(
    hengda,
    '恒达紧固件年度价格协议',
    day(-300),
    day(65),
    {
      lines: [
        { itemId: screw, unitPrice: 0.12, taxRate: 13 },
        { itemId: nut, unitPrice: 0.05, taxRate: 13 },
        { itemId: washer, unitPrice: 0.02, taxRate: 13 },
      ],
      steps: [
        { itemId: screw, fromQuantity: 10000, unitPrice: 0.115 },
        { itemId: screw, fromQuantity: 50000, unitPrice: 0.11 },
      ],
      orgs: [{ orgId: p110 }],
      quotas: [{ itemId: nut, orgId: ou100, quotaPercent: 70 }],
    },
    ['doSubmit', 'doApproval'],
  );
  await save(
    ruifeng,
    '瑞丰电子料价格协议',
    day(-200),
    day(165),
    {
      lines: [
        { itemId: resistor, unitPrice: 0.004, taxRate: 13 },
        { itemId: nut, unitPrice: 0.052, taxRate: 13 },
      ],
      quotas: [{ itemId: nut, orgId: ou100, quotaPercent: 30 }],
    },
    ['doSubmit', 'doApproval'],
  );
  // Screw 0.12 → 0.13 (+8.33 %): flagged by the five-percent check, waiting for approval.
  await save(
    hengda,
    '恒达紧固件新年度价格协议',
    day(66),
    day(430),
    {
      lines: [
        { itemId: screw, unitPrice: 0.13, taxRate: 13, remark: '原材料线材涨价' },
        { itemId: nut, unitPrice: 0.051, taxRate: 13 },
      ],
    },
    ['doSubmit'],
  );
}
