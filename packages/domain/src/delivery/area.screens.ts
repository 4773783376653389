// The web part of delivery: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { asnScreens } from './asn/asn.screens';
import { asnBarcodeScreens } from './asn-barcode/asn-barcode.screens';
import { asnBatchTempScreens } from './asn-batch-temp/asn-batch-temp.screens';
import { deliveryNoticeScreens } from './delivery-notice/delivery-notice.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const deliveryWeb = defineAreaScreens('delivery', labels, [
  ...asnScreens,
  ...deliveryNoticeScreens,
  ...asnBatchTempScreens,
  ...asnBarcodeScreens,
]);
