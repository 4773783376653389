// Screens of invoices (web): the buyer's, with the exception queue as a filter of it, and the
// supplier's own.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const invoice = () => import('./invoice.entity').then((m) => m.invoice);

export const invoiceScreens: ScreenEntry[] = [
  ...entityScreens('settlement', 'srmStlInvoiceHeader', invoice, { list: 'invoice', edit: 'invoiceEdit' }),
  ...entityScreens('settlement', 'srmStlInvoiceHeader', invoice, {
    list: 'supplierInvoice',
    edit: 'supplierInvoiceEdit',
  }),
];
