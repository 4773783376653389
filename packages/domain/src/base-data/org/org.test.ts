// Organisations: the tree stays a tree, and references only reach enabled currencies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

interface Org {
  orgId: number;
  versionNum: number;
  orgCode: string;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations'),
  });
});
afterAll(async () => server?.close());

const org = (orgCode: string) => server.first<Org>('srmBaseOrg', { orgCode });

describe('organisations', () => {
  it('lists the group tree with parents and currency', async () => {
    const { body } = await server.post<Record<string, unknown>[]>(api('srmBaseOrg', 'listByPage'), {
      parentOrgId: (await org('OU100')).orgId,
    });
    expect(body.data.map((row) => [row.orgCode, row.orgType, row.parentOrgName, row.currencyCode])).toEqual([
      ['P110', 'INV_ORG', '苏州精密机械业务实体', 'CNY'],
      ['P120', 'INV_ORG', '苏州精密机械业务实体', 'CNY'],
    ]);
  });

  it('refuses to put an organisation under one of its own subordinates', async () => {
    const group = await org('HDPM');
    const plant = await org('P110');
    const body = { orgId: group.orgId, versionNum: group.versionNum, parentOrgId: plant.orgId };
    const zh = await server.post(api('srmBaseOrg', 'saveOrUpdate'), body);
    expect([zh.httpStatus, zh.body.msg]).toEqual([400, '上级组织：上级组织不能是本组织或其下级组织']);
    const en = await server.post(
      api('srmBaseOrg', 'saveOrUpdate'),
      { ...body, parentOrgId: group.orgId },
      { language: 'EN' },
    );
    expect([en.httpStatus, en.body.msg]).toEqual([
      400,
      'Parent organisation: The parent cannot be the organisation itself or one of its subordinates',
    ]);
  });

  it('knows its organisation types and references only enabled currencies', async () => {
    const badType = await server.post(api('srmBaseOrg', 'saveOrUpdate'), {
      orgCode: 'X1',
      orgName: '测试',
      orgType: 'PLANT',
    });
    expect([badType.httpStatus, badType.body.msg]).toEqual([400, '组织类型：不是有效的选项：PLANT']);
    const gbp = await server.post<{ currencyId: number }>(api('srmBaseCurrency', 'saveOrUpdate'), {
      currencyCode: 'GBP',
      currencyName: '英镑',
      precisionNum: 2,
      enabledFlag: 'N',
    });
    const disabled = await server.post(api('srmBaseOrg', 'saveOrUpdate'), {
      orgCode: 'X1',
      orgName: '测试',
      orgType: 'COMPANY',
      currencyId: gbp.body.data.currencyId,
    });
    expect([disabled.httpStatus, disabled.body.msg]).toEqual([
      400,
      `本位币：所选记录不符合条件：${gbp.body.data.currencyId}`,
    ]);
  });

  it('a currency code is three capital letters', async () => {
    const bad = await server.post(api('srmBaseCurrency', 'saveOrUpdate'), {
      currencyCode: 'RMB1',
      currencyName: 'x',
    });
    expect([bad.httpStatus, bad.body.msg]).toEqual([
      400,
      '币种代码：币种代码须为 3 位大写字母（ISO 4217），如 CNY',
    ]);
  });
});
