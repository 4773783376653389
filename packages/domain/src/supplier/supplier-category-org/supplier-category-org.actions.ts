// The category and org library on the server: no line is added for, qualified or resumed for a
// supplier that quit or is blacklisted; every status change lands in the line's history with its
// reason, and the supplier's own status follows its lines (line-status.ts).
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { syncSupplierStatus, writeLineHistory } from './line-status';
import { type CategoryOrgState, supplierCategoryOrg } from './supplier-category-org.entity';

async function blockedSupplier(ctx: DataApi, supplierId: number): Promise<RuleIssue | null> {
  const [supplier] = await ctx
    .system('the library refuses a supplier that quit or is blacklisted')
    .list(supplierInfo, { supplierId }, { limit: 1 });
  if (!supplier || (supplier.status !== 'QUIT' && supplier.blacklistFlag !== 'Y')) return null;
  return {
    field: 'supplierId',
    message: 'srmSupplierCategoryOrg.supplierBlocked',
    params: { supplier: supplier.supplierName },
  };
}

type Row = { categoryOrgId: number; supplierId: number; categoryId: number; orgId: number; status: string };

/** A buyer's action on a line: its history row (with the comment) and the supplier's status. */
async function recorded(
  ctx: DataApi & { readonly row: Row; readonly previous: Row; readonly input: { comment?: string | null } },
): Promise<void> {
  const { row, previous } = ctx;
  await writeLineHistory(
    ctx,
    [
      {
        id: row.categoryOrgId,
        supplierId: row.supplierId,
        categoryId: row.categoryId,
        orgId: row.orgId,
        status: previous.status,
      },
    ],
    row.status as CategoryOrgState,
    { source: 'MANUAL', reason: ctx.input.comment ?? null },
  );
  await syncSupplierStatus(ctx, [row.supplierId]);
}

export const supplierCategoryOrgActions = defineActions(supplierCategoryOrg, {
  beforeSave: (ctx) => blockedSupplier(ctx, ctx.row.supplierId),
  async afterSave(ctx) {
    if (!ctx.created) return;
    const { row } = ctx;
    await writeLineHistory(
      ctx,
      [{ id: ctx.id, supplierId: row.supplierId, categoryId: row.categoryId, orgId: row.orgId, status: '' }],
      'INTRODUCING',
      { source: 'MANUAL', reason: row.remark },
    );
  },
  guards: {
    doQualify: (ctx) => blockedSupplier(ctx, ctx.row.supplierId),
    doResume: (ctx) => blockedSupplier(ctx, ctx.row.supplierId),
  },
  actions: {
    doQualify: recorded,
    async doSuspend(ctx) {
      await ctx.patch(supplierCategoryOrg, ctx.row.categoryOrgId, {
        suspendCause: 'MANUAL',
        suspendReason: (ctx.input.comment ?? '').slice(0, 500),
      });
      await recorded(ctx);
    },
    async doResume(ctx) {
      await ctx.patch(supplierCategoryOrg, ctx.row.categoryOrgId, {
        suspendCause: null,
        suspendReason: null,
      });
      await recorded(ctx);
    },
    doQuit: recorded,
  },
});
