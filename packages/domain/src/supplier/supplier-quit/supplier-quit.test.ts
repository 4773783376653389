// Supplier quit: open orders block a quit (named in the refusal and listed by findOpenWork, with
// delivery notes listed only); a quit of chosen lines considers only the orders of those lines;
// approved, it takes effect at once on its date (lines QUIT, history naming the quit), or on a
// later date through SUPPLIER_QUIT_EFFECT (the whole supplier QUIT); the supplier reads its quit
// without the internal reason, and another supplier does not see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAll } from '@srm/platform';
import { api, runExecutable, startTestServer, supplierUser, type TestServer } from '@srm/platform/testing';
import { domainSeeds, serverAreas } from '../../areas.server';
import { addDays, dayIn } from '../supplier-credential/supplier-credential.validity';
import { effectQuits } from './supplier-quit.actions';

type Row = Record<string, unknown>;
const QUIT = (action: string) => api('srmSupplierQuit', action);
const DAY = 24 * 3600_000;

let server: TestServer;
const ids: Record<string, number> = {};
const today = () => dayIn(server.clock.now(), server.runtime.timeZone);

const save = (body: Row) =>
  server.post<Row & { quitId: number; versionNum: number }>(QUIT('saveOrUpdate'), body);
const library = (supplierId: number) =>
  server.post<Row[]>(api('srmSupplierCategoryOrg', 'listByPage'), { supplierId, pageRows: 50 });

