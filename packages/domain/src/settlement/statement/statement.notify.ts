// Hand-over messages of statements (in-app and e-mail, in each reader's language): a statement
// sent, and a dispute answered, to the supplier's users; a statement disputed or confirmed, to the
// buyer who generated it.
import type { RowOf } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { org } from '../../base-data';
import { supplierInfo } from '../../supplier';
import type { statement } from './statement.entity';

type Statement = RowOf<typeof statement>;

const link = (row: Statement) => ({ entityName: 'srmStlAccountHeader', documentId: row.accountHeaderId });

async function tellSupplier(ctx: DataApi, row: Statement, what: 'sent' | 'answered'): Promise<void> {
  const [buyer] = await ctx.system('the message names the organisation').list(org, { orgId: row.orgId });
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: `message.stl.${what}Title`,
    contentKey: `message.stl.${what}Content`,
    params: {
      number: row.accountNumber ?? '',
      org: buyer?.orgName ?? '',
      period: `${row.periodStartDate} ~ ${row.periodEndDate}`,
    },
    link: link(row),
    source: what === 'sent' ? 'STL_STATEMENT_SENT' : 'STL_DISPUTE_ANSWERED',
    email: true,
    eventId: `${row.accountHeaderId}-v${row.versionNum}-${what}`,
  });
}

export const tellSupplierSent = (ctx: DataApi, row: Statement) => tellSupplier(ctx, row, 'sent');
export const tellSupplierAnswered = (ctx: DataApi, row: Statement) => tellSupplier(ctx, row, 'answered');

export async function tellBuyer(
  ctx: DataApi,
  row: Statement,
  what: 'disputed' | 'confirmed',
  disputed = 0,
): Promise<void> {
  if (row.createdBy === null) return;
  const [supplier] = await ctx
    .system('the message names the supplier to its buyer')
    .list(supplierInfo, { supplierId: row.supplierId });
  await ctx.services.siteMessages?.notify({
    userIds: [row.createdBy],
    titleKey: `message.stl.${what}Title`,
    contentKey: `message.stl.${what}Content`,
    params: { number: row.accountNumber ?? '', supplier: supplier?.supplierName ?? '', count: disputed },
    link: link(row),
    source: what === 'disputed' ? 'STL_STATEMENT_DISPUTED' : 'STL_STATEMENT_CONFIRMED',
    email: true,
    eventId: `${row.accountHeaderId}-v${row.versionNum}-${what}`,
  });
}
