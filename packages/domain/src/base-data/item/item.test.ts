// Materials and their organisation assignments (组织物料).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

interface ItemOrg {
  itemOrgId: number;
  orgId: number;
  orgName: string;
  itemCode: string;
  buyerName: string;
  inspectionFlag: string;
}
interface Item {
  itemId: number;
  versionNum: number;
  uomName: string;
  categoryName: string;
  orgs: ItemOrg[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(
      baseDataSeeds,
      'lookups',
      'currencies',
      'units',
      'organisations',
      'categories',
      'items',
    ),
  });
});
afterAll(async () => server?.close());

const orgId = async (orgCode: string) =>
  (await server.first<{ orgId: number }>('srmBaseOrg', { orgCode })).orgId;

describe('materials', () => {
  it('carry unit, category and their organisations', async () => {
    const found = await server.first<Item>('srmBaseItem', { itemCode: '01010001' });
    const { body } = await server.post<Item>(api('srmBaseItem', 'findById'), { itemId: found.itemId });
    expect(body.data).toMatchObject({ uomName: '个', categoryName: '集成电路' });
    expect(body.data.orgs.map((line) => [line.orgName, line.buyerName, line.itemCode])).toEqual([
      ['昆山工厂', '赵敏', '01010001'],
      ['宁波北仑工厂', '张伟', '01010001'],
    ]);
  });

  it('a picker finds a material by a part of its name or of its code, with either shown', async () => {
    const names = async (keyword: unknown) => {
      const { httpStatus: status, body } = await server.post<{ itemCode: string; itemName: string }[]>(
        api('srmBaseItem', 'listByPage'),
        { keyword, pageRows: 200 },
      );
      return { status, body, rows: body.data ?? [] };
    };
    const byName = await names('螺');
    expect(byName.rows.length).toBeGreaterThan(1);
    expect(byName.rows.every((row) => row.itemName.includes('螺'))).toBe(true);
    expect(byName.rows.map((row) => row.itemName)).toContain('六角螺母 M8');
    const byCode = await names('0201000');
    expect(byCode.rows.map((row) => row.itemCode)).toContain('02010001');
    expect(
      byCode.rows.every((row) => row.itemCode.includes('0201000') || row.itemName.includes('0201000')),
    ).toBe(true);
    // Like-patterns are text: % and _ match themselves only.
    expect((await names('%')).rows).toEqual([]);
    expect((await names('_')).rows).toEqual([]);
    for (const bad of [{ a: 1 }, 'x'.repeat(201), 'a\u0000b']) {
      const refused = await names(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.status).toBe('E');
    }
  });

  it('the organisation material query lists the assignments of a plant', async () => {
    const { body } = await server.post<ItemOrg[]>(api('srmBaseItemOrg', 'listByPage'), {
      orgId: await orgId('P210'),
      inspectionFlag: 'Y',
      pageRows: 100,
    });
    expect(body.data.length).toBeGreaterThan(5);
    expect(body.data.every((line) => line.orgName === '宁波北仑工厂' && line.inspectionFlag === 'Y')).toBe(
      true,
    );
  });

  it('assigns a material to an organisation once', async () => {
    const plant = await orgId('P110');
    const uomId = (await server.first<{ uomId: number }>('srmBaseUom', { uomCode: 'PCS' })).uomId;
    const body = {
      itemCode: '09990001',
      itemName: '测试物料',
      itemType: 'PART',
      uomId,
      orgs: [
        { orgId: plant, buyerName: '李娜' },
        { orgId: await orgId('P120') },
        { orgId: plant, buyerName: '王磊' },
      ],
    };
    const zh = await server.post(api('srmBaseItem', 'saveOrUpdate'), body);
    expect([zh.httpStatus, zh.body.msg]).toEqual([400, '组织物料第 3 行，组织：与第 1 行重复']);
    const en = await server.post(api('srmBaseItem', 'saveOrUpdate'), body, { language: 'EN' });
    expect(en.body.msg).toBe('Organisation assignments, line 3, Organisation: Repeats line 1');
    const saved = await server.post<Item>(api('srmBaseItem', 'saveOrUpdate'), {
      ...body,
      orgs: body.orgs.slice(0, 2),
    });
    expect(saved.httpStatus).toBe(200);
    expect(saved.body.data.orgs.map((line) => line.inspectionFlag)).toEqual(['N', 'N']);
  });

  it('references only enabled units and known material types', async () => {
    const box = await server.first<{ uomId: number; versionNum: number }>('srmBaseUom', { uomCode: 'ROLL' });
    await server.post(api('srmBaseUom', 'saveOrUpdate'), {
      uomId: box.uomId,
      versionNum: box.versionNum,
      enabledFlag: 'N',
    });
    const disabledUnit = await server.post(api('srmBaseItem', 'saveOrUpdate'), {
      itemCode: '09990002',
      itemName: '测试',
      itemType: 'PART',
      uomId: box.uomId,
    });
    expect([disabledUnit.httpStatus, disabledUnit.body.msg]).toEqual([
      400,
      `计量单位：所选记录不符合条件：${box.uomId}`,
    ]);
    const badType = await server.post(api('srmBaseItem', 'saveOrUpdate'), {
      itemCode: '09990002',
      itemName: '测试',
      itemType: 'GADGET',
      uomId: 1,
    });
    expect([badType.httpStatus, badType.body.msg]).toEqual([400, '物料类型：不是有效的选项：GADGET']);
  });
});
