// Business configuration: values fit their type, one company-wide value per code, overrides per
// organisation, and the value in effect for an organisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'config-profiles'),
  });
});
afterAll(async () => server?.close());

const SAVE = api('srmBaseConfigProfile', 'saveOrUpdate');
const FIND_VALUE = api('srmBaseConfigProfile', 'findValue');
const orgId = async (orgCode: string) =>
  (await server.first<{ orgId: number }>('srmBaseOrg', { orgCode })).orgId;

describe('config profiles', () => {
  it('checks the value against its type', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ valueType: 'NUMBER', profileValue: 'five' }, '配置值：值类型为数值时，配置值必须是数字'],
      [{ valueType: 'FLAG', profileValue: 'yes' }, '配置值：值类型为是/否时，配置值只能是 Y 或 N'],
      [
        { valueType: 'DATE', profileValue: '2025/01/01' },
        '配置值：值类型为日期时，配置值格式应为 yyyy-MM-dd',
      ],
    ];
    for (const [fields, message] of cases) {
      const { httpStatus, body } = await server.post(SAVE, {
        profileCode: 'NEW_ONE',
        profileName: '新配置',
        ...fields,
      });
      expect([httpStatus, body.msg]).toEqual([400, message]);
    }
    const en = await server.post(
      SAVE,
      { profileCode: 'NEW_ONE', profileName: 'x', valueType: 'NUMBER', profileValue: '1,5' },
      { language: 'EN' },
    );
    expect(en.body.msg).toBe('Value: must be a number for a number profile');
  });

  it('keeps one company-wide value per code but allows an override per organisation', async () => {
    const global = await server.post(SAVE, {
      profileCode: 'DELIVERY_TOLERANCE_PERCENT',
      profileName: '交货数量允差（%）',
      valueType: 'NUMBER',
      profileValue: '8',
    });
    expect([global.httpStatus, global.body.msg]).toEqual([
      400,
      '配置编码：配置 DELIVERY_TOLERANCE_PERCENT 已有全公司通用值，不能重复维护（如需按组织区分请选择适用组织）',
    ]);
    const override = await server.post(SAVE, {
      profileCode: 'DELIVERY_TOLERANCE_PERCENT',
      profileName: '交货数量允差（%）',
      valueType: 'NUMBER',
      profileValue: '8',
      orgId: await orgId('P210'),
    });
    expect(override.httpStatus).toBe(200);
  });

  it('finds the value in effect: the organisation override, else the company-wide value', async () => {
    const kunshan = await server.post(FIND_VALUE, {
      profileCode: 'DELIVERY_TOLERANCE_PERCENT',
      orgId: await orgId('P120'),
    });
    expect(kunshan.body.data).toMatchObject({ profileValue: '3', source: 'ORG', valueType: 'NUMBER' });
    const wuzhong = await server.post(FIND_VALUE, {
      profileCode: 'DELIVERY_TOLERANCE_PERCENT',
      orgId: await orgId('P110'),
    });
    expect(wuzhong.body.data).toMatchObject({ profileValue: '5', source: 'GLOBAL' });
    expect((await server.post(FIND_VALUE, { profileCode: 'NO_SUCH_PROFILE' })).body.data).toBeNull();
    // An organisation the caller cannot read is answered as one that does not exist.
    const bad = await server.post(FIND_VALUE, { profileCode: 'X', orgId: 424242 }, { language: 'EN' });
    expect([bad.httpStatus, bad.body.msg]).toEqual([
      404,
      'The record does not exist or you may not access it',
    ]);
    const missing = await server.post(FIND_VALUE, {});
    expect([missing.httpStatus, missing.body.msg]).toEqual([400, '配置编码：必填']);
  });
});
