// Demo business configuration: company-wide values and a plant's override.
import { defineSeed } from '@srm/platform';
import { orgIdOf } from '../support';

/** [code, name, value, type, organisation (null: company-wide), description]. */
const PROFILES = [
  ['DELIVERY_TOLERANCE_PERCENT', '交货数量允差（%）', '5', 'NUMBER', null, '送货数量超出订单数量的允许比例'],
  [
    'DELIVERY_TOLERANCE_PERCENT',
    '交货数量允差（%）',
    '3',
    'NUMBER',
    'P120',
    '昆山工厂库位紧张，允差收紧为 3%',
  ],
  ['PO_AUTO_NUMBER', '采购订单自动编号', 'Y', 'FLAG', null, '保存采购订单时由系统自动生成订单号'],
  ['PO_NUMBER_PREFIX', '采购订单编号前缀', 'PO', 'TEXT', null, '自动编号时订单号的前缀'],
  ['PO_APPROVAL_REQUIRED', '采购订单需审批', 'Y', 'FLAG', null, '采购订单提交后须经审批方可发布给供应商'],
  ['ASN_REQUIRED', '送货前须创建送货单', 'Y', 'FLAG', null, '供应商送货前必须在平台创建送货单'],
  ['DEFAULT_CURRENCY', '默认币种', 'CNY', 'TEXT', null, '新建单据时默认带出的币种'],
  ['DEFAULT_TAX_RATE', '默认税率（%）', '13', 'NUMBER', null, '新建采购订单行时默认带出的增值税税率'],
  [
    'PRICE_CHANGE_THRESHOLD_PERCENT',
    '价格变动预警阈值（%）',
    '5',
    'NUMBER',
    null,
    '协议价格变动超过该比例时提示',
  ],
  ['SUPPLIER_SELF_REGISTRATION', '允许供应商自助注册', 'Y', 'FLAG', null, '供应商可在登录页自行注册'],
  ['FISCAL_YEAR_START', '会计年度起始日', '2025-01-01', 'DATE', null, '报表按会计年度统计的起始日期'],
  [
    'IQC_SAMPLING_STANDARD',
    '来料抽检标准',
    'GB/T 2828.1-2012 一般检验水平 II',
    'TEXT',
    'P210',
    '北仑工厂电子料来料检验抽样方案',
  ],
] as const;

export const configProfileSeed = defineSeed('base-data.config-profiles', async (ctx) => {
  for (const [profileCode, profileName, profileValue, valueType, plant, description] of PROFILES) {
    const key = { profileCode, orgId: plant ? await orgIdOf(ctx, plant) : null };
    await ctx.put('srmBaseConfigProfile', key, {
      ...key,
      profileName,
      profileValue,
      valueType,
      description,
    });
  }
});

/** In order: later seeds refer to rows of earlier ones. */
