// Base data (基础数据): the area's manifest — its entities, labels, menu placement and demo grants.
import { defineArea } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { category } from './category/category.entity';
import { configProfile } from './config-profile/config-profile.entity';
import { currency } from './currency/currency.entity';
import { deliveryInfo } from './delivery-info/delivery-info.entity';
import { district } from './district/district.entity';
import { exchangeRate } from './exchange-rate/exchange-rate.entity';
import { item } from './item/item.entity';
import { org } from './org/org.entity';
import { orgRelation } from './org-relation/org-relation.entity';
import { paymentTerm } from './payment-term/payment-term.entity';
import { storageLocation } from './storage-location/storage-location.entity';
import { uom } from './uom/uom.entity';

export const baseDataArea = defineArea({
  name: 'base-data',
  // Headers; their lines (a material's organisations, a payment term's nodes) come with them.
  entities: [
    currency,
    exchangeRate,
    uom,
    org,
    orgRelation,
    category,
    item,
    paymentTerm,
    district,
    storageLocation,
    deliveryInfo,
    configProfile,
  ],
  messages: { 'zh-CN': zhCN, en },
  directories: [{ code: 'BASE_DATA', side: 'internal', icon: 'database', order: 40 }],
  menus: [
    {
      code: 'BASE_ORG',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'institution',
      entity: 'srmBaseOrg',
      order: 10,
    },
    {
      code: 'BASE_ORG_RELATION',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'orgAssociationList',
      entity: 'srmBaseOrgRelation',
      order: 20,
    },
    {
      code: 'BASE_CATEGORY',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'purchaseCassificationManagement',
      entity: 'srmBaseCategory',
      order: 30,
    },
    {
      code: 'BASE_ITEM',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'materialManagement',
      entity: 'srmBaseItem',
      order: 40,
    },
    {
      code: 'BASE_ITEM_ORG',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'organizationMaterialQuery',
      entity: 'srmBaseItemOrg',
      order: 50,
    },
    {
      code: 'BASE_UOM',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'srmBaseUomList',
      entity: 'srmBaseUom',
      order: 60,
    },
    {
      code: 'BASE_CURRENCY',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'srmBaseCurrencyList',
      entity: 'srmBaseCurrency',
      order: 70,
    },
    {
      code: 'BASE_EXCHANGE_RATE',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'exchangeRateManagement',
      entity: 'srmBaseExchangeRate',
      order: 80,
    },
    {
      code: 'BASE_PAYMENT_TERM',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'paymentProportionManagement',
      entity: 'srmBasePaymentTerm',
      order: 90,
    },
    {
      code: 'BASE_DISTRICT',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'srmBaseDistrictList',
      entity: 'srmBaseDistrict',
      order: 100,
    },
    {
      code: 'BASE_STORAGE_LOCATION',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'storageLocationList',
      entity: 'srmBaseStorageLocation',
      order: 110,
    },
    {
      code: 'BASE_DELIVERY_INFO',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'deliveryInfoList',
      entity: 'srmBaseDeliveryInfo',
      order: 120,
    },
    {
      code: 'BASE_CONFIG_PROFILE',
      side: 'internal',
      under: 'BASE_DATA',
      path: 'srmBaseConfigProfileList',
      entity: 'srmBaseConfigProfile',
      order: 130,
    },
  ],
  grants: {
    BUYER: {
      BASE_CATEGORY: ['export', 'view'],
      BASE_CONFIG_PROFILE: ['export', 'view'],
      BASE_CURRENCY: ['export', 'view'],
      BASE_DELIVERY_INFO: 'all',
      BASE_DISTRICT: ['export', 'view'],
      BASE_EXCHANGE_RATE: ['export', 'view'],
      BASE_ITEM: 'all',
      BASE_ITEM_ORG: ['export', 'view'],
      BASE_ORG: ['export', 'view'],
      BASE_ORG_RELATION: ['export', 'view'],
      BASE_PAYMENT_TERM: ['export', 'view'],
      BASE_STORAGE_LOCATION: ['export', 'view'],
      BASE_UOM: ['export', 'view'],
    },
    PURCHASE_MANAGER: {
      BASE_CATEGORY: ['export', 'view'],
      BASE_CONFIG_PROFILE: ['export', 'view'],
      BASE_CURRENCY: ['export', 'view'],
      BASE_DELIVERY_INFO: ['export', 'view'],
      BASE_DISTRICT: ['export', 'view'],
      BASE_EXCHANGE_RATE: ['export', 'view'],
      BASE_ITEM: ['export', 'view'],
      BASE_ITEM_ORG: ['export', 'view'],
      BASE_ORG: ['export', 'view'],
      BASE_ORG_RELATION: ['export', 'view'],
      BASE_PAYMENT_TERM: ['export', 'view'],
      BASE_STORAGE_LOCATION: ['export', 'view'],
      BASE_UOM: ['export', 'view'],
    },
    FINANCE: {
      BASE_CATEGORY: ['export', 'view'],
      BASE_CONFIG_PROFILE: ['export', 'view'],
      BASE_CURRENCY: 'all',
      BASE_DELIVERY_INFO: ['export', 'view'],
      BASE_DISTRICT: ['export', 'view'],
      BASE_EXCHANGE_RATE: 'all',
      BASE_ITEM: ['export', 'view'],
      BASE_ITEM_ORG: ['export', 'view'],
      BASE_ORG: ['export', 'view'],
      BASE_ORG_RELATION: ['export', 'view'],
      BASE_PAYMENT_TERM: 'all',
      BASE_STORAGE_LOCATION: ['export', 'view'],
      BASE_UOM: ['export', 'view'],
    },
  },
});
