// Delivery notes on the server: lines checked against what remains open on their order lines and
// confirmed notice lines (under row locks) and the supplier asked of eligibility (RECEIVE: a
// blacklist entry over orders refuses, a lapsed qualification only warns, as receiving what was
// ordered goes on), submitted to the buyer (the barcode list written),
// cancelled while nothing is received, closed; the notice lines they ship keep their shipped
// quantity as the notes change.
import { AppError, type DataApi, defineActions } from '@srm/platform';
import { assertAllEligible, lineQueries } from '../../supplier/server';
import { syncBarcodes } from '../asn-barcode/asn-barcode.sync';
import { checkAsnLines, checkNoticeLines, refreshNoticeShipped } from '../support';
import { asn } from './asn.entity';
import { asnLine } from './asn-line.entity';
import { asnLabels } from './asn.labels';
import { tellBuyerAsnSubmitted } from './asn.notify';

/** The notice lines a note's lines ship. */
const noticeLinesOf = (lines: readonly { deliveryNoticeLineId: number | null }[]) =>
  lines.map((line) => line.deliveryNoticeLineId);

/** The note's supplier: a note exists only as a supplier's (it alone writes notes). */
function supplierOfNote(row: { supplierId: number | null }): number {
  if (typeof row.supplierId !== 'number') throw new AppError(403, 'delivery.asn.supplierOnly');
  return row.supplierId;
}

/** Eligibility's RECEIVE purpose for the materials the note ships. */
async function assertMayDeliver(
  ctx: DataApi,
  supplierId: number,
  orgId: number | null,
  lines: readonly { itemId?: number | null }[],
): Promise<void> {
  const named = lines.map((line) => ({ supplierId, orgId, itemId: line.itemId }));
  await assertAllEligible(ctx, lineQueries(named), 'RECEIVE');
}

export const asnActions = defineActions(asn, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const supplierId = supplierOfNote(row);
    const headerId = ctx.created ? null : (row.asnHeaderId ?? null);
    const lines = ctx.newLines.lines;
    const orgId = await checkAsnLines(ctx, supplierId, headerId, lines);
    await checkNoticeLines(ctx, supplierId, headerId, lines);
    await assertMayDeliver(ctx, supplierId, orgId, lines);
    if (orgId !== null) row.orgId = orgId;
  },
  // The notice lines the note shipped before the save and those it ships now.
  afterSave: (ctx) =>
    refreshNoticeShipped(ctx, [...noticeLinesOf(ctx.oldLines.lines), ...noticeLinesOf(ctx.newLines.lines)]),
  async beforeDelete(ctx) {
    const id = ctx.row.asnHeaderId;
    await refreshNoticeShipped(ctx, noticeLinesOf(await ctx.lines(asnLine, id)), id);
  },
  guards: {
    async doSubmit(ctx) {
      const { row } = ctx;
      const lines = await ctx.lines(asnLine, row.asnHeaderId);
      if (!lines.length) return { message: 'delivery.asn.noLines' };
      const supplierId = supplierOfNote(row);
      await checkAsnLines(ctx, supplierId, row.asnHeaderId, lines);
      await checkNoticeLines(ctx, supplierId, row.asnHeaderId, lines);
      await assertMayDeliver(ctx, supplierId, row.orgId, lines);
      return null;
    },
    async doCancel(ctx) {
      const lines = await ctx.lines(asnLine, ctx.row.asnHeaderId);
      return lines.some((line) => (line.receivedQuantity ?? 0) !== 0)
        ? { message: 'delivery.asn.hasReceipts', params: { number: ctx.row.asnNumber ?? '' } }
        : null;
    },
  },
  actions: {
    doCancel: async (ctx) =>
      refreshNoticeShipped(ctx, noticeLinesOf(await ctx.lines(asnLine, ctx.row.asnHeaderId))),
    doClose: async (ctx) =>
      refreshNoticeShipped(ctx, noticeLinesOf(await ctx.lines(asnLine, ctx.row.asnHeaderId))),
    async doSubmit(ctx) {
      const id = ctx.row.asnHeaderId;
      await ctx.patch(asn, id, { submittedDate: ctx.now.getTime() });
      // The barcode list: one stored barcode per package from submission on.
      const note = await ctx.find(asn, id);
      await syncBarcodes(ctx, note, asnLabels(note), false);
      await tellBuyerAsnSubmitted(ctx, note);
    },
  },
});
