// Delivery information: a valid contact phone, and one default address per organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

interface Delivery {
  deliveryInfoId: number;
  detailAddress: string;
  defaultFlag: string;
  districtName: string;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'districts', 'delivery-info'),
  });
});
afterAll(async () => server?.close());

const SAVE = api('srmBaseDeliveryInfo', 'saveOrUpdate');

describe('delivery information', () => {
  it('needs a mobile or landline number', async () => {
    const orgId = (await server.first<{ orgId: number }>('srmBaseOrg', { orgCode: 'P120' })).orgId;
    const body = { orgId, receiverName: '王强', receiverPhone: '12345', detailAddress: '昆山市某路 1 号' };
    const zh = await server.post(SAVE, body);
    expect([zh.httpStatus, zh.body.msg]).toEqual([
      400,
      '联系电话：联系方式格式错误，请输入11位手机号或固定电话号码',
    ]);
    expect((await server.post(SAVE, { ...body, receiverPhone: '0512-57771234' })).httpStatus).toBe(200);
  });

  it('making an address the default clears the previous default of the organisation', async () => {
    const orgId = (await server.first<{ orgId: number }>('srmBaseOrg', { orgCode: 'P210' })).orgId;
    const list = async () =>
      (await server.post<Delivery[]>(api('srmBaseDeliveryInfo', 'listByPage'), { orgId })).body.data;
    const before = await list();
    expect(before.filter((row) => row.defaultFlag === 'Y')).toHaveLength(1);
    expect(before[0]!.districtName).toBe('北仑区');
    const second = before.find((row) => row.defaultFlag === 'N')!;
    const stored = await server.first<Delivery & { versionNum: number }>('srmBaseDeliveryInfo', {
      deliveryInfoId: second.deliveryInfoId,
    });
    await server.post(SAVE, {
      deliveryInfoId: stored.deliveryInfoId,
      versionNum: stored.versionNum,
      defaultFlag: 'Y',
    });
    const after = await list();
    expect(after.filter((row) => row.defaultFlag === 'Y').map((row) => row.deliveryInfoId)).toEqual([
      second.deliveryInfoId,
    ]);
  });
});
