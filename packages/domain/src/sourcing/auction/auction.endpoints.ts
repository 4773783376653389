// The hall's doors, each declared with its input and its scope:
//   srmAuctionEntry/bid     — a supplier bids on its own entry (the supplier comes from the session);
//   srmAuctionEntry/hall    — the supplier's view, its own bids, a pass for the socket;
//   srmAuction/hall         — the board, for the owner and the jury only (anyone else: 404);
//   srmAuction/history      — the bid log (auctionHistoryList): aliases until opened, names after;
//   srmAuction/detailReport — the auction detail report across opened auctions (auction.report.ts).
// A snapshot carries `seq` (the hall's last event) and `serverNow`; a client that missed frames
// asks again with `afterSeq` and gets the events after it as well.
import { amount, checkbox, date, datetime, number, price, quantity, ref, text } from '@srm/kernel';
import {
  AppError,
  type DataApi,
  type HallAudience,
  defineEndpoints,
  endpoint,
  hallEventsAfter,
  hallSeq,
} from '@srm/platform';
import { auctionEntry } from '../auction-entry/auction-entry.entity';
import { auction, auctionItem, auctionJury, OPENED_AUCTION_STATES } from './auction.entity';
import {
  type FromRequisitionGiven,
  fromRequisitionInput,
  hoursOn,
  materialsOf,
  openRequisitionLines,
  requisitionLink,
} from '../from-requisition';
import { allBids, hallOf, ownBids, placeBid, placeInitialBid } from './auction.bids';
import { loadBidKeys, priceOf } from './auction.standings';
import { auctionView, loadAuctionHall } from './auction.hall';
import { auctionDetailReport } from './auction.report';
import { srmAuctionBidder } from './auction.tables';
import { eq } from 'drizzle-orm';
import { supplierInfo } from '../../supplier';

const platform = (ctx: DataApi) =>
  ctx.system('the hall reads the whole auction and builds the caller’s own view');

async function snapshot(ctx: DataApi, auctionId: number, audience: HallAudience, afterSeq: number | null) {
  const hall = hallOf(auctionId);
  // The number before the state (the state holds at least what the number claims).
  const seq = await hallSeq(ctx.tx, hall);
  const state = await loadAuctionHall(platform(ctx), auctionId);
  if (!state) throw new AppError(404, 'entity.notFound');
  return {
    hall,
    seq,
    serverNow: ctx.runtime.clock.nowMs(),
    pass: ctx.runtime.plugins.realtime?.hallPass?.(hall, audience) ?? null,
    view: auctionView(state, audience),
    // Ids and kinds only: the view above is what the caller may know.
    events: afterSeq === null ? [] : await hallEventsAfter(ctx.tx, hall, afterSeq),
  };
}

/** The owner and the jury see the board; any other internal user gets what a missing hall gets. */
async function assertBoard(ctx: DataApi, auctionId: number): Promise<void> {
  const found = await ctx.find(auction, auctionId);
  const me = ctx.actor.userId;
  if (ctx.actor.system) return;
  const jury = await platform(ctx).lines(auctionJury, auctionId);
  if (me === null || (found.createdBy !== me && !jury.some((member) => member.userId === me)))
    throw new AppError(404, 'entity.notFound');
}

/** The values a refusal named (stored as JSON by the bid), when they read as such. */
function paramsOf(stored: string | null): Record<string, string | number> | null {
  if (!stored) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    );
  } catch {
    return null;
  }
}

/** A row of the bid log (no price while sealed: the bidder's own rows add theirs). */
const bidRow = (bid: Awaited<ReturnType<typeof allBids>>[number]) => ({
  bidId: Number(bid.bidId),
  bidNum: bid.bidNum,
  auctionItemId: bid.auctionItemId === null ? null : Number(bid.auctionItemId),
  price: bid.price,
  status: bid.status,
  reason: bid.reason,
  reasonParams: paramsOf(bid.reasonParams),
  seq: bid.hallSeq === null ? null : Number(bid.hallSeq),
  bidTime: bid.bidTime.getTime(),
  extendedTo: bid.extendedTo ? bid.extendedTo.getTime() : null,
});

