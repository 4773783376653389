// Purchase orders on the server: material details and requisition consumption on save, the
// supplier's answer line by line, the buyer's decision on proposed changes, closing and
// reopening, price history on approval and the hand-over messages.
import { type Decimal, type RuleIssue, type RowOf, dec } from '@srm/kernel';
import { AppError, type DataApi, defineActions } from '@srm/platform';
import { supplierInfo } from '../../supplier';
import { purchaseHistory } from '../purchase-history/purchase-history.entity';
import { consumeRequisitionLines, deltaOf, fillItemDetails, takenByLines } from '../support';
import { supplyIssues } from '../supply';
import { order } from './order.entity';
import { orderLine } from './order-line.entity';
import { tellBuyerProposed, tellSupplierReleased } from './order.notify';

type Line = RowOf<typeof orderLine>;
type Answer = {
  poLineId: number;
  promisedDate?: string | null;
  proposedDate?: string | null;
  proposedQuantity?: number | null;
  supplierComment?: string | null;
};

/** The stored lines with the supplier's answers of this call merged in. */
function withAnswers(lines: readonly Line[], answers: readonly Answer[] | null | undefined): Line[] {
  const byId = new Map(lines.map((line) => [line.poLineId, { ...line }]));
  for (const answer of answers ?? []) {
    const line = byId.get(answer.poLineId);
    if (!line) throw new AppError(404, 'purchasing.order.lineNotFound', { id: answer.poLineId });
    for (const field of ['promisedDate', 'proposedDate', 'proposedQuantity', 'supplierComment'] as const) {
      if (answer[field] !== undefined) (line as Record<string, unknown>)[field] = answer[field];
    }
  }
  return [...byId.values()];
}

const isOpen = (line: Line) => line.closedFlag !== 'Y';
const proposes = (line: Line) =>
  (line.proposedDate !== null && line.proposedDate !== line.promisedDate) ||
  (line.proposedQuantity !== null && !dec(line.proposedQuantity).eq(dec(line.quantity)));

function answerIssues(lines: readonly Line[], wantProposal: boolean): RuleIssue | null {
  const open = lines.filter(isOpen);
  if (!open.length) return { message: 'purchasing.order.noOpenLines' };
  const proposing = open.filter(proposes);
  if (wantProposal && !proposing.length) return { message: 'purchasing.order.noProposal' };
  if (!wantProposal && proposing.length)
    return {
      message: 'purchasing.order.hasProposals',
      params: { lines: proposing.map((line) => line.lineNum).join(', ') },
    };
  return null;
}

/** The supplier's answer: lines proposing a change wait for the buyer, the others are confirmed. */
async function applyAnswers(ctx: DataApi, headerId: number, lines: readonly Line[]): Promise<void> {
  await ctx.patchEach(
    orderLine,
    new Map(
      lines.filter(isOpen).map((line) => {
        const proposal = proposes(line);
        return [
          line.poLineId,
          {
            promisedDate: line.promisedDate ?? (proposal ? null : line.needByDate),
            proposedDate: proposal ? line.proposedDate : null,
            proposedQuantity: proposal ? line.proposedQuantity : null,
            supplierComment: line.supplierComment,
            supplierConfirmStatus: proposal ? 'PROPOSED' : 'CONFIRMED',
          },
        ];
      }),
    ),
  );
  await ctx.patch(order, headerId, { supplierConfirmDate: ctx.now.getTime() });
}

async function answered(ctx: DataApi, headerId: number, answers: readonly Answer[] | null | undefined) {
  return withAnswers((await ctx.lines(orderLine, headerId)) as Line[], answers);
}

/** Lines new or with another material than stored: they take the material's details. */
function newItems<L extends { poLineId?: number; itemId: number }>(
  lines: readonly L[],
  stored: readonly Line[],
): L[] {
  const before = new Map(stored.map((line) => [line.poLineId, line.itemId]));
  return lines.filter((line) => line.poLineId === undefined || before.get(line.poLineId) !== line.itemId);
}

/** What the order's lines take from requisition lines goes back to them. */
async function giveBack(ctx: DataApi, headerId: number): Promise<void> {
  const back = new Map<number, Decimal>();
  for (const [id, taken] of takenByLines(await ctx.lines(orderLine, headerId))) back.set(id, taken.neg());
  await consumeRequisitionLines(ctx, back);
}

