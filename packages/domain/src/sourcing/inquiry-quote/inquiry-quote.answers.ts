// Where each invited supplier's answer stands, on the inquiry: its supplier row (answered,
// declined or not yet; when it last submitted; how many versions) and the header's counts — all
// the buyer learns of the quotes before opening. Every step of a quote and of the inquiry calls it.
import type { DataApi } from '@srm/platform';
import { inquiry, inquirySupplier } from '../inquiry/inquiry.entity';
import { inquiryQuote } from './inquiry-quote.entity';

const platform = (ctx: DataApi) => ctx.system('an inquiry mirrors where its quotes stand');

/** A quote that was submitted at some time (the current one or an earlier version). */
const SUBMITTED_ONCE = ['SUBMITTED', 'SUPERSEDED'];

export async function mirrorAnswers(ctx: DataApi, inquiryId: number): Promise<void> {
  const data = platform(ctx);
  const quotes = await data.list(inquiryQuote, { inquiryId });
  const rows = await data.lines(inquirySupplier, inquiryId);
  let answered = 0;
  let declined = 0;
  for (const row of rows) {
    const own = quotes.filter((quote) => quote.supplierId === row.supplierId);
    const submitted = own.filter((quote) => SUBMITTED_ONCE.includes(quote.status));
    const answerStatus = own.some((quote) => quote.status === 'DECLINED')
      ? 'DECLINED'
      : own.some((quote) => quote.status === 'SUBMITTED')
        ? 'ANSWERED'
        : 'NONE';
    if (answerStatus === 'ANSWERED') answered += 1;
    if (answerStatus === 'DECLINED') declined += 1;
    const last = submitted.reduce<number | null>(
      (at, quote) =>
        quote.submittedDate !== null && (at === null || quote.submittedDate > at) ? quote.submittedDate : at,
      null,
    );
    if (
      row.answerStatus !== answerStatus ||
      row.lastSubmittedDate !== last ||
      (row.submitCount ?? 0) !== submitted.length
    )
      await data.patch(inquirySupplier, row.inquirySupplierId, {
        answerStatus,
        lastSubmittedDate: last,
        submitCount: submitted.length,
      });
  }
  await data.patch(inquiry, inquiryId, {
    invitedCount: rows.length,
    answeredCount: answered,
    declinedCount: declined,
  });
}
