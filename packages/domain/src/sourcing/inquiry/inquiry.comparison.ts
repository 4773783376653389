// The quotation comparison of an inquiry (报价对比, inquiryQuotationList): materials down,
// suppliers across. Before opening it names who answered, declined or not yet and when they last
// submitted — nothing quoted. After opening: each supplier's current quote per material and tier,
// lead time, brand and model, the lowest price per material marked, the savings against the
// target and against the last price list price, the best-per-material total and the best single
// supplier that priced everything. Internal users who may read the inquiry only. After several
// rounds, each supplier's column shows the offer that counts per material (its latest round's),
// marked with the round it came from.
//
// A large inquiry (500 materials × 100 suppliers: 50,000 lines) is read in parts: a page of
// materials with everything quoted for them (`comparison` with pageIndex and pageRows), and the
// totals over every material from the prices alone (`comparisonTotals`, a narrow read). Without a
// page the comparison answers every material and the totals at once — or, as the dialog shows it
// (its 导出), the materials a keyword finds in the chosen order and the chosen suppliers in theirs.
import { type ReadRowOf, add, dec, mul } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { supplierPl } from '../../agreements';
import { item as material } from '../../base-data';
import { dayIn } from '../../supplier/server';
import {
  type CurrentOffers,
  currentOffers,
  currentPrices,
  offerKey,
  roundOf,
} from '../inquiry-quote/inquiry-quote.rounds';
import type { inquiryQuote } from '../inquiry-quote/inquiry-quote.entity';
import { type MaterialOrder, findsMaterial, orderMaterials } from './comparison.order';
import { inquiry, inquiryItem, inquirySupplier } from './inquiry.entity';

const OPENED_STATES = ['OPENED', 'AWARD_APPROVING', 'AWARDED'];

type Item = ReadRowOf<typeof inquiryItem>;
type Quote = ReadRowOf<typeof inquiryQuote>;

/** What the totals need of an offer. */
interface Priced {
  readonly unitPrice: number | null;
  /** Its quotation's validity date passed. */
  readonly expired: boolean;
  lowest: boolean;
}

interface Offer extends Priced {
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
}

/** A material with what is lowest and saved on it (the totals' rows, and the page's). */
interface PricedRow<O extends Priced = Priced> {
  readonly inquiryItemId: number;
  readonly lineNum: number;
  readonly itemId: number;
  readonly itemCode: string | null;
  readonly itemName: unknown;
  readonly quantity: number;
  readonly uomName: unknown;
  readonly targetPrice: number | null;
  readonly lastPrice: number | null;
  readonly lowestPrice: number | null;
  readonly savingVsTarget: number | null;
  readonly savingVsLast: number | null;
  readonly offers: Record<number, O>;
}

interface ItemRow extends PricedRow<Offer> {
  readonly needByDate: string | null;
  readonly tiers: number[];
}

/** A supplier's column: its quotation of the latest round it answered. */
interface Column {
  readonly supplierId: number;
  readonly supplierName: Quote['supplierName'];
  readonly quoteId: number;
  readonly quoteNum: Quote['quoteNum'];
  readonly quoteVersion: number | null;
  readonly roundNum: number;
  readonly submittedDate: unknown;
  readonly validToDate: string | null;
  readonly expired: boolean;
  readonly quoteNote: string | null;
}

export interface ComparisonPage {
  readonly pageIndex: number;
  readonly pageRows: number;
  /**
   * Only the materials whose code begins with it, whose name holds it (any case), or whose line
   * number it is (findsMaterial).
   */
  readonly keyword?: string;
  /**
   * These materials, in this order, instead of a page of the lines (the dialog orders the
   * materials from the totals it holds and asks for them a page at a time); others are ignored.
   */
  readonly inquiryItemIds?: readonly number[];
}

/** The suppliers' orders the dialog offers: as invited, or by their totals, the lowest first. */
export const SUPPLIER_ORDERS = ['INVITED', 'TOTAL'] as const;
export type SupplierOrder = (typeof SUPPLIER_ORDERS)[number];

