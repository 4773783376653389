// The demo group (华东精密制造集团): companies, operating units and plants, and the relations
// between them.
import { defineSeed } from '@srm/platform';
import { orgIdOf } from '../support';

/** [code, name, English name, type, parent code, address]. */
const ORGS = [
  [
    'HDPM',
    '华东精密制造集团',
    'East China Precision Manufacturing Group',
    'GROUP',
    null,
    '上海市浦东新区金科路2889号',
  ],
  [
    'C100',
    '苏州华东精密机械有限公司',
    'Suzhou East China Precision Machinery Co., Ltd.',
    'COMPANY',
    'HDPM',
    '江苏省苏州市吴中区吴中经济开发区东吴南路88号',
  ],
  [
    'OU100',
    '苏州精密机械业务实体',
    'Suzhou Precision Machinery OU',
    'OU',
    'C100',
    '江苏省苏州市吴中区吴中经济开发区东吴南路88号',
  ],
  [
    'P110',
    '苏州吴中工厂',
    'Suzhou Wuzhong Plant',
    'INV_ORG',
    'OU100',
    '江苏省苏州市吴中区郭巷街道尹山湖路168号',
  ],
  ['P120', '昆山工厂', 'Kunshan Plant', 'INV_ORG', 'OU100', '江苏省昆山市玉山镇元丰路232号'],
  [
    'C200',
    '宁波华东精密电子有限公司',
    'Ningbo East China Precision Electronics Co., Ltd.',
    'COMPANY',
    'HDPM',
    '浙江省宁波市北仑区新碶街道明州路501号',
  ],
  [
    'OU200',
    '宁波精密电子业务实体',
    'Ningbo Precision Electronics OU',
    'OU',
    'C200',
    '浙江省宁波市北仑区新碶街道明州路501号',
  ],
  [
    'P210',
    '宁波北仑工厂',
    'Ningbo Beilun Plant',
    'INV_ORG',
    'OU200',
    '浙江省宁波市北仑区大碶街道庐山东路99号',
  ],
] as const;

/** [relation type, from org, to org, description]. */
const ORG_RELATIONS = [
  ['COMPANY_OU', 'C100', 'OU100', '苏州公司下设业务实体'],
  ['COMPANY_OU', 'C200', 'OU200', '宁波公司下设业务实体'],
  ['OU_INV', 'OU100', 'P110', '苏州业务实体由吴中工厂收货'],
  ['OU_INV', 'OU100', 'P120', '苏州业务实体由昆山工厂收货'],
  ['OU_INV', 'OU200', 'P210', '宁波业务实体由北仑工厂收货'],
  ['CENTRAL_PURCHASE', 'OU100', 'OU200', '苏州业务实体集中采购辅料及备品备件'],
] as const;

export const orgSeed = defineSeed('base-data.organisations', async (ctx) => {
  const cny = await ctx.idOf('srmBaseCurrency', { currencyCode: 'CNY' });
  for (const [orgCode, orgName, orgNameEn, orgType, parent, address] of ORGS) {
    await ctx.put(
      'srmBaseOrg',
      { orgCode },
      {
        orgCode,
        orgName,
        orgNameEn,
        orgType,
        parentOrgId: parent ? await orgIdOf(ctx, parent) : null,
        currencyId: cny,
        address,
      },
    );
  }
  for (const [relationType, from, to, description] of ORG_RELATIONS) {
    const key = { relationType, fromOrgId: await orgIdOf(ctx, from), toOrgId: await orgIdOf(ctx, to) };
    await ctx.put('srmBaseOrgRelation', key, { ...key, description });
  }
});
