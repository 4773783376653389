// Demo sources, agreements and plans for both demo suppliers (恒达五金: fasteners; 瑞丰电子:
// electronics), written once through the entity services and their workflow actions: listed
// materials, an approved agreement each with step prices and quotas, a new agreement awaiting
// approval with a price rise above five percent, an ASL application awaiting approval, forecasts
// published, answered and in draft, and delivery plans published and confirmed.
import { type Row, SYSTEM_ACTOR, type SeedContext, decideAll, defineSeed } from '@srm/platform';
import { DEMO_SUPPLIERS } from '../supplier/server';
import { aslAllows } from './asl-check';

const service = (context: SeedContext, entity: string) => context.runtime.service(entity);

/**
 * Runs workflow actions as the demo would: a document under an approval process is submitted by
 * the buyer and approved by deciding its tasks as their assignees (the purchasing manager, and
 * finance for an agreement whose price moved more than five percent).
 */
async function act(
  context: SeedContext,
  entity: string,
  id: number,
  actions: readonly string[],
  input: Row = {},
) {
  const withProcess = !!context.runtime.registry.get(entity).workflow?.actions.doSubmit?.approval;
  for (const action of actions) {
    if (withProcess && action === 'doApproval') {
      await decideAll(context.runtime, entity, id, 'approve');
      continue;
    }
    const actor =
      withProcess && action === 'doSubmit'
        ? {
            ...SYSTEM_ACTOR,
            system: false,
            userId: await context.idOf('baseUser', { userName: 'buyer' }),
            userName: 'buyer',
          }
        : SYSTEM_ACTOR;
    await service(context, entity).act(actor, action, [id], input, { fromHttp: false });
  }
}

/** yyyy-MM-dd, `days` from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Ask a supplier user to save its answer, as the portal does. */
const supplierActor = (supplierId: number) => ({
  ...SYSTEM_ACTOR,
  side: 'supplier' as const,
  supplierId,
  system: false,
});

