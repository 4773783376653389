// Hand-over messages of balance confirmations (in-app and e-mail, in each reader's language): to
// the supplier's users once approved (待确认), to whoever made it once the supplier answered.
import type { RowOf } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { supplierInfo } from '../../supplier';
import type { rcn } from './rcn.entity';

type Rcn = RowOf<typeof rcn>;
const link = (row: Rcn) => ({ entityName: 'srmStlRcnHeader', documentId: row.rcnHeaderId });
const period = (row: Rcn) => `${row.periodStartDate} ~ ${row.periodEndDate}`;

export async function tellSupplierRcn(ctx: DataApi, row: Rcn): Promise<void> {
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: 'message.stlRcn.sentTitle',
    contentKey: 'message.stlRcn.sentContent',
    params: {
      number: row.rcnNumber ?? '',
      period: period(row),
      amount: (row.closingBalance ?? 0).toFixed(2),
    },
    link: link(row),
    source: 'STL_RCN_SENT',
    email: true,
    eventId: `${row.rcnHeaderId}-v${row.versionNum}-sent`,
  });
}

export async function tellBuyerRcn(ctx: DataApi, row: Rcn, what: 'confirmed' | 'disputed'): Promise<void> {
  if (row.createdBy === null) return;
  const [supplier] = await ctx
    .system('the message names the supplier to its buyer')
    .list(supplierInfo, { supplierId: row.supplierId });
  await ctx.services.siteMessages?.notify({
    userIds: [row.createdBy],
    titleKey: `message.stlRcn.${what}Title`,
    contentKey: `message.stlRcn.${what}Content`,
    params: {
      number: row.rcnNumber ?? '',
      supplier: supplier?.supplierName ?? '',
      amount: (row.supplierBalance ?? row.closingBalance ?? 0).toFixed(2),
    },
    link: link(row),
    source: 'STL_RCN_ANSWERED',
    email: true,
    eventId: `${row.rcnHeaderId}-v${row.versionNum}-${what}`,
  });
}
