// The bid command. Bids of one auction are decided in transactions that hold the auction's row
// lock, several at a time where they arrive together on a node (group commit); each bid's official
// time is the clock read after the lock is held (never the transaction's start, never the
// client's); the rules run on what was read under that lock and on the bids decided before it; an
// accepted bid supersedes the supplier's previous one on the lot, may move the end (same
// transaction) and raises the hall event that every node turns into each subscriber's own view. A
// refused bid is logged with its reason and answered 422. The supplier is always the session's;
// the request names only its own entry.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Decimal, type RowOf, type RuleIssue, dec } from '@srm/kernel';
import {
  type Actor,
  AppError,
  type DataApi,
  type DataKey,
  type EntityRuntime,
  type Sealer,
  dataApi,
  hallName,
  raiseHallEvent,
  raiseHallEvents,
} from '@srm/platform';
import { type Executor, isInTransaction } from '@srm/db';
import { currency } from '../../base-data';
import { auctionEntry } from '../auction-entry/auction-entry.entity';
import { auction, auctionItem, auctionSupplier, BIDDING_STATES, ENDED_STATES } from './auction.entity';
import {
  type BidRules,
  type ExtensionRules,
  type Refusal,
  checkBid,
  extendedEnd,
  rankOf,
  withFactors,
} from './auction.rules';
import {
  type AuctionStandings,
  type TimedStanding,
  bidKeyOf,
  currentStandings,
  forgetStandings,
  loadBidKeys,
  lotKey,
  priceOf,
  rememberStandings,
  storedPrice,
} from './auction.standings';
import { srmAuctionBid } from './auction.tables';

export const AUCTION_HALL = 'auction';

export interface BidInput {
  readonly entryId: number;
  /** The material (bid basis UNIT); none for a lot bid (TOTAL). */
  readonly auctionItemId?: number | null | undefined;
  /** A decimal in text ("12.35"): exact, never a float. */
  readonly price: string;
  readonly idempotencyKey?: string | null | undefined;
  /** The supplier confirmed a bid far below the current best. */
  readonly confirmLargeDrop?: string | null | undefined;
}

export interface BidAnswer {
  readonly bidId: number;
  readonly bidNum: string | null;
  readonly status: string;
  readonly price: string;
  readonly seq: number | null;
  readonly bidTime: number;
  readonly rank: number | null;
  readonly endDate: number;
  readonly extended: boolean;
}

type AuctionRow = RowOf<typeof auction>;

const PRICE = /^\d{1,14}(\.\d{1,8})?$/;

const refusalIssue = (refusal: Refusal): RuleIssue => ({
  message: `srmAuction.bid.${refusal.code}`,
  ...('params' in refusal ? { params: refusal.params } : {}),
});

/**
 * The opening of a sealed auction: each bid's price is written in the clear and its ciphertext
 * dropped, in the opening's transaction (every read path after it sees the prices).
 */
export async function openSealedBids(tx: Executor, sealer: Sealer, auctionId: number): Promise<number> {
  const sealed = await tx
    .select({ bidId: srmAuctionBid.bidId, sealedPrice: srmAuctionBid.sealedPrice })
    .from(srmAuctionBid)
    .where(and(eq(srmAuctionBid.auctionId, auctionId), isNotNull(srmAuctionBid.sealedPrice)));
  await loadBidKeys(tx, sealer, sealed);
  for (const bid of sealed)
    await tx
      .update(srmAuctionBid)
      .set({
        price: priceOf(sealer, { price: null, sealedPrice: bid.sealedPrice }).toFixed(),
        sealedPrice: null,
      })
      .where(eq(srmAuctionBid.bidId, bid.bidId));
  return sealed.length;
}

export function rulesOf(row: AuctionRow, precision: number): BidRules {
  return {
    decrementType: row.decrementType === 'PERCENT' ? 'PERCENT' : 'AMOUNT',
    decrementValue: Number(row.decrementValue),
    decrementBasis: row.decrementBasis === 'BEST' ? 'BEST' : 'OWN',
    tieRule: row.tieRule === 'REFUSE_EQUAL' ? 'REFUSE_EQUAL' : 'EARLIER_FIRST',
    largeDropPercent: row.largeDropPercent ?? null,
    precision,
    showsBest:
      row.auctionMode !== 'SEALED' &&
      row.rankBasis !== 'TRANSFORMED' &&
      (row.displayRule === 'RANK_BEST' || row.displayRule === 'LADDER'),
  };
}

