// The inquiry's endpoints: the quotation comparison (inquiry.comparison.ts) in pages and its
// totals, and a draft inquiry made from requisition lines.
import { amount, checkbox, date, lookup, number, price, quantity, ref, refs, text } from '@srm/kernel';
import { type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import {
  type FromRequisitionGiven,
  fromRequisitionInput,
  hoursOn,
  materialsOf,
  openRequisitionLines,
  requisitionLink,
} from '../from-requisition';
import { MATERIAL_ORDERS } from './comparison.order';
import { SUPPLIER_ORDERS, comparison, comparisonSheetRows, comparisonTotals } from './inquiry.comparison';
import { inquiry, inquiryItem } from './inquiry.entity';

/** Materials a page of the comparison holds at most (100 suppliers: 10,000 offers). */
export const COMPARISON_PAGE_ROWS_MAX = 100;
/** Suppliers an export may name (an inquiry invites a few dozen, 100 at the largest measured). */
const COMPARISON_SUPPLIERS_MAX = 500;

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
  /**
   * `{ inquiryId, pageIndex?, pageRows?, keyword?, inquiryItemIds? }` → who answered (sealed), or the
   * comparison of the opened quotes: one page of materials (of those the keyword finds, or those
   * named, in their order) with their offers (totals from `comparisonTotals`). Without a page
   * (`{ inquiryId, keyword?, itemOrder?, supplierIds?, supplierOrder? }`, what 导出 sends) the
   * materials the keyword finds in that order with the chosen suppliers' offers, and the totals.
   */
  comparison: endpoint({
    summary: 'The quotation comparison of an inquiry, a page of materials (answers only until it is opened)',
    input: {
      inquiryId: ref('srmInquiry', { required: true }),
      pageIndex: number({ precision: 0, min: 1 }),
      pageRows: number({ precision: 0, min: 1, max: COMPARISON_PAGE_ROWS_MAX }),
      /** A page of the materials whose code begins with it, whose name holds it, or whose line it is. */
      keyword: text({ max: 60 }),
      /**
       * These materials in this order instead of a page of the lines (the dialog's other orders,
       * worked out from the totals); materials of another inquiry are ignored.
       */
      inquiryItemIds: refs('srmInquiryItem', { max: COMPARISON_PAGE_ROWS_MAX }),
      /** Without a page: the materials in this order (LINE when not given). */
      itemOrder: lookup('SRC_COMPARISON_ITEM_ORDER', { codes: MATERIAL_ORDERS }),
      /** Without a page: only these suppliers' columns and offers (others of no column ignored). */
      supplierIds: refs('srmSupplierInfo', { max: COMPARISON_SUPPLIERS_MAX }),
      /** Without a page: the suppliers as invited, or the lowest total first (when not given). */
      supplierOrder: lookup('SRC_COMPARISON_SUPPLIER_ORDER', { codes: SUPPLIER_ORDERS }),
    },
    scope: inquiry,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      const page =
        input.pageIndex != null || input.pageRows != null || input.inquiryItemIds
          ? {
              pageIndex: input.pageIndex ?? 1,
              pageRows: input.pageRows ?? COMPARISON_PAGE_ROWS_MAX,
              ...(input.keyword ? { keyword: input.keyword } : {}),
              ...(input.inquiryItemIds ? { inquiryItemIds: input.inquiryItemIds } : {}),
            }
          : undefined;
      return {
        data: await comparison(ctx, input.inquiryId, page, {
          ...(input.keyword ? { keyword: input.keyword } : {}),
          ...(input.itemOrder ? { itemOrder: input.itemOrder } : {}),
          ...(input.supplierIds ? { supplierIds: input.supplierIds } : {}),
          ...(input.supplierOrder ? { supplierOrder: input.supplierOrder } : {}),
        }),
      };
    },
    // 导出 (`comparison/exportExcel` with the dialog's view): one row per material and supplier.
    sheet: {
      labels: 'srmInquiry.comparisonSheet',
      rows: comparisonSheetRows,
      columns: {
        lineNum: number({ precision: 0 }),
        itemCode: text(),
        itemName: text(),
        quantity: quantity(),
        uomName: text(),
        needByDate: date(),
        targetPrice: price(),
        lastPrice: price(),
        lowestPrice: price(),
        supplierName: text(),
        roundNum: number({ precision: 0 }),
        unitPrice: price(),
        amount: amount(),
        lowestFlag: checkbox(),
        tierPrices: text(),
        taxRate: number({ precision: 2 }),
        leadTimeDays: number({ precision: 0 }),
        brand: text(),
        model: text(),
        warrantyMonths: number({ precision: 0 }),
        validToDate: date(),
        expiredFlag: checkbox(),
        noQuoteReason: text(),
        remark: text(),
        supplierTotal: amount(),
      },
    },
  }),
  /**
   * `{ inquiryId }` → the comparison's totals over every material from the prices alone: each
   * supplier's total, each material's lowest price and savings, the best-per-material total and
   * the best single supplier (who answered, while sealed).
   */
  comparisonTotals: endpoint({
    summary: "The totals of an inquiry's quotation comparison (answers only until it is opened)",
    input: { inquiryId: ref('srmInquiry', { required: true }) },
    scope: inquiry,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return { data: await comparisonTotals(ctx, input.inquiryId) };
    },
  }),
});
