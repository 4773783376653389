// Demo data of base data: a Chinese precision-manufacturing group (华东精密制造集团) with two
// companies and operating units and three plants, its lookups, units and conversions,
// currencies and rates, categories, materials, payment terms, districts, storage locations,
// delivery addresses and business configuration. Every seed upserts by natural keys. The lookups
// are the area's own; each object's demo data is in its folder, listed here in load order.
import { defineSeed } from '@srm/platform';
import { categorySeed } from './category/category.seed';
import { configProfileSeed } from './config-profile/config-profile.seed';
import { currencySeed } from './currency/currency.seed';
import { deliveryInfoSeed } from './delivery-info/delivery-info.seed';
import { districtSeed } from './district/district.seed';
import { itemSeed } from './item/item.seed';
import { orgSeed } from './org/org.seed';
import { paymentTermSeed } from './payment-term/payment-term.seed';
import { storageLocationSeed } from './storage-location/storage-location.seed';
import { putLookupType } from './support';
import { unitSeed } from './uom/uom.seed';

type LookupSeed = readonly [
  type: string,
  meaning: string,
  meaningEn: string,
  values: readonly (readonly [string, string, string])[],
];

const LOOKUPS: readonly LookupSeed[] = [
  [
    'BASE_ORG_TYPE',
    '组织类型',
    'Organisation type',
    [
      ['GROUP', '集团', 'Group'],
      ['COMPANY', '公司', 'Company'],
      ['OU', '业务实体', 'Operating unit'],
      ['INV_ORG', '库存组织', 'Inventory organisation'],
    ],
  ],
  [
    'BASE_ORG_RELATION_TYPE',
    '组织关联类型',
    'Organisation relation type',
    [
      ['OU_INV', '业务实体-库存组织', 'Operating unit to inventory organisation'],
      ['COMPANY_OU', '公司-业务实体', 'Company to operating unit'],
      ['CENTRAL_PURCHASE', '集中采购', 'Central purchasing'],
    ],
  ],
  [
    'BASE_ITEM_TYPE',
    '物料类型',
    'Material type',
    [
      ['RAW', '原材料', 'Raw material'],
      ['PART', '零部件', 'Component'],
      ['PACKAGING', '包装材料', 'Packaging material'],
      ['MRO', '辅料及备品备件', 'MRO and consumables'],
      ['FINISHED', '成品', 'Finished goods'],
      ['SERVICE', '服务', 'Service'],
    ],
  ],
  [
    'BASE_UOM_CLASS',
    '计量单位类别',
    'Unit class',
    [
      ['QUANTITY', '数量', 'Quantity'],
      ['WEIGHT', '重量', 'Weight'],
      ['LENGTH', '长度', 'Length'],
      ['AREA', '面积', 'Area'],
      ['VOLUME', '体积', 'Volume'],
      ['TIME', '时间', 'Time'],
      ['PACKAGE', '包装', 'Package'],
    ],
  ],
  [
    'BASE_RATE_TYPE',
    '汇率类型',
    'Exchange rate type',
    [
      ['SPOT', '即期汇率', 'Spot rate'],
      ['BUDGET', '预算汇率', 'Budget rate'],
      ['CORPORATE', '公司汇率', 'Corporate rate'],
    ],
  ],
  [
    'BASE_PAYMENT_NODE_TYPE',
    '付款节点类型',
    'Payment node type',
    [
      ['ADVANCE', '预付款', 'Advance payment'],
      ['DELIVERY', '到货款', 'On delivery'],
      ['ACCEPTANCE', '验收款', 'On acceptance'],
      ['INVOICE', '票到付款', 'On invoice'],
      ['WARRANTY', '质保金', 'Warranty retention'],
    ],
  ],
  [
    'BASE_LOCATION_TYPE',
    '库存地点类型',
    'Storage location type',
    [
      ['RAW', '原材料库', 'Raw material store'],
      ['SEMI', '半成品库', 'Semi-finished goods store'],
      ['FINISHED', '成品库', 'Finished goods store'],
      ['QUARANTINE', '待检区', 'Quarantine area'],
      ['MRO', '备品备件库', 'MRO store'],
      ['RETURN', '退货库', 'Returns store'],
    ],
  ],
  [
    'BASE_CONFIG_VALUE_TYPE',
    '配置值类型',
    'Configuration value type',
    [
      ['TEXT', '文本', 'Text'],
      ['NUMBER', '数值', 'Number'],
      ['FLAG', '是/否', 'Yes/No'],
      ['DATE', '日期', 'Date'],
    ],
  ],
  [
    'BASE_COUNTRY',
    '国家/地区',
    'Country or region',
    [
      ['CN', '中国', 'China'],
      ['US', '美国', 'United States'],
      ['DE', '德国', 'Germany'],
      ['JP', '日本', 'Japan'],
      ['KR', '韩国', 'South Korea'],
      ['SG', '新加坡', 'Singapore'],
      ['GB', '英国', 'United Kingdom'],
      ['FR', '法国', 'France'],
      ['VN', '越南', 'Vietnam'],
      ['TH', '泰国', 'Thailand'],
    ],
  ],
];

export const lookupSeed = defineSeed('base-data.lookups', async (ctx) => {
  for (const [type, meaning, meaningEn, values] of LOOKUPS) {
    await putLookupType(
      ctx,
      type,
      meaning,
      meaningEn,
      values.map(([lookupCode, valueMeaning, valueMeaningEn]) => ({
        lookupCode,
        meaning: valueMeaning,
        meaningEn: valueMeaningEn,
      })),
    );
  }
});

export const baseDataSeedList = [
  lookupSeed,
  currencySeed,
  unitSeed,
  orgSeed,
  categorySeed,
  itemSeed,
  paymentTermSeed,
  districtSeed,
  storageLocationSeed,
  deliveryInfoSeed,
  configProfileSeed,
];
