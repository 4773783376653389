// Hand-over messages of delivery (in-app and e-mail, in each reader's language): an issued
// delivery notice to the supplier's users, a submitted delivery note to the buyers who raised
// the orders it ships.
import { eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HookContext, Row } from '@srm/platform';
import { nameOf } from '../purchasing/order/order.notify';

export async function tellSupplierNoticeIssued(context: HookContext, row: Row): Promise<void> {
  await context.runtime.plugins.siteMessages?.notify({
    supplierId: row.supplierId as number,
    titleKey: 'message.notice.issuedTitle',
    contentKey: 'message.notice.issuedContent',
    params: {
      number: String(row.noticeNumber),
      org: await nameOf(context, 'srmBaseOrg', 'orgId', row.orgId, 'orgName'),
    },
    link: { entityName: 'srmPurDeliveryNotice', documentId: row.noticeHeaderId as number },
    source: 'DELIVERY_NOTICE_ISSUED',
    email: true,
  });
}

export async function tellBuyerAsnSubmitted(context: HookContext, row: Row): Promise<void> {
  const line = context.runtime.table('srmPurAsnLine');
  const header = context.runtime.table('srmPoHeader');
  const orders = await context.tx
    .selectDistinct({ poHeaderId: line.poHeaderId as AnyPgColumn })
    .from(line)
    .where(eq(line.asnHeaderId as AnyPgColumn, row.asnHeaderId as number));
  const ids = orders.map((item) => Number(item.poHeaderId)).filter((id) => id > 0);
  if (!ids.length) return;
  const buyers = await context.tx
    .selectDistinct({ userId: header.createdBy as AnyPgColumn })
    .from(header)
    .where(inArray(header.poHeaderId as AnyPgColumn, ids));
  const userIds = buyers.map((item) => Number(item.userId)).filter((id) => id > 0);
  if (!userIds.length) return;
  await context.runtime.plugins.siteMessages?.notify({
    userIds,
    titleKey: 'message.asn.submittedTitle',
    contentKey: 'message.asn.submittedContent',
    params: {
      number: String(row.asnNumber),
      supplier: await nameOf(context, 'srmSupplierInfo', 'supplierId', row.supplierId, 'supplierName'),
      date: String(row.expectedArrivalDate ?? row.shipDate ?? ''),
    },
    link: { entityName: 'srmPurAsnHeader', documentId: row.asnHeaderId as number },
    source: 'ASN_SUBMITTED',
    email: true,
  });
}