/** Digits of the auction's currency (2 when unknown). */
export async function precisionOf(data: DataApi, currencyId: number): Promise<number> {
  const [found] = await data.list(currency, { currencyId }, { limit: 1 });
  const digits = Number(found?.precisionNum);
  return Number.isInteger(digits) && digits >= 0 ? digits : 2;
}

/**
 * Why the hall does not take bids now (null: it does), by the clock read under the lock. A bid
 * after the end hears that it ended whether or not the program recorded the close yet.
 */
function closedReason(row: AuctionRow, endDate: number, now: number): RuleIssue | null {
  if (ENDED_STATES.includes(row.status)) return { message: 'srmAuction.bid.ended' };
  if (!BIDDING_STATES.includes(row.status)) return { message: 'srmAuction.bid.notRunning' };
  if (now < row.startDate) return { message: 'srmAuction.bid.notStarted' };
  if (now >= endDate) return { message: 'srmAuction.bid.ended' };
  if ((row.confirmedCount ?? 0) < (row.minSuppliers ?? 2)) return { message: 'srmAuction.bid.notRunning' };
  return null;
}

/** What a bid needs of its auction and cannot change once the auction is published. */
interface AuctionTerms {
  readonly bidBasis: string | null;
  readonly items: readonly { auctionItemId: number; startPrice: number; quantity: number }[];
  /** The currency's digits, as read when the node first took a bid of the auction. */
  readonly precision: number;
  /** Each supplier's price factor where the auction ranks by transformed price, else null. */
  readonly factors: ReadonlyMap<number, Decimal> | null;
}

/**
 * The suppliers' price factors of an auction ranked by transformed price (null where it ranks by
 * price): read in the system scope, for ranking only — no view shows them to a supplier.
 */
export async function factorsOf(
  reader: DataApi,
  head: Pick<AuctionRow, 'auctionId' | 'rankBasis'>,
): Promise<ReadonlyMap<number, Decimal> | null> {
  if (head.rankBasis !== 'TRANSFORMED') return null;
  const lines = await reader.lines(auctionSupplier, head.auctionId);
  return new Map(lines.map((line) => [line.supplierId, dec(line.priceFactor ?? 1)]));
}

/**
 * Terms of published auctions, per node: their materials and start prices cannot change after
 * publishing (the materials are editable in DRAFT and REJECTED only), so a bid reads them once.
 * Harmless on several nodes: each node holds the same immutable values.
 */
const publishedTerms = new WeakMap<object, Map<number, AuctionTerms>>();
const MAX_TERMS = 1000;
const TERMS_FIXED_FROM = ['PUBLISHED', 'RUNNING', 'CLOSED', 'OPENED'];

/** Kept per runtime (one database): a test process may run several. */
async function termsOf(reader: DataApi, auctionId: number): Promise<AuctionTerms> {
  let cached = publishedTerms.get(reader.runtime);
  if (!cached) publishedTerms.set(reader.runtime, (cached = new Map()));
  const known = cached.get(auctionId);
  if (known) return known;
  const [head] = await reader.list(auction, { auctionId }, { limit: 1 });
  if (!head) throw new AppError(404, 'entity.notFound');
  const items = (await reader.lines(auctionItem, auctionId)).map((item) => ({
    auctionItemId: item.auctionItemId,
    startPrice: item.startPrice,
    quantity: item.quantity,
  }));
  const terms = {
    bidBasis: head.bidBasis,
    items,
    precision: await precisionOf(reader, head.currencyId),
    factors: await factorsOf(reader, head),
  };
  if (TERMS_FIXED_FROM.includes(head.status)) {
    if (cached.size >= MAX_TERMS) cached.delete(cached.keys().next().value!);
    cached.set(auctionId, terms);
  }
  return terms;
}

