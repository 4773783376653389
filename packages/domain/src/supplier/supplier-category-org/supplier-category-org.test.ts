// The category and org library: lines per supplier × category × organisation with their own
// states, and the check purchasing runs before naming a supplier (the most specific line decides,
// parents of the category and of the organisation cover their children).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDataSeeds } from '../../base-data/server';
import { api, seedsNamed, startTestServer, type TestServer } from '@srm/platform/testing';
import { assertSupplierMaySupply, checkSupplierSupply, supplierMaySupply, supplierSeeds } from '../server';
import { type Actor, AppError, decideAll } from '@srm/platform';
import { internalAdmin, supplierUser } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { qualifyLines, useOneApprover } from '../../domain.testing';

type Row = Record<string, unknown>;
let server: TestServer;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: [
      ...seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'units', 'organisations', 'categories', 'items'),
      ...supplierSeeds,
    ],
  });
  await useOneApprover(server);
  for (const [key, entity, filter] of [
    ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
    ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
    ['0201', 'srmBaseCategory', { categoryCode: '0201' }],
    ['0202', 'srmBaseCategory', { categoryCode: '0202' }],
    ['0101', 'srmBaseCategory', { categoryCode: '0101' }],
    ['0103', 'srmBaseCategory', { categoryCode: '0103' }],
    ['0301', 'srmBaseCategory', { categoryCode: '0301' }],
    ['OU100', 'srmBaseOrg', { orgCode: 'OU100' }],
    ['OU200', 'srmBaseOrg', { orgCode: 'OU200' }],
    ['P110', 'srmBaseOrg', { orgCode: 'P110' }],
    ['P210', 'srmBaseOrg', { orgCode: 'P210' }],
    ['MCU', 'srmBaseItem', { itemCode: '01010001' }],
  ] as const) {
    const row = await server.first<Row>(entity, filter);
    ids[key] = row[server.runtime.registry.get(entity).key] as number;
  }
});
afterAll(async () => server?.close());

/** The context a purchasing hook passes: its caller, the runtime and the unit of work. */
const context = (actor: Actor = internalAdmin) => ({
  actor,
  runtime: server.runtime,
  tx: server.runtime.executor(),
  now: new Date(),
});

