// Organisation relations: they link the right kinds of organisation, once each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

interface Org {
  orgId: number;
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

describe('organisation relations', () => {
  const save = (body: Record<string, unknown>, language?: 'EN') =>
    server.post(api('srmBaseOrgRelation', 'saveOrUpdate'), body, language ? { language } : {});

  it('lists which inventory organisations receive for which operating unit', async () => {
    const { body } = await server.post<Record<string, unknown>[]>(api('srmBaseOrgRelation', 'listByPage'), {
      relationType: 'OU_INV',
    });
    expect(body.data.map((row) => `${row.fromOrgName} → ${row.toOrgName}`)).toEqual([
      '苏州精密机械业务实体 → 苏州吴中工厂',
      '苏州精密机械业务实体 → 昆山工厂',
      '宁波精密电子业务实体 → 宁波北仑工厂',
    ]);
  });

  it('refuses an organisation related to itself, the wrong kinds of organisation and a repeated relation', async () => {
    const ou = (await org('OU200')).orgId;
    const plant = (await org('P120')).orgId;
    const company = (await org('C200')).orgId;
    const self = await save({ relationType: 'OU_INV', fromOrgId: ou, toOrgId: ou });
    expect([self.httpStatus, self.body.msg]).toEqual([400, '目标组织：目标组织不能与来源组织相同']);
    const wrongKind = await save({ relationType: 'OU_INV', fromOrgId: company, toOrgId: plant }, 'EN');
    expect([wrongKind.httpStatus, wrongKind.body.msg]).toEqual([
      400,
      'From organisation: An operating-unit-to-inventory-organisation relation goes from an operating unit to an inventory organisation',
    ]);
    expect((await save({ relationType: 'OU_INV', fromOrgId: ou, toOrgId: plant })).httpStatus).toBe(200);
    const again = await save({ relationType: 'OU_INV', fromOrgId: ou, toOrgId: plant });
    expect([again.httpStatus, again.body.msg]).toEqual([
      409,
      '来源组织 + 目标组织 + 关联类型已存在，不能重复',
    ]);
    const unknownType = await save({ relationType: 'NOPE', fromOrgId: ou, toOrgId: plant });
    expect([unknownType.httpStatus, unknownType.body.msg]).toEqual([400, '关联类型：不是有效的选项：NOPE']);
  });
});