export const agreementsDemo = defineSeed('agreements.demo-documents', async (context) => {
  const existing = await service(context, 'srmPurForecast').list(SYSTEM_ACTOR, {
    filters: [],
    sort: [],
    pageIndex: 1,
    pageRows: 1,
  });
  if (existing.rows.length) return;
  const suppliers: number[] = [];
  for (const demo of DEMO_SUPPLIERS) {
    const id = await context.findId('srmSupplierInfo', { creditCode: demo.supplier.creditCode });
    if (id === null) return;
    suppliers.push(id);
  }
  const [hengda, ruifeng] = suppliers as [number, number];
  const ou100 = await context.idOf('srmBaseOrg', { orgCode: 'OU100' });
  const p110 = await context.idOf('srmBaseOrg', { orgCode: 'P110' });
  const cny = await context.idOf('srmBaseCurrency', { currencyCode: 'CNY' });
  const item = (itemCode: string) => context.idOf('srmBaseItem', { itemCode });
  const [screw, nut, washer, mcu, resistor] = (await Promise.all(
    ['02030001', '02030002', '02030003', '01010001', '01020001'].map(item),
  )) as [number, number, number, number, number];

  // The approved supplier list: what is not listed yet, through one approved application.
  const wanted: [number, number][] = [
    [hengda, screw],
    [hengda, nut],
    [hengda, washer],
    [ruifeng, nut],
    [ruifeng, resistor],
  ];
  const lines: Row[] = [];
  for (const [supplierId, itemId] of wanted) {
    const { allowed } = await aslAllows(context.runtime.executor(), { supplierId, itemId, orgId: ou100 });
    if (!allowed) lines.push({ supplierId, itemId, priorityNum: supplierId === hengda ? 1 : 2 });
  }
  if (lines.length) {
    const apply = await service(context, 'srmPurAslApply').save(SYSTEM_ACTOR, {
      orgId: ou100,
      applyReason: '年度合格供应商导入：紧固件与电子料',
      lines,
    });
    await act(context, 'srmPurAslApply', apply.aslApplyId as number, ['doSubmit', 'doApproval']);
  }
  // Awaiting approval: 瑞丰 for washers.
  const pending = await service(context, 'srmPurAslApply').save(SYSTEM_ACTOR, {
    orgId: ou100,
    applyReason: '瑞丰电子申请增加垫圈货源，作为第二供应商',
    lines: [{ supplierId: ruifeng, itemId: washer, priorityNum: 2 }],
  });
  await act(context, 'srmPurAslApply', pending.aslApplyId as number, ['doSubmit']);

  // Agreements: last year's, approved, with steps and quotas; this year's 恒达 one awaits approval.
  const agreement = async (
    supplierId: number,
    name: string,
    start: string,
    end: string,
    body: Row,
    actions: string[],
  ) => {
    const saved = await service(context, 'srmPurAgreement').save(SYSTEM_ACTOR, {
      agreementName: name,
      supplierId,
      orgId: ou100,
      currencyId: cny,
      startDate: start,
      endDate: end,
      buyerName: '张伟',
      ...body,
    });
    await act(context, 'srmPurAgreement', saved.agreementId as number, actions);
  };
  await agreement(
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
  await agreement(
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
  await agreement(
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

  // Forecasts.
  const forecast = async (
    supplierId: number,
    name: string,
    rows: [number, number, number][],
    actions: string[],
  ) => {
    const saved = await service(context, 'srmPurForecast').save(SYSTEM_ACTOR, {
      forecastName: name,
      supplierId,
      orgId: p110,
      periodFrom: day(1),
      periodTo: day(120),
      buyerName: '张伟',
      lines: rows.map(([itemId, days, forecastQuantity]) => ({
        itemId,
        demandDate: day(days),
        forecastQuantity,
      })),
    });
    await act(context, 'srmPurForecast', saved.forecastId as number, actions);
    return saved;
  };
  await forecast(
    hengda,
    '吴中工厂紧固件滚动预测（未来四个月）',
    [
      [screw, 10, 40000],
      [screw, 40, 45000],
      [nut, 10, 30000],
      [washer, 40, 30000],
    ],
    ['doPublish'],
  );
  const answered = await forecast(
    ruifeng,
    '吴中工厂电子料滚动预测',
    [
      [mcu, 15, 2000],
      [resistor, 15, 200000],
    ],
    ['doPublish'],
  );
  const found = await service(context, 'srmPurForecast').find(SYSTEM_ACTOR, answered.forecastId as number);
  await service(context, 'srmPurForecast').save(supplierActor(ruifeng), {
    forecastId: found.forecastId,
    versionNum: found.versionNum,
    supplierComment: 'MCU 交期较长，建议提前下单',
    lines: (found.lines as Row[]).map((line) => ({
      forecastLineId: line.forecastLineId,
      committedQuantity: line.itemId === mcu ? 1500 : line.forecastQuantity,
      ...(line.itemId === mcu ? { supplierRemark: '芯片配额受限' } : {}),
    })),
  });
  await act(context, 'srmPurForecast', answered.forecastId as number, ['doApproval']);
  await forecast(hengda, '下季度紧固件预测（草稿）', [[screw, 100, 60000]], []);

  // Delivery plans.
  const plan = async (supplierId: number, rows: [number, number, number][], actions: string[]) => {
    const saved = await service(context, 'srmPurDeliveryPlan').save(SYSTEM_ACTOR, {
      supplierId,
      orgId: p110,
      buyerName: '张伟',
      lines: rows.map(([itemId, days, planQuantity]) => ({ itemId, planDate: day(days), planQuantity })),
    });
    await act(context, 'srmPurDeliveryPlan', saved.deliveryPlanId as number, actions);
    return saved;
  };
  await plan(
    hengda,
    [
      [screw, 7, 10000],
      [screw, 14, 10000],
      [nut, 7, 15000],
    ],
    ['doPublish'],
  );
  const confirmed = await plan(ruifeng, [[resistor, 10, 100000]], ['doPublish']);
  const planRow = await service(context, 'srmPurDeliveryPlan').find(
    SYSTEM_ACTOR,
    confirmed.deliveryPlanId as number,
  );
  await service(context, 'srmPurDeliveryPlan').save(supplierActor(ruifeng), {
    deliveryPlanId: planRow.deliveryPlanId,
    versionNum: planRow.versionNum,
    lines: (planRow.lines as Row[]).map((line) => ({
      deliveryPlanLineId: line.deliveryPlanLineId,
      confirmedQuantity: line.planQuantity,
      confirmedDate: line.planDate,
    })),
  });
  await act(context, 'srmPurDeliveryPlan', confirmed.deliveryPlanId as number, ['doConfirm']);
});
