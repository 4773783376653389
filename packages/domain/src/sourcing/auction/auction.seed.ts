// Demo auctions, made as the buyer and the suppliers would make them: one that starts two minutes
// after the demo data is loaded and runs half an hour, both demo suppliers confirmed, so a newcomer
// can sign in as sup_a and sup_b and watch their bids cross in the hall; and one that ran an hour
// ago, with bids from both, closed and waiting for its two openers (buyer, then approver). The
// snapshot of `npm run build` is used only on the day it was made (ADR 0008): a first start the
// same day sees the first auction about to start or running.
import { eq } from 'drizzle-orm';
import { type Actor, SYSTEM_ACTOR, type SeedContext, decideAll, defineSeed } from '@srm/platform';
import { auctionEntry } from '../auction-entry/auction-entry.entity';
import { auction } from './auction.entity';
import { placeBid } from './auction.bids';
import { srmAuctionBid } from './auction.tables';

const MIN = 60_000;

async function ids(context: SeedContext) {
  const find = (entity: string, where: Record<string, unknown>) => context.findId(entity, where);
  return {
    ou100: await find('srmBaseOrg', { orgCode: 'OU100' }),
    cny: await find('srmBaseCurrency', { currencyCode: 'CNY' }),
    screw: await find('srmBaseItem', { itemCode: '02030001' }),
    pcs: await find('srmBaseUom', { uomCode: 'PCS' }),
    hengda: await find('srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }),
    ruifeng: await find('srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }),
    buyer: await find('baseUser', { userName: 'buyer' }),
    approver: await find('baseUser', { userName: 'approver' }),
    supA: await find('baseUser', { userName: 'sup_a' }),
    supB: await find('baseUser', { userName: 'sup_b' }),
  };
}

export const auctionSeed = defineSeed('sourcing.auctions', async (context) => {
  const data = context.data();
  if ((await data.list(auction, {}, { limit: 1 })).length) return;
  const found = await ids(context);
  if (Object.values(found).some((id) => id === null)) return;
  const id = (value: number | null) => value ?? 0;
  const buyer: Actor = { ...SYSTEM_ACTOR, system: false, userId: id(found.buyer), userName: 'buyer' };
  const asBuyer = context.data(buyer);
  const supplier = (supplierId: number | null, userId: number | null, userName: string): Actor => ({
    ...SYSTEM_ACTOR,
    system: false,
    side: 'supplier',
    supplierId: id(supplierId),
    userId: id(userId),
    userName,
  });
  const supA = supplier(found.hengda, found.supA, 'sup_a');
  const supB = supplier(found.ruifeng, found.supB, 'sup_b');
  const now = context.runtime.clock.nowMs();
  const body = (title: string, start: number, end: number) => ({
    title,
    orgId: id(found.ou100),
    currencyId: id(found.cny),
    taxIncludedFlag: 'Y' as const,
    auctionMode: 'OPEN',
    bidBasis: 'UNIT',
    decrementType: 'AMOUNT',
    decrementValue: 0.01,
    decrementBasis: 'OWN',
    tieRule: 'EARLIER_FIRST',
    displayRule: 'RANK_BEST',
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
        itemId: id(found.screw),
        uomId: found.pcs,
        quantity: 200000,
        startPrice: 0.3,
        reservePrice: 0.26,
      },
    ],
    suppliers: [{ supplierId: id(found.hengda) }, { supplierId: id(found.ruifeng) }],
    jury: [{ userId: id(found.approver), juryRole: 'OPENER' }],
  });
  /** Published and confirmed by both suppliers. */
  const publish = async (title: string, start: number, end: number) => {
    const saved = await asBuyer.save(auction, body(title, start, end));
    await asBuyer.act(auction, 'doSubmit', [saved.auctionId]);
    await decideAll(context.runtime, auction.name, saved.auctionId, 'approve');
    for (const actor of [supA, supB]) {
      const [entry] = await context.data(actor).list(auctionEntry, { auctionId: saved.auctionId });
      if (entry) await context.data(actor).act(auctionEntry, 'doConfirm', [entry.entryId]);
    }
    return saved.auctionId;
  };

  await publish('M6 螺钉季度竞价（演示：数据载入两分钟后开始）', now + 2 * MIN, now + 32 * MIN);

  // The closed one: run now, then its times and bids are set an hour back.
  const closedId = await publish('M6 螺钉补充量竞价（已结束，待开标）', now + MIN, now + 31 * MIN);
  await asBuyer.act(auction, 'doImmediateStart', [closedId]);
  const [item] = (await data.find(auction, closedId)).items;
  for (const [actor, price] of [
    [supA, '0.29'],
    [supB, '0.28'],
  ] as const) {
    const [entry] = await context.data(actor).list(auctionEntry, { auctionId: closedId });
    if (entry && item)
      await placeBid(context.data(actor), {
        entryId: entry.entryId,
        auctionItemId: item.auctionItemId,
        price,
      });
  }
  const hour = 60 * MIN;
  const tx = data.tx;
  const bids = await tx.select().from(srmAuctionBid).where(eq(srmAuctionBid.auctionId, closedId));
  for (const bid of bids)
    await tx
      .update(srmAuctionBid)
      .set({ bidTime: new Date(bid.bidTime.getTime() - hour) })
      .where(eq(srmAuctionBid.bidId, bid.bidId));
  const system = context.data();
  await system.patch(auction, closedId, {
    startDate: now - hour,
    startedDate: now - hour,
    endDate: now - 30 * MIN,
  });
  await system.act(auction, 'doClose', [closedId]);
});
