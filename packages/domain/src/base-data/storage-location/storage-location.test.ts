// Storage locations belong to inventory organisations and are scoped by them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'storage-locations'),
  });
});
afterAll(async () => server?.close());

const orgId = async (orgCode: string) =>
  (await server.first<{ orgId: number }>('srmBaseOrg', { orgCode })).orgId;
const SAVE = api('srmBaseStorageLocation', 'saveOrUpdate');

describe('storage locations', () => {
  it('belong to an inventory organisation, once per code', async () => {
    const ou = await orgId('OU100');
    const notPlant = await server.post(SAVE, {
      orgId: ou,
      locationCode: 'RM09',
      locationName: '原料库',
      locationType: 'RAW',
    });
    expect([notPlant.httpStatus, notPlant.body.msg]).toEqual([400, `库存组织：所选记录不符合条件：${ou}`]);
    const plant = await orgId('P110');
    const again = await server.post(SAVE, {
      orgId: plant,
      locationCode: 'RM01',
      locationName: '原料库',
      locationType: 'RAW',
    });
    expect([again.httpStatus, again.body.msg]).toEqual([409, '库存组织 + 库存地点编码已存在，不能重复']);
    const secondStore = await server.post(SAVE, {
      orgId: plant,
      locationCode: 'RM02',
      locationName: '原料二库',
      locationType: 'RAW',
    });
    expect(secondStore.httpStatus).toBe(200);
  });

  it('a user permitted one plant sees and writes only its locations', async () => {
    const p110 = await orgId('P110');
    const actor = { orgIds: [p110] };
    const { body } = await server.post<{ orgName: string }[]>(
      api('srmBaseStorageLocation', 'listByPage'),
      {},
      { actor },
    );
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((row) => row.orgName === '苏州吴中工厂')).toBe(true);
    const elsewhere = await server.post(
      SAVE,
      { orgId: await orgId('P210'), locationCode: 'X1', locationName: '外库', locationType: 'RAW' },
      { actor },
    );
    expect([elsewhere.httpStatus, elsewhere.body.msg]).toEqual([403, '无权操作该组织的数据']);
  });
});
