// Screens of receiving transactions (web): the buyer's, and the supplier's own.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const transaction = () => import('./transaction.entity').then((m) => m.transaction);

export const transactionScreens: ScreenEntry[] = [
  ...entityScreens('receiving', 'srmPurTransaction', transaction, {
    list: 'transactionsList',
    edit: 'transactionsEdit',
  }),
  ...entityScreens('receiving', 'srmPurTransaction', transaction, {
    list: 'supplierTransactionsList',
    edit: 'supplierTransactionsEdit',
  }),
];