/**
 * Every material at once, as the dialog shows them: those the keyword finds in the material order,
 * only the chosen suppliers (all when none) in the supplier order. What is lowest, the totals and
 * the best single supplier stay those over every material and supplier, as on the screen.
 */
export interface ComparisonView {
  readonly keyword?: string;
  /** LINE when not given. */
  readonly itemOrder?: MaterialOrder;
  readonly supplierIds?: readonly number[];
  /** The lowest total first when not given. */
  readonly supplierOrder?: SupplierOrder;
}

/** The materials of a page's request: those it names in its order, or those a keyword finds. */
function chosen(items: readonly Item[], codes: Codes, page: ComparisonPage | undefined): readonly Item[] {
  if (page?.inquiryItemIds) {
    const byId = new Map(items.map((item) => [item.inquiryItemId, item]));
    return [...new Set(page.inquiryItemIds)].flatMap((id) => byId.get(id) ?? []);
  }
  if (!page?.keyword) return items;
  return items.filter((item) => findsMaterial(page.keyword, { ...item, itemCode: codes.get(item.itemId) }));
}

type Codes = ReadonlyMap<number, string>;

/** The material codes of the inquiry's materials, in one read. */
async function codesOf(data: DataApi, items: readonly Item[]): Promise<Codes> {
  if (!items.length) return new Map();
  const found = await data.list(
    material,
    { itemId: [...new Set(items.map((item) => item.itemId))] },
    { fields: ['itemId', 'itemCode'] },
  );
  return new Map(found.map((row) => [row.itemId, row.itemCode]));
}

const num = (value: unknown) => (typeof value === 'number' ? value : null);
const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The inquiry, who was asked and answered, and whether its quotes are still sealed. */
async function headOf(ctx: DataApi, inquiryId: number) {
  // As the endpoint's reference check read it (no second read of its 500 materials).
  const found = ctx.referenced(inquiry, inquiryId) ?? (await ctx.find(inquiry, inquiryId));
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
  const today = dayIn(ctx.now, ctx.runtime.timeZone);
  const expired = (quote: { validToDate: string | null }) =>
    typeof quote.validToDate === 'string' && quote.validToDate < today;
  return { found, data, head, answers, sealed, expired };
}

type Head = Awaited<ReturnType<typeof headOf>>;

/**
 * One column per supplier that quoted: its latest round's quotation, in the order the suppliers
 * were invited (a page's columns stay where they are whatever the totals say).
 */
