// The web part of settlement: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { excludeScreens } from './exclude/exclude.screens';
import { invoiceScreens } from './invoice/invoice.screens';
import { moneyScreens } from './payment/payment.screens';
import { ledgerScreens } from './ledger/ledger.screens';
import { reportScreens } from './reports/reports.screens';
import { statementScreens } from './statement/statement.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const settlementWeb = defineAreaScreens('settlement', labels, [
  ...statementScreens,
  ...excludeScreens,
  ...invoiceScreens,
  ...moneyScreens,
  ...ledgerScreens,
  ...reportScreens,
]);