describe('the category and org library', () => {
  it('holds the demo lines with their states', async () => {
    const { body } = await server.post<Row[]>(api('srmSupplierCategoryOrg', 'listByPage'), {
      supplierId: ids.A,
      pageRows: 50,
    });
    expect(body.data.map((row) => [row.categoryName, row.orgName, row.status]).sort()).toEqual(
      [
        ['钣金件', '苏州精密机械业务实体', 'QUALIFIED'],
        ['紧固件', '苏州精密机械业务实体', 'QUALIFIED'],
        ['紧固件', '宁波精密电子业务实体', 'QUALIFIED'],
        ['机加工件', '苏州精密机械业务实体', 'INTRODUCING'],
      ].sort(),
    );
  });

  it('refuses a second line for the same supplier, category and organisation', async () => {
    const answer = await server.post(api('srmSupplierCategoryOrg', 'saveOrUpdate'), {
      supplierId: ids.A,
      categoryId: ids['0201'],
      orgId: ids.OU100,
    });
    expect(answer.httpStatus).toBe(409);
    expect(answer.body.status).toBe('E');
  });

  it('moves a line through qualify, an approved suspension and resumption, and quit, each change in its history', async () => {
    const created = await server.post<Row>(api('srmSupplierCategoryOrg', 'saveOrUpdate'), {
      supplierId: ids.B,
      categoryId: ids['0301'],
      orgId: ids.OU100,
    });
    expect(created.body.data.status).toBe('INTRODUCING');
    const id = created.body.data.categoryOrgId as number;
    const line = async () =>
      (await server.post<Row>(api('srmSupplierCategoryOrg', 'findById'), { categoryOrgId: id })).body.data;
    const act = (action: string, body: Row = {}) =>
      server.post<Row[]>(api('srmSupplierCategoryOrg', action), { categoryOrgId: id, ...body });
    // Only an introduction qualifies a line, only an approved document suspends or resumes one;
    // the platform's step stands in for the introduction here.
    for (const action of ['doQualify', 'doSuspend', 'doResume'])
      expect((await act(action, { comment: 'x' })).httpStatus, action).toBe(403);
    await qualifyLines(server, [id]);

    const CHANGE = (action: string) => api('srmSupplierLineChange', action);
    const decide = async (changeType: string, reason: string, lines: Row[]) => {
      const saved = await server.post<Row & { lineChangeId: number; versionNum: number }>(
        CHANGE('saveOrUpdate'),
        {
          supplierId: ids.B,
          changeType,
          reason,
          lines,
        },
      );
      if (saved.body.status !== 'S') return saved;
      const submitted = await server.post(CHANGE('doSubmit'), {
        lineChangeId: saved.body.data.lineChangeId,
        versionNum: saved.body.data.versionNum,
      });
      expect(submitted.body.status, submitted.body.msg).toBe('S');
      expect((await line()).status).toBe(changeType === 'SUSPEND' ? 'QUALIFIED' : 'SUSPENDED');
      await decideAll(server.runtime, 'srmSupplierLineChange', saved.body.data.lineChangeId, 'approve');
      return saved;
    };
    const mine = [{ categoryId: ids['0301'], orgId: ids.OU100 }];
    const resumeFirst = await decide('RESUME', '提前恢复', mine);
    expect([resumeFirst.httpStatus, resumeFirst.body.msg]).toEqual([
      400,
      '品类组织：第 1 行不是该供应商手工暂停的品类组织，不能在此恢复（证书过期的暂停随证书换证恢复）',
    ]);
    const none = await decide('SUSPEND', '质量问题整改中', []);
    expect([none.httpStatus, none.body.msg]).toEqual([400, '品类组织：请指定要暂停或恢复的品类组织']);
    const suspension = await decide('SUSPEND', '质量问题整改中', mine);
    expect([(await line()).status, (await line()).suspendCause, (await line()).suspendReason]).toEqual([
      'SUSPENDED',
      'MANUAL',
      '质量问题整改中',
    ]);
    // The supplier reads the approved suspension with its reason.
    const own = await server.post<Row>(
      CHANGE('findById'),
      { lineChangeId: suspension.body.data.lineChangeId },
      { actor: supplierUser(ids.B!) },
    );
    expect([own.body.status, own.body.data.reason]).toEqual(['S', '质量问题整改中']);
    const other = await server.post(
      CHANGE('findById'),
      { lineChangeId: suspension.body.data.lineChangeId },
      { actor: supplierUser(ids.A!) },
    );
    expect(other.httpStatus).toBe(404);
    await decide('RESUME', '整改已关闭', mine);
    expect([(await line()).status, (await line()).suspendCause, (await line()).suspendReason]).toEqual([
      'QUALIFIED',
      null,
      null,
    ]);
    expect((await act('doQuit', { comment: '不再合作' })).body.data[0]!.status).toBe('QUIT');
    const history = await server.post<Row[]>(api('srmSupplierCategoryOrgHistory', 'listByPage'), {
      categoryOrgId: id,
      pageRows: 10,
    });
    expect(
      history.body.data.map((row) => [
        row.fromStatus,
        row.toStatus,
        row.changeSource,
        row.reason,
        row.documentRef ?? null,
      ]),
    ).toEqual([
      ['QUALIFIED', 'QUIT', 'MANUAL', '不再合作', null],
      ['SUSPENDED', 'QUALIFIED', 'MANUAL', '整改已关闭', expect.stringMatching(/^LC\d{12}$/)],
      ['QUALIFIED', 'SUSPENDED', 'MANUAL', '质量问题整改中', suspension.body.data.lineChangeNum],
      ['INTRODUCING', 'QUALIFIED', 'MANUAL', null, null],
      [null, 'INTRODUCING', 'MANUAL', null, null],
    ]);
  });
});

