// Hand-over messages of invoices (in-app and e-mail, in each reader's language), to the supplier's
// users: lines held outside the tolerances, and an invoice returned for correction.
import type { RowOf } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import type { invoice } from './invoice.entity';

type Invoice = RowOf<typeof invoice>;

async function tell(ctx: DataApi, row: Invoice, what: 'held' | 'returned', count: number): Promise<void> {
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: `message.stlInvoice.${what}Title`,
    contentKey: `message.stlInvoice.${what}Content`,
    params: { number: row.invoiceNumber, count },
    link: { entityName: 'srmStlInvoiceHeader', documentId: row.invoiceId },
    source: what === 'held' ? 'STL_INVOICE_HELD' : 'STL_INVOICE_RETURNED',
    email: true,
    eventId: `${row.invoiceId}-v${row.versionNum}-${what}`,
  });
}

export const tellSupplierHeld = (ctx: DataApi, row: Invoice, count: number) => tell(ctx, row, 'held', count);
export const tellSupplierReturned = (ctx: DataApi, row: Invoice) => tell(ctx, row, 'returned', 0);
