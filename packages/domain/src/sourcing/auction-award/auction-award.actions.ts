// Auction awards on the server. Created for an opened auction, its rows come from the final
// accepted bids: one per material and bidder, ranked, the best given all of it; a lot bid is spread
// over the materials in proportion to their start prices. Every save checks the shares (../award.ts)
// and, for a lot, that each supplier has one share on every material. Submitting needs the auction
// opened and the awarded suppliers eligible to be ordered from; the auction waits while the award
// is approved. The approval hands the award to purchasing (price list, draft agreements, ASL),
// records what it created, and tells each bidder its own result on its entry.
import { type NewRowOf, type RowOf, type RuleIssue, dec } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { type AwardHandOff, handOffAward } from '../../agreements/server';
import { addDays, dayIn } from '../../supplier/server';
import { assertOrderable, handOffNote } from '../award.server';
import { draftAwardOrders } from '../award-orders';
import { requisitionLinesOf } from '../from-requisition';
import { offersOf, recordAwardPrices } from '../price-monitor/price-monitor.record';
import { type ShareLine, resultOf, shareAmounts, sharesIssue } from '../award';
import { auction, auctionItem, auctionJury } from '../auction/auction.entity';
import { engineerRequired } from '../auction-category/auction-category.rules';
import { factorsOf } from '../auction/auction.bids';
import { standingsOf } from '../auction/auction.standings';
import { ranked, withFactors } from '../auction/auction.rules';
import { auctionEntry } from '../auction-entry/auction-entry.entity';
import { DEFAULT_TAX_RATE, auctionAward, auctionAwardLine } from './auction-award.entity';

const platform = (ctx: DataApi) => ctx.system('an auction award reads its auction and the final bids');

/** The award's rows from the final accepted bids, and its total; the auction names its award. */
export async function prepareAuctionAward(ctx: DataApi, awardId: number, auctionId: number): Promise<void> {
  const data = platform(ctx);
  const [found] = await data.list(auction, { auctionId }, { limit: 1 });
  if (!found) return;
  const items = [...(await data.lines(auctionItem, auctionId))].sort((a, b) => a.lineNum - b.lineNum);
  const lot = found.bidBasis === 'TOTAL';
  // A lot's price per unit of each material: the start price scaled by the lot bid over the lot's start.
  const lotStart = items.reduce((sum, item) => sum.plus(dec(item.startPrice).times(item.quantity)), dec(0));
  // Ranked as the hall ranked them: by transformed price where the auction says so (the best of
  // those is marked lowest and given all of it).
  const factors = await factorsOf(data, found);
  const finalBids = async (auctionItemId: number | null) =>
    ranked(withFactors(await standingsOf(ctx.tx, ctx.runtime.sealer, auctionId, auctionItemId), factors));
  const lotStandings = lot ? await finalBids(null) : [];
  const rows: (ShareLine & NewRowOf<typeof auctionAwardLine>)[] = [];
  for (const item of items) {
    const standings = lot ? lotStandings : await finalBids(item.auctionItemId);
    const base = {
      awardId,
      itemLineNum: item.lineNum,
      auctionItemId: item.auctionItemId,
      itemId: item.itemId,
      quantity: item.quantity,
      uomId: item.uomId,
      reservePrice: item.reservePrice,
      taxRate: DEFAULT_TAX_RATE,
      reason: null,
    };
    // A material nobody bid on: one row without a supplier, to say why it is not awarded.
    if (!standings.length) {
      rows.push({ ...base, supplierId: null, unitPrice: null, lowestFlag: null, awardPercent: 0 });
      continue;
    }
    standings.forEach((standing, index) => {
      const unitPrice = lot
        ? dec(item.startPrice).times(standing.price).div(lotStart).toDecimalPlaces(6).toNumber()
        : standing.price.toNumber();
      const over = item.reservePrice !== null && unitPrice > Number(item.reservePrice);
      rows.push({
        ...base,
        supplierId: standing.supplierId,
        unitPrice,
        bidRank: index + 1,
        lowestFlag: index === 0 ? 'Y' : 'N',
        overReserveFlag: over ? 'Y' : 'N',
        awardPercent: index === 0 ? 100 : 0,
      });
    });
  }
  const total = shareAmounts(rows);
  await data.insert(auctionAwardLine, rows);
  await data.patch(auctionAward, awardId, { totalAmount: total });
  await data.patch(auction, auctionId, { awardId });
}

