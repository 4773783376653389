// Base data (基础数据): organisations, categories, materials, units, currencies, payment terms,
// districts, storage locations, delivery information and business configuration.
import type { Catalogue, EntityDef } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { category } from './category.entity';
import { configProfile } from './config-profile.entity';
import { currency } from './currency.entity';
import { deliveryInfo } from './delivery-info.entity';
import { district } from './district.entity';
import { exchangeRate } from './exchange-rate.entity';
import { item } from './item.entity';
import { itemOrg } from './item-org.entity';
import { org } from './org.entity';
import { orgRelation } from './org-relation.entity';
import { paymentTerm } from './payment-term.entity';
import { paymentTermNode } from './payment-term-node.entity';
import { storageLocation } from './storage-location.entity';
import { uom } from './uom.entity';

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
export { ORG_TYPES } from './org.entity';
export { RATE_PLACES, RATE_TYPES } from './exchange-rate.entity';
export { PAYMENT_NODE_TYPES } from './payment-term-node.entity';
export { CONFIG_VALUE_TYPES } from './config-profile.entity';

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
