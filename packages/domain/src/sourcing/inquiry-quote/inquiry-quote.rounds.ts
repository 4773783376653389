// Rounds of quotes (多轮报价). An inquiry starts in round 1; after opening, the buyer may ask
// chosen suppliers to quote chosen materials again (srmInquiry doRequote), sealed until the
// inquiry is opened again. Earlier rounds stay as they were. For each supplier and material the
// offer that counts — in the comparison and the award — is the one of the latest round in which
// that supplier submitted a quote for that material: a supplier not asked again keeps its offer,
// and one asked again that lets the round pass keeps its earlier one too.
import { type ReadRowOf, add, dec, mul } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { inquiryQuote, inquiryQuoteLine } from './inquiry-quote.entity';

type Quote = ReadRowOf<typeof inquiryQuote>;
type QuoteLine = ReadRowOf<typeof inquiryQuoteLine>;

/** The round a quote, an inquiry or one of its rows belongs to (rows from before rounds: 1). */
export const roundOf = (row: { readonly roundNum: number | null }): number => row.roundNum ?? 1;

/** What a supplier offers for one material: its quote and that quote's lines of the material. */
export interface CountingOffer {
  readonly quote: Quote;
  readonly lines: QuoteLine[];
}

export interface CurrentOffers {
  /** Every submitted quote (one per supplier and round). */
  readonly quotes: readonly Quote[];
  /** The offer that counts, by `supplierId:inquiryItemId`. */
  readonly offers: ReadonlyMap<string, CountingOffer>;
  /** Each supplier's submitted quote of its latest round. */
  readonly latest: ReadonlyMap<number, Quote>;
}

export const offerKey = (supplierId: number, inquiryItemId: number) => `${supplierId}:${inquiryItemId}`;

/** The offers that count in an inquiry, read with `data`'s rights (opened values, or masks). */
export async function currentOffers(data: DataApi, inquiryId: number): Promise<CurrentOffers> {
  const quotes = await data.list(inquiryQuote, { inquiryId, status: 'SUBMITTED' });
  const lines = quotes.length
    ? await data.list(inquiryQuoteLine, { quoteId: quotes.map((quote) => quote.quoteId) })
    : [];
  const quoteOf = new Map(quotes.map((quote) => [quote.quoteId, quote]));
  const offers = new Map<string, CountingOffer>();
  for (const line of [...lines].sort((a, b) => a.lineNum - b.lineNum)) {
    const quote = quoteOf.get(line.quoteId);
    if (!quote || line.inquiryItemId === null) continue;
    const key = offerKey(quote.supplierId, line.inquiryItemId);
    const held = offers.get(key);
    if (held?.quote.quoteId === quote.quoteId) held.lines.push(line);
    else if (!held || roundOf(held.quote) < roundOf(quote)) offers.set(key, { quote, lines: [line] });
  }
  const latest = new Map<number, Quote>();
  for (const quote of quotes) {
    const held = latest.get(quote.supplierId);
    if (!held || roundOf(held) < roundOf(quote)) latest.set(quote.supplierId, quote);
  }
  return { quotes, offers, latest };
}

type Priced = Pick<QuoteLine, 'fromQuantity' | 'noQuoteFlag' | 'unitPrice' | 'quantity'>;

/** A quote's total: the base quantities priced, at two places; null when nothing is priced. */
export function quoteTotal(lines: readonly Priced[]): number | null {
  let total = dec(0);
  let priced = false;
  for (const line of lines) {
    if (line.fromQuantity || line.noQuoteFlag === 'Y' || typeof line.unitPrice !== 'number') continue;
    total = add(total, mul(dec(line.unitPrice), dec(line.quantity ?? 0)));
    priced = true;
  }
  return priced ? total.toDecimalPlaces(2).toNumber() : null;
}
