// The auction hall's state and what each audience sees of it. The state is read once per event on
// each node (the auction, its materials, every current bid, the aliases); a view is built from it
// per recipient:
// - a supplier: its own bid and rank per lot, the best price or the anonymised ladder of prices as
//   the display rule allows (nothing live in a sealed auction), how many bid only when the buyer
//   chose to show it — never a name, never another supplier's bid as such;
// - the owner and the jury: the board (every bidder's price, rank, bid count and last bid time)
//   under aliases until the auction is opened, names after; in a sealed auction no prices before
//   the opening.
import { and, eq, inArray } from 'drizzle-orm';
import { type RowOf, dec } from '@srm/kernel';
import { type DataApi, type HallAudience, defineHall } from '@srm/platform';
import { supplierInfo } from '../../supplier';
import { BIDDING_STATES, auction, auctionItem, OPENED_AUCTION_STATES } from './auction.entity';
import { AUCTION_HALL, bidCounts, factorsOf, precisionOf } from './auction.bids';
import { loadBidKeys, priceOf } from './auction.standings';
import { type Standing, rankValue, ranked } from './auction.rules';
import { srmAuctionBid, srmAuctionBidder } from './auction.tables';

interface Lot {
  /** The material's row (null: the whole lot). */
  readonly auctionItemId: number | null;
  readonly lineNum: number;
  readonly itemName: unknown;
  readonly quantity: number;
  readonly uomName: unknown;
  readonly startPrice: string;
  readonly standings: (Standing & { bidTime: number })[];
}

export interface AuctionHallState {
  readonly auctionId: number;
  readonly auctionNum: string | null;
  readonly title: string;
  readonly status: string;
  readonly auctionMode: string;
  readonly displayRule: string;
  /** PRICE, or TRANSFORMED: the standings carry each supplier's factor. */
  readonly rankBasis: string;
  readonly showBidderCount: boolean;
  /** Confirmed suppliers may submit a sealed initial bid before the start. */
  readonly initialBids: boolean;
  readonly bidBasis: string;
  readonly currencyCode: unknown;
  readonly precision: number;
  readonly startDate: number;
  readonly endDate: number;
  readonly plannedEndDate: number | null;
  readonly extendCount: number;
  readonly decrementType: string;
  readonly decrementValue: number;
  readonly decrementBasis: string;
  readonly largeDropPercent: number | null;
  readonly lots: Lot[];
  readonly aliases: Map<number, number>;
  /** Names by supplier, read only once the auction is opened. */
  readonly names: Map<number, string>;
  readonly counts: Map<string, { count: number; last: number }>;
  readonly bidders: number;
  /** Enough suppliers confirmed for the hall to take bids (with fewer it does not run). */
  readonly enoughSuppliers: boolean;
}

const alias = (state: AuctionHallState, supplierId: number) => state.aliases.get(supplierId) ?? 0;

/** Reads the hall's state (system scope: the hall decides per audience what leaves it). */
export async function loadAuctionHall(data: DataApi, auctionId: number): Promise<AuctionHallState | null> {
  const [row] = await data.list(auction, { auctionId }, { limit: 1 });
  if (!row) return null;
  return hallState(data, row);
}

