// The bid command. One transaction holds the auction's row lock; the bid's official time is the
// clock read after the lock is held (never the transaction's start, never the client's); the rules
// run on what was read under that lock; an accepted bid supersedes the supplier's previous one on
// the lot, may move the end (same transaction, same hall event) and raises the hall event that
// every node turns into each subscriber's own view. A refused bid is logged with its reason in a
// transaction of its own after the first one rolled back, and answered 422. The supplier is always
// the session's; the request names only its own entry.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Decimal, type RowOf, type RuleIssue, dec } from '@srm/kernel';
import {
  AppError,
  type DataApi,
  type DataKey,
  type Sealer,
  dataApi,
  dataKeyOf,
  hallName,
  loadDataKeys,
  raiseHallEvent,
} from '@srm/platform';
import type { Executor } from '@srm/db';
import { currency } from '../../base-data';
import { auctionEntry } from '../auction-entry/auction-entry.entity';
import { auction, auctionItem, auctionSupplier, BIDDING_STATES } from './auction.entity';
import {
  type BidRules,
  type Refusal,
  type Standing,
  checkBid,
  extendedEnd,
  ranked,
  withFactors,
} from './auction.rules';
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

/** A rule refused the bid: it is logged, and the caller gets the reason (422). */
class Refused extends Error {
  constructor(readonly issue: RuleIssue) {
    super(issue.message);
  }
}

const refusalIssue = (refusal: Refusal): RuleIssue => ({
  message: `srmAuction.bid.${refusal.code}`,
  ...('params' in refusal ? { params: refusal.params } : {}),
});

/** The data key sealing a sealed auction's bid prices (one per auction, ADR 0041). */
export function bidKeyOf(tx: Executor, sealer: Sealer, auctionId: number, now: Date): Promise<DataKey> {
  return dataKeyOf(tx, sealer, `srmAuction:${auctionId}`, now);
}

/** Loads the data keys of these bids' sealed prices (before `priceOf` opens them). */
export async function loadBidKeys(
  on: Executor,
  sealer: Sealer,
  bids: readonly { sealedPrice: string | null }[],
): Promise<void> {
  await loadDataKeys(
    on,
    sealer,
    bids.map((bid) => bid.sealedPrice),
  );
}

/** A bid's stored price: in a sealed auction before its opening (given its key), ciphertext only. */
export function storedPrice(
  sealer: Sealer,
  sealedWith: DataKey | null,
  price: Decimal,
): { price: string | null; sealedPrice: string | null } {
  return sealedWith
    ? // As the price column would read it (numeric(20, 6)).
      { price: null, sealedPrice: sealer.seal(price.toFixed(6), sealedWith) }
    : { price: price.toFixed(), sealedPrice: null };
}

/**
 * The price of a stored bid, a sealed one opened for the server's own use (the rules, the hall's
 * own-price view): what may be shown of it is decided by the caller.
 */
export function priceOf(sealer: Sealer, row: { price: string | null; sealedPrice: string | null }): Decimal {
  if (row.price !== null) return dec(row.price);
  return dec(String(sealer.open(row.sealedPrice ?? '')));
}

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

/** A supplier's current bid on a lot, with its official time. */
export interface TimedStanding extends Standing {
  readonly bidTime: number;
}