/**
 * The caller's supplier, its own confirmed entry and the price it gives: 404 for anyone else's
 * entry (as for a missing one), read in the caller's scope without the answers a bid does not need.
 */
async function bidderOf(ctx: DataApi, input: BidInput) {
  const supplierId = ctx.actor.supplierId;
  if (supplierId === null) throw new AppError(403, 'srmAuction.bid.supplierOnly');
  // As the endpoint's reference check read it, in the caller's scope. A confirmed entry leaves
  // CONFIRMED only when its auction is cancelled, which the auction's state under the lock tells.
  const entry =
    ctx.referenced(auctionEntry, input.entryId) ??
    (await ctx.list(auctionEntry, { entryId: input.entryId }, { limit: 1 }))[0];
  if (!entry || entry.supplierId !== supplierId) throw new AppError(404, 'entity.notFound');
  if (entry.status !== 'CONFIRMED') throw new AppError(422, 'srmAuction.bid.notConfirmed');
  if (!PRICE.test(input.price)) throw new AppError(400, 'srmAuction.bid.badPrice');
  return { supplierId, auctionId: entry.auctionId, price: dec(input.price) };
}

/** The lot a bid names (a material, or the whole lot of a TOTAL auction) and its start price. */
function lotOf(terms: AuctionTerms, input: BidInput): { lot: number | null; startPrice: Decimal } {
  const { bidBasis, items, precision } = terms;
  const lot = bidBasis === 'TOTAL' ? null : (input.auctionItemId ?? null);
  if (bidBasis !== 'TOTAL' && !items.some((item) => item.auctionItemId === lot))
    throw new AppError(422, 'srmAuction.bid.noItem');
  const startPrice =
    lot === null
      ? items
          .reduce((sum, item) => sum.plus(dec(item.startPrice).times(item.quantity)), dec(0))
          .toDecimalPlaces(precision)
      : dec(items.find((item) => item.auctionItemId === lot)!.startPrice);
  return { lot, startPrice };
}

/** Places a bid as the caller's supplier on its own entry. */
export async function placeBid(ctx: DataApi, input: BidInput): Promise<BidAnswer> {
  const { supplierId, auctionId, price } = await bidderOf(ctx, input);
  const runtime = ctx.runtime;
  // What does not change once an auction is published (its materials, its currency) is read
  // before the lock, once per node: the time under the lock is every other bidder's wait.
  const terms = await termsOf(systemData(ctx.actor, runtime, ctx.tx), auctionId);
  const { lot, startPrice } = lotOf(terms, input);
  return enqueue(runtime, auctionId, {
    actor: ctx.actor,
    supplierId,
    lot,
    startPrice,
    price,
    key: input.idempotencyKey?.trim() || null,
    confirmedDrop: input.confirmLargeDrop === 'Y',
    terms,
  });
}

const systemData = (actor: Actor, runtime: EntityRuntime, tx: Executor) =>
  dataApi({ actor, runtime, tx, now: runtime.clock.now() }, 'bid').system(
    'a bid locks its auction and reads every standing bid to rank it',
  );

/** A bid checked before the lock, waiting for its auction's next batch on this node. */
interface QueuedBid {
  readonly actor: Actor;
  readonly supplierId: number;
  readonly lot: number | null;
  readonly startPrice: Decimal;
  readonly price: Decimal;
  readonly key: string | null;
  readonly confirmedDrop: boolean;
  readonly terms: AuctionTerms;
}

interface Waiting extends QueuedBid {
  resolve(answer: BidAnswer): void;
  reject(error: unknown): void;
}

/** What became of one bid of a batch: its answer, or the error it is answered with. */
type Result = { readonly answer: BidAnswer } | { readonly error: AppError };

/**
 * Bids of one auction arriving together on a node are taken in one transaction (group commit):
 * one lock, one look-up of repeated keys, one read of what other nodes accepted meanwhile, one
 * statement each for the superseded bids, the hall events, the new bids and a moved end; and one
 * commit. Inside it each bid is decided in turn, in its order of arrival, with its own official
 * time read after the lock is held, against the standings as the bids before it left them — the
 * same decisions, one after another, as one transaction per bid made. Across nodes the auction's
 * row lock still orders the batches.
 */