export const orderActions = defineActions(order, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const lines = ctx.newLines.lines;
    await fillItemDetails(ctx, newItems(lines, ctx.oldLines.lines));
    if (!row.supplierEmail && (ctx.created || ctx.previous?.supplierId !== row.supplierId)) {
      const [supplier] = await ctx.list(supplierInfo, { supplierId: row.supplierId }, { limit: 1 });
      if (supplier?.contactEmail) row.supplierEmail = supplier.contactEmail;
    }
    if (lines.some((line) => line.requisitionLineId !== null && line.requisitionLineId !== undefined))
      row.sourceType = 'REQUISITION';
    const supply = await supplyIssues(ctx, row, lines);
    if (supply.length) return supply;
    await consumeRequisitionLines(ctx, deltaOf(takenByLines(ctx.oldLines.lines), takenByLines(lines)));
    return null;
  },
  guards: {
    async doSubmit(ctx) {
      const lines = await ctx.lines(orderLine, ctx.row.poHeaderId);
      if (!lines.length) return { message: 'purchasing.order.noLines' };
      return supplyIssues(ctx, ctx.row, lines);
    },
    // The approval's last step asks again: a certificate may have lapsed, a blacklist entry come
    // into force, or a line been suspended while the order waited.
    async doApproval(ctx) {
      return supplyIssues(ctx, ctx.row, await ctx.lines(orderLine, ctx.row.poHeaderId));
    },
    async doSupplierConfirm(ctx) {
      return answerIssues(await answered(ctx, ctx.row.poHeaderId, ctx.input.lines), false);
    },
    async doSupplierPropose(ctx) {
      return answerIssues(await answered(ctx, ctx.row.poHeaderId, ctx.input.lines), true);
    },
  },
  actions: {
    async doApproval(ctx) {
      const { row } = ctx;
      await ctx.patch(order, row.poHeaderId, { approvedDate: ctx.now.getTime() });
      // 采购历史: one row per line, the price this supplier was ordered at.
      const lines = await ctx.lines(orderLine, row.poHeaderId);
      await ctx.insert(
        purchaseHistory,
        lines.map((line) => ({
          supplierId: row.supplierId,
          orgId: row.orgId,
          itemId: line.itemId,
          poHeaderId: row.poHeaderId,
          lineNum: line.lineNum,
          quantity: line.quantity,
          unitPriceExclTax: line.unitPriceExclTax,
          taxRate: line.taxRate,
          unitPriceInclTax: line.unitPriceInclTax,
          currencyId: row.currencyId,
          orderDate: row.orderDate,
        })),
      );
    },
    async doRelease(ctx) {
      await ctx.patch(order, ctx.row.poHeaderId, { releasedDate: ctx.now.getTime() });
      await tellSupplierReleased(ctx, ctx.row);
    },
    doCancel: (ctx) => giveBack(ctx, ctx.row.poHeaderId),
    async doSupplierConfirm(ctx) {
      const id = ctx.row.poHeaderId;
      await applyAnswers(ctx, id, await answered(ctx, id, ctx.input.lines));
    },
    async doSupplierPropose(ctx) {
      const id = ctx.row.poHeaderId;
      await applyAnswers(ctx, id, await answered(ctx, id, ctx.input.lines));
      await tellBuyerProposed(ctx, ctx.row);
    },
    async doBuyerConfirm(ctx) {
      const id = ctx.row.poHeaderId;
      const proposed = await ctx.list(orderLine, { poHeaderId: id, supplierConfirmStatus: 'PROPOSED' });
      // The lines' amounts follow their new quantities (computed by the engine on the patch).
      const accepted: Line[] = await ctx.patchEach(
        orderLine,
        new Map(
          proposed.map((line) => [
            line.poLineId,
            {
              quantity: line.proposedQuantity ?? line.quantity,
              promisedDate: line.proposedDate ?? line.promisedDate ?? line.needByDate,
              proposedDate: null,
              proposedQuantity: null,
              supplierConfirmStatus: 'CONFIRMED',
            },
          ]),
        ),
      );
      await consumeRequisitionLines(ctx, deltaOf(takenByLines(proposed), takenByLines(accepted)));
      // The header's totals follow its lines (recomputed on the patch).
      await ctx.patch(order, id, { revisionNum: (ctx.row.revisionNum ?? 0) + 1 });
    },
    async doBuyerReject(ctx) {
      await ctx.patchWhere(
        orderLine,
        { poHeaderId: ctx.row.poHeaderId, supplierConfirmStatus: 'PROPOSED' },
        { supplierConfirmStatus: 'PENDING', proposedDate: null, proposedQuantity: null },
      );
    },
    async doClose(ctx) {
      await ctx.patchWhere(orderLine, { poHeaderId: ctx.row.poHeaderId }, { closedFlag: 'Y' });
    },
    async doOpen(ctx) {
      // An order closed as a whole reopens with all its lines; one reopened from some of its
      // lines (doOpenLines) keeps the others closed.
      const lines = await ctx.lines(orderLine, ctx.row.poHeaderId);
      if (lines.every((line) => line.closedFlag === 'Y'))
        await ctx.patchWhere(orderLine, { poHeaderId: ctx.row.poHeaderId }, { closedFlag: 'N' });
    },
  },
});
