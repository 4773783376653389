// Sourcing's demo data: the closing program of inquiries (an administrator schedules it) in the
// area's request group, and demo inquiries made as the buyer would make them: one published three
// days before its deadline, to 恒达五金 (sup_a) and 瑞丰电子 (sup_b), and a draft. No quote is
// seeded: sealed values are encrypted with one installation's key and cannot be part of the demo
// snapshot (ADR 0008); the suppliers quote in their portal. Skipped where the demo users are not there.
import { type Actor, type SeedContext, decideAll, defineSeed } from '@srm/platform';
import { inquiry, inquirySupplier } from './inquiry/inquiry.entity';
import { inquiryQuote } from './inquiry-quote/inquiry-quote.entity';
import { inquiryAward } from './inquiry-award/inquiry-award.entity';
import { auctionSeed } from './auction/auction.seed';
import { type DemoIds, demoIds } from './demo';

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
const HOUR = 3_600_000;

export const inquirySeed = defineSeed('sourcing.inquiries', async (context) => {
  const data = context.data();
  if ((await data.list(inquiry, {}, { limit: 1 })).length) return;
  const ids = await demoIds(context);
  const screw = await context.findId('srmBaseItem', { itemCode: '02030001' });
  if (!ids || screw === null) return;
  const asBuyer = context.data(ids.buyer);
  const now = context.runtime.clock.nowMs();
  const deadline = Math.ceil((now + 3 * DAY) / 3_600_000) * 3_600_000;
  const published = await asBuyer.save(inquiry, {
    title: '2027 年度紧固件询价（M6 螺钉）',
    orgId: ids.ou100,
    currencyId: ids.cny,
    taxIncludedFlag: 'Y',
    quoteDeadline: deadline,
    sealedFlag: 'Y',
    openersRequired: 2,
    validityRequiredFlag: 'Y',
    requestNote: '年度框架价格，按季度分批下单；含税含运费送货至苏州工厂；付款方式月结 60 天。',
    items: [
      { lineNum: 1, itemId: screw, uomId: ids.pcs, quantity: 200000, ladder: '500000', targetPrice: 0.125 },
    ],
    suppliers: [{ supplierId: ids.hengda }, { supplierId: ids.ruifeng }],
    jury: [{ userId: ids.approverId, juryRole: 'OPENER' }],
  });
  await asBuyer.act(inquiry, 'doSubmit', [published.inquiryId]);
  await decideAll(context.runtime, inquiry.name, published.inquiryId, 'approve');
  await asBuyer.save(inquiry, {
    title: '钣金支架询价（草稿）',
    orgId: ids.ou100,
    currencyId: ids.cny,
    quoteDeadline: deadline + 4 * DAY,
    items: [],
    suppliers: [],
  });
});

/** A material of a demo inquiry: its code, the quantity asked and the target price (per piece). */
type Material = readonly [itemCode: string, quantity: number, targetPrice: number];

/** A material both demo suppliers quote: [code, quantity, target, 恒达's price, 瑞丰's price]. */
type Quoted = readonly [...Material, a: number, b: number];

/** A demo inquiry of these materials (lines 1, 2, …) saved as the buyer: its id. */
async function draftInquiry(
  context: SeedContext,
  ids: DemoIds,
  title: string,
  materials: readonly Material[],
  deadline: number,
): Promise<number | null> {
  const items = [];
  for (const [index, [itemCode, quantity, targetPrice]] of materials.entries()) {
    const itemId = await context.findId('srmBaseItem', { itemCode });
    if (itemId === null) return null;
    items.push({
      lineNum: index + 1,
      itemId,
      ...(ids.pcs !== null ? { uomId: ids.pcs } : {}),
      quantity,
      targetPrice,
    });
  }
  const saved = await context.data(ids.buyer).save(inquiry, {
    title,
    orgId: ids.ou100,
    currencyId: ids.cny,
    taxIncludedFlag: 'Y',
    quoteDeadline: deadline,
    sealedFlag: 'Y',
    openersRequired: 2,
    validityRequiredFlag: 'Y',
    requestNote: '含税含运费送货至苏州工厂；付款方式月结 60 天。',
    items,
    suppliers: [{ supplierId: ids.hengda }, { supplierId: ids.ruifeng }],
    jury: [{ userId: ids.approverId, juryRole: 'OPENER' }],
  });
  return saved.inquiryId;
}

