// Demo auctions, made as the buyer, the suppliers, the openers and the approver would make them:
// one that starts two minutes after the demo data is loaded and runs half an hour, both demo
// suppliers confirmed, so a newcomer can sign in as sup_a and sup_b and watch their bids cross in
// the hall (with a question of sup_a's answered by the buyer); one ranked by transformed price
// (瑞丰's factor 1.05) that ran an hour ago, with bids from both, closed and waiting for its two
// openers (buyer, then approver); and one that ran two days ago, opened by both, whose award to the best
// bidder (恒达) was approved: its hand-off wrote the price list row and the draft agreement (恒达
// is on the ASL for the screw already). The snapshot of `npm run build` is used only on the day it
// was made (ADR 0008): a first start the same day sees the first auction about to start or running.
import { eq } from 'drizzle-orm';
import { decideAll, defineSeed } from '@srm/platform';
import { demoIds } from '../demo';
import { auctionAward } from '../auction-award/auction-award.entity';
import { auctionEntry } from '../auction-entry/auction-entry.entity';
import { auctionQuestion } from '../auction-question/auction-question.entity';
import { auction } from './auction.entity';
import { placeBid } from './auction.bids';
import { srmAuctionBid } from './auction.tables';

const MIN = 60_000;

export const auctionSeed = defineSeed('sourcing.auctions', async (context) => {
  const data = context.data();
  if ((await data.list(auction, {}, { limit: 1 })).length) return;
  const found = await demoIds(context);
  const screw = await context.findId('srmBaseItem', { itemCode: '02030001' });
  const nut = await context.findId('srmBaseItem', { itemCode: '02030002' });
  if (!found || screw === null || nut === null) return;
  const asBuyer = context.data(found.buyer);
  const asApprover = context.data(found.approver);
  const { supA, supB } = found;
  const now = context.runtime.clock.nowMs();
  type Lot = { itemId: number; quantity: number; startPrice: number; reservePrice: number };
  // The screw's prices as elsewhere in the demo (its price list row 0.13, agreed 0.12 without tax).
  const quarterly: Lot = { itemId: screw, quantity: 200000, startPrice: 0.16, reservePrice: 0.13 };
  const body = (title: string, start: number, end: number, lot: Lot, transformed = false) => ({
    title,
    orgId: found.ou100,
    currencyId: found.cny,
    taxIncludedFlag: 'Y' as const,
    auctionMode: 'OPEN',
    bidBasis: 'UNIT',
    decrementType: 'AMOUNT',
    decrementValue: 0.01,
    decrementBasis: 'OWN',
    tieRule: 'EARLIER_FIRST',
    // Ranked by transformed price, suppliers see their own rank only.
    displayRule: transformed ? 'RANK' : 'RANK_BEST',
    rankBasis: transformed ? 'TRANSFORMED' : 'PRICE',
    largeDropPercent: 20,
    startDate: start,
    endDate: end,
    extendWindowMinutes: 2,
    extendMinutes: 2,
    extendFrom: 'BID',
    extendTrigger: 'ANY',
    minSuppliers: 2,
    openersRequired: 2,
    termsNote: '价格含税含运费送货至苏州工厂；中标后签订年度框架协议，按月结 60 天付款。',
    items: [
      {
        lineNum: 1,
        uomId: found.pcs,
        ...lot,
      },
    ],
    // Transformed: 瑞丰 ships from Ningbo, its freight to Suzhou weighs 5 % (折算系数 1.05).
    suppliers: [
      { supplierId: found.hengda, priceFactor: 1 },
      { supplierId: found.ruifeng, priceFactor: transformed ? 1.05 : 1 },
    ],
    jury: [{ userId: found.approverId, juryRole: 'OPENER' }],
  });
  /** Published and confirmed by both suppliers. */
  const publish = async (title: string, start: number, end: number, lot = quarterly, transformed = false) => {
    const saved = await asBuyer.save(auction, body(title, start, end, lot, transformed));
    await asBuyer.act(auction, 'doSubmit', [saved.auctionId]);
    await decideAll(context.runtime, auction.name, saved.auctionId, 'approve');
    for (const actor of [supA, supB]) {
      const [entry] = await context.data(actor).list(auctionEntry, { auctionId: saved.auctionId });
      if (entry) await context.data(actor).act(auctionEntry, 'doConfirm', [entry.entryId]);
    }
    return saved.auctionId;
  };

  const upcomingId = await publish(
    'M6 螺钉季度竞价（演示：数据载入两分钟后开始）',
    now + 2 * MIN,
    now + 32 * MIN,
  );
  // A question of 恒达 on it, answered: both suppliers read the answer on their entries, only
  // 恒达 its own question.
  const [askerEntry] = await context.data(supA).list(auctionEntry, { auctionId: upcomingId });
  if (askerEntry) {
    const asked = await context.data(supA).save(auctionQuestion, {
      entryId: askerEntry.entryId,
      questionText: '含税单价是否包含送货至苏州工厂的运费？是否接受分两批交货？',
    });
    await context.data(supA).act(auctionQuestion, 'doAsk', [asked.questionId]);
    await asBuyer.act(auctionQuestion, 'doAnswer', [asked.questionId], {
      answerText: '含税单价包含送货至苏州工厂仓库的运费；可分两批交货，每批不少于 10 万件。',
    });
  }

  const system = context.data();
  /**
   * Started now with a bid from each supplier, then its times (the auction's, its entries' and its
   * bids') set `back` earlier, published ten minutes before it ran for half an hour; closed.
   */
  const runEarlier = async (auctionId: number, prices: readonly [string, string], back: number) => {
    await asBuyer.act(auction, 'doImmediateStart', [auctionId]);
    const [item] = (await data.find(auction, auctionId)).items;
    for (const [actor, price] of [
      [supA, prices[0]],
      [supB, prices[1]],
    ] as const) {
      const [entry] = await context.data(actor).list(auctionEntry, { auctionId });
      if (entry && item)
        await placeBid(context.data(actor), {
          entryId: entry.entryId,
          auctionItemId: item.auctionItemId,
          price,
        });
    }
    const tx = data.tx;
    const bids = await tx.select().from(srmAuctionBid).where(eq(srmAuctionBid.auctionId, auctionId));
    for (const bid of bids)
      await tx
        .update(srmAuctionBid)
        .set({ bidTime: new Date(bid.bidTime.getTime() - back) })
        .where(eq(srmAuctionBid.bidId, bid.bidId));
    const start = now - back;
    const end = start + 30 * MIN;
    await system.patch(auction, auctionId, {
      publishedDate: start - 10 * MIN,
      startDate: start,
      startedDate: start,
      endDate: end,
      plannedEndDate: end,
    });
    await system.patchWhere(auctionEntry, { auctionId }, { startDate: start, endDate: end });
    await system.act(auction, 'doClose', [auctionId]);
  };

  // The closed one, ranked by transformed price: run now, then its times and bids are set an hour
  // back. M8 nuts (quoted 0.43–0.45 in the demo inquiries): 瑞丰's 0.42 is 0.441 transformed, so
  // 恒达's 0.43 ranks first (at whole cents, the screw's 0.13 leaves no price between the two).
  const closedId = await publish(
    'M8 六角螺母补充量竞价（按折算价排名，已结束，待开标）',
    now + MIN,
    now + 31 * MIN,
    { itemId: nut, quantity: 100000, startPrice: 0.48, reservePrice: 0.42 },
    true,
  );
  await runEarlier(closedId, ['0.43', '0.42'], 60 * MIN);

  // The awarded one: run two days ago; the owner confirms the opening, the jury's opener opens it;
  // 发起定标 drafts the award from the final bids (恒达's 0.13 given all of it), the buyer submits
  // it and the purchasing manager approves: the approval hands it to purchasing. 恒达 wins, as it is
  // on the ASL for the screw: an ASL row for 瑞丰 would take the pair the ASL application suite
  // applies for. Its 0.115 without tax is within five percent of 恒达's agreed 0.12 (no warning).
  const awardedId = await publish('M6 螺钉年度竞价（已定标）', now + MIN, now + 31 * MIN, {
    quantity: 500000,
    itemId: screw,
    startPrice: 0.16,
    reservePrice: 0.14,
  });
  await runEarlier(awardedId, ['0.13', '0.14'], 2 * 24 * 60 * MIN);
  await asBuyer.act(auction, 'doConfirmOpening', [awardedId]);
  await asApprover.act(auction, 'doBidOpening', [awardedId]);
  await asBuyer.act(auction, 'doPrepareAward', [awardedId]);
  const { awardId } = await data.find(auction, awardedId);
  if (awardId === null) return;
  await asBuyer.act(auctionAward, 'doSubmit', [awardId]);
  await decideAll(context.runtime, auctionAward.name, awardId, 'approve');
});