const MAX_BATCH = 100;
const queues = new WeakMap<object, Map<number, { waiting: Waiting[]; running: boolean }>>();

function enqueue(runtime: EntityRuntime, auctionId: number, bid: QueuedBid): Promise<BidAnswer> {
  // A caller inside a transaction (a seed) bids in it, alone: a batch of its own transaction
  // would wait for the caller's (PGlite has one connection).
  if (isInTransaction())
    return new Promise<BidAnswer>(
      (resolve, reject) => void settle(runtime, auctionId, [{ ...bid, resolve, reject }]),
    );
  let halls = queues.get(runtime);
  if (!halls) queues.set(runtime, (halls = new Map()));
  let queue = halls.get(auctionId);
  if (!queue) halls.set(auctionId, (queue = { waiting: [], running: false }));
  const answer = new Promise<BidAnswer>((resolve, reject) => queue.waiting.push({ ...bid, resolve, reject }));
  if (!queue.running) {
    queue.running = true;
    void drain(runtime, auctionId, halls, queue);
  }
  return answer;
}

async function drain(
  runtime: EntityRuntime,
  auctionId: number,
  halls: Map<number, { waiting: Waiting[]; running: boolean }>,
  queue: { waiting: Waiting[]; running: boolean },
): Promise<void> {
  while (queue.waiting.length > 0) {
    const batch = nextBatch(queue.waiting);
    try {
      await settle(runtime, auctionId, batch);
    } catch (error) {
      // settle answers every bid itself; this only keeps the queue going past a fault of its own.
      for (const bid of batch) bid.reject(error);
    }
  }
  queue.running = false;
  halls.delete(auctionId);
}

/**
 * The next bids in order of arrival; a repeat of a key already in the batch waits for the next
 * one, where it finds its first's stored answer.
 */
function nextBatch(waiting: Waiting[]): Waiting[] {
  const batch: Waiting[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < waiting.length && batch.length < MAX_BATCH;) {
    const bid = waiting[i]!;
    const key = bid.key === null ? null : `${bid.supplierId}:${bid.key}`;
    if (key !== null && keys.has(key)) {
      i += 1;
      continue;
    }
    if (key !== null) keys.add(key);
    batch.push(bid);
    waiting.splice(i, 1);
  }
  return batch;
}

/** Runs a batch and answers its bids; a batch that fails as a whole is run again bid by bid. */
async function settle(runtime: EntityRuntime, auctionId: number, batch: Waiting[]): Promise<void> {
  let decided: { results: Result[]; standings: AuctionStandings };
  try {
    decided = await runtime.transaction((tx) => decideBatch(tx, runtime, auctionId, batch));
  } catch (error) {
    forgetStandings(runtime, auctionId);
    if (batch.length === 1) batch[0]!.reject(error);
    else for (const bid of batch) await settle(runtime, auctionId, [bid]);
    return;
  }
  // Inside a caller's transaction nothing is committed yet: the next batch reads them again.
  if (isInTransaction()) forgetStandings(runtime, auctionId);
  else rememberStandings(runtime, auctionId, decided.standings);
  decided.results.forEach((result, index) => {
    const bid = batch[index]!;
    if ('answer' in result) bid.resolve(result.answer);
    else bid.reject(result.error);
  });
}

/** Hall numbers of a batch's accepted bids before the hall gives them theirs: after every stored one. */
const PROVISIONAL = 2 ** 52;

type NewBid = typeof srmAuctionBid.$inferInsert;

