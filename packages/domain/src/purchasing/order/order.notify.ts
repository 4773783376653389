// Hand-over messages of purchase orders (in-app and e-mail, in each reader's language): a
// released order to the supplier's users, a proposed change to the buyer who raised the order.
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HookContext, Row } from '@srm/platform';

/** A display name of a referenced row (the action's row holds ids only). */
export async function nameOf(
  context: HookContext,
  entity: string,
  key: string,
  id: unknown,
  field: string,
): Promise<string> {
  if (typeof id !== 'number') return '';
  const table = context.runtime.table(entity);
  const [found] = await context.tx
    .select({ name: table[field] as AnyPgColumn })
    .from(table)
    .where(eq(table[key] as AnyPgColumn, id));
  return found?.name == null ? '' : String(found.name);
}

export async function tellSupplierReleased(context: HookContext, row: Row): Promise<void> {
  await context.runtime.plugins.siteMessages?.notify({
    supplierId: row.supplierId as number,
    titleKey: 'message.po.releasedTitle',
    contentKey: 'message.po.releasedContent',
    params: {
      number: String(row.poNumber),
      org: await nameOf(context, 'srmBaseOrg', 'orgId', row.orgId, 'orgName'),
    },
    link: { entityName: 'srmPoHeader', documentId: row.poHeaderId as number },
    source: 'PO_RELEASED',
    email: true,
  });
}

export async function tellBuyerProposed(context: HookContext, row: Row): Promise<void> {
  if (typeof row.createdBy !== 'number') return;
  await context.runtime.plugins.siteMessages?.notify({
    userIds: [row.createdBy],
    titleKey: 'message.po.proposedTitle',
    contentKey: 'message.po.proposedContent',
    params: {
      number: String(row.poNumber),
      supplier: await nameOf(context, 'srmSupplierInfo', 'supplierId', row.supplierId, 'supplierName'),
    },
    link: { entityName: 'srmPoHeader', documentId: row.poHeaderId as number },
    source: 'PO_CHANGE_PROPOSED',
    email: true,
  });
}
