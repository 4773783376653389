// The quotation comparison of an inquiry (报价对比, inquiryQuotationList): materials down,
// suppliers across. Before opening it names who answered, declined or not yet and when they last
// submitted — nothing quoted. After opening: each supplier's current quote per material and tier,
// lead time, brand and model, the lowest price per material marked, the savings against the
// target and against the last price list price, the best-per-material total and the best single
// supplier that priced everything. Internal users who may read the inquiry only. After several
// rounds, each supplier's column shows the offer that counts per material (its latest round's),
// marked with the round it came from.
import { add, dec, mul, ref } from '@srm/kernel';
import { type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { supplierPl } from '../../agreements';
import {
  type FromRequisitionGiven,
  fromRequisitionInput,
  hoursOn,
  materialsOf,
  openRequisitionLines,
  requisitionLink,
} from '../from-requisition';
import { dayIn } from '../../supplier/server';
import { currentOffers, offerKey, roundOf } from '../inquiry-quote/inquiry-quote.rounds';
import { inquiry, inquiryItem, inquirySupplier } from './inquiry.entity';

const OPENED_STATES = ['OPENED', 'AWARD_APPROVING', 'AWARDED'];

interface Offer {
  readonly unitPrice: number | null;
  readonly tiers: { fromQuantity: number; unitPrice: number | null }[];
  readonly taxRate: number | null;
  readonly leadTimeDays: number | null;
  readonly brand: string | null;
  readonly model: string | null;
  readonly warrantyMonths: number | null;
  readonly noQuote: boolean;
  readonly noQuoteReason: string | null;
  readonly remark: string | null;
  /** The round the offer was made in. */
  readonly roundNum: number;
  /** Its quotation's validity date passed. */
  readonly expired: boolean;
  lowest: boolean;
}

interface ItemRow {
  readonly inquiryItemId: number;
  readonly lineNum: number;
  readonly itemId: number;
  readonly itemName: unknown;
  readonly quantity: number;
  readonly uomName: unknown;
  readonly needByDate: string | null;
  readonly tiers: number[];
  readonly targetPrice: number | null;
  readonly lastPrice: number | null;
  readonly lowestPrice: number | null;
  readonly savingVsTarget: number | null;
  readonly savingVsLast: number | null;
  readonly offers: Record<number, Offer>;
}

const num = (value: unknown) => (typeof value === 'number' ? value : null);
const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

async function comparison(ctx: DataApi, inquiryId: number) {
  const found = await ctx.find(inquiry, inquiryId);
  const data = ctx.system('the comparison reads the quotes of an inquiry the caller may read');
  const suppliers = await data.lines(inquirySupplier, inquiryId);
  const answers = suppliers.map((row) => ({
    inquirySupplierId: row.inquirySupplierId,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    answerStatus: row.answerStatus,
    lastSubmittedDate: row.lastSubmittedDate,
    submitCount: row.submitCount ?? 0,
    roundNum: roundOf(row),
  }));
  const head = {
    inquiryId,
    inquiryNum: found.inquiryNum,
    status: found.status,
    quoteDeadline: found.quoteDeadline,
    invitedCount: found.invitedCount ?? suppliers.length,
    answeredCount: found.answeredCount ?? 0,
    roundNum: roundOf(found),
  };
  const sealed = found.sealedFlag !== 'N' && !OPENED_STATES.includes(String(found.status));
  if (sealed) return { ...head, opened: false, suppliers: answers, items: [] };

  const today = dayIn(ctx.now, ctx.runtime.timeZone);
  const expired = (quote: { validToDate: string | null }) =>
    typeof quote.validToDate === 'string' && quote.validToDate < today;
  const { offers: counting, latest } = await currentOffers(data, inquiryId);
  // One column per supplier that quoted: its latest round's quotation.
  const columns = [...latest.values()].map((quote) => ({
    supplierId: quote.supplierId,
    supplierName: quote.supplierName,
    quoteId: quote.quoteId,
    quoteNum: quote.quoteNum,
    quoteVersion: quote.quoteVersion,
    roundNum: roundOf(quote),
    submittedDate: quote.submittedDate,
    validToDate: str(quote.validToDate),
    expired: expired(quote),
    quoteNote: str(quote.quoteNote),
  }));

  const items = [...(await data.lines(inquiryItem, inquiryId))].sort((a, b) => a.lineNum - b.lineNum);
  // The last price-list price of each material at the organisation, in one read.
  const lastPrices = new Map<number, number>();
  const priced = items.length
    ? await data.list(
        supplierPl,
        { itemId: [...new Set(items.map((item) => item.itemId))], orgId: found.orgId, fromQuantity: 0 },
        { orderBy: [{ field: 'validFrom', order: 'desc' }] },
      )
    : [];
  for (const row of priced) if (!lastPrices.has(row.itemId)) lastPrices.set(row.itemId, row.unitPrice);
  let bestPerItem = dec(0);
  const rows: ItemRow[] = [];
  for (const item of items) {
    const offers: Record<number, Offer> = {};
    for (const column of columns) {
      const offer = counting.get(offerKey(column.supplierId, item.inquiryItemId));
      const mine = offer?.lines ?? [];
      const base = mine.find((line) => !line.fromQuantity);
      if (!offer || !base) continue;
      const noQuote = base.noQuoteFlag === 'Y';
      offers[column.supplierId] = {
        unitPrice: noQuote ? null : num(base.unitPrice),
        tiers: mine
          .filter((line) => (line.fromQuantity ?? 0) > 0)
          .map((line) => ({
            fromQuantity: line.fromQuantity ?? 0,
            unitPrice: line.noQuoteFlag === 'Y' ? null : num(line.unitPrice),
          })),
        taxRate: num(base.taxRate),
        leadTimeDays: num(base.leadTimeDays),
        brand: str(base.brand),
        model: str(base.model),
        warrantyMonths: num(base.warrantyMonths),
        noQuote,
        noQuoteReason: str(base.noQuoteReason),
        remark: str(base.remark),
        roundNum: roundOf(offer.quote),
        expired: expired(offer.quote),
        lowest: false,
      };
    }
    const valid = columns.filter((column) => {
      const offer = offers[column.supplierId];
      return offer !== undefined && !offer.expired && offer.unitPrice !== null;
    });
    const lowestPrice = valid.reduce<number | null>((low, column) => {
      const price = offers[column.supplierId]!.unitPrice!;
      return low === null || price < low ? price : low;
    }, null);
    for (const column of valid)
      if (offers[column.supplierId]!.unitPrice === lowestPrice) offers[column.supplierId]!.lowest = true;
    if (lowestPrice !== null) bestPerItem = add(bestPerItem, mul(dec(lowestPrice), dec(item.quantity)));
    const target = num(item.targetPrice);
    const lastPrice = lastPrices.get(item.itemId) ?? null;
    rows.push({
      inquiryItemId: item.inquiryItemId,
      lineNum: item.lineNum,
      itemId: item.itemId,
      itemName: item.itemName,
      quantity: item.quantity,
      uomName: item.uomName,
      needByDate: item.needByDate,
      tiers: [
        ...new Set(Object.values(offers).flatMap((offer) => offer.tiers.map((tier) => tier.fromQuantity))),
      ].sort((a, b) => a - b),
      targetPrice: target,
      lastPrice,
      lowestPrice,
      savingVsTarget:
        target !== null && lowestPrice !== null
          ? mul(dec(target).minus(lowestPrice), dec(item.quantity)).toNumber()
          : null,
      savingVsLast:
        lastPrice !== null && lowestPrice !== null
          ? mul(dec(lastPrice).minus(lowestPrice), dec(item.quantity)).toNumber()
          : null,
      offers,
    });
  }
  // Each supplier's total: the base quantities of the offers that count (null: nothing priced).
  const totalOf = (supplierId: number): number | null => {
    const priced = rows.filter((row) => row.offers[supplierId]?.unitPrice != null);
    return priced.length
      ? priced
          .reduce(
            (sum, row) => add(sum, mul(dec(row.offers[supplierId]!.unitPrice!), dec(row.quantity))),
            dec(0),
          )
          .toDecimalPlaces(2)
          .toNumber()
      : null;
  };
  const totalled = columns
    .map((column) => ({ ...column, totalAmount: totalOf(column.supplierId) }))
    .sort((a, b) => (a.totalAmount ?? Infinity) - (b.totalAmount ?? Infinity));
  // The best single supplier: the lowest total among those that priced every material, valid.
  const single = totalled.find((column) =>
    rows.every((row) => {
      const offer = row.offers[column.supplierId];
      return offer !== undefined && !offer.expired && offer.unitPrice !== null;
    }),
  );
  return {
    ...head,
    opened: true,
    suppliers: answers,
    columns: totalled,
    items: rows,
    bestPerItemTotal: bestPerItem.toDecimalPlaces(2).toNumber(),
    bestSingleSupplier: single
      ? { supplierId: single.supplierId, supplierName: single.supplierName, total: single.totalAmount }
      : null,
  };
}

/**
 * 由申请创建: a draft inquiry for what remains open on an approved requisition's lines (or on lines
 * chosen in the demand pool) — each line
 * a material with its remaining quantity, need-by date and the requisition's price as the target,
 * its suggested suppliers invited, a deadline three days on. The buyer completes and submits it;
 * the award's approval then drafts the orders of those lines.
 */
async function fromRequisition(ctx: DataApi, given: FromRequisitionGiven) {
  const opened = await openRequisitionLines(ctx, given);
  const materials = materialsOf(opened);
  const saved = await ctx.save(inquiry, {
    title: opened.title,
    orgId: opened.orgId,
    currencyId: opened.currencyId,
    quoteDeadline: hoursOn(ctx, 72),
    items: materials.map((material, index) => ({
      lineNum: index + 1,
      itemId: material.itemId,
      quantity: material.quantity,
      uomId: material.uomId,
      needByDate: material.needByDate,
      targetPrice: material.unitPrice,
    })),
    suppliers: opened.suppliers.map((supplierId) => ({ supplierId })),
  });
  const data = ctx.system('an inquiry made from a requisition records the lines it was asked for');
  const items = [...(await data.lines(inquiryItem, saved.inquiryId))].sort((a, b) => a.lineNum - b.lineNum);
  for (const [index, item] of items.entries())
    await data.patch(inquiryItem, item.inquiryItemId, requisitionLink(materials[index]!));
  return { inquiryId: saved.inquiryId, inquiryNum: saved.inquiryNum };
}

export const inquiryEndpoints = defineEndpoints(inquiry, {
  /**
   * `{ requisitionHeaderId }` or `{ requisitionLineIds }` (lines of the demand pool, one
   * organisation) → `{ inquiryId, inquiryNum }`: a draft inquiry for what remains open on them.
   */
  createFromRequisition: endpoint({
    summary: "A draft inquiry for what remains open on an approved requisition's lines or on pool lines",
    input: fromRequisitionInput,
    scope: inquiry,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      return { data: await fromRequisition(ctx, input) };
    },
  }),
  /** `{ inquiryId }` → who answered (sealed), or the comparison of the opened quotes. */
  comparison: endpoint({
    summary: 'The quotation comparison of an inquiry (answers only until it is opened)',
    input: { inquiryId: ref('srmInquiry', { required: true }) },
    scope: inquiry,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return { data: await comparison(ctx, input.inquiryId) };
    },
  }),
});
