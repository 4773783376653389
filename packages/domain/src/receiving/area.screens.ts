// The web part of receiving: its objects' screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { receiveScreens } from './receive/receive.screens';
import { storageTransactionScreens } from './storage-transaction/storage-transaction.screens';
import { transactionScreens } from './transaction/transaction.screens';
import { writeOffScreens } from './write-off/write-off.screens';

export const receivingWeb = defineAreaScreens('receiving', { 'zh-CN': zhCN, en }, [
  ...receiveScreens,
  ...transactionScreens,
  ...storageTransactionScreens,
  ...writeOffScreens,
]);