async function decideBatch(
  tx: Executor,
  runtime: EntityRuntime,
  auctionId: number,
  batch: readonly QueuedBid[],
): Promise<{ results: Result[]; standings: AuctionStandings }> {
  const { sealer, clock } = runtime;
  const [locked] = await systemData(batch[0]!.actor, runtime, tx).lock(auction, [auctionId]);
  if (!locked) throw new AppError(404, 'entity.notFound');
  // The first official time: after the lock is held.
  const first = clock.now();
  // The first bid after the start brings the initial bids in first, if nothing did yet.
  if (locked.initialBidFlag === 'Y' && locked.startedDate === null && first.getTime() >= locked.startDate)
    await openInitialBids(tx, sealer, locked, first);
  const repeats = await repeatsOf(tx, sealer, auctionId, batch);
  const standings = await currentStandings(tx, sealer, runtime, auctionId);
  // Copied on first write: what was read may be what the node remembers.
  const lots = new Map(standings.lots);
  const touched = new Map<number, Map<number, TimedStanding>>();
  const lotOfBid = (lot: number | null) => {
    const key = lotKey(lot);
    let own = touched.get(key);
    if (!own) {
      own = new Map(lots.get(key) ?? []);
      touched.set(key, own);
      lots.set(key, own);
    }
    return own;
  };
  const { factors, precision } = batch[0]!.terms;
  const rules = rulesOf(locked, precision);
  const sealed = locked.auctionMode === 'SEALED';
  const sealWith = sealed ? await bidKeyOf(tx, sealer, auctionId, first) : null;
  const moved = { end: locked.endDate, count: locked.extendCount ?? 0, by: null as Actor | null };
  const results: (Result | { accepted: number; endDate: number; rank: number | null })[] = [];
  const accepted: NewBid[] = [];
  const refused: NewBid[] = [];
  const superseded: { supplierId: number; lot: number | null }[] = [];
  for (const bid of batch) {
    const { supplierId, price, lot } = bid;
    const repeat = bid.key === null ? undefined : repeats.get(`${supplierId}:${bid.key}`);
    if (repeat) {
      results.push({ answer: answerOf(sealer, repeat, moved.end, null) });
      continue;
    }
    // This bid's official time: the lock is held, and the bids before it are decided.
    const at = clock.now();
    const now = at.getTime();
    const standingsOfLot = lotOfBid(lot);
    const before = withFactors([...standingsOfLot.values()], factors);
    const factor = factors?.get(supplierId);
    const refuse = (issue: RuleIssue) => {
      refused.push({
        ...storedBid(auctionId, bid, at, sealer, sealWith),
        status: 'REFUSED',
        reason: issue.message,
        reasonParams: sealed || !issue.params ? null : JSON.stringify(issue.params).slice(0, 200),
      });
      results.push({ error: new AppError(422, issue.message, issue.params) });
    };
    const closed = closedReason(locked, moved.end, now);
    if (closed) {
      refuse(closed);
      continue;
    }
    // At most one accepted bid per supplier per lot per second (a refused one may be corrected at
    // once): its current bid is its latest accepted one. The 429 itself is not logged: it is the
    // caller's pace.
    const own = before.find((standing) => standing.supplierId === supplierId);
    if (own && own.bidTime > now - 1000) {
      results.push({ error: new AppError(429, 'srmAuction.bid.tooFast') });
      continue;
    }
    const refusal = checkBid(rules, {
      supplierId,
      price,
      startPrice: bid.startPrice,
      // In a sealed auction a bid is checked against the supplier's own only: a tie or a large
      // drop refused against someone else's price would tell that price.
      standings: sealed ? (own ? [own] : []) : before,
      confirmedDrop: bid.confirmedDrop,
      factor,
    });
    // A large drop is a question to the supplier, not a refusal: nothing is logged.
    if (refusal?.code === 'largeDrop') {
      results.push({ error: new AppError(409, 'srmAuction.bid.largeDrop', refusal.params) });
      continue;
    }
    if (refusal) {
      refuse(refusalIssue(refusal));
      continue;
    }
    const seq = PROVISIONAL + accepted.length;
    if (own && own.seq < PROVISIONAL) superseded.push({ supplierId, lot });
    const after = [
      ...before.filter((standing) => standing.supplierId !== supplierId),
      { supplierId, price, seq, factor },
    ];
    const newEnd = extendedEnd(extensionRules(locked), {
      now,
      end: moved.end,
      extendCount: moved.count,
      before,
      after,
    });
    if (newEnd !== null) Object.assign(moved, { end: newEnd, count: moved.count + 1, by: bid.actor });
    standingsOfLot.set(supplierId, { supplierId, price, seq, bidTime: now });
    results.push({
      accepted: accepted.length,
      endDate: moved.end,
      // The rank only where the supplier may know it (its hall shows it too); never in a sealed auction.
      rank: sealed || locked.displayRule === 'NONE' ? null : rankOf(after, supplierId),
    });
    accepted.push({
      ...storedBid(auctionId, bid, at, sealer, sealWith),
      status: 'ACCEPTED',
      extendedTo: newEnd === null ? null : new Date(newEnd),
    });
  }
  if (superseded.length > 0)
    await tx.execute(
      sql`update srm_auction_bid set status = 'SUPERSEDED'
          where auction_id = ${auctionId} and status = 'ACCEPTED'
            and (supplier_id, coalesce(auction_item_id, 0)) in (${sql.join(
              superseded.map((one) => sql`(${one.supplierId}, ${lotKey(one.lot)})`),
              sql`, `,
            )})`,
    );
  // The hall numbers the accepted bids in their order; each gets its number and bid number.
  const seqs = await raiseHallEvents(
    tx,
    hallOf(auctionId),
    'bid',
    accepted.map((row) => row.bidTime),
  );
  accepted.forEach((row, index) => {
    row.hallSeq = seqs[index]!;
    row.bidNum = `${locked.auctionNum ?? auctionId}-${String(seqs[index]).padStart(5, '0')}`;
  });
  const stored =
    accepted.length === 0
      ? []
      : await tx
          .insert(srmAuctionBid)
          .values(accepted)
          .returning({ bidId: srmAuctionBid.bidId, hallSeq: srmAuctionBid.hallSeq });
  // By hall number, not by the order rows come back in.
  const bidIds = new Map(stored.map((row) => [Number(row.hallSeq), Number(row.bidId)]));
  // Logged beside the accepted ones (the bid log keeps refusals with their reason).
  if (refused.length > 0) await tx.insert(srmAuctionBid).values(refused).onConflictDoNothing();
  if (moved.by)
    await systemData(moved.by, runtime, tx).patch(auction, auctionId, {
      endDate: moved.end,
      extendCount: moved.count,
    });
  for (const standingsOfLot of touched.values())
    for (const [supplierId, standing] of standingsOfLot)
      if (standing.seq >= PROVISIONAL)
        standingsOfLot.set(supplierId, { ...standing, seq: seqs[standing.seq - PROVISIONAL]! });
  return {
    results: results.map((result, index) => {
      if (!('accepted' in result)) return result;
      const row = accepted[result.accepted]!;
      return {
        answer: {
          bidId: bidIds.get(row.hallSeq!)!,
          bidNum: row.bidNum ?? null,
          status: 'ACCEPTED',
          price: batch[index]!.price.toFixed(),
          seq: row.hallSeq ?? null,
          bidTime: row.bidTime.getTime(),
          rank: result.rank,
          endDate: result.endDate,
          extended: row.extendedTo !== null,
        },
      };
    }),
    standings: { seq: seqs.at(-1) ?? standings.seq, lots },
  };
}

