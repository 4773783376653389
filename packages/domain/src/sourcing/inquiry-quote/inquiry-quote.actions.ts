// Quotations on the server. A supplier saves and submits only while its inquiry is published and
// before the deadline — the server's clock inside the transaction decides, never a program that
// may not have run yet. Submitting needs a price, a tax rate and a lead time on every line it
// quotes (or no quote with a reason), and the validity date when the inquiry asks for one; it
// supersedes the supplier's earlier version. Revising makes the next version from the current one.
// Declining withdraws the supplier from the round. Each step is mirrored on the inquiry. A quote
// belongs to a round of the inquiry (inquiry-quote.rounds.ts): versions supersede each other within
// their round only, and a quote of a round that is over can no longer be revised.
import { type RuleIssue, formatDateTimeMinute } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../../supplier/server';
import { inquiry } from '../inquiry/inquiry.entity';
import { mirrorAnswers } from './inquiry-quote.answers';
import { inquiryQuote, inquiryQuoteLine } from './inquiry-quote.entity';
import { quoteTotal, roundOf } from './inquiry-quote.rounds';

const platform = (ctx: DataApi) => ctx.system('a quotation reads its inquiry and its other versions');

/**
 * Why the supplier cannot quote now: the inquiry not published, its deadline passed, or the
 * quote's round over.
 */
export async function quotingClosed(
  ctx: DataApi,
  quote: { readonly inquiryId: number; readonly roundNum: number | null },
): Promise<RuleIssue | null> {
  const [found] = await platform(ctx).list(inquiry, { inquiryId: quote.inquiryId }, { limit: 1 });
  // Said as a deadline passed: a supplier is not told that others quote in a later round.
  if (found && roundOf(found) !== roundOf(quote)) return { message: 'srmInquiryQuote.roundOver' };
  if (!found || found.status !== 'PUBLISHED') return { message: 'srmInquiryQuote.notOpen' };
  if (ctx.now.getTime() >= found.quoteDeadline)
    return {
      message: 'srmInquiryQuote.pastDeadline',
      params: { deadline: formatDateTimeMinute(found.quoteDeadline, ctx.runtime.timeZone) },
    };
  return null;
}

/** The supplier's other quotes in this inquiry (every round). */
async function otherVersions(
  ctx: DataApi,
  quote: { quoteId: number; inquiryId: number; supplierId: number },
) {
  const all = await platform(ctx).list(inquiryQuote, {
    inquiryId: quote.inquiryId,
    supplierId: quote.supplierId,
  });
  return all.filter((other) => other.quoteId !== quote.quoteId);
}

/** Its submitted versions of the same round, which a new submission or a decline supersedes. */
async function submittedInRound(
  ctx: DataApi,
  quote: { quoteId: number; inquiryId: number; supplierId: number; roundNum: number | null },
) {
  return (await otherVersions(ctx, quote)).filter(
    (other) => other.status === 'SUBMITTED' && roundOf(other) === roundOf(quote),
  );
}

