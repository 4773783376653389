// An award's rows, made when it is created: one per material and supplier that priced its base
// quantity in its current (submitted) quote, the lowest valid price marked and given all of it.
// The buyer then splits, moves or withholds shares; the award's save checks them.
import { dec, mul } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { dayIn } from '../../supplier/server';
import { inquiry, inquiryItem } from '../inquiry/inquiry.entity';
import { currentOffers } from '../inquiry-quote/inquiry-quote.rounds';
import { inquiryAward, inquiryAwardLine } from './inquiry-award.entity';

const platform = (ctx: DataApi) => ctx.system('an award is drafted from the opened quotes');

interface Offer {
  readonly supplierId: number;
  readonly quoteLineId: number;
  readonly unitPrice: number;
  readonly taxRate: number | null;
  readonly leadTimeDays: number | null;
  readonly validToDate: string | null;
  readonly submittedDate: number | null;
}

/**
 * The base-quantity prices that count per inquiry material line (opened values): each supplier's
 * offer of the latest round in which it quoted the material.
 */
async function offersByItem(ctx: DataApi, inquiryId: number): Promise<Map<number, Offer[]>> {
  const { offers: counting } = await currentOffers(platform(ctx), inquiryId);
  const offers = new Map<number, Offer[]>();
  for (const { quote, lines } of counting.values()) {
    for (const line of lines) {
      if (line.fromQuantity || line.inquiryItemId === null) continue;
      if (line.noQuoteFlag === 'Y' || typeof line.unitPrice !== 'number') continue;
      const list = offers.get(line.inquiryItemId) ?? [];
      list.push({
        supplierId: quote.supplierId,
        quoteLineId: line.quoteLineId,
        unitPrice: line.unitPrice,
        taxRate: typeof line.taxRate === 'number' ? line.taxRate : null,
        leadTimeDays: typeof line.leadTimeDays === 'number' ? line.leadTimeDays : null,
        validToDate: typeof quote.validToDate === 'string' ? quote.validToDate : null,
        submittedDate: quote.submittedDate,
      });
      offers.set(line.inquiryItemId, list);
    }
  }
  return offers;
}

/** The lowest valid offer (not expired today), earlier submitted first on a tie. */
function lowestValid(offers: readonly Offer[], today: string): Offer | undefined {
  return offers
    .filter((offer) => offer.validToDate === null || offer.validToDate >= today)
    .reduce<Offer | undefined>(
      (best, offer) => (best === undefined || offer.unitPrice < best.unitPrice ? offer : best),
      undefined,
    );
}

/** The award's rows from the opened quotes, and its total; the inquiry names its award. */
export async function prepareAward(ctx: DataApi, awardId: number, inquiryId: number): Promise<void> {
  const data = platform(ctx);
  const today = dayIn(ctx.now, ctx.runtime.timeZone);
  const offers = await offersByItem(ctx, inquiryId);
  const items = [...(await data.lines(inquiryItem, inquiryId))].sort((a, b) => a.lineNum - b.lineNum);
  let total = dec(0);
  const lines = items.flatMap((item) => {
    const list = [...(offers.get(item.inquiryItemId) ?? [])].sort(
      (a, b) => a.unitPrice - b.unitPrice || (a.submittedDate ?? 0) - (b.submittedDate ?? 0),
    );
    const lowest = lowestValid(list, today);
    const base = {
      awardId,
      itemLineNum: item.lineNum,
      inquiryItemId: item.inquiryItemId,
      itemId: item.itemId,
      quantity: item.quantity,
      uomId: item.uomId,
    };
    // A material nobody priced: one row without a supplier, to say why it is not awarded.
    if (!list.length) return [{ ...base, awardPercent: 0, awardQuantity: 0 }];
    return list.map((offer) => {
      const share = offer === lowest ? 100 : 0;
      const amount = share ? mul(dec(offer.unitPrice), dec(item.quantity)).toDecimalPlaces(2) : dec(0);
      total = total.plus(amount);
      return {
        ...base,
        supplierId: offer.supplierId,
        quoteLineId: offer.quoteLineId,
        unitPrice: offer.unitPrice,
        taxRate: offer.taxRate,
        leadTimeDays: offer.leadTimeDays,
        validToDate: offer.validToDate,
        lowestFlag: offer.unitPrice === lowest?.unitPrice ? ('Y' as const) : ('N' as const),
        awardPercent: share,
        awardQuantity: share ? item.quantity : 0,
        lineAmount: amount.toNumber(),
      };
    });
  });
  await data.insert(inquiryAwardLine, lines);
  await data.patch(inquiryAward, awardId, { totalAmount: total.toNumber() });
  await data.patch(inquiry, inquiryId, { awardId });
}
