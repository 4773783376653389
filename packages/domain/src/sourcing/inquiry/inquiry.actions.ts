// Inquiries on the server. Every supplier named must be eligible to be invited for every material
// in the organisation (eligibility's INVITE purpose) on saving, on submitting and again when the
// approval publishes it; the deadline must lie ahead on the server's clock. Publishing gives each
// supplier its quotation with the materials and their tiers and tells it (message and mail);
// moving the deadline tells every invited supplier why. After the deadline, opening needs the
// inquiry's number of different openers (the owner, jury members with the opener role), each
// confirming in their own session; the last one opens every quote. Preparing the award takes the
// opened quotes; cancelling cancels the quotes still open and tells the suppliers. After opening,
// a new round (doRequote) asks chosen suppliers for chosen materials again, with a new deadline and
// a new opening; its quotations start from each supplier's offer that counts.
import { type RowOf, type RuleIssue, formatDateTimeMinute, user } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { addDays, assertAllEligible, dayIn } from '../../supplier/server';
import { inquiryQuote, inquiryQuoteLine } from '../inquiry-quote/inquiry-quote.entity';
import { mirrorAnswers } from '../inquiry-quote/inquiry-quote.answers';
import { currentOffers, offerKey, quoteTotal, roundOf } from '../inquiry-quote/inquiry-quote.rounds';
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

/** A material of the inquiry as its quotation lines need it. */
interface QuotedMaterial {
  readonly inquiryItemId: number;
  readonly lineNum: number;
  readonly itemId: number;
  readonly quantity: number;
  readonly uomId: number | null;
  readonly needByDate: string | null;
  readonly ladder: string | null;
}

