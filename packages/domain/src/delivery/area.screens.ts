// The web part of delivery: its objects' screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { asnScreens } from './asn/asn.screens';
import { asnBarcodeScreens } from './asn-barcode/asn-barcode.screens';
import { asnBatchTempScreens } from './asn-batch-temp/asn-batch-temp.screens';
import { deliveryNoticeScreens } from './delivery-notice/delivery-notice.screens';

export const deliveryWeb = defineAreaScreens('delivery', { 'zh-CN': zhCN, en }, [
  ...asnScreens,
  ...deliveryNoticeScreens,
  ...asnBatchTempScreens,
  ...asnBarcodeScreens,
]);
