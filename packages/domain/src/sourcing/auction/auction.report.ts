// The auction detail report (竞价明细, catalogue §2.15), across auctions: for every opened auction
// the caller may read, one row per material (or per lot, where the auction is bid on the total)
// and supplier that bid — how often, its first and final price, its rank, the drop from the start
// price and what it saves, and its share of the award once the auction is awarded. Only opened
// auctions: before the opening the bidders are aliases and a sealed auction's prices are
// ciphertext, so nothing of a running or closed auction is reported. Prices are the bid prices
// (the auction's currency, with or without tax as the auction says); amounts at two places.
import { sql } from 'drizzle-orm';
import type { DataApi } from '@srm/platform';
import { queryRows } from '@srm/db';
import { dec } from '@srm/kernel';
import { supplierInfo } from '../../supplier';
import { dayIn } from '../../supplier/server';
import { auctionAward, auctionAwardLine } from '../auction-award/auction-award.entity';
import { auction, auctionItem, auctionSupplier, OPENED_AUCTION_STATES } from './auction.entity';

/** Most auctions one report reads (the newest by end first); narrower filters read the rest. */
export const REPORT_MAX_AUCTIONS = 200;
/** Opened auctions looked at to find them (the newest first). */
const SCAN_LIMIT = 5_000;

export interface AuctionReportFilters {
  readonly auctionNum?: string | null;
  readonly orgId?: number | null;
  readonly supplierId?: number | null;
  readonly itemId?: number | null;
  /** Ended on or after this day (yyyy-MM-dd, the server's time zone). */
  readonly endFrom?: string | null;
  /** Ended on or before this day. */
  readonly endTo?: string | null;
}

export interface AuctionReportRow {
  readonly key: string;
  readonly auctionId: number;
  readonly auctionNum: string | null;
  readonly title: string;
  readonly orgName: string | null;
  readonly auctionMode: string | null;
  readonly bidBasis: string | null;
  readonly currencyCode: string | null;
  readonly startDate: number;
  readonly endDate: number;
  readonly status: string;
  /** The material's line; null for the lot of an auction bid on the total. */
  readonly lineNum: number | null;
  readonly itemName: string | null;
  readonly quantity: number | null;
  readonly startPrice: string;
  readonly supplierId: number;
  readonly supplierName: string;
  readonly bidCount: number;
  readonly refusedCount: number;
  readonly firstPrice: string | null;
  readonly finalPrice: string | null;
  readonly lastBidTime: number | null;
  readonly rank: number | null;
  /** (start − final) / start, in percent at two places. */
  readonly dropPercent: number | null;
  /** (start − final) × quantity (the lot: start − final), at two places. */
  readonly savingAmount: number | null;
  /** Its share of the approved award; null until the auction is awarded. */
  readonly awardPercent: number | null;
}

interface BidAggregate {
  auction_id: string | number;
  auction_item_id: string | number | null;
  supplier_id: string | number;
  bids: string | number;
  refused: string | number;
  first_price: string | null;
  final_price: string | null;
  final_seq: string | number | null;
  last_at: string | Date | null;
}

const time = (value: string | Date | null) =>
  value === null ? null : value instanceof Date ? value.getTime() : Date.parse(value);