/**
 * Inquiries in the states before quoting, made with the rest of the demo data: one waiting for the
 * purchasing manager's approval, one he rejected, one cancelled after it was published.
 */
export const inquiryStatesSeed = defineSeed('sourcing.inquiry-states', async (context) => {
  const data = context.data();
  if ((await data.list(inquiry, { title: '六角螺母 M8 月度询价（待审批）' }, { limit: 1 })).length) return;
  const ids = await demoIds(context);
  if (!ids) return;
  const asBuyer = context.data(ids.buyer);
  const deadline = Math.ceil((context.runtime.clock.nowMs() + 5 * DAY) / 3_600_000) * 3_600_000;
  const approving = await draftInquiry(
    context,
    ids,
    '六角螺母 M8 月度询价（待审批）',
    [['02030002', 20000, 0.45]],
    deadline,
  );
  if (approving === null) return;
  await asBuyer.act(inquiry, 'doSubmit', [approving]);
  const rejected = await draftInquiry(
    context,
    ids,
    '六角螺母 M8 询价（已驳回）',
    [['02030002', 30000, 0.44]],
    deadline,
  );
  if (rejected !== null) {
    await asBuyer.act(inquiry, 'doSubmit', [rejected]);
    await decideAll(
      context.runtime,
      inquiry.name,
      rejected,
      'reject',
      '数量与年度计划不符，请按季度需求重新提交',
    );
  }
  const cancelled = await draftInquiry(
    context,
    ids,
    '平垫圈 M8 询价（已取消）',
    [['02030003', 8000, 0.3]],
    deadline,
  );
  if (cancelled !== null) {
    await asBuyer.act(inquiry, 'doSubmit', [cancelled]);
    await decideAll(context.runtime, inquiry.name, cancelled, 'approve');
    await asBuyer.act(inquiry, 'doCancel', [cancelled], { comment: '需求已并入年度紧固件询价' });
  }
});

/** The supplier prices its quotation of the inquiry (line by line) and submits it. */
async function quote(
  context: SeedContext,
  actor: Actor,
  inquiryId: number,
  prices: readonly { unitPrice: number; leadTimeDays: number }[],
): Promise<void> {
  const data = context.data(actor);
  const [own] = await data.list(inquiryQuote, { inquiryId }, { limit: 1 });
  if (!own) return;
  const found = await data.find(inquiryQuote, own.quoteId);
  await data.save(inquiryQuote, {
    quoteId: found.quoteId,
    versionNum: found.versionNum,
    validToDate: '2027-12-31',
    quoteNote: '含税含运费，按季度分批交货',
    lines: found.lines.map((line, index) => ({
      quoteLineId: line.quoteLineId,
      unitPrice: prices[index]?.unitPrice ?? prices[0]!.unitPrice,
      leadTimeDays: prices[index]?.leadTimeDays ?? prices[0]!.leadTimeDays,
      taxRate: 13,
      noQuoteFlag: 'N',
    })),
  });
  await data.act(inquiryQuote, 'doSubmit', [found.quoteId]);
}

/**
 * Inquiries both demo suppliers quoted, made at the installation's first start (their prices are
 * sealed with its own key, so they cannot be in the demo snapshot, ADR 0008): published, quoted,
 * then their deadline set back an hour and closed — one left closed and sealed, waiting for its
 * two openers (buyer, then approver); one opened (报价对比 shows both); one whose award (70/30) waits
 * for the purchasing manager; one awarded to 恒达 (its hand-off wrote the price list row and the
 * draft agreement).
 */
