// The web part of receiving: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { receiveScreens } from './receive/receive.screens';
import { storageTransactionScreens } from './storage-transaction/storage-transaction.screens';
import { transactionScreens } from './transaction/transaction.screens';
import { writeOffScreens } from './write-off/write-off.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const receivingWeb = defineAreaScreens('receiving', labels, [
  ...receiveScreens,
  ...transactionScreens,
  ...storageTransactionScreens,
  ...writeOffScreens,
]);