/** What a bid stores whatever becomes of it (its price sealed in a sealed auction). */
function storedBid(auctionId: number, bid: QueuedBid, at: Date, sealer: Sealer, sealWith: DataKey | null) {
  return {
    auctionId,
    auctionItemId: bid.lot,
    supplierId: bid.supplierId,
    userId: bid.actor.userId,
    ip: bid.actor.clientIp ?? null,
    ...storedPrice(sealer, sealWith, bid.price),
    bidTime: at,
    idempotencyKey: bid.key,
  };
}

function extensionRules(locked: AuctionRow): ExtensionRules {
  return {
    extendWindowMinutes: locked.extendWindowMinutes ?? 0,
    extendMinutes: locked.extendMinutes ?? 0,
    extendFrom: locked.extendFrom === 'END' ? 'END' : 'BID',
    extendMaxCount: locked.extendMaxCount ?? null,
    extendTrigger:
      locked.extendTrigger === 'BEST' || locked.extendTrigger === 'TOP_N' ? locked.extendTrigger : 'ANY',
    extendTopN: locked.extendTopN ?? 3,
  };
}

/**
 * The stored bids of a batch's keys (a retried or double-clicked bid is answered what it was),
 * by `{supplierId}:{key}`.
 */
async function repeatsOf(tx: Executor, sealer: Sealer, auctionId: number, batch: readonly QueuedBid[]) {
  const keyed = batch.filter((bid) => bid.key !== null);
  const found = new Map<string, typeof srmAuctionBid.$inferSelect>();
  if (keyed.length === 0) return found;
  const rows = await tx
    .select()
    .from(srmAuctionBid)
    .where(
      and(
        eq(srmAuctionBid.auctionId, auctionId),
        inArray(srmAuctionBid.supplierId, [...new Set(keyed.map((bid) => bid.supplierId))]),
        inArray(srmAuctionBid.idempotencyKey, [...new Set(keyed.map((bid) => bid.key!))]),
      ),
    );
  await loadBidKeys(tx, sealer, rows);
  for (const row of rows) found.set(`${row.supplierId}:${row.idempotencyKey}`, row);
  return found;
}