export async function hallState(
  data: DataApi,
  row: RowOf<typeof auction> & { currencyCode?: unknown },
): Promise<AuctionHallState> {
  const { auctionId } = row;
  const items = [...(await data.lines(auctionItem, auctionId))].sort((a, b) => a.lineNum - b.lineNum);
  const accepted = await data.tx
    .select({
      supplierId: srmAuctionBid.supplierId,
      item: srmAuctionBid.auctionItemId,
      price: srmAuctionBid.price,
      sealedPrice: srmAuctionBid.sealedPrice,
      seq: srmAuctionBid.hallSeq,
      bidTime: srmAuctionBid.bidTime,
      status: srmAuctionBid.status,
    })
    .from(srmAuctionBid)
    .where(
      and(eq(srmAuctionBid.auctionId, auctionId), inArray(srmAuctionBid.status, ['ACCEPTED', 'INITIAL'])),
    );
  // From the start, initial bids stand even before a start, a close or a bid brought them in; they
  // come before every live bid, in the order they were submitted (as openInitialBids numbers them).
  // Only while the auction takes bids: a cancelled one keeps its initial bids sealed (a close
  // brings them in itself).
  const started = BIDDING_STATES.includes(row.status) && data.runtime.clock.nowMs() >= row.startDate;
  const initial = started
    ? accepted
        .filter((bid) => bid.status === 'INITIAL')
        .sort((a, b) => a.bidTime.getTime() - b.bidTime.getTime())
        .map((bid, index, all) => ({ ...bid, seq: index - all.length }))
    : [];
  const standing = [...accepted.filter((bid) => bid.status === 'ACCEPTED'), ...initial];
  await loadBidKeys(data.tx, data.runtime.sealer, standing);
  const factors = await factorsOf(data, row);
  const standingsOf = (item: number | null) =>
    standing
      .filter((bid) => (bid.item === null ? null : Number(bid.item)) === item)
      .map((bid) => ({
        supplierId: Number(bid.supplierId),
        // Opened for the projections, which show a sealed auction's prices to nobody but the bidder.
        price: priceOf(data.runtime.sealer, bid),
        seq: Number(bid.seq ?? 0),
        bidTime: bid.bidTime.getTime(),
        factor: factors?.get(Number(bid.supplierId)),
      }));
  const precision = await precisionOf(data, row.currencyId);
  const lots: Lot[] =
    row.bidBasis === 'TOTAL'
      ? [
          {
            auctionItemId: null,
            lineNum: 0,
            itemName: null,
            quantity: 1,
            uomName: null,
            startPrice: items
              .reduce((sum, item) => sum.plus(dec(item.startPrice).times(item.quantity)), dec(0))
              .toDecimalPlaces(precision)
              .toFixed(precision),
            standings: standingsOf(null),
          },
        ]
      : items.map((item) => ({
          auctionItemId: item.auctionItemId,
          lineNum: item.lineNum,
          itemName: item.itemName,
          quantity: item.quantity,
          uomName: item.uomName,
          startPrice: dec(item.startPrice).toFixed(precision),
          standings: standingsOf(item.auctionItemId),
        }));
  const aliasRows = await data.tx
    .select()
    .from(srmAuctionBidder)
    .where(eq(srmAuctionBidder.auctionId, auctionId));
  const aliases = new Map(aliasRows.map((a) => [Number(a.supplierId), a.aliasNum]));
  const names = new Map<number, string>();
  if (OPENED_AUCTION_STATES.includes(row.status) && aliases.size) {
    const suppliers = await data.list(supplierInfo, { supplierId: [...aliases.keys()] });
    for (const supplier of suppliers) names.set(supplier.supplierId, String(supplier.supplierName ?? ''));
  }
  return {
    auctionId,
    auctionNum: row.auctionNum,
    title: row.title,
    status: row.status,
    auctionMode: row.auctionMode,
    displayRule: row.displayRule,
    rankBasis: row.rankBasis ?? 'PRICE',
    showBidderCount: row.showBidderCountFlag === 'Y',
    initialBids: row.initialBidFlag === 'Y',
    bidBasis: row.bidBasis,
    currencyCode: row.currencyCode ?? null,
    precision,
    startDate: row.startDate,
    endDate: row.endDate,
    plannedEndDate: row.plannedEndDate,
    extendCount: row.extendCount ?? 0,
    decrementType: row.decrementType,
    decrementValue: row.decrementValue,
    decrementBasis: row.decrementBasis,
    largeDropPercent: row.largeDropPercent ?? null,
    lots,
    aliases,
    names,
    counts: await bidCounts(data.tx, auctionId),
    bidders: new Set(standing.map((bid) => Number(bid.supplierId))).size,
    enoughSuppliers: (row.confirmedCount ?? 0) >= (row.minSuppliers ?? 2),
  };
}

function head(state: AuctionHallState) {
  return {
    auctionId: state.auctionId,
    auctionNum: state.auctionNum,
    title: state.title,
    status: state.status,
    auctionMode: state.auctionMode,
    rankBasis: state.rankBasis,
    initialBids: state.initialBids,
    bidBasis: state.bidBasis,
    currencyCode: state.currencyCode,
    precision: state.precision,
    startDate: state.startDate,
    endDate: state.endDate,
    plannedEndDate: state.plannedEndDate,
    extendCount: state.extendCount,
    decrementType: state.decrementType,
    decrementValue: state.decrementValue,
    decrementBasis: state.decrementBasis,
    largeDropPercent: state.largeDropPercent,
    enoughSuppliers: state.enoughSuppliers,
  };
}

const lotHead = (lot: Lot) => ({
  auctionItemId: lot.auctionItemId,
  lineNum: lot.lineNum,
  itemName: lot.itemName,
  quantity: lot.quantity,
  uomName: lot.uomName,
  startPrice: lot.startPrice,
});

