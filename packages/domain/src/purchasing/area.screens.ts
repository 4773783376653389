// The web part of purchasing: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens, entityScreens } from '@srm/platform-ui';
import { orderScreens } from './order/order.screens';
import { requisitionScreens } from './requisition/requisition.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const purchasingWeb = defineAreaScreens('purchasing', labels, [
  ...entityScreens(
    'purchasing',
    'srmPurBillType',
    () => import('./bill-type/bill-type.entity').then((m) => m.billType),
    { list: 'purBillTypeList', edit: 'purBillTypeEdit' },
  ),
  ...requisitionScreens,
  ...orderScreens,
  ...entityScreens(
    'purchasing',
    'srmPurPriceHistory',
    () => import('./purchase-history/purchase-history.entity').then((m) => m.purchaseHistory),
    { list: 'purchaseHistoryList', edit: 'purchaseHistoryDetail' },
  ),
]);