export const quotedInquirySeed = defineSeed(
  'sourcing.quoted-inquiries',
  async (context) => {
    const data = context.data();
    if ((await data.list(inquiry, { title: '六角螺母 M8 季度询价（已截止，待开标）' }, { limit: 1 })).length)
      return;
    const ids = await demoIds(context);
    if (!ids) return;
    const asBuyer = context.data(ids.buyer);
    const asApprover = context.data(ids.approver);
    const system = context.data();
    const now = context.runtime.clock.nowMs();
    const published = async (title: string, materials: readonly Material[]) => {
      const inquiryId = await draftInquiry(context, ids, title, materials, now + DAY);
      if (inquiryId === null) return null;
      await asBuyer.act(inquiry, 'doSubmit', [inquiryId]);
      await decideAll(context.runtime, inquiry.name, inquiryId, 'approve');
      return inquiryId;
    };
    /** Quoted by both (恒达's and 瑞丰's price per material), then the deadline an hour back and closed. */
    const closed = async (title: string, quoted: readonly Quoted[]) => {
      const inquiryId = await published(
        title,
        quoted.map(([itemCode, quantity, target]) => [itemCode, quantity, target]),
      );
      if (inquiryId === null) return null;
      const offers = (at: 3 | 4, leadTimeDays: number) =>
        quoted.map((line) => ({ unitPrice: line[at], leadTimeDays }));
      await quote(context, ids.supA, inquiryId, offers(3, 10));
      await quote(context, ids.supB, inquiryId, offers(4, 7));
      // As if published three days ago and quoted the day after.
      const deadline = now - HOUR;
      await system.patch(inquiry, inquiryId, { quoteDeadline: deadline, publishedDate: now - 3 * DAY });
      await system.patchWhere(
        inquiryQuote,
        { inquiryId },
        { quoteDeadline: deadline, submittedDate: now - 2 * DAY },
      );
      await system.patchWhere(inquirySupplier, { inquiryId }, { lastSubmittedDate: now - 2 * DAY });
      await system.act(inquiry, 'doClose', [inquiryId]);
      return inquiryId;
    };
    /** Closed, then opened by the buyer and the purchasing manager. */
    const opened = async (...args: Parameters<typeof closed>) => {
      const inquiryId = await closed(...args);
      if (inquiryId === null) return null;
      await asBuyer.act(inquiry, 'doConfirmOpening', [inquiryId]);
      await asApprover.act(inquiry, 'doBidOpening', [inquiryId]);
      return inquiryId;
    };

    await closed('六角螺母 M8 季度询价（已截止，待开标）', [['02030002', 30000, 0.45, 0.43, 0.44]]);
    // Three materials, each the cheaper at one or the other, the screw priced over its target (the
    // 0.13 of its price list row) by both: 报价对比 has lowest prices in both columns, a best single
    // supplier above the best per material, and materials to put in order by amount or by saving.
    await opened('紧固件补充询价（已开标）', [
      ['02030003', 6000, 0.3, 0.27, 0.26],
      ['02030002', 20000, 0.45, 0.43, 0.44],
      ['02030001', 15000, 0.13, 0.136, 0.139],
    ]);
    /** Opened, its award prepared (the lowest price, all of it): the award's id. */
    const prepared = async (...args: Parameters<typeof opened>) => {
      const inquiryId = await opened(...args);
      if (inquiryId === null) return null;
      await asBuyer.act(inquiry, 'doPrepareAward', [inquiryId]);
      return (await system.find(inquiry, inquiryId)).awardId;
    };
    // The award split 70/30 with the reason the lowest (瑞丰) does not take all: waiting for approval.
    const splitId = await prepared('六角螺母 M8 年度询价（定标审批中）', [
      ['02030002', 120000, 0.45, 0.42, 0.41],
    ]);
    if (splitId !== null) {
      const award = await system.find(inquiryAward, splitId);
      await asBuyer.save(inquiryAward, {
        awardId: splitId,
        versionNum: award.versionNum,
        lines: award.lines.map((line) =>
          line.supplierId === ids.hengda
            ? { awardLineId: line.awardLineId, awardPercent: 70, reason: '恒达为主供，交付稳定' }
            : { awardLineId: line.awardLineId, awardPercent: 30 },
        ),
      });
      await asBuyer.act(inquiryAward, 'doSubmit', [splitId]);
    }
    // Awarded to the lowest (恒达, on the ASL for the washer already): approved and handed off.
    const awardedId = await prepared('平垫圈 M8 年度询价（已定标）', [['02030003', 50000, 0.3, 0.25, 0.26]]);
    if (awardedId !== null) {
      await asBuyer.act(inquiryAward, 'doSubmit', [awardedId]);
      await decideAll(context.runtime, inquiryAward.name, awardedId, 'approve');
    }
  },
  { installation: true },
);

export const sourcingSeeds = [
  sourcingProgramSeed,
  inquirySeed,
  inquiryStatesSeed,
  auctionSeed,
  quotedInquirySeed,
];
