// The web part of base data: its objects' screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
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

export const baseDataWeb = defineAreaScreens('base-data', { 'zh-CN': zhCN, en }, [
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