beforeAll(async () => {
  server = await startTestServer({ areas: serverAreas, seeds: domainSeeds });
  for (const [key, entity, filter] of [
    ['A', 'srmSupplierInfo', { creditCode: '91320505MA1NH7QX3R' }],
    ['B', 'srmSupplierInfo', { creditCode: '91330212MA2GQ3RT8L' }],
    ['JQ', 'srmSupplierInfo', { creditCode: '91320211MA1P8GDK6E' }],
    ['0202', 'srmBaseCategory', { categoryCode: '0202' }],
    ['0201', 'srmBaseCategory', { categoryCode: '0201' }],
    ['OU100', 'srmBaseOrg', { orgCode: 'OU100' }],
  ] as const) {
    const row = await server.first<Row>(entity, filter);
    ids[key] = Number(row[server.runtime.registry.get(entity).key]);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('a supplier quit', () => {
  it('checks its date and lines', async () => {
    const base = { supplierId: ids.A, publicReason: '产品线调整，不再采购' };
    const cases: [Row, string][] = [
      [{ quitScope: 'WHOLE', effectiveDate: addDays(today(), -1) }, '生效日期：生效日期不能早于今天'],
      [
        {
          quitScope: 'WHOLE',
          effectiveDate: today(),
          lines: [{ categoryId: ids['0202'], orgId: ids.OU100 }],
        },
        '退出的品类组织：整个供应商退出时不指定品类组织',
      ],
      [{ quitScope: 'LINES', effectiveDate: today() }, '退出的品类组织：请指定退出的品类组织'],
      [
        {
          quitScope: 'LINES',
          effectiveDate: today(),
          lines: [
            { categoryId: ids['0202'], orgId: ids.OU100 },
            { categoryId: ids['0201'], orgId: ids.OU100 },
            { categoryId: ids['0202'], orgId: ids.OU100 },
          ],
        },
        '',
      ],
    ];
    for (const [extra, message] of cases.slice(0, 3)) {
      const refused = await save({ ...base, ...extra });
      expect([refused.httpStatus, refused.body.msg]).toEqual([400, message]);
    }
    expect((await save({ ...base, ...cases[3]![0] })).body.status).toBe('E'); // a line twice
    const notMine = await save({
      ...base,
      supplierId: ids.JQ,
      quitScope: 'LINES',
      effectiveDate: today(),
      lines: [{ categoryId: ids['0201'], orgId: ids.OU100 }],
    });
    expect([notMine.httpStatus, notMine.body.msg]).toEqual([
      400,
      '退出的品类组织：第 1 行不是该供应商品类组织库中未退出的品类组织',
    ]);
  });

  it('is blocked by open orders, named, with delivery notes listed only', async () => {
    const whole = await save({
      supplierId: ids.A,
      quitScope: 'WHOLE',
      effectiveDate: today(),
      publicReason: '产品线调整，不再采购',
      internalReason: '年度评审末位',
    });
    expect(whole.body.status, whole.body.msg).toBe('S');
    const work = await server.post<{ blocking: boolean; documents: Row[] }>(QUIT('findOpenWork'), {
      quitId: whole.body.data.quitId,
    });
    expect(work.body.status, work.body.msg).toBe('S');
    expect(work.body.data.blocking).toBe(true);
    const orders = work.body.data.documents.filter((doc) => doc.kind === 'ORDER');
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((doc) => doc.blocks === true && /^PO/.test(String(doc.number)))).toBe(true);
    expect(
      work.body.data.documents.filter((doc) => doc.kind === 'DELIVERY').every((doc) => doc.blocks === false),
    ).toBe(true);
    const refused = await server.post(QUIT('doSubmit'), {
      quitId: whole.body.data.quitId,
      versionNum: whole.body.data.versionNum,
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain(
      `该供应商还有未完成的采购订单 ${orders.length} 张（${String(orders[0]!.number)}`,
    );
    expect(refused.body.msg).toContain('请先关闭或转移后再提交退出');
    // The supplier has no part in it: it does not see a quit before approval, nor its open-work list.
    const own = await server.post(
      QUIT('findById'),
      { quitId: whole.body.data.quitId },
      { actor: supplierUser(ids.A!) },
    );
    expect(own.httpStatus).toBe(404);
    const abolished = await server.post(QUIT('doAbolish'), {
      quitId: whole.body.data.quitId,
      versionNum: whole.body.data.versionNum,
    });
    expect(abolished.body.status, abolished.body.msg).toBe('S');
  });

  it('of chosen lines without orders takes effect on approval; the supplier reads it without the internal reason', async () => {
    const lines = await save({
      supplierId: ids.A,
      quitScope: 'LINES',
      effectiveDate: today(),
      publicReason: '冲压件品类不再由贵司供货',
      internalReason: '引入阶段样品两次不合格',
      lines: [{ categoryId: ids['0202'], orgId: ids.OU100 }],
    });
    expect(lines.body.status, lines.body.msg).toBe('S');
    const work = await server.post<{ blocking: boolean; documents: Row[] }>(QUIT('findOpenWork'), {
      quitId: lines.body.data.quitId,
    });
    expect(work.body.data).toEqual({ blocking: false, documents: [] });
    const submitted = await server.post(QUIT('doSubmit'), {
      quitId: lines.body.data.quitId,
      versionNum: lines.body.data.versionNum,
    });
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    await decideAll(server.runtime, 'srmSupplierQuit', lines.body.data.quitId, 'approve');
    const quit = (await server.post<Row>(QUIT('findById'), { quitId: lines.body.data.quitId })).body.data;
    expect(quit.status).toBe('EFFECTIVE');
    expect(quit.effectedAt).toBeTruthy();
    const after = (await library(ids.A!)).body.data;
    expect(after.find((line) => line.categoryId === ids['0202'])!.status).toBe('QUIT');
    expect(after.filter((line) => line.status === 'QUALIFIED').length).toBe(3);
    const history = await server.post<Row[]>(api('srmSupplierCategoryOrgHistory', 'listByPage'), {
      supplierId: ids.A,
      changeSource: 'SUPPLIER_QUIT',
    });
    expect(history.body.data.map((row) => [row.toStatus, row.documentRef])).toEqual([['QUIT', quit.quitNum]]);

    const own = await server.post<Row>(
      QUIT('findById'),
      { quitId: quit.quitId },
      { actor: supplierUser(ids.A!) },
    );
    expect(own.body.status, own.body.msg).toBe('S');
    expect(own.body.data.publicReason).toBe('冲压件品类不再由贵司供货');
    expect(JSON.stringify(own.body)).not.toContain('引入阶段样品两次不合格');
    const other = await server.post(
      QUIT('findById'),
      { quitId: quit.quitId },
      { actor: supplierUser(ids.B!) },
    );
    expect(other.httpStatus).toBe(404);
    const work2 = await server.post(
      QUIT('findOpenWork'),
      { quitId: quit.quitId },
      { actor: supplierUser(ids.A!) },
    );
    expect(work2.httpStatus).toBe(403);
  });

  it('of the whole supplier on a later date takes effect through the program on that day', async () => {
    const later = await save({
      supplierId: ids.JQ,
      quitScope: 'WHOLE',
      effectiveDate: addDays(today(), 3),
      publicReason: '贵司已停止机加工业务',
    });
    expect(later.body.status, later.body.msg).toBe('S');
    const submitted = await server.post(QUIT('doSubmit'), {
      quitId: later.body.data.quitId,
      versionNum: later.body.data.versionNum,
    });
    expect(submitted.body.status, submitted.body.msg).toBe('S');
    await decideAll(server.runtime, 'srmSupplierQuit', later.body.data.quitId, 'approve');
    const status = async () =>
      (await server.post<Row>(QUIT('findById'), { quitId: later.body.data.quitId })).body.data.status;
    expect(await status()).toBe('APPROVED');
    expect(await runExecutable(server, effectQuits)).toBe('0 took effect');
    server.clock.travel(3 * DAY);
    expect(await runExecutable(server, effectQuits)).toBe('1 took effect');
    expect(await status()).toBe('EFFECTIVE');
    const supplier = (await server.post<Row>(api('srmSupplierInfo', 'findById'), { supplierId: ids.JQ })).body
      .data;
    expect(supplier.status).toBe('QUIT');
    expect((await library(ids.JQ!)).body.data.every((line) => line.status === 'QUIT')).toBe(true);
  });
});
