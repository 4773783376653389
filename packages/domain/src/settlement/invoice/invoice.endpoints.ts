// Invoices' own endpoint: 按对账单开票 — the supplier starts an invoice from one of its confirmed
// statements: a draft with a line for every statement line still to invoice, filled in with the
// quantity remaining, the agreed price and the tax rate, and the totals of those lines; the
// supplier then makes it read as its printed invoice and submits it.
import { date, lookup, ref, text } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { INVOICE_TYPES, invoice } from './invoice.entity';
import { draftFromStatement } from './invoice.support';

export const invoiceEndpoints = defineEndpoints(invoice, {
  createFromStatement: endpoint({
    summary: 'Start an invoice from a confirmed statement: one line per statement line still to invoice',
    input: {
      accountHeaderId: ref('srmStlAccountHeader', { required: true }),
      invoiceType: lookup('STL_INVOICE_TYPE', { required: true, codes: INVOICE_TYPES }),
      invoiceCode: text({ max: 12 }),
      invoiceNumber: text({ required: true, max: 20 }),
      invoiceDate: date({ required: true }),
    },
    scope: invoice,
    resource: 'button',
    sides: ['supplier'],
    write: true,
    async handle(ctx, input) {
      const { accountHeaderId, ...printed } = input;
      return { data: await draftFromStatement(ctx, accountHeaderId, printed) };
    },
  }),
});
