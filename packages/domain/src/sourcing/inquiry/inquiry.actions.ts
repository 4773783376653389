// Inquiries on the server. Every supplier named must be eligible to be invited for every material
// in the organisation (eligibility's INVITE purpose) on saving, on submitting and again when the
// approval publishes it; the deadline must lie ahead on the server's clock. Publishing gives each
// supplier its quotation with the materials and their tiers and tells it (message and mail);
// moving the deadline tells every invited supplier why. After the deadline, opening needs the
// inquiry's number of different openers (the owner, jury members with the opener role), each
// confirming in their own session; the last one opens every quote. Preparing the award takes the
// opened quotes; cancelling cancels the quotes still open and tells the suppliers.
import { type RuleIssue, formatDateTimeMinute, user } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { addDays, assertAllEligible, dayIn } from '../../supplier/server';
import { inquiryQuote, inquiryQuoteLine } from '../inquiry-quote/inquiry-quote.entity';
import { mirrorAnswers } from '../inquiry-quote/inquiry-quote.answers';
import { inquiryAward } from '../inquiry-award/inquiry-award.entity';
import { confirmationOf, confirmedOpeners, mayOpen, openersMissing, openersOf } from '../opening';
import { inquiry, inquiryItem, inquiryJury, inquirySupplier } from './inquiry.entity';

const platform = (ctx: DataApi) => ctx.system('an inquiry makes, opens and closes its quotations');

const idsOf = (value: string | null | undefined) =>
  value ? value.split(',').map(Number).filter(Number.isFinite) : [];

/** The further tiers of a ladder ("1000,5000"), ascending; null when it does not read as one. */
export function tiersOf(ladder: string | null | undefined): number[] | null {
  if (!ladder?.trim()) return [];
  const parts = ladder.split(/[,，\s]+/).filter(Boolean);
  const tiers = parts.map(Number);
  if (tiers.some((tier) => !Number.isFinite(tier) || tier <= 0)) return null;
  for (let i = 1; i < tiers.length; i += 1) if (tiers[i]! <= tiers[i - 1]!) return null;
  return tiers;
}

type Row = { readonly orgId: number };
type Named = { readonly supplierId: number };
type Material = { readonly itemId: number };

/** Every supplier may be invited for every material in the organisation (the first refusal thrown). */
async function assertInvitable(
  ctx: DataApi,
  row: Row,
  suppliers: readonly Named[],
  items: readonly Material[],
): Promise<void> {
  const queries = suppliers.flatMap((supplier) =>
    items.map((item) => ({ supplierId: supplier.supplierId, itemId: item.itemId, orgId: row.orgId })),
  );
  await assertAllEligible(ctx, queries, 'INVITE');
}

function deadlineAhead(ctx: DataApi, deadline: number | null): RuleIssue | null {
  return deadline !== null && deadline <= ctx.now.getTime()
    ? { field: 'quoteDeadline', message: 'srmInquiry.deadlinePast' }
    : null;
}

type Openable = { inquiryId: number; createdBy: number | null; ownerConfirmedDate: number | null };

/** The people who may open: the owner and the jury's openers, with their confirmations. */
async function openers(ctx: DataApi, row: Openable) {
  const jury = await platform(ctx).lines(inquiryJury, row.inquiryId);
  return openersOf(row.createdBy, row.ownerConfirmedDate, jury);
}

async function openingRefused(
  ctx: DataApi,
  row: Openable & { quoteDeadline: number },
): Promise<RuleIssue | null> {
  if (ctx.now.getTime() < row.quoteDeadline)
    return {
      message: 'srmInquiry.openBeforeDeadline',
      params: { deadline: formatDateTimeMinute(row.quoteDeadline, ctx.runtime.timeZone) },
    };
  return mayOpen(await openers(ctx, row), ctx.actor.userId) ? null : { message: 'srmInquiry.notOpener' };
}

/** Records the caller's confirmation of the opening (a second one by the same person counts once). */
async function confirm(ctx: DataApi, row: Openable): Promise<void> {
  const data = platform(ctx);
  const at = ctx.now.getTime();
  const change = confirmationOf(await openers(ctx, row), ctx.actor.userId);
  if (change && 'owner' in change) await data.patch(inquiry, row.inquiryId, { ownerConfirmedDate: at });
  else if (change) await data.patch(inquiryJury, change.member.inquiryJuryId, { openConfirmedDate: at });
}

/** The deadline passed: drafts never submitted end (a revision's earlier version counts). */
async function closeQuotes(ctx: DataApi, inquiryId: number): Promise<void> {
  const data = platform(ctx);
  const drafts = await data.list(inquiryQuote, { inquiryId, status: 'DRAFT' });
  const first = drafts.filter((quote) => (quote.quoteVersion ?? 1) === 1).map((quote) => quote.quoteId);
  const revisions = drafts.filter((quote) => (quote.quoteVersion ?? 1) > 1).map((quote) => quote.quoteId);
  if (first.length) await data.act(inquiryQuote, 'doMarkUnanswered', first);
  if (revisions.length) await data.act(inquiryQuote, 'doDiscard', revisions);
  await mirrorAnswers(ctx, inquiryId);
}