/** Every supplier's current (accepted) bid on one lot. */
export async function standingsOf(
  tx: Executor,
  sealer: Sealer,
  auctionId: number,
  auctionItemId: number | null,
): Promise<TimedStanding[]> {
  const rows = await tx
    .select({
      supplierId: srmAuctionBid.supplierId,
      price: srmAuctionBid.price,
      sealedPrice: srmAuctionBid.sealedPrice,
      seq: srmAuctionBid.hallSeq,
      bidTime: srmAuctionBid.bidTime,
    })
    .from(srmAuctionBid)
    .where(
      and(
        eq(srmAuctionBid.auctionId, auctionId),
        eq(srmAuctionBid.status, 'ACCEPTED'),
        auctionItemId === null
          ? isNull(srmAuctionBid.auctionItemId)
          : eq(srmAuctionBid.auctionItemId, auctionItemId),
      ),
    );
  await loadBidKeys(tx, sealer, rows);
  return rows.map((row) => ({
    supplierId: Number(row.supplierId),
    price: priceOf(sealer, row),
    seq: Number(row.seq ?? 0),
    bidTime: row.bidTime.getTime(),
  }));
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

/** Why the hall does not take bids now (null: it does), by the clock read under the lock. */
function closedReason(row: AuctionRow, now: number): RuleIssue | null {
  if (!BIDDING_STATES.includes(row.status)) return { message: 'srmAuction.bid.notRunning' };
  if (now < row.startDate) return { message: 'srmAuction.bid.notStarted' };
  if (now >= row.endDate) return { message: 'srmAuction.bid.ended' };
  if ((row.confirmedCount ?? 0) < (row.minSuppliers ?? 2)) return { message: 'srmAuction.bid.notRunning' };
  return null;
}

async function existing(tx: Executor, auctionId: number, supplierId: number, key: string) {
  const [row] = await tx
    .select()
    .from(srmAuctionBid)
    .where(
      and(
        eq(srmAuctionBid.auctionId, auctionId),
        eq(srmAuctionBid.supplierId, supplierId),
        eq(srmAuctionBid.idempotencyKey, key),
      ),
    )
    .limit(1);
  return row ?? null;
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
  const [entry] = await ctx.list(auctionEntry, { entryId: input.entryId }, { limit: 1 });
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
  const key = input.idempotencyKey?.trim() || null;
  const runtime = ctx.runtime;
  const platform = (tx: Executor) =>
    dataApi({ actor: ctx.actor, runtime, tx, now: runtime.clock.now() }, 'bid').system(
      'a bid locks its auction and reads every standing bid to rank it',
    );
  // What does not change once an auction is published (its materials, its currency) is read
  // before the lock, once per node: the time under the lock is every other bidder's wait.
  const terms = await termsOf(platform(ctx.tx), auctionId);
  const { precision } = terms;
  const { lot, startPrice } = lotOf(terms, input);
  // What a rule refused, kept past the rollback to be logged.
  const attempt: {
    refused: { issue: RuleIssue; itemId: number | null; at: Date; sealed: boolean } | null;
  } = { refused: null };
  try {
    return await runtime.transaction(async (tx) => {
      const data = platform(tx);
      const [locked] = await data.lock(auction, [auctionId]);
      if (!locked) throw new AppError(404, 'entity.notFound');
      // The official time: after the lock is held.
      const at = runtime.clock.now();
      const now = at.getTime();
      // The first bid after the start brings the initial bids in first, if nothing did yet.
      if (locked.initialBidFlag === 'Y' && locked.startedDate === null && now >= locked.startDate)
        await openInitialBids(tx, runtime.sealer, locked, at);
      if (key) {
        const done = await existing(tx, auctionId, supplierId, key);
        if (done) {
          await loadBidKeys(tx, runtime.sealer, [done]);
          return answerOf(runtime.sealer, done, locked.endDate, null);
        }
      }
      let before: TimedStanding[];
      try {
        const closed = closedReason(locked, now);
        if (closed) throw new Refused(closed);
        before = withFactors(await standingsOf(tx, runtime.sealer, auctionId, lot), terms.factors);
        // At most one accepted bid per supplier per lot per second (a refused one may be corrected
        // at once): its current bid is its latest accepted one. The 429 itself is not logged: it is
        // the caller's pace.
        const own = before.find((standing) => standing.supplierId === supplierId);
        if (own && own.bidTime > now - 1000) throw new AppError(429, 'srmAuction.bid.tooFast');
        const refusal = checkBid(rulesOf(locked, precision), {
          supplierId,
          price,
          startPrice,
          // In a sealed auction a bid is checked against the supplier's own only: a tie or a large
          // drop refused against someone else's price would tell that price.
          standings:
            locked.auctionMode === 'SEALED'
              ? before.filter((standing) => standing.supplierId === supplierId)
              : before,
          confirmedDrop: input.confirmLargeDrop === 'Y',
          factor: terms.factors?.get(supplierId),
        });
        // A large drop is a question to the supplier, not a refusal: nothing is logged.
        if (refusal?.code === 'largeDrop')
          throw new AppError(409, 'srmAuction.bid.largeDrop', refusal.params);
        if (refusal) throw new Refused(refusalIssue(refusal));
      } catch (error) {
        if (error instanceof Refused)
          attempt.refused = { issue: error.issue, itemId: lot, at, sealed: locked.auctionMode === 'SEALED' };
        throw error;
      }
      return accept(tx, data, runtime.sealer, locked, {
        supplierId,
        userId: ctx.actor.userId,
        ip: ctx.actor.clientIp ?? null,
        lot,
        price,
        key,
        at,
        before,
        factor: terms.factors?.get(supplierId),
      });
    });
  } catch (error) {
    if (!(error instanceof Refused) || !attempt.refused) throw error;
    const { issue, itemId, at, sealed } = attempt.refused;
    // Logged apart from the rolled-back attempt (the bid log keeps refusals with their reason).
    await runtime.transaction(async (tx) =>
      tx
        .insert(srmAuctionBid)
        .values({
          auctionId,
          auctionItemId: itemId,
          supplierId,
          userId: ctx.actor.userId,
          ip: ctx.actor.clientIp ?? null,
          ...storedPrice(
            runtime.sealer,
            sealed ? await bidKeyOf(tx, runtime.sealer, auctionId, at) : null,
            price,
          ),
          status: 'REFUSED',
          reason: issue.message,
          reasonParams: sealed || !issue.params ? null : JSON.stringify(issue.params).slice(0, 200),
          bidTime: at,
          idempotencyKey: key,
        })
        .onConflictDoNothing(),
    );
    throw new AppError(422, issue.message, issue.params);
  }
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

async function accept(
  tx: Executor,
  data: DataApi,
  sealer: Sealer,
  locked: AuctionRow,
  bid: {
    supplierId: number;
    userId: number | null;
    /** Where the bid came from (the request's address). */
    ip: string | null;
    lot: number | null;
    price: Decimal;
    key: string | null;
    at: Date;
    /** Every supplier's current bid on the lot, as read under the lock. */
    before: Standing[];
    /** The bidder's price factor (ranking by transformed price). */
    factor: Decimal | undefined;
  },
): Promise<BidAnswer> {
  const { auctionId } = locked;
  const { before } = bid;
  const now = bid.at.getTime();
  const lotWhere =
    bid.lot === null ? isNull(srmAuctionBid.auctionItemId) : eq(srmAuctionBid.auctionItemId, bid.lot);
  await tx
    .update(srmAuctionBid)
    .set({ status: 'SUPERSEDED' })
    .where(
      and(
        eq(srmAuctionBid.auctionId, auctionId),
        eq(srmAuctionBid.supplierId, bid.supplierId),
        eq(srmAuctionBid.status, 'ACCEPTED'),
        lotWhere,
      ),
    );
  const seq = await raiseHallEvent(tx, `${AUCTION_HALL}:${auctionId}`, 'bid', null, bid.at);
  const after: Standing[] = [
    ...before.filter((standing) => standing.supplierId !== bid.supplierId),
    { supplierId: bid.supplierId, price: bid.price, seq, factor: bid.factor },
  ];
  const extendCount = locked.extendCount ?? 0;
  const newEnd = extendedEnd(
    {
      extendWindowMinutes: locked.extendWindowMinutes ?? 0,
      extendMinutes: locked.extendMinutes ?? 0,
      extendFrom: locked.extendFrom === 'END' ? 'END' : 'BID',
      extendMaxCount: locked.extendMaxCount ?? null,
      extendTrigger:
        locked.extendTrigger === 'BEST' || locked.extendTrigger === 'TOP_N' ? locked.extendTrigger : 'ANY',
      extendTopN: locked.extendTopN ?? 3,
    },
    { now, end: locked.endDate, extendCount, before, after },
  );
  const bidNum = `${locked.auctionNum ?? auctionId}-${String(seq).padStart(5, '0')}`;
  const [stored] = await tx
    .insert(srmAuctionBid)
    .values({
      bidNum,
      auctionId,
      auctionItemId: bid.lot,
      supplierId: bid.supplierId,
      userId: bid.userId,
      ip: bid.ip,
      ...storedPrice(
        sealer,
        locked.auctionMode === 'SEALED' ? await bidKeyOf(tx, sealer, auctionId, bid.at) : null,
        bid.price,
      ),
      status: 'ACCEPTED',
      hallSeq: seq,
      bidTime: bid.at,
      extendedTo: newEnd === null ? null : new Date(newEnd),
      idempotencyKey: bid.key,
    })
    .returning();
  if (newEnd !== null)
    await data.patch(auction, auctionId, {
      endDate: newEnd,
      extendCount: extendCount + 1,
    });
  // The rank only where the supplier may know it (its hall shows it too); never in a sealed auction.
  const rank =
    locked.auctionMode === 'SEALED' || locked.displayRule === 'NONE'
      ? null
      : ranked(after).findIndex((standing) => standing.supplierId === bid.supplierId) + 1;
  return answerOf(sealer, stored!, newEnd ?? locked.endDate, rank);
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
