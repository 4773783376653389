// May this supplier supply these materials to this organisation? Two registers answer for each
// material of the order: the category and org library of the supplier area (the supplier is
// qualified for the material's category in the organisation, and not frozen or blacklisted),
// and the approved supplier list (ASL) of the agreements area. A refusal is a 422 naming the
// supplier, the material and the organisation, in the caller's language.
import type { RuleIssue } from '@srm/kernel';
import type { HookContext, Row } from '@srm/platform';
import { assertAslAllows } from '../agreements/server';
import { assertSupplierMaySupply } from '../supplier/server';

export async function supplyIssues(
  context: HookContext,
  header: Readonly<Row>,
  lines: readonly Row[],
): Promise<RuleIssue[]> {
  const supplierId = header.supplierId;
  const orgId = header.orgId;
  if (typeof supplierId !== 'number' || typeof orgId !== 'number') return [];
  const items = new Set(
    lines.map((line) => line.itemId).filter((id): id is number => typeof id === 'number'),
  );
  for (const itemId of [...items].sort((a, b) => a - b)) {
    await assertSupplierMaySupply(context, { supplierId, itemId, orgId });
    await assertAslAllows(context, { supplierId, itemId, orgId });
  }
  return [];
}
