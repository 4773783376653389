// The payment application's own endpoint: 打印, the application as a PDF (CN or EN layout) with
// the amount to pay in capitals. Whoever reads the application may print it.
import { ref, text } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { payment } from './payment.entity';
import { type PrintLayout, paymentPdf } from './payment.print';

function layoutOf(value: string | null | undefined, fallback: PrintLayout): PrintLayout {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === 'CN' || value === 'EN') return value;
  throw new AppError(400, 'settlement.print.layout');
}

export const paymentEndpoints = defineEndpoints(payment, {
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