export async function auctionDetailReport(
  ctx: DataApi,
  filters: AuctionReportFilters,
): Promise<{ rows: AuctionReportRow[]; auctions: number; truncated: boolean }> {
  const zone = ctx.runtime.timeZone;
  const data = ctx.system('the report reads the materials, bids and awards of the auctions it may read');
  // A supplier or a material narrows the auctions before the newest are taken.
  let only: number[] | null = null;
  if (filters.supplierId) {
    const bidOn = await queryRows<{ auction_id: string | number }>(
      ctx.tx,
      sql`select distinct auction_id from srm_auction_bid where supplier_id = ${filters.supplierId}`,
    );
    only = bidOn.map((row) => Number(row.auction_id));
  }
  if (filters.itemId) {
    const withItem = new Set(
      (await data.list(auctionItem, { itemId: filters.itemId })).map((row) => row.auctionId),
    );
    only = (only ?? [...withItem]).filter((id) => withItem.has(id));
  }
  if (only && !only.length) return { rows: [], auctions: 0, truncated: false };
  const where = {
    status: OPENED_AUCTION_STATES,
    ...(filters.orgId ? { orgId: filters.orgId } : {}),
    ...(only ? { auctionId: only } : {}),
  };
  // The caller's own scope decides which auctions it reads.
  const scanned = await ctx.list(auction, where, {
    orderBy: [{ field: 'endDate', order: 'desc' }],
    limit: SCAN_LIMIT,
  });
  const found = scanned
    .filter((row) => !filters.auctionNum || (row.auctionNum ?? '').startsWith(filters.auctionNum.trim()))
    .filter((row) => !filters.endFrom || dayIn(new Date(row.endDate), zone) >= filters.endFrom)
    .filter((row) => !filters.endTo || dayIn(new Date(row.endDate), zone) <= filters.endTo);
  const truncated = found.length > REPORT_MAX_AUCTIONS || scanned.length === SCAN_LIMIT;
  const heads = found.slice(0, REPORT_MAX_AUCTIONS);
  if (!heads.length) return { rows: [], auctions: 0, truncated: false };
  const ids = heads.map((head) => head.auctionId);
  const items = await data.list(auctionItem, { auctionId: ids });
  const aggregates = await queryRows<BidAggregate>(
    ctx.tx,
    sql`select auction_id, auction_item_id, supplier_id,
               count(*) filter (where status in ('ACCEPTED', 'SUPERSEDED')) as bids,
               count(*) filter (where status = 'REFUSED') as refused,
               (array_agg(price order by bid_time, bid_id)
                  filter (where status in ('ACCEPTED', 'SUPERSEDED')))[1]::text as first_price,
               max(price) filter (where status = 'ACCEPTED')::text as final_price,
               max(hall_seq) filter (where status = 'ACCEPTED') as final_seq,
               max(bid_time) filter (where status in ('ACCEPTED', 'SUPERSEDED')) as last_at
          from srm_auction_bid
         where auction_id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
         group by auction_id, auction_item_id, supplier_id`,
  );
  const supplierIds = [...new Set(aggregates.map((row) => Number(row.supplier_id)))];
  const names = new Map(
    (supplierIds.length ? await data.list(supplierInfo, { supplierId: supplierIds }) : []).map((row) => [
      row.supplierId,
      String(row.supplierName ?? ''),
    ]),
  );
  // Shares of the approved awards of awarded auctions.
  const awarded = heads.filter((head) => head.status === 'AWARDED').map((head) => head.auctionId);
  const awards = awarded.length
    ? await data.list(auctionAward, { auctionId: awarded, status: 'APPROVED' })
    : [];
  const awardLines = awards.length
    ? await data.list(auctionAwardLine, { awardId: awards.map((award) => award.awardId) })
    : [];
  const auctionOfAward = new Map(awards.map((award) => [award.awardId, award.auctionId]));
  const shareOf = (auctionId: number, itemId: number | null, supplierId: number): number | null => {
    if (!awarded.includes(auctionId)) return null;
    const mine = awardLines.filter(
      (line) =>
        auctionOfAward.get(line.awardId) === auctionId &&
        line.supplierId === supplierId &&
        (itemId === null || line.auctionItemId === itemId),
    );
    return mine.reduce((most, line) => Math.max(most, line.awardPercent ?? 0), 0);
  };

  // Price factors of the auctions ranked by transformed price: their ranks follow price × factor.
  const transformed = heads.filter((head) => head.rankBasis === 'TRANSFORMED').map((head) => head.auctionId);
  const factorLines = transformed.length ? await data.list(auctionSupplier, { auctionId: transformed }) : [];
  const factorOf = (auctionId: number, supplierId: number) =>
    dec(
      factorLines.find((line) => line.auctionId === auctionId && line.supplierId === supplierId)
        ?.priceFactor ?? 1,
    );

  const rows: AuctionReportRow[] = [];
  for (const head of heads) {
    const rankPrice = (row: BidAggregate) =>
      head.rankBasis === 'TRANSFORMED'
        ? dec(row.final_price!).times(factorOf(head.auctionId, Number(row.supplier_id)))
        : dec(row.final_price!);
    const own = items
      .filter((item) => item.auctionId === head.auctionId)
      .sort((a, b) => a.lineNum - b.lineNum);
    const lots =
      head.bidBasis === 'TOTAL'
        ? [
            {
              itemId: null,
              lineNum: null,
              itemName: null,
              quantity: null,
              start: own.reduce((sum, item) => sum.plus(dec(item.startPrice).times(item.quantity)), dec(0)),
              baseItems: own.map((item) => item.itemId),
            },
          ]
        : own.map((item) => ({
            itemId: item.auctionItemId,
            lineNum: item.lineNum,
            itemName: String(item.itemName ?? ''),
            quantity: item.quantity,
            start: dec(item.startPrice),
            baseItems: [item.itemId],
          }));
    for (const lot of lots) {
      if (filters.itemId && !lot.baseItems.includes(filters.itemId)) continue;
      const bidders = aggregates
        .filter(
          (row) =>
            Number(row.auction_id) === head.auctionId &&
            (row.auction_item_id === null ? null : Number(row.auction_item_id)) === lot.itemId,
        )
        .filter((row) => Number(row.bids) > 0 || Number(row.refused) > 0);
      // Ranks by final price (transformed where the auction ranked so), the earlier bid first at
      // the same price.
      const ranked = bidders
        .filter((row) => row.final_price !== null)
        .sort((a, b) => rankPrice(a).comparedTo(rankPrice(b)) || Number(a.final_seq) - Number(b.final_seq));
      // The ranked first, then those with refused bids only.
      for (const row of [...ranked, ...bidders.filter((bidder) => bidder.final_price === null)]) {
        const supplierId = Number(row.supplier_id);
        if (filters.supplierId && supplierId !== filters.supplierId) continue;
        const final = row.final_price === null ? null : dec(row.final_price);
        const drop = final === null || lot.start.isZero() ? null : lot.start.minus(final);
        rows.push({
          key: `${head.auctionId}:${lot.itemId ?? 'lot'}:${supplierId}`,
          auctionId: head.auctionId,
          auctionNum: head.auctionNum,
          title: head.title,
          orgName: head.orgName === undefined || head.orgName === null ? null : String(head.orgName),
          auctionMode: head.auctionMode,
          bidBasis: head.bidBasis,
          currencyCode:
            head.currencyCode === undefined || head.currencyCode === null ? null : String(head.currencyCode),
          startDate: head.startDate,
          endDate: head.endDate,
          status: head.status,
          lineNum: lot.lineNum,
          itemName: lot.itemName,
          quantity: lot.quantity,
          startPrice: lot.start.toFixed(),
          supplierId,
          supplierName: names.get(supplierId) ?? '',
          bidCount: Number(row.bids),
          refusedCount: Number(row.refused),
          firstPrice: row.first_price === null ? null : dec(row.first_price).toFixed(),
          finalPrice: final === null ? null : final.toFixed(),
          lastBidTime: time(row.last_at),
          rank: final === null ? null : ranked.indexOf(row) + 1,
          dropPercent: drop === null ? null : drop.div(lot.start).times(100).toDecimalPlaces(2).toNumber(),
          savingAmount:
            drop === null
              ? null
              : drop
                  .times(lot.quantity ?? 1)
                  .toDecimalPlaces(2)
                  .toNumber(),
          awardPercent: shareOf(head.auctionId, lot.itemId, supplierId),
        });
      }
    }
  }
  return { rows, auctions: heads.length, truncated };
}
