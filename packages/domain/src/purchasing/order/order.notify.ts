// Hand-over messages of purchase orders (in-app and e-mail, in each reader's language): a
// released order to the supplier's users, a proposed change to the buyer who raised the order.
import type { RowOf } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { org } from '../../base-data';
import { supplierInfo } from '../../supplier';
import type { order } from './order.entity';

type Order = RowOf<typeof order>;

export async function tellSupplierReleased(ctx: DataApi, row: Order): Promise<void> {
  // The organisation's name for the supplier's message, whoever released the order.
  const [buyer] = await ctx
    .system('the message names the ordering organisation')
    .list(org, { orgId: row.orgId });
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: 'message.po.releasedTitle',
    contentKey: 'message.po.releasedContent',
    params: { number: row.poNumber ?? '', org: buyer?.orgName ?? '' },
    link: { entityName: 'srmPoHeader', documentId: row.poHeaderId },
    source: 'PO_RELEASED',
    email: true,
    // One release of one version of the order: the same release told twice is one e-mail.
    eventId: `${row.poHeaderId}-v${row.versionNum}-released`,
  });
}

export async function tellBuyerProposed(ctx: DataApi, row: Order): Promise<void> {
  if (row.createdBy === null) return;
  const [supplier] = await ctx.list(supplierInfo, { supplierId: row.supplierId });
  await ctx.services.siteMessages?.notify({
    userIds: [row.createdBy],
    titleKey: 'message.po.proposedTitle',
    contentKey: 'message.po.proposedContent',
    params: { number: row.poNumber ?? '', supplier: supplier?.supplierName ?? '' },
    link: { entityName: 'srmPoHeader', documentId: row.poHeaderId },
    source: 'PO_CHANGE_PROPOSED',
    email: true,
    eventId: `${row.poHeaderId}-v${row.versionNum}-proposed`,
  });
}
