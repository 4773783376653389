// findOpenWork: the quitting supplier's open work, listed on the quit before it is submitted —
// orders still under way (they block), delivery notes under way (listed) — for the whole supplier
// or the quit's lines. Internal only: a quit is the buyer's document.
import { ref } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { openWorkOf } from './open-work';
import { supplierQuit } from './supplier-quit.entity';

export const supplierQuitEndpoints = defineEndpoints(supplierQuit, {
  findOpenWork: endpoint({
    summary: 'The open orders and delivery notes of a quitting supplier (orders block the quit)',
    input: { quitId: ref('srmSupplierQuit', { required: true }) },
    scope: supplierQuit,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      const quit = await ctx.find(supplierQuit, input.quitId);
      const lines =
        quit.quitScope === 'WHOLE'
          ? null
          : quit.lines.map((line) => ({ categoryId: line.categoryId, orgId: line.orgId }));
      const documents = await openWorkOf(ctx, quit.supplierId, lines);
      return { data: { blocking: documents.some((doc) => doc.blocks), documents } };
    },
  }),
});
