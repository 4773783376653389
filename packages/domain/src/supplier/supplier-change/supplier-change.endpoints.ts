// findDiff: what a change changes, as the detailed screen shows it — per section, field label,
// value before and value after, lines added, removed and changed — in the reader's language. The
// supplier reads its own changes in clear; inside, bank account numbers are masked except to
// users whose current responsibility holds the finance role. `stale` says the master moved since
// the snapshot (approval would be refused; rebase first).
import { ref, responsibilityRole, role } from '@srm/kernel';
import { type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { type Snapshot, diffOf, presentDiff } from './supplier-change.diff';
import { supplierChange } from './supplier-change.entity';

/** The role whose holders read bank account numbers in clear. */
export const FINANCE_ROLE = 'FINANCE';

/** The caller's current responsibility holds a role. */
async function holdsRole(ctx: DataApi, roleCode: string): Promise<boolean> {
  const { responsibilityId } = ctx.actor;
  if (!responsibilityId) return false;
  const system = ctx.system('whether the caller’s responsibility holds a role');
  const [found] = await system.list(role, { roleCode }, { limit: 1 });
  if (!found) return false;
  const held = await system.list(
    responsibilityRole,
    { responsibilityId, roleId: found.roleId },
    { limit: 1 },
  );
  return held.length > 0;
}

export const supplierChangeEndpoints = defineEndpoints(supplierChange, {
  findDiff: endpoint({
    summary: 'What a change info changes: per section, field label, value before and after',
    input: { changeId: ref('srmSupplierChange', { required: true }) },
    scope: supplierChange,
    resource: 'read',
    async handle(ctx, input) {
      const change = await ctx.find(supplierChange, input.changeId);
      const [master] = await ctx
        .system('a change compares its snapshot with the master’s version')
        .list(supplierInfo, { supplierId: change.supplierId }, { limit: 1 });
      const clear = ctx.actor.side === 'supplier' || (await holdsRole(ctx, FINANCE_ROLE));
      const sections = diffOf(change.snapshot as Snapshot, change);
      return {
        data: {
          changeNum: change.changeNum,
          status: change.status,
          stale:
            ['DRAFT', 'APPROVING', 'REJECTED'].includes(change.status) &&
            master?.versionNum !== change.baseVersion,
          sections: presentDiff(sections, ctx.runtime.messages(), ctx.actor.locale, clear),
        },
      };
    },
  }),
});
