// Screens of receiving (web): the buyer's receipts, transactions and stock transactions; the
// supplier's posted receipts and its own transactions.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';
import { receiptScanEditor } from './scanEditor';

const receive = () => import('./receive.entity').then((m) => m.receive);
const transaction = () => import('./transaction.entity').then((m) => m.transaction);

export const receivingScreens: ScreenEntry[] = [
  ...entityScreens('receiving', 'srmPurReceiveHeader', receive, {
    list: 'receiveList',
    edit: 'receiveEdit',
    // 扫码收货: package barcodes scanned into the lines.
    linesEditor: receiptScanEditor,
  }),
  ...entityScreens(
    'receiving',
    'srmPurReceiveLine',
    () => import('./receive-line.entity').then((m) => m.receiveLine),
    {
      list: 'receiveLineList',
      edit: 'receiveLineEdit',
    },
  ),
  ...entityScreens('receiving', 'srmPurTransaction', transaction, {
    list: 'transactionsList',
    edit: 'transactionsEdit',
  }),
  ...entityScreens(
    'receiving',
    'srmPurStorageTransaction',
    () => import('./storage-transaction.entity').then((m) => m.storageTransaction),
    { list: 'storageTransactionList', edit: 'storageTransactionEdit' },
  ),
  ...entityScreens(
    'receiving',
    'srmPurWriteOff',
    () => import('./write-off.entity').then((m) => m.writeOff),
    {
      list: 'writeOffList',
      edit: 'writeOffEdit',
    },
  ),
  ...entityScreens('receiving', 'srmPurReceiveHeader', receive, {
    list: 'supplierReceiveList',
    edit: 'supplierReceiveEdit',
  }),
  ...entityScreens('receiving', 'srmPurTransaction', transaction, {
    list: 'supplierTransactionsList',
    edit: 'supplierTransactionsEdit',
  }),
];
