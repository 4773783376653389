// Screens of invoices (web): the buyer's, with the exception queue as a filter of it, and the
// supplier's own (with 按订单开票 where its organisation allows it).
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { invoiceListButtons } from '../statement/statement.buttons';

const invoice = () => import('./invoice.entity').then((m) => m.invoice);

export const invoiceScreens: ScreenEntry[] = [
  ...entityScreens('settlement', 'srmStlInvoiceHeader', invoice, { list: 'invoice', edit: 'invoiceEdit' }),
  ...entityScreens('settlement', 'srmStlInvoiceHeader', invoice, {
    list: 'supplierInvoice',
    edit: 'supplierInvoiceEdit',
    listButtons: invoiceListButtons,
  }),
];
