// A bid's price, sealed or in the clear, and every supplier's current bid per lot. The bid command
// needs the standings of a running auction under the auction's lock: a node keeps what it last
// read (or wrote) with the hall number of the newest bid in it, and under the lock reads only the
// bids accepted since — by this node's earlier batches none, by another node's the few it took.
// Reading all 600 standings of a lot per bid cost more than the bid itself. Kept per runtime (one
// database), for the last MAX_AUCTIONS auctions that took bids. A sealed auction's prices are held
// opened in the node's memory: ADR 0041's threat model leaves an app node's root out of scope, and
// nothing here is written or shown.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Decimal, dec } from '@srm/kernel';
import { type DataKey, type Sealer, dataKeyOf, loadDataKeys } from '@srm/platform';
import type { Executor } from '@srm/db';
import type { Standing } from './auction.rules';
import { srmAuctionBid } from './auction.tables';

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
    .select(standingColumns)
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
  return rows.map((row) => standingOf(sealer, row));
}

/** What a standing is read from: a bid's supplier, price (sealed or not), number and time. */
const standingColumns = {
  lot: srmAuctionBid.auctionItemId,
  supplierId: srmAuctionBid.supplierId,
  price: srmAuctionBid.price,
  sealedPrice: srmAuctionBid.sealedPrice,
  seq: srmAuctionBid.hallSeq,
  bidTime: srmAuctionBid.bidTime,
};

function standingOf(
  sealer: Sealer,
  row: {
    supplierId: number;
    price: string | null;
    sealedPrice: string | null;
    seq: number | null;
    bidTime: Date;
  },
): TimedStanding {
  return {
    supplierId: Number(row.supplierId),
    price: priceOf(sealer, row),
    seq: Number(row.seq ?? 0),
    bidTime: row.bidTime.getTime(),
  };
}

/** A lot's key: its material, 0 for the whole lot of a TOTAL auction. */
export const lotKey = (auctionItemId: number | null): number => auctionItemId ?? 0;

/** The standings of an auction's lots as of its accepted bid numbered `seq`. */
export interface AuctionStandings {
  /** The hall number of the newest accepted bid they include (0: none). */
  readonly seq: number;
  readonly lots: ReadonlyMap<number, ReadonlyMap<number, TimedStanding>>;
}

const MAX_AUCTIONS = 200;
const known = new WeakMap<object, Map<number, AuctionStandings>>();

function cacheOf(runtime: object): Map<number, AuctionStandings> {
  let cache = known.get(runtime);
  if (!cache) known.set(runtime, (cache = new Map()));
  return cache;
}

/**
 * The auction's standings now. Call it holding the auction's lock: no bid is accepted meanwhile,
 * so the bids numbered after what the node knows are all it lacks. Answers a new value (the one
 * remembered is not changed until `rememberStandings`, after the commit).
 */
export async function currentStandings(
  tx: Executor,
  sealer: Sealer,
  runtime: object,
  auctionId: number,
): Promise<AuctionStandings> {
  const have = cacheOf(runtime).get(auctionId) ?? null;
  const rows = await tx
    .select(standingColumns)
    .from(srmAuctionBid)
    .where(
      have
        ? // Accepted since (superseded meanwhile or not): applied in their order, the last wins.
          and(eq(srmAuctionBid.auctionId, auctionId), gt(srmAuctionBid.hallSeq, have.seq))
        : and(eq(srmAuctionBid.auctionId, auctionId), eq(srmAuctionBid.status, 'ACCEPTED')),
    )
    .orderBy(srmAuctionBid.hallSeq);
  if (have && rows.length === 0) return have;
  await loadBidKeys(tx, sealer, rows);
  const lots = new Map<number, Map<number, TimedStanding>>();
  for (const [lot, standings] of have?.lots ?? []) lots.set(lot, new Map(standings));
  let seq = have?.seq ?? 0;
  for (const row of rows) {
    const lot = lotKey(row.lot);
    let standings = lots.get(lot);
    if (!standings) lots.set(lot, (standings = new Map()));
    const standing = standingOf(sealer, row);
    standings.set(standing.supplierId, standing);
    seq = Math.max(seq, standing.seq);
  }
  return { seq, lots };
}

/** Keeps the standings a committed transaction left (or wrote) for the auction's next bids. */
export function rememberStandings(runtime: object, auctionId: number, standings: AuctionStandings): void {
  const cache = cacheOf(runtime);
  cache.delete(auctionId);
  if (cache.size >= MAX_AUCTIONS) cache.delete(cache.keys().next().value!);
  cache.set(auctionId, standings);
}

/** Forgets an auction's standings (a transaction that read them rolled back). */
export function forgetStandings(runtime: object, auctionId: number): void {
  cacheOf(runtime).delete(auctionId);
}
