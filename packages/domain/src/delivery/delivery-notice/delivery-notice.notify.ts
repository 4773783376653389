// Hand-over message of delivery notices (in-app and e-mail, in each reader's language): an issued
// notice to the supplier's users.
import { type RowOf } from '@srm/kernel';
import { type DataApi } from '@srm/platform';
import { deliveryNotice } from './delivery-notice.entity';

export async function tellSupplierNoticeIssued(
  ctx: DataApi,
  row: RowOf<typeof deliveryNotice>,
): Promise<void> {
  const [read] = await ctx.list(deliveryNotice, { noticeHeaderId: row.noticeHeaderId }, { limit: 1 });
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: 'message.notice.issuedTitle',
    contentKey: 'message.notice.issuedContent',
    params: { number: row.noticeNumber ?? '', org: String(read?.orgName ?? '') },
    link: { entityName: deliveryNotice.name, documentId: row.noticeHeaderId },
    source: 'DELIVERY_NOTICE_ISSUED',
    email: true,
    eventId: `${row.noticeHeaderId}-v${row.versionNum}-issued`,
  });
}
