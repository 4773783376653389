// The payment application's own endpoints: 选择待付来源, what an application of a supplier
// account may take (the buyer's side), and 打印, the application as a PDF (CN or EN layout) with
// the amount to pay in capitals — whoever reads the application may print it.
import { ref, text } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { payment } from './payment.entity';
import { openSourcesOf } from './payment.actions';
import { type PrintLayout, paymentPdf } from './payment.print';

function layoutOf(value: string | null | undefined, fallback: PrintLayout): PrintLayout {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === 'CN' || value === 'EN') return value;
  throw new AppError(400, 'settlement.print.layout');
}

export const paymentEndpoints = defineEndpoints(payment, {
  /** `{ supplierId, orgId, currencyId, paymentId? }` → the open invoices, advances and deductions. */
  openSources: endpoint({
    summary: 'What a payment application of a supplier account may take, each with its open amount',
    input: {
      supplierId: ref('srmSupplierInfo', { required: true }),
      orgId: ref('srmBaseOrg', { required: true }),
      currencyId: ref('srmBaseCurrency', { required: true }),
      paymentId: ref('srmStlPaymentHeader'),
    },
    scope: payment,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return {
        data: await openSourcesOf(ctx, {
          supplierId: input.supplierId,
          orgId: input.orgId,
          currencyId: input.currencyId,
          ...(input.paymentId ? { paymentId: input.paymentId } : {}),
        }),
      };
    },
  }),
  /** `{ paymentId, layout? }` → `{ fileName, contentType, content }` (base64 PDF). */
  printPdf: endpoint({
    summary: 'The payment application as a PDF (CN or EN layout), the amount to pay in capitals',
    input: { paymentId: ref('srmStlPaymentHeader', { required: true }), layout: text({ max: 2 }) },
    scope: payment,
    resource: 'read',
    async handle(ctx, input) {
      const layout = layoutOf(input.layout, ctx.actor.locale === 'en' ? 'EN' : 'CN');
      const found = await ctx.find(payment, input.paymentId);
      const pdf = await paymentPdf(ctx, found, layout);
      const fileName = `${found.paymentNumber ?? ''}${layout === 'EN' ? '-EN' : ''}.pdf`;
      return { data: { fileName, contentType: 'application/pdf', content: pdf.toString('base64') } };
    },
  }),
});
