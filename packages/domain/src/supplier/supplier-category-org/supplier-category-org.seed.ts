// The demo category and org library: which demo supplier may supply which category to which
// organisation, in which state; and where each demo supplier stands in its lifecycle (set after
// the lines: a supplier that quit gets no new library line).
import { SYSTEM_ACTOR, type SeedContext, defineSeed } from '@srm/platform';
import { DEMO_SUPPLIER_STATES } from '../supplier-info/supplier-info.seed';

/** Category and org library: [supplier credit code, category code, org code, status]. */
const LIBRARY: readonly (readonly [string, string, string, string])[] = [
  ['91320505MA1NH7QX3R', '0201', 'OU100', 'QUALIFIED'],
  ['91320505MA1NH7QX3R', '0203', 'OU100', 'QUALIFIED'],
  ['91320505MA1NH7QX3R', '0203', 'OU200', 'QUALIFIED'],
  ['91320505MA1NH7QX3R', '0202', 'OU100', 'INTRODUCING'],
  ['91330212MA2GQ3RT8L', '01', 'OU200', 'QUALIFIED'],
  ['91330212MA2GQ3RT8L', '01', 'OU100', 'QUALIFIED'],
  // 瑞丰 is the second source of fasteners in Suzhou (the agreements' nut quotas, 70 / 30).
  ['91330212MA2GQ3RT8L', '0203', 'OU100', 'QUALIFIED'],
  ['91330212MA2GQ3RT8L', '0103', 'OU200', 'SUSPENDED'],
  ['91320412MA1XK5TP2X', '0301', 'OU100', 'INTRODUCING'],
  ['91320211MA1P8GDK6E', '0202', 'OU100', 'SUSPENDED'],
  ['91330302MA2H4LQN5R', '0203', 'OU100', 'QUIT'],
];

/** Why the demo's suspended lines are suspended. */
const SUSPENDED_BECAUSE = '来料批次不良率超标，整改完成前暂停供货';

/** Sets a demo row's state directly (the seed describes where the demo stands, not how it got there). */
async function putState(
  context: SeedContext,
  entity: string,
  id: number,
  status: string,
  more: Record<string, unknown> = {},
): Promise<void> {
  const service = context.runtime.service(entity);
  const current = await service.find(SYSTEM_ACTOR, id);
  if (current.status !== status)
    await service.writeSystemFields(SYSTEM_ACTOR, id, { status, ...more }, 'seed');
}

export const supplierCategoryOrgSeed = defineSeed('supplier.category-org-library', async (context) => {
  // Lines first: a supplier that quit or is blacklisted gets no new library line.
  for (const [creditCode, categoryCode, orgCode, status] of LIBRARY) {
    const key = {
      supplierId: await context.idOf('srmSupplierInfo', { creditCode }),
      categoryId: await context.idOf('srmBaseCategory', { categoryCode }),
      orgId: await context.idOf('srmBaseOrg', { orgCode }),
    };
    const id = await context.put('srmSupplierCategoryOrg', key, key);
    await putState(
      context,
      'srmSupplierCategoryOrg',
      id,
      status,
      status === 'SUSPENDED' ? { suspendCause: 'MANUAL', suspendReason: SUSPENDED_BECAUSE } : {},
    );
  }
  for (const [creditCode, status] of Object.entries(DEMO_SUPPLIER_STATES)) {
    await putState(context, 'srmSupplierInfo', await context.idOf('srmSupplierInfo', { creditCode }), status);
  }
});