async function tellSuppliers(
  ctx: DataApi,
  row: { inquiryId: number; inquiryNum: string | null; title: string },
  what: string,
  params: Record<string, string | number>,
): Promise<void> {
  const quotes = await platform(ctx).list(inquiryQuote, { inquiryId: row.inquiryId });
  const latest = new Map<number, { quoteId: number; quoteNum: string | null }>();
  for (const quote of quotes) latest.set(quote.supplierId, quote);
  for (const [supplierId, quote] of latest)
    await ctx.services.siteMessages?.notify({
      supplierId,
      titleKey: `srmInquiry.message.${what}Title`,
      contentKey: `srmInquiry.message.${what}Content`,
      params: { number: quote.quoteNum ?? '', title: row.title, ...params },
      link: { entityName: inquiryQuote.name, documentId: quote.quoteId },
      source: `INQUIRY_${what.toUpperCase()}`,
      email: true,
      eventId: `${quote.quoteId}-${what}-${ctx.now.getTime()}`,
    });
}

export const inquiryActions = defineActions(inquiry, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row } = ctx;
    for (const item of ctx.newLines.items)
      if (tiersOf(item.ladder) === null)
        return { field: 'items', message: 'srmInquiry.badLadder', params: { line: item.lineNum } };
    // Eligibility of what is newly named: a supplier or a material added, or another organisation.
    const orgChanged = ctx.previous !== null && ctx.previous.orgId !== row.orgId;
    const oldSuppliers = new Set(ctx.oldLines.suppliers.map((line) => line.supplierId));
    const oldItems = new Set(ctx.oldLines.items.map((line) => line.itemId));
    const newSuppliers = ctx.newLines.suppliers.filter(
      (line) => orgChanged || !oldSuppliers.has(line.supplierId),
    );
    const newItems = ctx.newLines.items.filter((line) => orgChanged || !oldItems.has(line.itemId));
    await assertInvitable(ctx, row, newSuppliers, ctx.newLines.items);
    await assertInvitable(ctx, row, ctx.newLines.suppliers, newItems);
    return null;
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const items = await ctx.lines(inquiryItem, previous.inquiryId);
      if (!items.length) return { field: 'items', message: 'srmInquiry.itemsRequired' };
      const suppliers = await ctx.lines(inquirySupplier, previous.inquiryId);
      if (!suppliers.length) return { field: 'suppliers', message: 'srmInquiry.suppliersRequired' };
      const late = deadlineAhead(ctx, previous.quoteDeadline);
      if (late) return late;
      await assertInvitable(ctx, previous, suppliers, items);
      return null;
    },
    async doApproval(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const late = deadlineAhead(ctx, previous.quoteDeadline);
      if (late) return late;
      const data = platform(ctx);
      await assertInvitable(
        ctx,
        previous,
        await data.lines(inquirySupplier, previous.inquiryId),
        await data.lines(inquiryItem, previous.inquiryId),
      );
      return null;
    },
    doExtendDeadline(ctx): RuleIssue | null {
      const next = ctx.input.quoteDeadline;
      if (next <= ctx.previous.quoteDeadline || next <= ctx.now.getTime())
        return { field: 'quoteDeadline', message: 'srmInquiry.extendLater' };
      return null;
    },
    doConfirmOpening: (ctx) => openingRefused(ctx, ctx.previous),
    async doBidOpening(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const refused = await openingRefused(ctx, previous);
      if (refused) return refused;
      const missing = openersMissing(
        await openers(ctx, previous),
        ctx.actor.userId,
        previous.openersRequired ?? 2,
      );
      return missing ? { message: 'srmInquiry.moreOpeners', params: { missing } } : null;
    },
    async doPrepareAward(ctx): Promise<RuleIssue | null> {
      const { awardId } = ctx.previous;
      if (awardId === null) return null;
      const [award] = await platform(ctx).list(inquiryAward, { awardId }, { limit: 1 });
      return { message: 'srmInquiry.awardExists', params: { number: award?.awardNum ?? '' } };
    },
  },
  actions: {
    async doApproval(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const files = ctx.services.attachments;
      const items = [...(await data.lines(inquiryItem, row.inquiryId))].sort((a, b) => a.lineNum - b.lineNum);
      for (const target of await data.lines(inquirySupplier, row.inquiryId)) {
        const [quoteId] = await data.insert(inquiryQuote, [
          {
            inquiryId: row.inquiryId,
            supplierId: target.supplierId,
            orgId: row.orgId,
            quoteVersion: 1,
            title: row.title,
            requestNote: row.requestNote,
            currencyId: row.currencyId,
            taxIncludedFlag: row.taxIncludedFlag,
            quoteDeadline: row.quoteDeadline,
            validityRequiredFlag: row.validityRequiredFlag,
          },
        ]);
        let lineNum = 0;
        await data.insert(
          inquiryQuoteLine,
          items.flatMap((item) =>
            [0, ...(tiersOf(item.ladder) ?? [])].map((fromQuantity) => {
              lineNum += 1;
              return {
                quoteId: quoteId!,
                lineNum,
                inquiryItemId: item.inquiryItemId,
                itemLineNum: item.lineNum,
                itemId: item.itemId,
                quantity: item.quantity,
                uomId: item.uomId,
                needByDate: item.needByDate,
                fromQuantity,
                // Nothing sealed is written here (not even the checkbox's default): the demo
                // snapshot holds published quotations and no installation's key.
                noQuoteFlag: null,
              };
            }),
          ),
        );
        // The supplier reads its own copies of the documents (the inquiry stays internal).
        const copies = files
          ? await files.copyTo(ctx.tx, idsOf(row.attachmentIds), {
              entity: inquiryQuote,
              recordId: quoteId!,
              field: 'attachmentIds',
              userId: ctx.actor.userId,
            })
          : [];
        if (copies.length) await data.patch(inquiryQuote, quoteId!, { attachmentIds: copies.join(',') });
      }
      await data.patch(inquiry, row.inquiryId, { publishedDate: ctx.now.getTime() });
      await mirrorAnswers(ctx, row.inquiryId);
      await tellSuppliers(ctx, row, 'published', {
        deadline: formatDateTimeMinute(row.quoteDeadline, ctx.runtime.timeZone),
      });
    },
    async doExtendDeadline(ctx) {
      const { row, input } = ctx;
      const data = platform(ctx);
      const reason = typeof input.comment === 'string' ? input.comment : '';
      await data.patch(inquiry, row.inquiryId, { quoteDeadline: input.quoteDeadline, changeReason: reason });
      const open = await data.list(inquiryQuote, { inquiryId: row.inquiryId });
      // The reminders start over for the new deadline.
      for (const quote of open)
        await data.patch(inquiryQuote, quote.quoteId, {
          quoteDeadline: input.quoteDeadline,
          remindedHours: null,
        });
      await tellSuppliers(ctx, row, 'extended', {
        deadline: formatDateTimeMinute(input.quoteDeadline, ctx.runtime.timeZone),
        reason,
      });
    },
    doClose: (ctx) => closeQuotes(ctx, ctx.row.inquiryId),
    doConfirmOpening: (ctx) => confirm(ctx, ctx.row),
    async doBidOpening(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      await confirm(ctx, row);
      // Opened before the closing program ran: the drafts end now, as the program would end them.
      if (ctx.previous.status === 'PUBLISHED') await closeQuotes(ctx, row.inquiryId);
      const quotes = await data.list(inquiryQuote, { inquiryId: row.inquiryId });
      if (quotes.length)
        await data.act(
          inquiryQuote,
          'doOpen',
          quotes.map((quote) => quote.quoteId),
        );
      const [again] = await data.list(inquiry, { inquiryId: row.inquiryId }, { limit: 1 });
      const people = again ? confirmedOpeners(await openers(ctx, again)) : [];
      const users = people.length ? await data.list(user, { userId: people.map((c) => c.userId) }) : [];
      const names = people.map(
        (c) => users.find((u) => u.userId === c.userId)?.userFullName ?? String(c.userId),
      );
      await data.patch(inquiry, row.inquiryId, {
        openedDate: ctx.now.getTime(),
        openedByNames: names.join('、').slice(0, 200),
      });
    },
    async doPrepareAward(ctx) {
      // Through the award's own save: its checks and its rows from the quotes.
      const today = dayIn(ctx.now, ctx.runtime.timeZone);
      await platform(ctx).save(inquiryAward, {
        inquiryId: ctx.row.inquiryId,
        validFrom: today,
        validTo: addDays(today, 364),
      });
    },
    async doCancel(ctx) {
      const { row, input } = ctx;
      const data = platform(ctx);
      const reason = typeof input.comment === 'string' ? input.comment : '';
      await data.patch(inquiry, row.inquiryId, { changeReason: reason });
      const open = await data.list(inquiryQuote, {
        inquiryId: row.inquiryId,
        status: ['DRAFT', 'SUBMITTED'],
      });
      if (open.length)
        await data.act(
          inquiryQuote,
          'doCancel',
          open.map((quote) => quote.quoteId),
          { comment: reason },
        );
      if (ctx.previous.status !== 'DRAFT' && ctx.previous.status !== 'REJECTED')
        await tellSuppliers(ctx, row, 'cancelled', { reason });
    },
  },
});

/**
 * SOURCING_INQUIRY_CLOSE (a concurrent program, every few minutes): published inquiries whose
 * deadline passed are closed, their unsubmitted drafts ended. Quoting does not wait for it: the
 * deadline is checked on the clock in every quote's own transaction.
 */
export async function closeDueInquiries(data: DataApi): Promise<number> {
  const system = data.system('the closing program reads every published inquiry');
  const due = (await system.list(inquiry, { status: 'PUBLISHED' })).filter(
    (row) => row.quoteDeadline <= data.now.getTime(),
  );
  if (due.length)
    await data.act(
      inquiry,
      'doClose',
      due.map((row) => row.inquiryId),
    );
  return due.length;
}