/** A quotation's lines: each material's base quantity, then its tiers, with what `fill` adds. */
function quoteLinesOf<T extends object>(
  items: readonly QuotedMaterial[],
  fill: (item: QuotedMaterial, fromQuantity: number) => T,
) {
  let lineNum = 0;
  return items.flatMap((item) =>
    [0, ...(tiersOf(item.ladder) ?? [])].map((fromQuantity) => {
      lineNum += 1;
      return {
        lineNum,
        inquiryItemId: item.inquiryItemId,
        itemLineNum: item.lineNum,
        itemId: item.itemId,
        quantity: item.quantity,
        uomId: item.uomId,
        needByDate: item.needByDate,
        fromQuantity,
        ...fill(item, fromQuantity),
      };
    }),
  );
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

/**
 * The deadline passed: drafts never submitted end — unanswered when the draft was the supplier's
 * first of its round, discarded when it revised a quote of the round (that one counts).
 */
async function closeQuotes(ctx: DataApi, inquiryId: number): Promise<void> {
  const data = platform(ctx);
  const quotes = await data.list(inquiryQuote, { inquiryId });
  const drafts = quotes.filter((quote) => quote.status === 'DRAFT');
  const revises = (draft: (typeof quotes)[number]) =>
    quotes.some(
      (other) =>
        other.supplierId === draft.supplierId &&
        roundOf(other) === roundOf(draft) &&
        (other.quoteVersion ?? 1) < (draft.quoteVersion ?? 1),
    );
  const first = drafts.filter((quote) => !revises(quote)).map((quote) => quote.quoteId);
  const revisions = drafts.filter(revises).map((quote) => quote.quoteId);
  if (first.length) await data.act(inquiryQuote, 'doMarkUnanswered', first);
  if (revisions.length) await data.act(inquiryQuote, 'doDiscard', revisions);
  await mirrorAnswers(ctx, inquiryId);
}

async function tellSuppliers(
  ctx: DataApi,
  row: { inquiryId: number; inquiryNum: string | null; title: string },
  what: string,
  params: Record<string, string | number>,
  only?: ReadonlySet<number>,
): Promise<void> {
  const quotes = await platform(ctx).list(inquiryQuote, { inquiryId: row.inquiryId });
  // Each supplier's newest quotation (the highest id) is the one its message opens.
  const latest = new Map<number, { quoteId: number; quoteNum: string | null }>();
  for (const quote of [...quotes].sort((a, b) => a.quoteId - b.quoteId))
    if (!only || only.has(quote.supplierId)) latest.set(quote.supplierId, quote);
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

/** The supplier and material rows a new round names, when all are this inquiry's own. */
async function chosenFor(
  ctx: DataApi,
  inquiryId: number,
  input: { inquirySupplierIds: number[]; inquiryItemIds: number[] },
) {
  const data = platform(ctx);
  const suppliers = (await data.lines(inquirySupplier, inquiryId)).filter((row) =>
    input.inquirySupplierIds.includes(row.inquirySupplierId),
  );
  const items = (await data.lines(inquiryItem, inquiryId)).filter((row) =>
    input.inquiryItemIds.includes(row.inquiryItemId),
  );
  const all = (ids: number[], found: readonly unknown[]) =>
    ids.length > 0 && new Set(ids).size === found.length;
  return all(input.inquirySupplierIds, suppliers) && all(input.inquiryItemIds, items)
    ? { suppliers, items: items.sort((a, b) => a.lineNum - b.lineNum) }
    : null;
}

/**
 * A new round: for each chosen supplier a quotation of the chosen materials and their tiers,
 * filled in with what counts of its earlier offers (the supplier changes what it improves).
 */
async function startRound(
  ctx: DataApi,
  row: RowOf<typeof inquiry>,
  round: number,
  chosen: NonNullable<Awaited<ReturnType<typeof chosenFor>>>,
): Promise<void> {
  const data = platform(ctx);
  const { offers, latest } = await currentOffers(data, row.inquiryId);
  const every = await data.list(inquiryQuote, { inquiryId: row.inquiryId });
  for (const target of chosen.suppliers) {
    const own = every.filter((quote) => quote.supplierId === target.supplierId);
    const last = latest.get(target.supplierId) ?? own.sort((a, b) => b.quoteId - a.quoteId)[0];
    const lines = quoteLinesOf(chosen.items, (item, fromQuantity) => {
      const offered = offers.get(offerKey(target.supplierId, item.inquiryItemId))?.lines ?? [];
      const was = offered.find((line) => (line.fromQuantity ?? 0) === fromQuantity);
      return {
        unitPrice: was?.unitPrice ?? null,
        taxRate: was?.taxRate ?? null,
        leadTimeDays: was?.leadTimeDays ?? null,
        brand: was?.brand ?? null,
        model: was?.model ?? null,
        warrantyMonths: was?.warrantyMonths ?? null,
        noQuoteFlag: was?.noQuoteFlag ?? null,
        noQuoteReason: was?.noQuoteReason ?? null,
        remark: was?.remark ?? null,
      };
    });
    const [quoteId] = await data.insert(inquiryQuote, [
      {
        inquiryId: row.inquiryId,
        supplierId: target.supplierId,
        orgId: row.orgId,
        quoteVersion: Math.max(0, ...own.map((quote) => quote.quoteVersion ?? 1)) + 1,
        roundNum: round,
        title: row.title,
        requestNote: row.requestNote,
        currencyId: row.currencyId,
        taxIncludedFlag: row.taxIncludedFlag,
        quoteDeadline: row.quoteDeadline,
        validityRequiredFlag: row.validityRequiredFlag,
        attachmentIds: last?.attachmentIds ?? null,
        validToDate: typeof last?.validToDate === 'string' ? last.validToDate : null,
        quoteNote: typeof last?.quoteNote === 'string' ? last.quoteNote : null,
        totalAmount: quoteTotal(lines),
      },
    ]);
    await data.insert(
      inquiryQuoteLine,
      lines.map((line) => ({ ...line, quoteId: quoteId! })),
    );
    await data.patch(inquirySupplier, target.inquirySupplierId, { roundNum: round });
  }
  for (const item of chosen.items) await data.patch(inquiryItem, item.inquiryItemId, { roundNum: round });
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
    async doRequote(ctx): Promise<RuleIssue | null> {
      const { previous, input } = ctx;
      if (previous.awardId !== null) {
        const [award] = await platform(ctx).list(inquiryAward, { awardId: previous.awardId }, { limit: 1 });
        return { message: 'srmInquiry.requoteAwardExists', params: { number: award?.awardNum ?? '' } };
      }
      const late = deadlineAhead(ctx, input.quoteDeadline);
      if (late) return late;
      const chosen = await chosenFor(ctx, previous.inquiryId, input);
      if (!chosen) return { message: 'srmInquiry.requoteNotOwn' };
      await assertInvitable(ctx, previous, chosen.suppliers, chosen.items);
      return null;
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
            roundNum: 1,
            title: row.title,
            requestNote: row.requestNote,
            currencyId: row.currencyId,
            taxIncludedFlag: row.taxIncludedFlag,
            quoteDeadline: row.quoteDeadline,
            validityRequiredFlag: row.validityRequiredFlag,
          },
        ]);
        await data.insert(
          inquiryQuoteLine,
          // Nothing sealed is written here (not even the checkbox's default): the demo snapshot
          // holds published quotations and no installation's key.
          quoteLinesOf(items, () => ({ quoteId: quoteId!, noQuoteFlag: null })),
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
      await data.patch(inquiry, row.inquiryId, { publishedDate: ctx.now.getTime(), roundNum: 1 });
      await data.patchWhere(inquiryItem, { inquiryId: row.inquiryId }, { roundNum: 1 });
      await data.patchWhere(inquirySupplier, { inquiryId: row.inquiryId }, { roundNum: 1 });
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
      // The round under way only: a supplier not asked in it learns nothing of it.
      const open = (await data.list(inquiryQuote, { inquiryId: row.inquiryId })).filter(
        (quote) => roundOf(quote) === roundOf(row),
      );
      // The reminders start over for the new deadline.
      for (const quote of open)
        await data.patch(inquiryQuote, quote.quoteId, {
          quoteDeadline: input.quoteDeadline,
          remindedHours: null,
        });
      await tellSuppliers(
        ctx,
        row,
        'extended',
        { deadline: formatDateTimeMinute(input.quoteDeadline, ctx.runtime.timeZone), reason },
        new Set(open.map((quote) => quote.supplierId)),
      );
    },
    async doRequote(ctx) {
      const { row, input } = ctx;
      const data = platform(ctx);
      const chosen = (await chosenFor(ctx, row.inquiryId, input))!;
      const round = roundOf(row) + 1;
      const reason = typeof input.comment === 'string' ? input.comment : '';
      // The round is opened afresh: every opener confirms again.
      await data.patch(inquiry, row.inquiryId, {
        roundNum: round,
        quoteDeadline: input.quoteDeadline,
        changeReason: reason,
        ownerConfirmedDate: null,
        openedDate: null,
        openedByNames: null,
      });
      await data.patchWhere(inquiryJury, { inquiryId: row.inquiryId }, { openConfirmedDate: null });
      await startRound(ctx, { ...row, roundNum: round, quoteDeadline: input.quoteDeadline }, round, chosen);
      await mirrorAnswers(ctx, row.inquiryId);
      await tellSuppliers(
        ctx,
        row,
        'requote',
        // No round number: it would tell a supplier how often others were asked.
        { deadline: formatDateTimeMinute(input.quoteDeadline, ctx.runtime.timeZone), reason },
        new Set(chosen.suppliers.map((target) => target.supplierId)),
      );
    },
    doClose: (ctx) => closeQuotes(ctx, ctx.row.inquiryId),
    doConfirmOpening: (ctx) => confirm(ctx, ctx.row),
    async doBidOpening(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      await confirm(ctx, row);
      // Opened before the closing program ran: the drafts end now, as the program would end them.
      if (ctx.previous.status === 'PUBLISHED') await closeQuotes(ctx, row.inquiryId);
      // The quotes of the round under way (those of earlier rounds were opened then).
      const quotes = (await data.list(inquiryQuote, { inquiryId: row.inquiryId })).filter(
        (quote) => roundOf(quote) === roundOf(row),
      );
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