export const inquiryQuoteActions = defineActions(inquiryQuote, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const closed = await quotingClosed(ctx, ctx.previous ?? ctx.row);
    if (closed) return closed;
    ctx.row.totalAmount = quoteTotal(ctx.newLines.lines);
    return null;
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const closed = await quotingClosed(ctx, previous);
      if (closed) return closed;
      // Read as the supplier itself: its own sealed values, in plain.
      const lines = await ctx.lines(inquiryQuoteLine, previous.quoteId);
      for (const line of lines) {
        const at = { line: line.itemLineNum ?? line.lineNum, item: line.itemName ?? '' };
        if (line.noQuoteFlag === 'Y') {
          if (!line.noQuoteReason)
            return { field: 'lines', message: 'srmInquiryQuote.noQuoteWhy', params: at };
          continue;
        }
        if (line.unitPrice == null || line.taxRate == null || line.leadTimeDays == null)
          return { field: 'lines', message: 'srmInquiryQuote.lineIncomplete', params: at };
      }
      if (lines.every((line) => line.noQuoteFlag === 'Y'))
        return { field: 'lines', message: 'srmInquiryQuote.nothingQuoted' };
      if (previous.validityRequiredFlag === 'Y') {
        if (!previous.validToDate)
          return { field: 'validToDate', message: 'srmInquiryQuote.validityRequired' };
        if (previous.validToDate < dayIn(ctx.now, ctx.runtime.timeZone))
          return { field: 'validToDate', message: 'srmInquiryQuote.validityPast' };
      }
      return null;
    },
    async doRevise(ctx): Promise<RuleIssue | null> {
      const closed = await quotingClosed(ctx, ctx.previous);
      if (closed) return closed;
      const draft = (await otherVersions(ctx, ctx.previous)).find((other) => other.status === 'DRAFT');
      return draft
        ? { message: 'srmInquiryQuote.draftExists', params: { number: draft.quoteNum ?? '' } }
        : null;
    },
    doDecline: (ctx) => quotingClosed(ctx, ctx.previous),
  },
  actions: {
    async doSubmit(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const earlier = await submittedInRound(ctx, row);
      if (earlier.length)
        await data.act(
          inquiryQuote,
          'doSupersede',
          earlier.map((other) => other.quoteId),
        );
      await data.patch(inquiryQuote, row.quoteId, { submittedDate: ctx.now.getTime() });
      // An inquiry that is not sealed shows each quote as it comes.
      const [parent] = await data.list(inquiry, { inquiryId: row.inquiryId }, { limit: 1 });
      if (parent?.sealedFlag === 'N') await data.act(inquiryQuote, 'doOpen', [row.quoteId]);
      await mirrorAnswers(ctx, row.inquiryId);
    },
    async doRevise(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const versions = await otherVersions(ctx, row);
      const next = Math.max(row.quoteVersion ?? 1, ...versions.map((other) => other.quoteVersion ?? 1)) + 1;
      const [quoteId] = await data.insert(inquiryQuote, [
        {
          inquiryId: row.inquiryId,
          supplierId: row.supplierId,
          orgId: row.orgId,
          quoteVersion: next,
          roundNum: row.roundNum,
          title: row.title,
          requestNote: row.requestNote,
          currencyId: row.currencyId,
          taxIncludedFlag: row.taxIncludedFlag,
          quoteDeadline: row.quoteDeadline,
          validityRequiredFlag: row.validityRequiredFlag,
          attachmentIds: row.attachmentIds,
          validToDate: row.validToDate,
          quoteNote: row.quoteNote,
          totalAmount: row.totalAmount,
        },
      ]);
      // Read as the supplier itself: its own sealed values, in plain (the platform reads masks).
      const lines = await ctx.lines(inquiryQuoteLine, row.quoteId);
      await data.insert(
        inquiryQuoteLine,
        lines.map((line) => ({
          quoteId: quoteId!,
          lineNum: line.lineNum,
          inquiryItemId: line.inquiryItemId,
          itemLineNum: line.itemLineNum,
          itemId: line.itemId,
          quantity: line.quantity,
          uomId: line.uomId,
          needByDate: line.needByDate,
          fromQuantity: line.fromQuantity,
          unitPrice: line.unitPrice,
          taxRate: line.taxRate,
          leadTimeDays: line.leadTimeDays,
          brand: line.brand,
          model: line.model,
          warrantyMonths: line.warrantyMonths,
          noQuoteFlag: line.noQuoteFlag,
          noQuoteReason: line.noQuoteReason,
          remark: line.remark,
        })),
      );
    },
    async doDecline(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      // Declining withdraws the supplier from the round: its earlier version of the round no longer
      // counts (an offer of an earlier round still does).
      const earlier = await submittedInRound(ctx, row);
      if (earlier.length)
        await data.act(
          inquiryQuote,
          'doSupersede',
          earlier.map((other) => other.quoteId),
        );
      await data.patch(inquiryQuote, row.quoteId, {
        declineReason: typeof ctx.input.comment === 'string' ? ctx.input.comment : null,
      });
      await mirrorAnswers(ctx, row.inquiryId);
    },
  },
});
