// Requisitions on the server: material details on lines, and the demand pool's states following
// the document's (approved lines enter the pool; returned, cancelled and closed ones leave it).
import { type DataApi, defineActions } from '@srm/platform';
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
  },
  guards: {
    async doSubmit(ctx) {
      const lines = await ctx.lines(requisitionLine, ctx.row.requisitionHeaderId);
      return lines.length ? null : { message: 'purchasing.requisition.noLines' };
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