/** A lot is awarded as bid: each supplier has the same share on every material. */
function lotIssue(lines: readonly ShareLine[]): RuleIssue | null {
  const shares = new Map<number, Set<number>>();
  for (const line of lines) {
    if (line.supplierId === null) continue;
    const set = shares.get(line.supplierId) ?? new Set<number>();
    set.add(line.awardPercent ?? 0);
    shares.set(line.supplierId, set);
  }
  for (const [, set] of shares)
    if (set.size > 1) return { field: 'lines', message: 'srmAuctionAward.lotShares' };
  return null;
}

function linesIssue(lines: readonly ShareLine[], today: string, lot: boolean): RuleIssue | null {
  return sharesIssue(lines, today, auctionAward.name) ?? (lot ? lotIssue(lines) : null);
}

/** The awarded suppliers must be eligible to be ordered from (eligibility's ORDER purpose). */
const orderable = async (ctx: DataApi, award: { awardId: number; orgId: number | null }) =>
  assertOrderable(ctx, award.orgId, await platform(ctx).lines(auctionAwardLine, award.awardId));

async function auctionOpened(ctx: DataApi, auctionId: number): Promise<RuleIssue | null> {
  const [found] = await platform(ctx).list(auction, { auctionId }, { limit: 1 });
  return found?.status === 'OPENED' ? null : { message: 'srmAuctionAward.auctionNotOpened' };
}

/** What the approval of this award hands to purchasing (also its preview). */
export async function auctionHandOff(ctx: DataApi, row: RowOf<typeof auctionAward>): Promise<AwardHandOff> {
  const lines = await platform(ctx).lines(auctionAwardLine, row.awardId);
  // The requisition lines each material was auctioned for (their orders are drafted on approval).
  const asked = new Map(
    (await platform(ctx).lines(auctionItem, row.auctionId)).map((item) => [
      item.auctionItemId,
      requisitionLinesOf(item),
    ]),
  );
  return {
    sourceType: 'AUCTION',
    sourceNum: row.awardNum ?? String(row.awardId),
    title: row.title ?? row.awardNum ?? '',
    orgId: row.orgId!,
    currencyId: row.currencyId!,
    taxIncluded: row.taxIncludedFlag === 'Y',
    validFrom: row.validFrom,
    validTo: row.validTo,
    agreements: row.agreementFlag === 'Y',
    asl: row.aslFlag === 'Y',
    lines: lines
      .filter((line) => (line.awardPercent ?? 0) > 0 && line.supplierId !== null)
      .map((line) => ({
        key: line.awardLineId,
        supplierId: line.supplierId!,
        itemId: line.itemId,
        percent: line.awardPercent ?? 0,
        unitPrice: line.unitPrice ?? 0,
        taxRate: line.taxRate ?? DEFAULT_TAX_RATE,
        tiers: [],
        requisitionLineIds: asked.get(line.auctionItemId ?? 0) ?? [],
      })),
  };
}

/**
 * The award approved (and signed off by the engineer where needed): handed to purchasing, the
 * auction awarded, each bidder told its own result on its entry, and only that.
 */
async function awarded(ctx: DataApi, row: RowOf<typeof auctionAward>): Promise<void> {
  const data = platform(ctx);
  const lines = await data.lines(auctionAwardLine, row.awardId);
  const handOff = await auctionHandOff(ctx, row);
  const result = await handOffAward(ctx, handOff);
  const orders = await draftAwardOrders(ctx, handOff, row.createdBy ?? null);
  // Price monitoring: each awarded price beside the reserve and the material's lowest final bid.
  await recordAwardPrices(
    ctx,
    handOff,
    offersOf(lines, (line) => line.reservePrice),
  );
  await data.patch(auctionAward, row.awardId, {
    handOffNote: handOffNote(ctx, result, orders),
  });
  await data.act(auction, 'doAwarded', [row.auctionId]);
  // Each supplier that bid learns its own result on its entry, and only that.
  const bidders = new Set(lines.flatMap((line) => (line.supplierId === null ? [] : [line.supplierId])));
  const entries = await data.list(auctionEntry, { auctionId: row.auctionId, status: 'CONFIRMED' });
  for (const entry of entries) {
    if (!bidders.has(entry.supplierId)) continue;
    const outcome = resultOf(lines, entry.supplierId);
    await data.patch(auctionEntry, entry.entryId, {
      resultNote: ctx.t(`lookup.SRC_AWARD_RESULT.${outcome}`),
    });
    await ctx.services.siteMessages?.notify({
      supplierId: entry.supplierId,
      titleKey: `srmAuctionAward.message.${outcome}Title`,
      contentKey: `srmAuctionAward.message.${outcome}Content`,
      params: { number: entry.entryNum ?? '', title: entry.title ?? '' },
      link: { entityName: auctionEntry.name, documentId: entry.entryId },
      source: 'AUCTION_AWARD_RESULT',
      email: true,
      eventId: `${entry.entryId}-award-${row.awardId}`,
    });
  }
}