/** What an initial bid answers its bidder: its own price and when it was taken. */
export interface InitialBidAnswer {
  readonly bidId: number;
  readonly price: string;
  readonly bidTime: number;
}

/**
 * A sealed initial bid (the auction's `initialBidFlag`): a confirmed supplier prices a lot before
 * the start; a later one replaces its earlier (REVISED). The price is sealed with the auction's
 * data key whatever the mode, so nobody — the buyer, an administrator, a dump — reads it before
 * the start; the bidder reads its own. The rules of a first bid hold (precision, above zero, not
 * above the start price); steps and ties wait for the hall.
 */
export async function placeInitialBid(ctx: DataApi, input: BidInput): Promise<InitialBidAnswer> {
  const { supplierId, auctionId, price } = await bidderOf(ctx, input);
  const runtime = ctx.runtime;
  return runtime.transaction(async (tx) => {
    const data = dataApi({ actor: ctx.actor, runtime, tx, now: runtime.clock.now() }, 'bid').system(
      'an initial bid locks its auction and marks the supplier’s row',
    );
    const [locked] = await data.lock(auction, [auctionId]);
    if (!locked) throw new AppError(404, 'entity.notFound');
    const at = runtime.clock.now();
    if (locked.initialBidFlag !== 'Y') throw new AppError(422, 'srmAuction.initial.notAsked');
    if (locked.status !== 'PUBLISHED' || at.getTime() >= locked.startDate)
      throw new AppError(422, 'srmAuction.initial.started');
    const terms = await termsOf(data, auctionId);
    const { lot, startPrice } = lotOf(terms, input);
    const refusal = checkBid(rulesOf(locked, terms.precision), {
      supplierId,
      price,
      startPrice,
      standings: [],
      confirmedDrop: true,
    });
    if (refusal) {
      const issue = refusalIssue(refusal);
      throw new AppError(422, issue.message, issue.params);
    }
    await tx
      .update(srmAuctionBid)
      .set({ status: 'REVISED' })
      .where(
        and(
          eq(srmAuctionBid.auctionId, auctionId),
          eq(srmAuctionBid.supplierId, supplierId),
          lot === null ? isNull(srmAuctionBid.auctionItemId) : eq(srmAuctionBid.auctionItemId, lot),
          eq(srmAuctionBid.status, 'INITIAL'),
        ),
      );
    const [stored] = await tx
      .insert(srmAuctionBid)
      .values({
        auctionId,
        auctionItemId: lot,
        supplierId,
        userId: ctx.actor.userId,
        ip: ctx.actor.clientIp ?? null,
        ...storedPrice(runtime.sealer, await bidKeyOf(tx, runtime.sealer, auctionId, at), price),
        status: 'INITIAL',
        bidTime: at,
      })
      .returning({ bidId: srmAuctionBid.bidId });
    const [line] = await data.list(auctionSupplier, { auctionId, supplierId }, { limit: 1 });
    if (line) await data.patch(auctionSupplier, line.auctionSupplierId, { initialBidDate: at.getTime() });
    return { bidId: Number(stored!.bidId), price: price.toFixed(), bidTime: at.getTime() };
  });
}

