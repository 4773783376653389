// Where each invited supplier's answer stands, on the inquiry: its supplier row (answered,
// declined or not yet in the last round it was asked in; when it last submitted; how many versions
// in all) and the header's counts for the round under way — all the buyer learns of the quotes
// before opening. Every step of a quote and of the inquiry calls it.
import type { DataApi } from '@srm/platform';
import { inquiry, inquirySupplier } from '../inquiry/inquiry.entity';
import { inquiryQuote } from './inquiry-quote.entity';
import { roundOf } from './inquiry-quote.rounds';

const platform = (ctx: DataApi) => ctx.system('an inquiry mirrors where its quotes stand');

/** A quote that was submitted at some time (the current one or an earlier version). */
const SUBMITTED_ONCE = ['SUBMITTED', 'SUPERSEDED'];

export async function mirrorAnswers(ctx: DataApi, inquiryId: number): Promise<void> {
  const data = platform(ctx);
  const [header] = await data.list(inquiry, { inquiryId }, { limit: 1 });
  const round = header ? roundOf(header) : 1;
  const quotes = await data.list(inquiryQuote, { inquiryId });
  const rows = await data.lines(inquirySupplier, inquiryId);
  let invited = 0;
  let answered = 0;
  let declined = 0;
  for (const row of rows) {
    const own = quotes.filter((quote) => quote.supplierId === row.supplierId);
    const asked = own.filter((quote) => roundOf(quote) === roundOf(row));
    const submitted = own.filter((quote) => SUBMITTED_ONCE.includes(quote.status));
    const answerStatus = asked.some((quote) => quote.status === 'DECLINED')
      ? 'DECLINED'
      : asked.some((quote) => quote.status === 'SUBMITTED')
        ? 'ANSWERED'
        : 'NONE';
    if (roundOf(row) === round) {
      invited += 1;
      if (answerStatus === 'ANSWERED') answered += 1;
      if (answerStatus === 'DECLINED') declined += 1;
    }
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
    invitedCount: invited,
    answeredCount: answered,
    declinedCount: declined,
  });
}
