// Hand-over messages of money to the supplier's users (in-app and e-mail, in each reader's
// language): a payment made, a deduction issued for acknowledgement.
import type { DataApi } from '@srm/platform';

export async function tellSupplierPaid(
  ctx: DataApi,
  row: {
    paymentId: number;
    paymentNumber: string | null;
    supplierId: number;
    payAmount: number | null;
    versionNum: number;
  },
  currency: string,
): Promise<void> {
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: 'message.stlPayment.paidTitle',
    contentKey: 'message.stlPayment.paidContent',
    params: { number: row.paymentNumber ?? '', amount: `${currency} ${(row.payAmount ?? 0).toFixed(2)}` },
    link: { entityName: 'srmStlPaymentHeader', documentId: row.paymentId },
    source: 'STL_PAYMENT_PAID',
    email: true,
    eventId: `${row.paymentId}-paid`,
  });
}

export async function tellSupplierDeduction(
  ctx: DataApi,
  row: {
    deductionId: number;
    deductionNumber: string | null;
    supplierId: number;
    amount: number;
    reason: string;
    versionNum: number;
  },
): Promise<void> {
  await ctx.services.siteMessages?.notify({
    supplierId: row.supplierId,
    titleKey: 'message.stlDeduction.issuedTitle',
    contentKey: 'message.stlDeduction.issuedContent',
    params: { number: row.deductionNumber ?? '', amount: row.amount.toFixed(2), reason: row.reason },
    link: { entityName: 'srmStlDeduction', documentId: row.deductionId },
    source: 'STL_DEDUCTION_ISSUED',
    email: true,
    eventId: `${row.deductionId}-v${row.versionNum}-issued`,
  });
}