/**
 * The start of an auction with initial bids: each supplier's current initial bid becomes an
 * accepted bid with its own hall event, in the order they were submitted (a tie ranks the earlier
 * first); in an open auction its price is written in the clear, in a sealed one it stays sealed
 * until the opening. Run under the auction's lock by the start, the immediate start, the close
 * and the first live bid, whichever comes first; a second run finds nothing.
 */
export async function openInitialBids(
  tx: Executor,
  sealer: Sealer,
  locked: Pick<AuctionRow, 'auctionId' | 'auctionNum' | 'auctionMode' | 'initialBidFlag'>,
  at: Date,
): Promise<number> {
  if (locked.initialBidFlag !== 'Y') return 0;
  const initial = await tx
    .select({
      bidId: srmAuctionBid.bidId,
      price: srmAuctionBid.price,
      sealedPrice: srmAuctionBid.sealedPrice,
    })
    .from(srmAuctionBid)
    .where(and(eq(srmAuctionBid.auctionId, locked.auctionId), eq(srmAuctionBid.status, 'INITIAL')))
    .orderBy(srmAuctionBid.bidTime, srmAuctionBid.bidId);
  await loadBidKeys(tx, sealer, initial);
  for (const bid of initial) {
    const seq = await raiseHallEvent(tx, `${AUCTION_HALL}:${locked.auctionId}`, 'bid', null, at);
    await tx
      .update(srmAuctionBid)
      .set({
        status: 'ACCEPTED',
        hallSeq: seq,
        bidNum: `${locked.auctionNum ?? locked.auctionId}-${String(seq).padStart(5, '0')}`,
        ...(locked.auctionMode === 'SEALED'
          ? {}
          : { price: priceOf(sealer, bid).toFixed(), sealedPrice: null }),
      })
      .where(eq(srmAuctionBid.bidId, bid.bidId));
  }
  return initial.length;
}

function answerOf(
  sealer: Sealer,
  row: typeof srmAuctionBid.$inferSelect,
  endDate: number,
  rank: number | null,
): BidAnswer {
  return {
    bidId: Number(row.bidId),
    bidNum: row.bidNum,
    status: row.status,
    price: priceOf(sealer, row).toFixed(),
    seq: row.hallSeq === null ? null : Number(row.hallSeq),
    bidTime: row.bidTime.getTime(),
    rank,
    endDate,
    extended: row.extendedTo !== null,
  };
}

/** The supplier's bids on its auction, newest first (its own only). */
export async function ownBids(tx: Executor, auctionId: number, supplierId: number, limit = 200) {
  return tx
    .select()
    .from(srmAuctionBid)
    .where(and(eq(srmAuctionBid.auctionId, auctionId), eq(srmAuctionBid.supplierId, supplierId)))
    .orderBy(sql`${srmAuctionBid.bidId} desc`)
    .limit(limit);
}

/** Every bid of the auction, oldest first. */
export async function allBids(tx: Executor, auctionId: number) {
  return tx
    .select()
    .from(srmAuctionBid)
    .where(eq(srmAuctionBid.auctionId, auctionId))
    .orderBy(srmAuctionBid.bidId);
}

/** Accepted and superseded bids per lot (the board's bid count). */
export async function bidCounts(
  tx: Executor,
  auctionId: number,
): Promise<Map<string, { count: number; last: number }>> {
  const rows = await tx
    .select({
      item: srmAuctionBid.auctionItemId,
      supplier: srmAuctionBid.supplierId,
      count: sql<string>`count(*)`,
      last: sql<Date>`max(${srmAuctionBid.bidTime})`,
    })
    .from(srmAuctionBid)
    .where(
      and(eq(srmAuctionBid.auctionId, auctionId), inArray(srmAuctionBid.status, ['ACCEPTED', 'SUPERSEDED'])),
    )
    .groupBy(srmAuctionBid.auctionItemId, srmAuctionBid.supplierId);
  const counts = new Map<string, { count: number; last: number }>();
  for (const row of rows)
    counts.set(`${row.item ?? 'lot'}:${row.supplier}`, {
      count: Number(row.count),
      last: new Date(row.last).getTime(),
    });
  return counts;
}

export const hallOf = (auctionId: number) => hallName(AUCTION_HALL, auctionId);
