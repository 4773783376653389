// May this supplier supply these materials to this organisation? Two registers answer for each
// material of the order: the category and org library of the supplier area (the supplier is
// qualified for the material's category in the organisation, and not frozen or blacklisted),
// and the approved supplier list (ASL) of the agreements area — or, for a supplier under
// introduction, a running batch trial naming the material, whose lot the order stays within. A
// refusal is a 422 naming the supplier, the material and the organisation, in the caller's language.
import { type RuleIssue, add, dec } from '@srm/kernel';
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
  const issues: RuleIssue[] = [];
  for (const itemId of [...items].sort((a, b) => a - b)) {
    const { trial } = await assertSupplierMaySupply(context, { supplierId, itemId, orgId });
    if (!trial) {
      await assertAslAllows(context, { supplierId, itemId, orgId });
      continue;
    }
    // A trial lot: not on the approved supplier list yet, and within the trial's quantity.
    const ordered = lines
      .filter((line) => line.itemId === itemId)
      .reduce((sum, line) => add(sum, dec(String(line.quantity ?? 0))), dec(0));
    if (ordered.gt(trial.trialQuantity)) {
      const line = lines.find((l) => l.itemId === itemId);
      issues.push({
        field: 'lines',
        message: 'srmSupplierSupply.trialQuantity',
        params: {
          item: String(line?.itemName ?? itemId),
          number: trial.number,
          quantity: String(trial.trialQuantity),
        },
      });
    }
  }
  return issues;
}
