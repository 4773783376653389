// The web part of purchasing: its objects' screens and its labels.
import { defineAreaScreens, entityScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { orderScreens } from './order/order.screens';
import { requisitionScreens } from './requisition/requisition.screens';

export const purchasingWeb = defineAreaScreens('purchasing', { 'zh-CN': zhCN, en }, [
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
