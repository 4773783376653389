// Sourcing's demo data: the closing program of inquiries (an administrator schedules it) in the
// area's request group, and demo inquiries made as the buyer would make them: one published three
// days before its deadline, to 恒达五金 (sup_a) and 瑞丰电子 (sup_b), and a draft. No quote is
// seeded: sealed values are encrypted with one installation's key and cannot be part of the demo
// snapshot (ADR 0008); the suppliers quote in their portal. Skipped where the demo users are not there.
import { type Actor, SYSTEM_ACTOR, type SeedContext, decideAll, defineSeed } from '@srm/platform';
import { inquiry } from './inquiry/inquiry.entity';
import { auctionSeed } from './auction/auction.seed';

async function putProgram(context: SeedContext, program: Record<string, unknown>): Promise<void> {
  await context.put('baseConcurrentProgram', { programCode: program.programCode }, program, {
    params: ['paramName'],
  });
}

export const sourcingProgramSeed = defineSeed('sourcing.programs', async (context) => {
  await putProgram(context, {
    programCode: 'SOURCING_INQUIRY_CLOSE',
    programName: '询价单截止关闭',
    programNameEn: 'Close inquiries past their deadline',
    moduleCode: 'SOURCING',
    executableName: 'SOURCING_INQUIRY_CLOSE',
    retentionDays: 30,
    params: [],
  });
  await putProgram(context, {
    programCode: 'SOURCING_AUCTION_TICK',
    programName: '竞价开始与结束',
    programNameEn: 'Start and close auctions on time',
    moduleCode: 'SOURCING',
    executableName: 'SOURCING_AUCTION_TICK',
    retentionDays: 7,
    params: [],
  });
  await putProgram(context, {
    programCode: 'SOURCING_QUOTE_REMIND',
    programName: '报价截止提醒',
    programNameEn: 'Remind suppliers before the quote deadline',
    moduleCode: 'SOURCING',
    executableName: 'SOURCING_QUOTE_REMIND',
    retentionDays: 7,
    params: [],
  });
  await putProgram(context, {
    programCode: 'SOURCING_QUOTE_EXPIRE',
    programName: '报价有效期到期标记',
    programNameEn: 'Mark expired quotations',
    moduleCode: 'SOURCING',
    executableName: 'SOURCING_QUOTE_EXPIRE',
    retentionDays: 30,
    params: [],
  });
  const admin = await context.findId('baseResponsibility', { responsibilityCode: 'SYS_ADMIN' });
  if (admin === null) return;
  await context.put(
    'baseRequestGroup',
    { groupCode: 'SOURCING_PROGRAMS' },
    {
      groupCode: 'SOURCING_PROGRAMS',
      groupName: '寻源管理作业',
      maxActivePerUser: 0,
      programs: await Promise.all(
        [
          'SOURCING_INQUIRY_CLOSE',
          'SOURCING_QUOTE_REMIND',
          'SOURCING_QUOTE_EXPIRE',
          'SOURCING_AUCTION_TICK',
        ].map(async (programCode, i) => ({
          lineNum: i + 1,
          programId: await context.idOf('baseConcurrentProgram', { programCode }),
        })),
      ),
      responsibilities: [{ lineNum: 1, responsibilityId: admin }],
    },
    { programs: ['programId'], responsibilities: ['responsibilityId'] },
  );
});

const DAY = 86_400_000;

export const inquirySeed = defineSeed('sourcing.inquiries', async (context) => {
  const data = context.data();
  if ((await data.list(inquiry, {}, { limit: 1 })).length) return;
  const find = (entity: string, where: Record<string, unknown>) => context.findId(entity, where);
  const ou100 = await find('srmBaseOrg', { orgCode: 'OU100' });
  const cny = await find('srmBaseCurrency', { currencyCode: 'CNY' });
  const screw = await find('srmBaseItem', { itemCode: '02030001' });
  const pcs = await find('srmBaseUom', { uomCode: 'PCS' });
  const hengda = await find('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' });
  const ruifeng = await find('srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' });
  const buyerId = await find('baseUser', { userName: 'buyer' });
  const approverId = await find('baseUser', { userName: 'approver' });
  const supA = await find('baseUser', { userName: 'sup_a' });
  if ([ou100, cny, screw, hengda, ruifeng, buyerId, approverId, supA].some((id) => id === null)) return;
  const buyer: Actor = { ...SYSTEM_ACTOR, system: false, userId: buyerId!, userName: 'buyer' };
  const asBuyer = context.data(buyer);
  const now = context.runtime.clock.nowMs();
  const deadline = Math.ceil((now + 3 * DAY) / 3_600_000) * 3_600_000;
  const published = await asBuyer.save(inquiry, {
    title: '2027 年度紧固件询价（M6 螺钉）',
    orgId: ou100!,
    currencyId: cny!,
    taxIncludedFlag: 'Y',
    quoteDeadline: deadline,
    sealedFlag: 'Y',
    openersRequired: 2,
    validityRequiredFlag: 'Y',
    requestNote: '年度框架价格，按季度分批下单；含税含运费送货至苏州工厂；付款方式月结 60 天。',
    items: [
      { lineNum: 1, itemId: screw!, uomId: pcs, quantity: 200000, ladder: '500000', targetPrice: 0.27 },
    ],
    suppliers: [{ supplierId: hengda! }, { supplierId: ruifeng! }],
    jury: [{ userId: approverId!, juryRole: 'OPENER' }],
  });
  await asBuyer.act(inquiry, 'doSubmit', [published.inquiryId]);
  await decideAll(context.runtime, inquiry.name, published.inquiryId, 'approve');
  await asBuyer.save(inquiry, {
    title: '钣金支架询价（草稿）',
    orgId: ou100!,
    currencyId: cny!,
    quoteDeadline: deadline + 4 * DAY,
    items: [],
    suppliers: [],
  });
});

export const sourcingSeeds = [sourcingProgramSeed, inquirySeed, auctionSeed];
