// The bid log and the bidders' aliases of auctions: written on the hall's hot path (hundreds of
// bids a second on one material), so not documents of the engine — a bid is checked and stored by
// one command holding the auction's row lock (auction.bids.ts) and read only through the auction's
// declared endpoints, which decide per caller what it may see (ADR 0026).
import {
  bigint,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** Every bid, accepted or refused. */
export const srmAuctionBid = pgTable(
  'srm_auction_bid',
  {
    bidId: bigint('bid_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** `AU…-00042`: the auction's number and the bid's place in its hall (accepted bids only). */
    bidNum: varchar('bid_num', { length: 40 }),
    auctionId: bigint('auction_id', { mode: 'number' }).notNull(),
    /** The material bid on; null for a bid on the whole lot (bid basis TOTAL). */
    auctionItemId: bigint('auction_item_id', { mode: 'number' }),
    /** From the session, never from the request. */
    supplierId: bigint('supplier_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    /**
     * Unit price (UNIT) or lot total (TOTAL), at the currency's precision. Null while the bid of a
     * sealed auction is not opened: the price is then in `sealedPrice` only.
     */
    price: numeric('price', { precision: 20, scale: 6 }),
    /**
     * The price of a bid in a sealed auction until the opening: ciphertext of the seal key
     * (AES-256-GCM, DESIGN.md §7), so that the database, its dumps and its reports hold no price;
     * the opening writes `price` and clears it.
     */
    sealedPrice: text('sealed_price'),
    /**
     * ACCEPTED, SUPERSEDED (the same supplier bid lower since), REFUSED; a sealed initial bid is
     * INITIAL until the start makes it ACCEPTED, REVISED when the supplier replaced it before.
     */
    status: varchar('status', { length: 12 }).notNull(),
    /** Why it was refused (a message key of the catalogue). */
    reason: varchar('reason', { length: 80 }),
    /**
     * The values the reason names (the bound a price missed), as JSON. Not kept in a sealed
     * auction: the bound there follows from the bidder's own sealed price.
     */
    reasonParams: varchar('reason_params', { length: 200 }),
    /** The hall event of an accepted bid (its sequence in the auction). */
    hallSeq: bigint('hall_seq', { mode: 'number' }),
    /** The official time: the clock read after the auction's lock was held. */
    bidTime: moment('bid_time').notNull(),
    /** The end it moved the auction to, when it extended it. */
    extendedTo: moment('extended_to'),
    ip: varchar('ip', { length: 64 }),
    /** The client's key: a retried or double-clicked bid is stored once. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }),
  },
  (t) => [
    uniqueIndex('srm_auction_bid_num_uk').on(t.bidNum),
    uniqueIndex('srm_auction_bid_key_uk').on(t.auctionId, t.supplierId, t.idempotencyKey),
    index('srm_auction_bid_auction_idx').on(t.auctionId, t.status),
    index('srm_auction_bid_supplier_idx').on(t.auctionId, t.supplierId, t.auctionItemId, t.bidTime),
    // The bids accepted after a number a node knows (auction.standings.ts).
    index('srm_auction_bid_seq_idx').on(t.auctionId, t.hallSeq),
  ],
);

/** The alias (供应商1…n) of each invited supplier, fixed when the auction is published. */
export const srmAuctionBidder = pgTable(
  'srm_auction_bidder',
  {
    auctionId: bigint('auction_id', { mode: 'number' }).notNull(),
    supplierId: bigint('supplier_id', { mode: 'number' }).notNull(),
    aliasNum: integer('alias_num').notNull(),
  },
  (t) => [primaryKey({ columns: [t.auctionId, t.supplierId] })],
);

export const auctionTables = { srmAuctionBid, srmAuctionBidder };