export const auctionAwardActions = defineActions(auctionAward, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    if (previous && previous.auctionId !== row.auctionId)
      return { field: 'auctionId', message: 'srmAuctionAward.auctionFixed' };
    if (!previous) {
      // Made for an opened auction without an award in progress, with its terms.
      const [found] = await platform(ctx).list(auction, { auctionId: row.auctionId }, { limit: 1 });
      if (!found || found.status !== 'OPENED')
        return { field: 'auctionId', message: 'srmAuctionAward.auctionNotOpened' };
      if (found.awardId !== null) return { field: 'auctionId', message: 'srmAuctionAward.awardInProgress' };
      row.title = found.title;
      row.orgId = found.orgId;
      row.currencyId = found.currencyId;
      row.taxIncludedFlag = found.taxIncludedFlag;
      row.bidBasis = found.bidBasis;
      // Award by engineer: the category decides; the jury's engineer signs off unless another is named.
      row.engineerFlag = (await engineerRequired(ctx, found.categoryId)) ? 'Y' : 'N';
      if (row.engineerId === null || row.engineerId === undefined) {
        const jury = await platform(ctx).lines(auctionJury, found.auctionId);
        row.engineerId = jury.find((member) => member.juryRole === 'ENGINEER')?.userId ?? null;
      }
    }
    ctx.row.totalAmount = shareAmounts(ctx.newLines.lines);
    if (!previous) return null;
    return linesIssue(ctx.newLines.lines, dayIn(ctx.now, ctx.runtime.timeZone), row.bidBasis === 'TOTAL');
  },
  async afterSave(ctx) {
    if (ctx.created) await prepareAuctionAward(ctx, ctx.id, ctx.row.auctionId);
  },
  // A draft deleted: its auction may have another prepared.
  async beforeDelete(ctx) {
    await platform(ctx).patchWhere(auction, { awardId: ctx.row.awardId }, { awardId: null });
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const opened = await auctionOpened(ctx, previous.auctionId);
      if (opened) return opened;
      const lines = await ctx.lines(auctionAwardLine, previous.awardId);
      const issue = linesIssue(lines, dayIn(ctx.now, ctx.runtime.timeZone), previous.bidBasis === 'TOTAL');
      if (issue) return issue;
      if (previous.engineerFlag === 'Y' && previous.engineerId === null)
        return { field: 'engineerId', message: 'srmAuctionAward.engineerRequired' };
      await orderable(ctx, previous);
      return null;
    },
    async doEngineerAwardApproval(ctx): Promise<RuleIssue | null> {
      await orderable(ctx, ctx.previous);
      return null;
    },
    async doApproval(ctx): Promise<RuleIssue | null> {
      await orderable(ctx, ctx.previous);
      return null;
    },
  },
  actions: {
    doSubmit: (ctx) => platform(ctx).act(auction, 'doAwardStart', [ctx.row.auctionId]),
    doWithdraw: (ctx) => platform(ctx).act(auction, 'doAwardBack', [ctx.row.auctionId]),
    doReject: (ctx) => platform(ctx).act(auction, 'doAwardBack', [ctx.row.auctionId]),
    async doCancel(ctx) {
      await platform(ctx).patch(auction, ctx.row.auctionId, { awardId: null });
    },
    async doApproval(ctx) {
      if (ctx.row.engineerFlag !== 'Y') return awarded(ctx, ctx.row);
      // Award by engineer: the engineer's process starts; the hand-off waits for its sign-off.
      await platform(ctx).act(auctionAward, 'doEngineerStart', [ctx.row.awardId]);
      await platform(ctx).act(auction, 'doEngineerStart', [ctx.row.auctionId]);
    },
    doEngineerAwardApproval: (ctx) => awarded(ctx, ctx.row),
    doEngineerAwardReject: (ctx) => platform(ctx).act(auction, 'doAwardBack', [ctx.row.auctionId]),
  },
});

/** The auction's 定标: a draft award through the award's own save (its checks, its rows). */
export async function prepareAwardOf(ctx: DataApi, auctionId: number): Promise<void> {
  const today = dayIn(ctx.now, ctx.runtime.timeZone);
  await platform(ctx).save(auctionAward, { auctionId, validFrom: today, validTo: addDays(today, 364) });
}
