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
export interface CountingOffer<L = QuoteLine> {
  readonly quote: Quote;
  readonly lines: L[];
}

export interface CurrentOffers<L = QuoteLine> {
  /** Every submitted quote (one per supplier and round). */
  readonly quotes: readonly Quote[];
  /** The offer that counts, by `supplierId:inquiryItemId`. */
  readonly offers: ReadonlyMap<string, CountingOffer<L>>;
  /** Each supplier's submitted quote of its latest round. */
  readonly latest: ReadonlyMap<number, Quote>;
}

export const offerKey = (supplierId: number, inquiryItemId: number) => `${supplierId}:${inquiryItemId}`;

/** What a line needs for deciding which offer counts. */
type Counted = Pick<QuoteLine, 'quoteId' | 'inquiryItemId' | 'lineNum'>;

/**
 * The offers that count in an inquiry, read with `data`'s rights (opened values, or masks); of
 * the materials `inquiryItemIds` only, when given (a page of the comparison).
 */
export async function currentOffers(
  data: DataApi,
  inquiryId: number,
  inquiryItemIds?: readonly number[],
): Promise<CurrentOffers> {
  const quotes = await data.list(inquiryQuote, { inquiryId, status: 'SUBMITTED' });
  const lines =
    quotes.length && inquiryItemIds?.length !== 0
      ? await data.list(inquiryQuoteLine, {
          quoteId: quotes.map((quote) => quote.quoteId),
          ...(inquiryItemIds ? { inquiryItemId: inquiryItemIds } : {}),
        })
      : [];
  return countingOf(quotes, lines);
}

/** A line as the totals read it: the price of a tier, or none. */
export type PricedLine = Pick<
  QuoteLine,
  'quoteId' | 'inquiryItemId' | 'lineNum' | 'fromQuantity' | 'unitPrice' | 'noQuoteFlag'
>;

/**
 * The offers that count with their prices only (no lead time, brand, remarks: a narrow read),
 * for the totals of a large inquiry — 50,000 lines open two values each instead of nine.
 */
export async function currentPrices(data: DataApi, inquiryId: number): Promise<CurrentOffers<PricedLine>> {
  const quotes = await data.list(inquiryQuote, { inquiryId, status: 'SUBMITTED' });
  const lines = quotes.length
    ? await data.list(
        inquiryQuoteLine,
        { quoteId: quotes.map((quote) => quote.quoteId) },
        { fields: ['quoteId', 'inquiryItemId', 'lineNum', 'fromQuantity', 'unitPrice', 'noQuoteFlag'] },
      )
    : [];
  return countingOf(quotes, lines);
}

function countingOf<L extends Counted>(quotes: readonly Quote[], lines: readonly L[]): CurrentOffers<L> {
  const quoteOf = new Map(quotes.map((quote) => [quote.quoteId, quote]));
  const offers = new Map<string, CountingOffer<L>>();
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