/**
 * Each lot's standings ranked, with each supplier's place and the prices as shown: worked out once
 * per state, not once per recipient (200 suppliers each sorting every lot's 200 bids per event).
 */
interface RankedLot {
  readonly order: readonly (Standing & { bidTime: number })[];
  /** Place (0-based) by supplier. */
  readonly place: ReadonlyMap<number, number>;
  /** Each ranked standing's price at the currency's precision. */
  readonly prices: readonly string[];
}

const rankings = new WeakMap<AuctionHallState, RankedLot[]>();

function rankedLots(state: AuctionHallState): RankedLot[] {
  let lots = rankings.get(state);
  if (!lots) {
    lots = state.lots.map((lot) => {
      const order = ranked(lot.standings);
      return {
        order,
        place: new Map(order.map((standing, index) => [standing.supplierId, index])),
        prices: order.map((standing) => standing.price.toFixed(state.precision)),
      };
    });
    rankings.set(state, lots);
  }
  return lots;
}

/** The view of one audience. */
export function auctionView(state: AuctionHallState, audience: HallAudience) {
  const opened = OPENED_AUCTION_STATES.includes(state.status);
  const sealed = state.auctionMode === 'SEALED' && !opened;
  const transformed = state.rankBasis === 'TRANSFORMED';
  // The transformed price a rank follows, shown two digits finer than the currency's.
  const transformedText = (standing: Standing) => rankValue(standing).toFixed(state.precision + 2);
  if (audience.board) {
    return {
      ...head(state),
      side: 'board' as const,
      opened,
      bidders: state.bidders,
      lots: state.lots.map((lot, lotIndex) => {
        const { order, prices } = rankedLots(state)[lotIndex]!;
        const best = sealed ? undefined : order[0];
        return {
          ...lotHead(lot),
          // Ranked by transformed price, the best is the lowest transformed price.
          bestPrice: !best ? null : transformed ? transformedText(best) : prices[0]!,
          rows: order
            .map((standing, index) => {
              const counted = state.counts.get(`${lot.auctionItemId ?? 'lot'}:${standing.supplierId}`);
              return {
                alias: alias(state, standing.supplierId),
                supplierName: opened ? (state.names.get(standing.supplierId) ?? null) : null,
                price: sealed ? null : prices[index]!,
                // The factor and the transformed price the rank follows (the buyer's side only).
                factor: transformed && !sealed ? (standing.factor?.toFixed(4) ?? '1.0000') : null,
                transformedPrice: transformed && !sealed ? transformedText(standing) : null,
                rank: sealed ? null : index + 1,
                lastBidTime: standing.bidTime,
                bidCount: counted?.count ?? 0,
              };
            })
            .sort((a, b) => (sealed ? a.alias - b.alias : 0)),
        };
      }),
    };
  }
  const supplierId = audience.supplierId ?? -1;
  const rule = state.displayRule;
  return {
    ...head(state),
    side: 'supplier' as const,
    displayRule: rule,
    bidders: state.showBidderCount && !sealed ? state.bidders : null,
    lots: state.lots.map((lot, lotIndex) => {
      const { order, place, prices: shown } = rankedLots(state)[lotIndex]!;
      const index = place.get(supplierId) ?? -1;
      const own = index >= 0 ? order[index]! : null;
      const live = !sealed;
      // Ranked by transformed price, a supplier sees its own rank only: no one else's price.
      const prices = live && !transformed;
      return {
        ...lotHead(lot),
        ownPrice: own ? shown[index]! : null,
        ownRank: live && own && rule !== 'NONE' ? index + 1 : null,
        bestPrice: prices && (rule === 'RANK_BEST' || rule === 'LADDER') ? (shown[0] ?? null) : null,
        /** Every current price, lowest first, without who bid it (and the supplier's own marked). */
        ladder:
          prices && rule === 'LADDER'
            ? order.map((standing, at) => ({ price: shown[at]!, own: standing.supplierId === supplierId }))
            : null,
      };
    }),
  };
}

export const auctionHall = defineHall<AuctionHallState>({
  prefix: AUCTION_HALL,
  load: loadAuctionHall,
  view: auctionView,
  // The board is the same for the owner and every jury member; a supplier's view is its own.
  viewKey: (audience) => (audience.board ? 'board' : `supplier:${audience.supplierId ?? -1}`),
});