describe('supplierMaySupply', () => {
  it('allows a qualified line, also for a plant under the line’s operating unit', async () => {
    expect(
      await supplierMaySupply(context(), { supplierId: ids.A!, categoryId: ids['0201'], orgId: ids.OU100! }),
    ).toBe(true);
    expect(
      await supplierMaySupply(context(), { supplierId: ids.A!, categoryId: ids['0201'], orgId: ids.P110! }),
    ).toBe(true);
  });

  it('lets a qualified parent category cover an item of a child category', async () => {
    expect(
      await supplierMaySupply(context(), { supplierId: ids.B!, itemId: ids.MCU, orgId: ids.P210! }),
    ).toBe(true);
  });

  it('answers the same whoever saves the document: a supplier answering its order, a buyer of one plant', async () => {
    // A supplier cannot read materials, a buyer limited to the plant cannot see the operating
    // unit's permit; the rule reads the library on the platform's authority all the same.
    const supplierB = context(supplierUser(ids.B!));
    expect(
      await supplierMaySupply(supplierB, { supplierId: ids.B!, itemId: ids.MCU, orgId: ids.P210! }),
    ).toBe(true);
    const plantBuyer = context({ ...internalAdmin, userId: 2, orgIds: [ids.P110!] });
    expect(
      await supplierMaySupply(plantBuyer, { supplierId: ids.A!, categoryId: ids['0201'], orgId: ids.P110! }),
    ).toBe(true);
    expect(
      await supplierMaySupply(plantBuyer, { supplierId: ids.A!, categoryId: ids['0202'], orgId: ids.P110! }),
    ).toBe(false);
  });

  it('refuses an introducing line, another organisation, and a suspended sub-category under a qualified parent', async () => {
    const potential = await checkSupplierSupply(context(), {
      supplierId: ids.A!,
      categoryId: ids['0202'],
      orgId: ids.OU100!,
    });
    expect(potential).toMatchObject({ allowed: false, message: 'srmSupplierSupply.lineNotQualified' });
    expect(
      await supplierMaySupply(context(), { supplierId: ids.A!, categoryId: ids['0201'], orgId: ids.OU200! }),
    ).toBe(false);
    expect(
      await supplierMaySupply(context(), { supplierId: ids.B!, categoryId: ids['0103'], orgId: ids.P210! }),
    ).toBe(false);
    expect(
      await supplierMaySupply(context(), { supplierId: ids.B!, categoryId: ids['0101'], orgId: ids.P210! }),
    ).toBe(true);
    expect(
      await supplierMaySupply(context(), { supplierId: ids.A!, itemId: ids.MCU, orgId: ids.P210! }),
    ).toBe(false);
  });

  it('throws a business error naming supplier, material, category and organisation in both languages', async () => {
    let error: unknown;
    try {
      await assertSupplierMaySupply(context(), { supplierId: ids.A!, itemId: ids.MCU, orgId: ids.P210! });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.httpStatus).toBe(422);
    expect(appError.render!('zh-CN').msg).toBe(
      '供应商 苏州恒达精密五金有限公司 未在品类组织库中获准向 宁波北仑工厂 供应物料 01010001 微控制器 STM32F103C8T6（品类 集成电路）',
    );
    expect(appError.render!('en').msg).toBe(
      // English readers get the English names of the supplier, material, category and plant.
      'Supplier Suzhou Hengda Precision Hardware Co., Ltd. is not approved in the category and org library to supply material 01010001 Microcontroller STM32F103C8T6 (category Integrated circuits) to Ningbo Beilun Plant',
    );
    const suspended = await checkSupplierSupply(context(), {
      supplierId: ids.B!,
      categoryId: ids['0103'],
      orgId: ids.OU200!,
    });
    expect(suspended.allowed).toBe(false);
    await expect(
      assertSupplierMaySupply(context(), { supplierId: ids.B!, categoryId: ids['0103'], orgId: ids.OU200! }),
    ).rejects.toSatisfy(
      (e: AppError) =>
        e.render!('en').msg.startsWith(
          'Supplier Ningbo Ruifeng Electronics Technology Co., Ltd. is suspended for category Connectors in',
        ) && e.render!('en').msg.endsWith(': 来料批次不良率超标，整改完成前暂停供货'),
    );
  });
});