export const auctionEntryEndpoints = defineEndpoints(auctionEntry, {
  /** `{ entryId, auctionItemId?, price: "12.35", idempotencyKey?, confirmLargeDrop? }` → the bid as stored. */
  bid: endpoint({
    summary: 'Places a bid in the auction hall as the signed-in supplier (its own entry only)',
    input: {
      entryId: ref('srmAuctionEntry', { required: true }),
      auctionItemId: number({ precision: 0, min: 1 }),
      price: text({ required: true, max: 30 }),
      idempotencyKey: text({ max: 64 }),
      confirmLargeDrop: checkbox(),
    },
    scope: auctionEntry,
    resource: 'button',
    sides: ['supplier'],
    async handle(ctx, input) {
      return { data: await placeBid(ctx, input) };
    },
  }),
  /** `{ entryId, auctionItemId?, price: "12.35" }` → the sealed initial bid as taken (before the start). */
  initialBid: endpoint({
    summary: 'Submits a sealed initial bid before the auction starts, as the signed-in supplier',
    input: {
      entryId: ref('srmAuctionEntry', { required: true }),
      auctionItemId: number({ precision: 0, min: 1 }),
      price: text({ required: true, max: 30 }),
    },
    scope: auctionEntry,
    resource: 'button',
    sides: ['supplier'],
    async handle(ctx, input) {
      return { data: await placeInitialBid(ctx, input) };
    },
  }),
  /** `{ entryId, afterSeq? }` → the supplier's own view of the hall, its bids, and a socket pass. */
  hall: endpoint({
    summary: 'The supplier’s view of its auction hall (own bids and rank as the rules allow)',
    input: {
      entryId: ref('srmAuctionEntry', { required: true }),
      afterSeq: number({ precision: 0, min: 0 }),
    },
    scope: auctionEntry,
    resource: 'read',
    sides: ['supplier'],
    async handle(ctx, input) {
      const entry = await ctx.find(auctionEntry, input.entryId);
      const supplierId = ctx.actor.supplierId;
      if (supplierId === null || entry.supplierId !== supplierId) throw new AppError(404, 'entity.notFound');
      const audience = { userId: ctx.actor.userId ?? 0, supplierId, board: false };
      const own = await ownBids(ctx.tx, entry.auctionId, supplierId);
      await loadBidKeys(ctx.tx, ctx.runtime.sealer, own);
      return {
        data: {
          ...(await snapshot(ctx, entry.auctionId, audience, input.afterSeq ?? null)),
          entryStatus: entry.status,
          // The bidder reads its own sealed prices.
          ownBids: own.map((bid) => ({
            ...bidRow(bid),
            price: bid.price ?? priceOf(ctx.runtime.sealer, bid).toFixed(6),
          })),
        },
      };
    },
  }),
});

/**
 * 由申请创建: a draft auction for what remains open on an approved requisition's lines (or on lines
 * chosen in the demand pool) — each line
 * a material with its remaining quantity and need-by date, the requisition's price as its start
 * price (a line without one is refused: no bid may exceed the start), the suggested suppliers
 * invited, starting the next day for an hour. The buyer sets the rules and submits it.
 */
async function fromRequisition(ctx: DataApi, given: FromRequisitionGiven) {
  const opened = await openRequisitionLines(ctx, given);
  const unpriced = opened.lines.find((line) => !line.unitPrice);
  if (unpriced)
    throw new AppError(422, 'sourcing.fromRequisition.noStartPrice', {
      number: unpriced.requisitionNumber ?? '',
      line: unpriced.lineNum,
    });
  const materials = materialsOf(opened);
  const startDate = hoursOn(ctx, 24);
  const saved = await ctx.save(auction, {
    title: opened.title,
    orgId: opened.orgId,
    currencyId: opened.currencyId,
    decrementValue: 0.01,
    startDate,
    endDate: startDate + 3_600_000,
    items: materials.map((material, index) => ({
      lineNum: index + 1,
      itemId: material.itemId,
      quantity: material.quantity,
      uomId: material.uomId,
      needByDate: material.needByDate,
      startPrice: material.unitPrice!,
    })),
    suppliers: opened.suppliers.map((supplierId) => ({ supplierId })),
  });
  const data = ctx.system('an auction made from a requisition records the lines it was asked for');
  const items = [...(await data.lines(auctionItem, saved.auctionId))].sort((a, b) => a.lineNum - b.lineNum);
  for (const [index, item] of items.entries())
    await data.patch(auctionItem, item.auctionItemId, requisitionLink(materials[index]!));
  return { auctionId: saved.auctionId, auctionNum: saved.auctionNum };
}

