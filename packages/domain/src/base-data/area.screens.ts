// The web part of base data: its objects' screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { categoryScreens } from './category/category.screens';
import { configProfileScreens } from './config-profile/config-profile.screens';
import { currencyScreens } from './currency/currency.screens';
import { deliveryInfoScreens } from './delivery-info/delivery-info.screens';
import { districtScreens } from './district/district.screens';
import { exchangeRateScreens } from './exchange-rate/exchange-rate.screens';
import { itemScreens } from './item/item.screens';
import { orgScreens } from './org/org.screens';
import { orgRelationScreens } from './org-relation/org-relation.screens';
import { paymentTermScreens } from './payment-term/payment-term.screens';
import { storageLocationScreens } from './storage-location/storage-location.screens';
import { uomScreens } from './uom/uom.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const baseDataWeb = defineAreaScreens('base-data', labels, [
  ...orgScreens,
  ...orgRelationScreens,
  ...categoryScreens,
  ...itemScreens,
  ...uomScreens,
  ...currencyScreens,
  ...exchangeRateScreens,
  ...paymentTermScreens,
  ...districtScreens,
  ...storageLocationScreens,
  ...deliveryInfoScreens,
  ...configProfileScreens,
]);
