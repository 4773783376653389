// The quotations' programs. SOURCING_QUOTE_REMIND (every quarter of an hour): a supplier that has
// not yet submitted a quote in the round under way is reminded a day before the deadline and again
// two hours before (once each; a moved deadline starts over). SOURCING_QUOTE_EXPIRE (daily): once an inquiry is
// opened, the submitted quotations whose validity date has passed are marked expired (an expired
// quote cannot be awarded; the award and the comparison check the date themselves too).
import { formatDateTimeMinute } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { dayIn } from '../../supplier/server';
import { inquiry } from '../inquiry/inquiry.entity';
import { inquiryQuote } from './inquiry-quote.entity';
import { roundOf } from './inquiry-quote.rounds';

const HOUR = 3_600_000;

export async function remindQuotes(data: DataApi): Promise<number> {
  const system = data.system('the reminder program reads every open quotation');
  const now = data.now.getTime();
  let sent = 0;
  for (const open of await system.list(inquiry, { status: 'PUBLISHED' })) {
    const left = open.quoteDeadline - now;
    if (left <= 0 || left > 24 * HOUR) continue;
    const level = left <= 2 * HOUR ? 2 : 24;
    const round = (await system.list(inquiryQuote, { inquiryId: open.inquiryId })).filter(
      (quote) => roundOf(quote) === roundOf(open),
    );
    const answered = new Set(
      round.filter((quote) => quote.status !== 'DRAFT').map((quote) => quote.supplierId),
    );
    const waiting = round.filter((quote) => quote.status === 'DRAFT' && !answered.has(quote.supplierId));
    for (const quote of waiting) {
      if (quote.remindedHours !== null && quote.remindedHours <= level) continue;
      await system.patch(inquiryQuote, quote.quoteId, { remindedHours: level });
      await data.services.siteMessages?.notify({
        supplierId: quote.supplierId,
        titleKey: 'srmInquiryQuote.message.remindTitle',
        contentKey: 'srmInquiryQuote.message.remindContent',
        params: {
          number: quote.quoteNum ?? '',
          title: quote.title ?? '',
          deadline: formatDateTimeMinute(open.quoteDeadline, data.runtime.timeZone),
          hours: level,
        },
        link: { entityName: inquiryQuote.name, documentId: quote.quoteId },
        source: 'INQUIRY_REMIND',
        email: true,
        eventId: `${quote.quoteId}-remind-${level}-${open.quoteDeadline}`,
      });
      sent += 1;
    }
  }
  return sent;
}

export async function expireQuotes(data: DataApi): Promise<number> {
  const system = data.system('the expiry program reads the opened quotations');
  const today = dayIn(data.now, data.runtime.timeZone);
  let marked = 0;
  for (const opened of await system.list(inquiry, { status: ['OPENED', 'AWARD_APPROVING', 'AWARDED'] })) {
    const quotes = await system.list(inquiryQuote, { inquiryId: opened.inquiryId, status: 'SUBMITTED' });
    for (const quote of quotes) {
      if (quote.expiredFlag === 'Y' || typeof quote.validToDate !== 'string' || quote.validToDate >= today)
        continue;
      await system.patch(inquiryQuote, quote.quoteId, { expiredFlag: 'Y' });
      marked += 1;
    }
  }
  return marked;
}
