// The category and org library on the server: a line cannot be added for, or qualify, a
// supplier that is frozen, blacklisted or eliminated.
import type { RuleIssue } from '@srm/kernel';
import { type HookContext, SYSTEM_ACTOR, legacyActions } from '@srm/platform';
import { supplierCategoryOrg } from './supplier-category-org.entity';
import { BLOCKED_SUPPLIER_STATES } from './supplier-supply';

async function blockedSupplier(context: HookContext, supplierId: unknown): Promise<RuleIssue | null> {
  if (typeof supplierId !== 'number') return null;
  const { rows } = await context.runtime.service('srmSupplierInfo').list(SYSTEM_ACTOR, {
    pageIndex: 1,
    pageRows: 1,
    filters: [{ field: 'supplierId', op: 'eq', value: supplierId }],
    sort: [],
  });
  const supplier = rows[0];
  const state = String(supplier?.status ?? '');
  if (!supplier || !BLOCKED_SUPPLIER_STATES.includes(state)) return null;
  return {
    field: 'supplierId',
    message: 'srmSupplierCategoryOrg.supplierBlocked',
    params: { supplier: String(supplier.supplierName) },
  };
}

export const supplierCategoryOrgActions = legacyActions(supplierCategoryOrg, {
  beforeSave: (context, { row }) => blockedSupplier(context, row.supplierId),
  guards: {
    doQualify: (context, { row }) => blockedSupplier(context, row.supplierId),
    doUnfreeze: (context, { row }) => blockedSupplier(context, row.supplierId),
  },
});