function columnsOf(
  latest: ReadonlyMap<number, Quote>,
  expired: Head['expired'],
  answers: Head['answers'],
): Column[] {
  const invited = new Map(answers.map((answer, at) => [answer.supplierId, at]));
  const place = (quote: Quote) => invited.get(quote.supplierId) ?? answers.length;
  return [...latest.values()]
    .sort((a, b) => place(a) - place(b) || a.quoteId - b.quoteId)
    .map((quote) => ({
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
}

/** The inquiry's materials in line order. */
async function itemsOf(data: DataApi, inquiryId: number): Promise<Item[]> {
  return [...(await data.lines(inquiryItem, inquiryId))].sort((a, b) => a.lineNum - b.lineNum);
}

/** The last price-list price of each of these materials at the organisation, in one read. */
async function lastPricesOf(data: DataApi, items: readonly Item[], orgId: number) {
  const lastPrices = new Map<number, number>();
  if (!items.length) return lastPrices;
  const priced = await data.list(
    supplierPl,
    { itemId: [...new Set(items.map((item) => item.itemId))], orgId, fromQuantity: 0 },
    { orderBy: [{ field: 'validFrom', order: 'desc' }] },
  );
  for (const row of priced) if (!lastPrices.has(row.itemId)) lastPrices.set(row.itemId, row.unitPrice);
  return lastPrices;
}

/**
 * A material's row: its offers by supplier, the lowest valid price marked (not expired, priced),
 * the savings on its quantity against the target and the last price.
 */
function pricedRow<O extends Priced>(
  item: Item,
  offers: Record<number, O>,
  lastPrice: number | null,
  codes: Codes,
): PricedRow<O> {
  const valid = Object.values(offers).filter((offer) => !offer.expired && offer.unitPrice !== null);
  const lowestPrice = valid.reduce<number | null>(
    (low, offer) => (low === null || offer.unitPrice! < low ? offer.unitPrice : low),
    null,
  );
  for (const offer of valid) if (offer.unitPrice === lowestPrice) offer.lowest = true;
  const target = num(item.targetPrice);
  const saving = (benchmark: number | null) =>
    benchmark !== null && lowestPrice !== null
      ? mul(dec(benchmark).minus(lowestPrice), dec(item.quantity)).toNumber()
      : null;
  return {
    inquiryItemId: item.inquiryItemId,
    lineNum: item.lineNum,
    itemId: item.itemId,
    itemCode: codes.get(item.itemId) ?? null,
    itemName: item.itemName,
    quantity: item.quantity,
    uomName: item.uomName,
    targetPrice: target,
    lastPrice,
    lowestPrice,
    savingVsTarget: saving(target),
    savingVsLast: saving(lastPrice),
    offers,
  };
}

/** The offers of one material that count, in full: base price, tiers, lead time, maker. */
function offersOf(
  item: Item,
  columns: readonly Column[],
  counting: CurrentOffers['offers'],
  expired: Head['expired'],
): Record<number, Offer> {
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
  return offers;
}

/**
 * Over every material: each supplier's total (the base quantities of the offers that count;
 * null: nothing priced), the best-per-material total, the best single supplier (the lowest total
 * among those that priced every material, valid) and the savings' sums.
 */
function totalsOf(rows: readonly PricedRow[], columns: readonly Column[]) {
  const totalOf = (supplierId: number): number | null => {
    let total = dec(0);
    let priced = false;
    for (const row of rows) {
      const price = row.offers[supplierId]?.unitPrice;
      if (price === null || price === undefined) continue;
      total = add(total, mul(dec(price), dec(row.quantity)));
      priced = true;
    }
    return priced ? total.toDecimalPlaces(2).toNumber() : null;
  };
  // The lowest total first (a stable sort: equal totals keep the invitation order).
  const totalled = columns
    .map((column) => ({ ...column, totalAmount: totalOf(column.supplierId) }))
    .sort((a, b) => (a.totalAmount ?? Infinity) - (b.totalAmount ?? Infinity));
  const single = totalled.find((column) =>
    rows.every((row) => {
      const offer = row.offers[column.supplierId];
      return offer !== undefined && !offer.expired && offer.unitPrice !== null;
    }),
  );
  let bestPerItem = dec(0);
  for (const row of rows)
    if (row.lowestPrice !== null)
      bestPerItem = add(bestPerItem, mul(dec(row.lowestPrice), dec(row.quantity)));
  const sumOf = (pick: (row: PricedRow) => number | null) =>
    rows.some((row) => pick(row) !== null)
      ? rows.reduce((sum, row) => add(sum, dec(pick(row) ?? 0)), dec(0)).toNumber()
      : null;
  return {
    columns: totalled,
    bestPerItemTotal: bestPerItem.toDecimalPlaces(2).toNumber(),
    bestSingleSupplier: single
      ? { supplierId: single.supplierId, supplierName: single.supplierName, total: single.totalAmount }
      : null,
    savingVsTargetTotal: sumOf((row) => row.savingVsTarget),
    savingVsLastTotal: sumOf((row) => row.savingVsLast),
  };
}

/**
 * The comparison of an inquiry: who answered while sealed; after opening, one page of materials
 * with every offer that counts for them (`page`), or every material and the totals (no page).
 */
export async function comparison(
  ctx: DataApi,
  inquiryId: number,
  page?: ComparisonPage,
  view: ComparisonView = {},
) {
  const { found, data, head, answers, sealed, expired } = await headOf(ctx, inquiryId);
  if (sealed) return { ...head, opened: false, suppliers: answers, items: [] };
  const all = await itemsOf(data, inquiryId);
  const codes = await codesOf(data, all);
  const every = chosen(all, codes, page);
  const items =
    page && !page.inquiryItemIds
      ? every.slice((page.pageIndex - 1) * page.pageRows, page.pageIndex * page.pageRows)
      : every;
  const { offers: counting, latest } = await currentOffers(
    data,
    inquiryId,
    page ? items.map((item) => item.inquiryItemId) : undefined,
  );
  const columns = columnsOf(latest, expired, answers);
  const lastPrices = await lastPricesOf(data, items, found.orgId);
  const rows: ItemRow[] = items.map((item) => {
    const offers = offersOf(item, columns, counting, expired);
    return {
      ...pricedRow(item, offers, lastPrices.get(item.itemId) ?? null, codes),
      needByDate: item.needByDate,
      tiers: [
        ...new Set(Object.values(offers).flatMap((offer) => offer.tiers.map((tier) => tier.fromQuantity))),
      ].sort((a, b) => a - b),
    };
  });
  // A page's columns stay in the invitation order (its totals come apart).
  if (page)
    return {
      ...head,
      opened: true,
      suppliers: answers,
      itemCount: every.length,
      pageIndex: page.pageIndex,
      pageRows: page.pageRows,
      keyword: page.keyword ?? null,
      columns,
      items: rows,
    };
  return { ...head, opened: true, suppliers: answers, ...viewed(rows, columns, view) };
}

/**
 * Every material's rows and the totals over them, shown as the view asks: the materials the
 * keyword finds in its order with only the chosen suppliers' offers, the chosen suppliers'
 * columns (each with its total) as invited or the lowest total first.
 */
function viewed(rows: readonly ItemRow[], columns: readonly Column[], view: ComparisonView) {
  const totals = totalsOf(rows, columns);
  const wanted = view.supplierIds?.length ? new Set(view.supplierIds) : null;
  const invited = new Map(columns.map((column, at) => [column.supplierId, at]));
  const shown = totals.columns
    .filter((column) => !wanted || wanted.has(column.supplierId))
    .sort((a, b) =>
      view.supplierOrder === 'INVITED' ? invited.get(a.supplierId)! - invited.get(b.supplierId)! : 0,
    );
  const found = rows.filter((row) => findsMaterial(view.keyword, row));
  const items = orderMaterials(found, view.itemOrder ?? 'LINE').map((row) =>
    wanted
      ? {
          ...row,
          offers: Object.fromEntries(
            Object.entries(row.offers).filter(([supplierId]) => wanted.has(Number(supplierId))),
          ),
        }
      : row,
  );
  return { itemCount: found.length, ...totals, columns: shown, items };
}

/**
 * The totals of an opened inquiry over every material, from the prices alone: each supplier's
 * column with its total (the lowest first), every material with its lowest price and savings
 * (no offers), the best-per-material total, the best single supplier and the savings' sums.
 * While sealed: who answered, as the comparison answers it.
 */
export async function comparisonTotals(ctx: DataApi, inquiryId: number) {
  const { found, data, head, answers, sealed, expired } = await headOf(ctx, inquiryId);
  if (sealed) return { ...head, opened: false, suppliers: answers, items: [] };
  const items = await itemsOf(data, inquiryId);
  const codes = await codesOf(data, items);
  const { offers: counting, latest } = await currentPrices(data, inquiryId);
  const columns = columnsOf(latest, expired, answers);
  const lastPrices = await lastPricesOf(data, items, found.orgId);
  const rows = items.map((item) => {
    const offers: Record<number, Priced> = {};
    for (const column of columns) {
      const offer = counting.get(offerKey(column.supplierId, item.inquiryItemId));
      const base = offer?.lines.find((line) => !line.fromQuantity);
      if (!offer || !base) continue;
      offers[column.supplierId] = {
        unitPrice: base.noQuoteFlag === 'Y' ? null : num(base.unitPrice),
        expired: expired(offer.quote),
        lowest: false,
      };
    }
    return pricedRow(item, offers, lastPrices.get(item.itemId) ?? null, codes);
  });
  const totals = totalsOf(rows, columns);
  return {
    ...head,
    opened: true,
    suppliers: answers,
    itemCount: items.length,
    ...totals,
    // Each material's lowest price and savings; who priced it lowest, without the prices.
    items: rows.map(({ offers, ...row }) => ({
      ...row,
      lowestSupplierIds: Object.entries(offers)
        .filter(([, offer]) => offer.lowest)
        .map(([supplierId]) => Number(supplierId)),
    })),
  };
}

/** A row of the comparison's sheet: one supplier's offer for one material. */
export interface ComparisonSheetRow {
  readonly lineNum: number;
  readonly itemCode: string;
  readonly itemName: string;
  readonly quantity: number;
  readonly uomName: string;
  readonly needByDate: string | null;
  readonly targetPrice: number | null;
  readonly lastPrice: number | null;
  readonly lowestPrice: number | null;
  readonly supplierName: string;
  readonly roundNum: number;
  readonly unitPrice: number | null;
  readonly amount: number | null;
  readonly lowestFlag: 'Y' | 'N';
  readonly tierPrices: string;
  readonly taxRate: number | null;
  readonly leadTimeDays: number | null;
  readonly brand: string | null;
  readonly model: string | null;
  readonly warrantyMonths: number | null;
  readonly validToDate: string | null;
  readonly expiredFlag: 'Y' | 'N';
  readonly noQuoteReason: string | null;
  readonly remark: string | null;
  readonly supplierTotal: number | null;
}

/**
 * The comparison as a sheet (导出): one row per material and supplier that answered it, the
 * materials and the suppliers as the answer shows them (the dialog's keyword, orders and chosen
 * suppliers); nothing while sealed.
 */
export function comparisonSheetRows(answer: Awaited<ReturnType<typeof comparison>>): ComparisonSheetRow[] {
  if (!('columns' in answer)) return [];
  const totals = new Map(
    answer.columns.map((column) => [column.supplierId, 'totalAmount' in column ? column.totalAmount : null]),
  );
  return answer.items.flatMap((item) =>
    answer.columns.flatMap((column): ComparisonSheetRow[] => {
      const offer = item.offers[column.supplierId];
      if (!offer) return [];
      return [
        {
          lineNum: item.lineNum,
          itemCode: item.itemCode ?? '',
          itemName: String(item.itemName ?? ''),
          quantity: item.quantity,
          uomName: String(item.uomName ?? ''),
          needByDate: item.needByDate,
          targetPrice: item.targetPrice,
          lastPrice: item.lastPrice,
          lowestPrice: item.lowestPrice,
          supplierName: String(column.supplierName ?? ''),
          roundNum: offer.roundNum,
          unitPrice: offer.unitPrice,
          amount:
            offer.unitPrice === null
              ? null
              : mul(dec(offer.unitPrice), dec(item.quantity)).toDecimalPlaces(2).toNumber(),
          lowestFlag: offer.lowest ? 'Y' : 'N',
          tierPrices: offer.tiers.map((tier) => `≥${tier.fromQuantity}: ${tier.unitPrice ?? '-'}`).join('; '),
          taxRate: offer.taxRate,
          leadTimeDays: offer.leadTimeDays,
          brand: offer.brand,
          model: offer.model,
          warrantyMonths: offer.warrantyMonths,
          validToDate: column.validToDate,
          expiredFlag: offer.expired ? 'Y' : 'N',
          noQuoteReason: offer.noQuote ? (offer.noQuoteReason ?? '') : null,
          remark: offer.remark,
          supplierTotal: totals.get(column.supplierId) ?? null,
        },
      ];
    }),
  );
}
