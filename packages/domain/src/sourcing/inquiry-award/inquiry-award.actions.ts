// Awards on the server. Every save checks each material's shares: they add up to 100 percent, or
// to nothing with the reason nobody is awarded; a supplier other than the lowest valid one gets a
// share only with a reason; an expired quote gets none. Quantities and amounts follow the shares.
// Submitting needs the inquiry opened and the awarded suppliers eligible to be ordered from; the
// inquiry waits while the award is approved. The approval hands the award to purchasing (price
// list, draft agreements, ASL), records what it created, and tells each supplier its own result.
import { type RuleIssue, add, dec, mul } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { handOffAward } from '../../agreements/server';
import { assertAllEligible, dayIn } from '../../supplier/server';
import { inquiry } from '../inquiry/inquiry.entity';
import { inquiryQuote, inquiryQuoteLine } from '../inquiry-quote/inquiry-quote.entity';
import { inquiryAward, inquiryAwardLine } from './inquiry-award.entity';
import { prepareAward } from './inquiry-award.prepare';

const platform = (ctx: DataApi) => ctx.system('an award reads its inquiry and the opened quotes');

type Line = {
  itemLineNum: number | null;
  itemName?: string | number | null;
  inquiryItemId: number | null;
  supplierId: number | null;
  supplierName?: string | number | null;
  quantity: number | null;
  unitPrice: number | null;
  validToDate: string | null;
  lowestFlag: 'Y' | 'N' | null;
  awardPercent: number | null;
  awardQuantity?: number | null;
  lineAmount?: number | null;
  reason: string | null;
};

/** The first problem of the shares, material by material. */
export function sharesIssue(lines: readonly Line[], today: string): RuleIssue | null {
  const byItem = new Map<number, Line[]>();
  for (const line of lines) {
    const list = byItem.get(line.inquiryItemId ?? 0) ?? [];
    list.push(line);
    byItem.set(line.inquiryItemId ?? 0, list);
  }
  for (const rows of byItem.values()) {
    const at = { line: rows[0]!.itemLineNum ?? 0, item: String(rows[0]!.itemName ?? '') };
    const total = rows.reduce((sum, row) => add(sum, dec(row.awardPercent ?? 0)), dec(0));
    if (total.isZero()) {
      if (!rows.some((row) => row.reason))
        return { field: 'lines', message: 'srmInquiryAward.noAwardWhy', params: at };
      continue;
    }
    if (!total.equals(100))
      return {
        field: 'lines',
        message: 'srmInquiryAward.sharesNot100',
        params: { ...at, total: total.toString() },
      };
    for (const row of rows) {
      if (!(row.awardPercent ?? 0)) continue;
      if (row.supplierId === null)
        return { field: 'lines', message: 'srmInquiryAward.noSupplier', params: at };
      if (row.validToDate !== null && row.validToDate < today)
        return {
          field: 'lines',
          message: 'srmInquiryAward.quoteExpired',
          params: { ...at, supplier: String(row.supplierName ?? '') },
        };
      if (row.lowestFlag !== 'Y' && !row.reason)
        return { field: 'lines', message: 'srmInquiryAward.notLowestWhy', params: at };
    }
  }
  return null;
}

/** The awarded suppliers must be eligible to be ordered from (eligibility's ORDER purpose). */
async function assertOrderable(
  ctx: DataApi,
  award: { awardId: number; orgId: number | null },
): Promise<void> {
  if (award.orgId === null) return;
  const orgId = award.orgId;
  const lines = await platform(ctx).lines(inquiryAwardLine, award.awardId);
  await assertAllEligible(
    ctx,
    lines
      .filter((line) => (line.awardPercent ?? 0) > 0 && line.supplierId !== null)
      .map((line) => ({ supplierId: line.supplierId!, itemId: line.itemId, orgId })),
    'ORDER',
  );
}

async function inquiryOpened(ctx: DataApi, inquiryId: number): Promise<RuleIssue | null> {
  const [found] = await platform(ctx).list(inquiry, { inquiryId }, { limit: 1 });
  return found?.status === 'OPENED' ? null : { message: 'srmInquiryAward.inquiryNotOpened' };
}

export const inquiryAwardActions = defineActions(inquiryAward, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const today = dayIn(ctx.now, ctx.runtime.timeZone);
    const { row, previous } = ctx;
    if (previous && previous.inquiryId !== row.inquiryId)
      return { field: 'inquiryId', message: 'srmInquiryAward.inquiryFixed' };
    if (!previous) {
      // Made for an opened inquiry without an award in progress, with its terms.
      const [found] = await platform(ctx).list(inquiry, { inquiryId: row.inquiryId }, { limit: 1 });
      if (!found || found.status !== 'OPENED')
        return { field: 'inquiryId', message: 'srmInquiryAward.inquiryNotOpened' };
      if (found.awardId !== null) return { field: 'inquiryId', message: 'srmInquiryAward.awardInProgress' };
      row.title = found.title;
      row.orgId = found.orgId;
      row.currencyId = found.currencyId;
      row.taxIncludedFlag = found.taxIncludedFlag;
    }
    let total = dec(0);
    for (const line of ctx.newLines.lines) {
      const share = dec(line.awardPercent ?? 0);
      const quantity = mul(dec(line.quantity ?? 0), share.div(100)).toDecimalPlaces(4);
      line.awardQuantity = quantity.toNumber();
      line.lineAmount =
        typeof line.unitPrice === 'number'
          ? mul(dec(line.unitPrice), quantity).toDecimalPlaces(2).toNumber()
          : 0;
      total = add(total, dec(line.lineAmount));
    }
    ctx.row.totalAmount = total.toDecimalPlaces(2).toNumber();
    return previous ? sharesIssue(ctx.newLines.lines, today) : null;
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
      const issue = sharesIssue(lines, dayIn(ctx.now, ctx.runtime.timeZone));
      if (issue) return issue;
      await assertOrderable(ctx, previous);
      return null;
    },
    async doApproval(ctx): Promise<RuleIssue | null> {
      await assertOrderable(ctx, ctx.previous);
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
      const awarded = lines.filter((line) => (line.awardPercent ?? 0) > 0 && line.supplierId !== null);
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
      const result = await handOffAward(ctx, {
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
          })),
        ),
      });
      await data.patch(inquiryAward, row.awardId, {
        handOffNote: ctx.t('srmInquiryAward.message.handOffNote', {
          prices: result.priceRows,
          agreements: result.agreementNumbers.join('、') || '-',
          asl: result.aslRows,
        }),
      });
      await data.act(inquiry, 'doAwarded', [row.inquiryId]);
      // Each supplier that quoted learns its own result, and only that.
      const quotes = await data.list(inquiryQuote, { inquiryId: row.inquiryId, status: 'SUBMITTED' });
      for (const quote of quotes) {
        const mine = lines.filter((line) => line.supplierId === quote.supplierId);
        const won = mine.filter((line) => (line.awardPercent ?? 0) > 0);
        const items = new Set(lines.map((line) => line.inquiryItemId));
        const result = !won.length
          ? 'NOT_AWARDED'
          : won.length === items.size && won.every((l) => l.awardPercent === 100)
            ? 'AWARDED'
            : 'PARTIAL';
        await data.patch(inquiryQuote, quote.quoteId, { awardResult: result });
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
