// The category and org library on the server: a line cannot be added for, or qualify, a
// supplier that is frozen, blacklisted or eliminated.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierCategoryOrg } from './supplier-category-org.entity';
import { BLOCKED_SUPPLIER_STATES } from './supplier-supply';

async function blockedSupplier(ctx: DataApi, supplierId: number): Promise<RuleIssue | null> {
  const [supplier] = await ctx.list(supplierInfo, { supplierId }, { limit: 1 });
  if (!supplier || !BLOCKED_SUPPLIER_STATES.includes(supplier.status)) return null;
  return {
    field: 'supplierId',
    message: 'srmSupplierCategoryOrg.supplierBlocked',
    params: { supplier: supplier.supplierName },
  };
}

export const supplierCategoryOrgActions = defineActions(supplierCategoryOrg, {
  beforeSave: (ctx) => blockedSupplier(ctx, ctx.row.supplierId),
  guards: {
    doQualify: (ctx) => blockedSupplier(ctx, ctx.row.supplierId),
    doUnfreeze: (ctx) => blockedSupplier(ctx, ctx.row.supplierId),
  },
});