export const auctionEndpoints = defineEndpoints(auction, {
  /**
   * `{ requisitionHeaderId }` or `{ requisitionLineIds }` (lines of the demand pool, one
   * organisation) → `{ auctionId, auctionNum }`: a draft auction for what remains open on them.
   */
  createFromRequisition: endpoint({
    summary: "A draft auction for what remains open on an approved requisition's lines or on pool lines",
    input: fromRequisitionInput,
    scope: auction,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      return { data: await fromRequisition(ctx, input) };
    },
  }),
  /** `{ auctionId, afterSeq? }` → the board (aliases until opened), for the owner and the jury. */
  hall: endpoint({
    summary: 'The board of an auction hall, for its owner and jury (aliases until it is opened)',
    input: { auctionId: ref('srmAuction', { required: true }), afterSeq: number({ precision: 0, min: 0 }) },
    scope: auction,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      await assertBoard(ctx, input.auctionId);
      const audience = { userId: ctx.actor.userId ?? 0, supplierId: null, board: true };
      return { data: await snapshot(ctx, input.auctionId, audience, input.afterSeq ?? null) };
    },
  }),
  /** `{ auctionId }` → every bid, accepted and refused, with the bidder's alias (and name once opened). */
  /** Filters → `{ rows, auctions, truncated }`: per opened auction, material and bidder (竞价明细). */
  detailReport: endpoint({
    summary:
      'The auction detail report: per opened auction, material and bidder, bids, prices, rank, drop, award',
    input: {
      auctionNum: text({ max: 30 }),
      orgId: ref('srmBaseOrg'),
      supplierId: ref('srmSupplierInfo'),
      itemId: ref('srmBaseItem'),
      endFrom: date(),
      endTo: date(),
    },
    scope: auction,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return { data: await auctionDetailReport(ctx, input) };
    },
    // 导出: the same rows as an xlsx (`detailReport/exportExcel`), in the screen's columns.
    sheet: {
      labels: 'srmAuction.report',
      rows: (data) => data.rows,
      columns: {
        auctionNum: text(),
        itemName: text(),
        supplierName: text(),
        quantity: quantity(),
        startPrice: price(),
        finalPrice: price(),
        rank: number({ precision: 0 }),
        dropPercent: number({ precision: 2 }),
        savingAmount: amount(),
        awardPercent: number({ precision: 2 }),
        bidCount: number({ precision: 0 }),
        refusedCount: number({ precision: 0 }),
        firstPrice: price(),
        lastBidTime: datetime(),
        currencyCode: text(),
        orgName: text(),
        auctionMode: auction.fields.auctionMode!,
        endDate: datetime(),
        status: auction.fields.status!,
      },
    },
  }),
  history: endpoint({
    summary: 'The bid log of an auction (auctionHistoryList): aliases until it is opened, names after',
    input: { auctionId: ref('srmAuction', { required: true }) },
    scope: auction,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      await assertBoard(ctx, input.auctionId);
      const found = await ctx.find(auction, input.auctionId);
      const opened = OPENED_AUCTION_STATES.includes(found.status);
      const aliases = new Map(
        (
          await ctx.tx.select().from(srmAuctionBidder).where(eq(srmAuctionBidder.auctionId, input.auctionId))
        ).map((row) => [Number(row.supplierId), row.aliasNum]),
      );
      const names = new Map<number, string>();
      if (opened && aliases.size)
        for (const supplier of await platform(ctx).list(supplierInfo, { supplierId: [...aliases.keys()] }))
          names.set(supplier.supplierId, String(supplier.supplierName ?? ''));
      const sealed = found.auctionMode === 'SEALED' && !opened;
      const bids = await allBids(ctx.tx, input.auctionId);
      return {
        data: {
          opened,
          rows: bids.map((bid) => ({
            ...bidRow(bid),
            // In a sealed auction nobody reads a price before the opening (a cancelled one: never).
            price: sealed ? null : bid.price,
            alias: aliases.get(Number(bid.supplierId)) ?? 0,
            supplierName: opened ? (names.get(Number(bid.supplierId)) ?? null) : null,
            // The address would tell the bidder too: named once the auction is opened.
            ip: opened ? bid.ip : null,
          })),
        },
      };
    },
  }),
});
