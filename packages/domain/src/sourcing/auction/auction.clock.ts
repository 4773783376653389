// The auction's clock jobs (issue 19: "start and close are scheduled jobs (pg-boss) that only
// record the state and tell the hall"). Publishing, an immediate start and a moved end queue a job
// of `auction-clock` for the auction's next moment: the suppliers' reminder 15 minutes ahead, the
// start, the end. The job records what is due then (advanceAuctions: started, closed, cancelled
// with too few confirmed suppliers, suppliers told) and queues the next moment, so a bid that
// extended the end moves the close with it (the job at the old end tells the extension and waits
// for the new end). Bids and the opening never wait for a job: they go by the clock inside their
// own transaction. One waiting job per auction and moment: a moment asked for twice (a moved end,
// two nodes starting) runs once. The program SOURCING_AUCTION_TICK does the same for every auction
// at once, for an administrator who wants a sweep as well.
import type { RowOf } from '@srm/kernel';
import { type BackgroundFactory, type DataApi, isSeeding, platformWork } from '@srm/platform';
import { REMIND_BEFORE_START_MS, advanceAuctions } from './auction.actions';
import { auction } from './auction.entity';

export const AUCTION_CLOCK_QUEUE = 'auction-clock';

interface AuctionClockJob {
  readonly auctionId: number;
}

const LIVE = ['PUBLISHED', 'RUNNING'];

/** The auction's next moment after `now` that the platform must act on; null when none. */
export function nextAuctionMoment(row: RowOf<typeof auction>, now: number): number | null {
  if (!LIVE.includes(row.status)) return null;
  const moments = [row.endDate];
  if (row.status === 'PUBLISHED') {
    moments.push(row.startDate);
    if (row.startRemindedDate === null) moments.push(row.startDate - REMIND_BEFORE_START_MS);
  }
  const ahead = moments.filter((moment) => moment > now);
  // A moment already passed (a start the job could not run at): due at once.
  if (ahead.length < moments.length) return now;
  return Math.min(...ahead);
}

/**
 * Queues the auction's job for its next moment, in the caller's transaction (it exists only if
 * that commits). Nothing for demo data (its auctions' jobs are queued by an installation's start,
 * `auctionClock`: a job queued in a test server's seeded template would fire in every copy).
 */
export async function queueAuctionClock(data: DataApi, auctionId: number): Promise<void> {
  const jobs = data.services.jobs;
  if (!jobs?.ready || isSeeding()) return;
  const system = data.system('the auction’s clock reads its times');
  const [row] = await system.list(auction, { auctionId }, { limit: 1 });
  if (!row) return;
  const now = data.runtime.clock.nowMs();
  const moment = nextAuctionMoment(row, now);
  if (moment === null) return;
  const job: AuctionClockJob = { auctionId };
  await jobs.sendKeyed(AUCTION_CLOCK_QUEUE, job, `${auctionId}:${moment}`, {
    ...(moment > now ? { startAfter: new Date(moment) } : {}),
  });
}

/** One auction's moment: what is due recorded, the next moment queued. */
async function runAuctionClock(data: DataApi, auctionId: number): Promise<string> {
  const system = data.system('the auction’s clock records its start and end');
  const [row] = await system.list(auction, { auctionId, status: LIVE }, { limit: 1 });
  if (!row) return 'not live';
  const done = await advanceAuctions(data, [row]);
  await queueAuctionClock(data, auctionId);
  return done.started ? 'started' : done.closed ? 'closed' : done.cancelled ? 'cancelled' : 'waiting';
}

/**
 * The queue of the auctions' clock jobs; on an installation's start (not a test server's), a job
 * for every published or running auction (those of the demo data have none).
 */
export const auctionClock: BackgroundFactory = (services) => {
  services.jobs.register<AuctionClockJob>(
    AUCTION_CLOCK_QUEUE,
    (job) =>
      platformWork(services.runtime, 'job.auctionClock', (data) => runAuctionClock(data, job.data.auctionId)),
    { oneWaitingPerKey: true, retryLimit: 3, retryDelaySeconds: 2 },
  );
  return {
    start: async () => {
      if (!services.catchUp) return;
      await platformWork(services.runtime, 'job.auctionClock', async (data) => {
        const live = await data
          .system('the auctions’ clock finds the auctions waiting for it')
          .list(auction, { status: LIVE });
        for (const row of live) await queueAuctionClock(data, row.auctionId);
      });
    },
    stop: async () => {},
  };
};
