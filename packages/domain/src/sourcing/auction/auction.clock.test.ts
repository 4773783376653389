// The auction's clock jobs on a real database, in real time (a few seconds): publishing queues the
// job of the auction's next moment; at its start the job records it started (the suppliers were
// told ahead at once, the start being less than 15 minutes away); a moved end queues the new end,
// the job at the old end finds it not passed and waits; at the new end it is recorded closed, and
// no job of the auction waits any more. One waiting job per auction and moment, however often
// asked for.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { decideAll, defineSeed, platformWork } from '@srm/platform';
import { waitFor } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { AUCTION_CLOCK_QUEUE, queueAuctionClock } from './auction.clock';
import { auction } from './auction.entity';

type Row = Record<string, unknown>;
type Auction = Row & {
  auctionId: number;
  status: string;
  startDate: number;
  endDate: number;
  startedDate: number | null;
  closedDate: number | null;
  startRemindedDate: number | null;
};

const { ids, ok, suppliers, server } = useProcurement();
const SECOND = 1_000;

/** The auction's jobs waiting to run: their keys (auction:moment). */
async function waiting(auctionId: number): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    server().runtime.executor(),
    sql`select singleton_key as key from pgboss.job
         where name = ${AUCTION_CLOCK_QUEUE} and state = 'created' and data->>'auctionId' = ${String(auctionId)}
         order by start_after`,
  );
  return rows.map((row) => row.key);
}

const find = (auctionId: number) => ok<Auction>('srmAuction', 'findById', { auctionId });

describe('the auction’s clock', () => {
  it('records the start and the (moved) end at their moments, with one job per moment', async () => {
    const now = server().clock.nowMs();
    const saved = await ok<Auction>('srmAuction', 'saveOrUpdate', {
      title: '按时开始与结束的竞价',
      orgId: ids.orgA,
      currencyId: ids.currency,
      decrementType: 'AMOUNT',
      decrementValue: 0.01,
      startDate: now + 6 * SECOND,
      endDate: now + 10 * SECOND,
      items: [{ lineNum: 1, itemId: ids.screw, quantity: 1000, startPrice: 10 }],
      suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
    });
    const { auctionId, startDate, endDate } = saved;
    await ok('srmAuction', 'doSubmit', { auctionId });
    await decideAll(server().runtime, 'srmAuction', auctionId, 'approve');
    for (const actor of [suppliers.a, suppliers.b]) {
      const [entry] = await ok<Row[]>('srmAuctionEntry', 'listByPage', { auctionId }, actor);
      await ok('srmAuctionEntry', 'doConfirm', { entryId: entry!.entryId }, actor);
    }
    // The reminder was due at once (published less than 15 minutes ahead): sent, the start waits.
    const told = await waitFor(
      () => find(auctionId),
      (row) => row.startRemindedDate !== null,
      10 * SECOND,
    );
    expect(told.status).toBe('PUBLISHED');
    expect(await waiting(auctionId)).toEqual([`${auctionId}:${startDate}`]);
    // Asked again for the same moment: still one job.
    await platformWork(server().runtime, 'test', (data) => queueAuctionClock(data, auctionId));
    expect(await waiting(auctionId)).toEqual([`${auctionId}:${startDate}`]);

    const running = await waitFor(
      () => find(auctionId),
      (row) => row.status !== 'PUBLISHED',
      20 * SECOND,
    );
    expect(running.status).toBe('RUNNING');
    expect(running.startedDate).toBeGreaterThanOrEqual(startDate);
    expect(await waiting(auctionId)).toEqual([`${auctionId}:${endDate}`]);

    const later = endDate + 3 * SECOND;
    await ok('srmAuction', 'doAdjustEndDate', { auctionId, endDate: later, comment: '供应商申请延长' });
    expect(await waiting(auctionId)).toEqual([`${auctionId}:${endDate}`, `${auctionId}:${later}`]);
    // The job at the old end finds the end not passed: still running, the new end's job waits.
    await waitFor(
      () => waiting(auctionId),
      (keys) => keys.length === 1,
      20 * SECOND,
    );
    expect((await find(auctionId)).status).toBe('RUNNING');
    expect(await waiting(auctionId)).toEqual([`${auctionId}:${later}`]);

    const closed = await waitFor(
      () => find(auctionId),
      (row) => row.status !== 'RUNNING',
      20 * SECOND,
    );
    expect(closed.status).toBe('CLOSED');
    expect(closed.closedDate).toBeGreaterThanOrEqual(later);
    expect(await waiting(auctionId)).toEqual([]);
  }, 90_000);

  it('queues nothing for an auction the demo data publishes (its start queues it)', async () => {
    const now = server().clock.nowMs();
    let auctionId = 0;
    await server().seed([
      defineSeed('test.published-auction', async (context) => {
        const data = context.data();
        const saved = await data.save(auction, {
          title: '演示数据发布的竞价',
          orgId: ids.orgA,
          currencyId: ids.currency,
          decrementType: 'AMOUNT',
          decrementValue: 0.01,
          startDate: now + 2 * 60 * SECOND,
          endDate: now + 30 * 60 * SECOND,
          items: [{ lineNum: 1, itemId: ids.screw, quantity: 1000, startPrice: 10 }],
          suppliers: [{ supplierId: ids.supA }, { supplierId: ids.supB }],
        });
        auctionId = saved.auctionId;
        await data.act(auction, 'doSubmit', [auctionId]);
        await decideAll(context.runtime, auction.name, auctionId, 'approve');
      }),
    ]);
    expect((await find(auctionId)).status).toBe('PUBLISHED');
    expect(await waiting(auctionId)).toEqual([]);
  });
});
