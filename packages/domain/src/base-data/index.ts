// Base data (基础数据): organisations, categories, materials, units, currencies, payment terms,
// districts, storage locations, delivery information and business configuration. The area's
// public face to other areas (isomorphic): its definitions and constants.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { category } from './category/category.entity';
import { configProfile } from './config-profile/config-profile.entity';
import { currency } from './currency/currency.entity';
import { deliveryInfo } from './delivery-info/delivery-info.entity';
import { district } from './district/district.entity';
import { exchangeRate } from './exchange-rate/exchange-rate.entity';
import { item } from './item/item.entity';
import { itemOrg } from './item/item-org.entity';
import { org } from './org/org.entity';
import { orgRelation } from './org-relation/org-relation.entity';
import { paymentTerm } from './payment-term/payment-term.entity';
import { paymentTermNode } from './payment-term/payment-term-node.entity';
import { storageLocation } from './storage-location/storage-location.entity';
import { uom } from './uom/uom.entity';

export {
  category,
  configProfile,
  currency,
  deliveryInfo,
  district,
  exchangeRate,
  item,
  itemOrg,
  org,
  orgRelation,
  paymentTerm,
  paymentTermNode,
  storageLocation,
  uom,
};
export { ORG_TYPES } from './org/org.entity';
export { RATE_PLACES, RATE_TYPES } from './exchange-rate/exchange-rate.entity';
export { PAYMENT_NODE_TYPES } from './payment-term/payment-term-node.entity';
export { CONFIG_VALUE_TYPES } from './config-profile/config-profile.entity';

/** Every entity of the area, line entities included (their headers list them as lines too). */
export const baseDataEntities: EntityDef[] = [
  currency,
  exchangeRate,
  uom,
  org,
  orgRelation,
  category,
  item,
  itemOrg,
  paymentTerm,
  paymentTermNode,
  district,
  storageLocation,
  deliveryInfo,
  configProfile,
];
export const baseDataMessages: Catalogue = { 'zh-CN': zhCN, en };
