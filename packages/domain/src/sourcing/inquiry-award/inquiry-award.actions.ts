// Awards on the server. Every save checks each material's shares: they add up to 100 percent, or
// to nothing with the reason nobody is awarded; a supplier other than the lowest valid one gets a
// share only with a reason; an expired quote gets none. Quantities and amounts follow the shares.
// Submitting needs the inquiry opened and the awarded suppliers eligible to be ordered from; the
// inquiry waits while the award is approved. The approval hands the award to purchasing (price
// list, draft agreements, ASL, and draft orders where the inquiry was asked for requisition lines),
// records what it created, and tells each supplier its own result.
import type { RowOf, RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { type AwardHandOff, handOffAward } from '../../agreements/server';
import { dayIn } from '../../supplier/server';
import { assertOrderable, handOffNote } from '../award.server';
import { draftAwardOrders } from '../award-orders';
import { requisitionLinesOf } from '../from-requisition';
import { resultOf, shareAmounts, sharesIssue } from '../award';
import { inquiry, inquiryItem } from '../inquiry/inquiry.entity';
import { offersOf, recordAwardPrices } from '../price-monitor/price-monitor.record';
import { inquiryQuote, inquiryQuoteLine } from '../inquiry-quote/inquiry-quote.entity';
import { currentOffers } from '../inquiry-quote/inquiry-quote.rounds';
import { inquiryAward, inquiryAwardLine } from './inquiry-award.entity';
import { prepareAward } from './inquiry-award.prepare';

const platform = (ctx: DataApi) => ctx.system('an award reads its inquiry and the opened quotes');

/** The awarded suppliers must be eligible to be ordered from (eligibility's ORDER purpose). */
const orderable = async (ctx: DataApi, award: { awardId: number; orgId: number | null }) =>
  assertOrderable(ctx, award.orgId, await platform(ctx).lines(inquiryAwardLine, award.awardId));

async function inquiryOpened(ctx: DataApi, inquiryId: number): Promise<RuleIssue | null> {
  const [found] = await platform(ctx).list(inquiry, { inquiryId }, { limit: 1 });
  return found?.status === 'OPENED' ? null : { message: 'srmInquiryAward.inquiryNotOpened' };
}

type AwardRow = RowOf<typeof inquiryAward>;

/** What the approval of this award hands to purchasing (also its preview). */
export async function inquiryHandOff(ctx: DataApi, row: AwardRow): Promise<AwardHandOff> {
  const data = platform(ctx);
  const lines = await data.lines(inquiryAwardLine, row.awardId);
  const awarded = lines.filter((line) => (line.awardPercent ?? 0) > 0 && line.supplierId !== null);
  // The requisition lines each material was asked for (their orders are drafted on approval).
  const asked = new Map(
    (await data.lines(inquiryItem, row.inquiryId)).map((item) => [
      item.inquiryItemId,
      requisitionLinesOf(item),
    ]),
  );
  // Each awarded line's tiers, from the supplier's quote of the same material.
  const tiersOf = async (quoteLineId: number | null) => {
    if (quoteLineId === null) return [];
    const [base] = await data.list(inquiryQuoteLine, { quoteLineId }, { limit: 1 });
    if (!base) return [];
    const siblings = await data.list(inquiryQuoteLine, {
      quoteId: base.quoteId,
      inquiryItemId: base.inquiryItemId,
    });
    return siblings
      .filter(
        (line) =>
          (line.fromQuantity ?? 0) > 0 && line.noQuoteFlag !== 'Y' && typeof line.unitPrice === 'number',
      )
      .map((line) => ({ fromQuantity: line.fromQuantity!, unitPrice: Number(line.unitPrice) }))
      .sort((a, b) => a.fromQuantity - b.fromQuantity);
  };
  return {
    sourceType: 'INQUIRY',
    sourceNum: row.awardNum ?? String(row.awardId),
    title: row.title ?? row.awardNum ?? '',
    orgId: row.orgId!,
    currencyId: row.currencyId!,
    taxIncluded: row.taxIncludedFlag === 'Y',
    validFrom: row.validFrom,
    validTo: row.validTo,
    agreements: row.agreementFlag === 'Y',
    asl: row.aslFlag === 'Y',
    lines: await Promise.all(
      awarded.map(async (line) => ({
        key: line.awardLineId,
        supplierId: line.supplierId!,
        itemId: line.itemId,
        percent: line.awardPercent ?? 0,
        unitPrice: line.unitPrice ?? 0,
        taxRate: line.taxRate ?? 0,
        tiers: await tiersOf(line.quoteLineId),
        requisitionLineIds: asked.get(line.inquiryItemId ?? 0) ?? [],
      })),
    ),
  };
}

export const inquiryAwardActions = defineActions(inquiryAward, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const today = dayIn(ctx.now, ctx.runtime.timeZone);
    const { row, previous } = ctx;
    if (previous && previous.inquiryId !== row.inquiryId)
      return { field: 'inquiryId', message: 'srmInquiryAward.inquiryFixed' };
    if (!previous) {
      // Made for an opened inquiry without an award in progress, with its terms. The inquiry's row
      // is locked: a new round of quotes racing this award waits, then finds the award (or the
      // award finds the inquiry quoting again).
      const [found] = await platform(ctx).lock(inquiry, [row.inquiryId]);
      if (!found || found.status !== 'OPENED')
        return { field: 'inquiryId', message: 'srmInquiryAward.inquiryNotOpened' };
      if (found.awardId !== null) return { field: 'inquiryId', message: 'srmInquiryAward.awardInProgress' };
      row.title = found.title;
      row.orgId = found.orgId;
      row.currencyId = found.currencyId;
      row.taxIncludedFlag = found.taxIncludedFlag;
    }
    ctx.row.totalAmount = shareAmounts(ctx.newLines.lines);
    return previous ? sharesIssue(ctx.newLines.lines, today, inquiryAward.name) : null;
  },
  async afterSave(ctx) {
    if (ctx.created) await prepareAward(ctx, ctx.id, ctx.row.inquiryId);
  },
  // A draft deleted: its inquiry may have another prepared.
  async beforeDelete(ctx) {
    await platform(ctx).patchWhere(inquiry, { awardId: ctx.row.awardId }, { awardId: null });
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const opened = await inquiryOpened(ctx, previous.inquiryId);
      if (opened) return opened;
      const lines = await ctx.lines(inquiryAwardLine, previous.awardId);
      const issue = sharesIssue(lines, dayIn(ctx.now, ctx.runtime.timeZone), inquiryAward.name);
      if (issue) return issue;
      await orderable(ctx, previous);
      return null;
    },
    async doApproval(ctx): Promise<RuleIssue | null> {
      await orderable(ctx, ctx.previous);
      return null;
    },
  },
  actions: {
    doSubmit: (ctx) => platform(ctx).act(inquiry, 'doAwardStart', [ctx.row.inquiryId]),
    doWithdraw: (ctx) => platform(ctx).act(inquiry, 'doAwardBack', [ctx.row.inquiryId]),
    doReject: (ctx) => platform(ctx).act(inquiry, 'doAwardBack', [ctx.row.inquiryId]),
    async doCancel(ctx) {
      await platform(ctx).patch(inquiry, ctx.row.inquiryId, { awardId: null });
    },
    async doApproval(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const lines = await data.lines(inquiryAwardLine, row.awardId);
      const handOff = await inquiryHandOff(ctx, row);
      const result = await handOffAward(ctx, handOff);
      const orders = await draftAwardOrders(ctx, handOff, row.createdBy ?? null);
      // Price monitoring: each awarded price beside the target and the material's lowest quote.
      const items = await data.lines(inquiryItem, row.inquiryId);
      const targets = new Map(items.map((item) => [item.inquiryItemId, item.targetPrice]));
      await recordAwardPrices(
        ctx,
        handOff,
        offersOf(lines, (line) => targets.get(line.inquiryItemId ?? 0) ?? null),
      );
      await data.patch(inquiryAward, row.awardId, {
        handOffNote: handOffNote(ctx, result, orders),
      });
      await data.act(inquiry, 'doAwarded', [row.inquiryId]);
      // Each supplier that quoted learns its own result, and only that, once (on its latest
      // round's quote; every quote of its that counted shows the result).
      const { quotes, latest } = await currentOffers(data, row.inquiryId);
      for (const quote of quotes)
        await data.patch(inquiryQuote, quote.quoteId, { awardResult: resultOf(lines, quote.supplierId) });
      for (const quote of latest.values()) {
        const result = resultOf(lines, quote.supplierId);
        await ctx.services.siteMessages?.notify({
          supplierId: quote.supplierId,
          titleKey: `srmInquiryAward.message.${result}Title`,
          contentKey: `srmInquiryAward.message.${result}Content`,
          params: { number: quote.quoteNum ?? '', title: quote.title ?? '' },
          link: { entityName: inquiryQuote.name, documentId: quote.quoteId },
          source: 'INQUIRY_AWARD_RESULT',
          email: true,
          eventId: `${quote.quoteId}-award-${row.awardId}`,
        });
      }
    },
  },
});
