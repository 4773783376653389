// Requisitions on the server: material details on lines, a suggested supplier asked of
// eligibility (ORDER) for the line's material and organisation — on every save that names it
// anew (create, copy, split, import, the API) and again on submit — and the demand pool's states
// following the document's (approved lines enter the pool; returned, cancelled and closed ones
// leave it).
import { type DataApi, defineActions } from '@srm/platform';
import { assertAllEligible, lineQueries } from '../../supplier/server';
import { fillItemDetails } from '../support';
import { requisition } from './requisition.entity';
import { requisitionLine } from './requisition-line.entity';

type DemandStatus = 'PENDING' | 'POOLED' | 'CLOSED' | 'CANCELLED';

export const requisitionActions = defineActions(requisition, {
  async beforeSave(ctx) {
    const lines = ctx.newLines.lines;
    const before = new Map(ctx.oldLines.lines.map((line) => [line.requisitionLineId, line.itemId]));
    // New lines, and lines whose material changed, take the material's details.
    await fillItemDetails(
      ctx,
      lines.filter(
        (line) => line.requisitionLineId === undefined || before.get(line.requisitionLineId) !== line.itemId,
      ),
    );
    for (const line of lines) line.orgId = ctx.row.orgId;
    // The lines whose supplier, material or organisation this save sets.
    const stored = new Map(ctx.oldLines.lines.map((line) => [line.requisitionLineId, line]));
    const orgMoved = !!ctx.previous && ctx.previous.orgId !== ctx.row.orgId;
    const named = lines.filter((line) => {
      const old = line.requisitionLineId === undefined ? undefined : stored.get(line.requisitionLineId);
      return (
        orgMoved || !old || old.suggestedSupplierId !== line.suggestedSupplierId || old.itemId !== line.itemId
      );
    });
    await assertAllEligible(ctx, lineQueries(named.map(suggestion)), 'ORDER');
  },
  guards: {
    async doSubmit(ctx) {
      const lines = await ctx.lines(requisitionLine, ctx.row.requisitionHeaderId);
      if (!lines.length) return { message: 'purchasing.requisition.noLines' };
      await assertAllEligible(ctx, lineQueries(lines.map(suggestion)), 'ORDER');
      return null;
    },
    async doReturn(ctx) {
      const lines = await ctx.lines(requisitionLine, ctx.row.requisitionHeaderId);
      return lines.some((line) => (line.orderedQuantity ?? 0) > 0)
        ? { message: 'purchasing.requisition.alreadyOrdered' }
        : null;
    },
  },
  actions: {
    doApproval: (ctx) => pool(ctx, ctx.row.requisitionHeaderId, 'POOLED'),
    doReturn: (ctx) => pool(ctx, ctx.row.requisitionHeaderId, 'PENDING'),
    doCancel: (ctx) => pool(ctx, ctx.row.requisitionHeaderId, 'CANCELLED'),
    // Lines already ordered in full keep their state.
    doClose: (ctx) => pool(ctx, ctx.row.requisitionHeaderId, 'CLOSED', ['PENDING', 'POOLED']),
  },
});

/** A line's suggested supplier, material and organisation, as eligibility is asked of them. */
const suggestion = (line: {
  suggestedSupplierId?: number | null;
  itemId?: number | null;
  orgId?: number | null;
}) => ({
  supplierId: line.suggestedSupplierId,
  itemId: line.itemId,
  orgId: line.orgId,
});

/** Moves the document's lines in the demand pool. */
async function pool(
  ctx: DataApi,
  headerId: number,
  status: DemandStatus,
  onlyFrom?: readonly DemandStatus[],
): Promise<void> {
  await ctx.patchWhere(
    requisitionLine,
    { requisitionHeaderId: headerId, ...(onlyFrom ? { demandStatus: onlyFrom } : {}) },
    { demandStatus: status },
  );
}
