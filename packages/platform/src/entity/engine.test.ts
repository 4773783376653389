// The engine over real HTTP on a real database, with test entities: saves with lines,
// validation, optimistic locking, workflow, data scope, numbering, audit and the clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '@srm/db';
import { type Actor, SYSTEM_ACTOR } from '../access/actor';
import { dataApi } from './context';
import { defineActions } from './hooks';
import { readHistory } from './audit';
import { type EngineHarness, internalAdmin, startEngine, supplierUser } from '../testing/engine';
import { testEntities, testMessages, testOrder } from '../testing/fixtures';

interface Envelope<T = Record<string, unknown>> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: { count: number; curIndex: number };
}
type Row = Record<string, unknown> & { lines?: Row[] };

const ORDER = '/api/srm/v1/testOrderRestful';
const ORG = '/api/srm/v1/testOrgRestful';
const SUPPLIER = '/api/srm/v1/testSupplierRestful';

let engine: EngineHarness;
const ids = { orgA: 0, orgB: 0, supA: 0, supB: 0 };
let failAfterSave = false;

beforeAll(async () => {
  const actions = [
    defineActions(testOrder, {
      afterSave: () => {
        if (failAfterSave) throw new Error('boom after save');
      },
    }),
  ];
  engine = await startEngine({ entities: testEntities, actions, messages: testMessages });
  const save = async (path: string, body: Row) =>
    (await engine.post<Envelope<Row>>(`${path}/saveOrUpdate`, body)).body.data;
  ids.orgA = (await save(ORG, { orgCode: 'A', orgName: '华东工厂' })).orgId as number;
  ids.orgB = (await save(ORG, { orgCode: 'B', orgName: '华南工厂' })).orgId as number;
  ids.supA = (await save(SUPPLIER, { supplierCode: 'S-A', supplierName: '甲供应商', supplierType: 'PROD' }))
    .supplierId as number;
  ids.supB = (
    await save(SUPPLIER, { supplierCode: 'S-B', supplierName: '乙供应商', supplierType: 'SERVICE' })
  ).supplierId as number;
});
afterAll(async () => engine?.close());

function order(overrides: Row = {}): Row {
  const row: Row = {
    orgId: ids.orgA,
    supplierId: ids.supA,
    title: '螺丝采购',
    currencyCode: 'CNY',
    lines: [
      { lineNum: 1, itemName: 'M6 螺丝', quantity: 100, price: 0.15 },
      { lineNum: 2, itemName: 'M8 螺母', quantity: 50.5, price: 1.2 },
    ],
    ...overrides,
  };
  for (const [key, value] of Object.entries(row)) if (value === undefined) delete row[key];
  return row;
}

async function create(overrides: Row = {}): Promise<Row> {
  const { body } = await engine.post<Envelope<Row>>(`${ORDER}/saveOrUpdate`, order(overrides));
  expect(body.status, body.msg).toBe('S');
  return body.data;
}

describe('saving a document with lines', () => {
  it('creates the header and its lines in one save, computing line and header amounts exactly', async () => {
    const saved = await create();
    expect(saved).toMatchObject({
      status: 'DRAFT',
      versionNum: 1,
      totalAmount: 75.6,
      orgName: '华东工厂',
      supplierName: '甲供应商',
    });
    expect(saved.lines!.map((l) => l.lineAmount)).toEqual([15, 60.6]);
    expect(saved.orderNumber).toMatch(/^TO\d{8}\d{3}$/);
    expect(saved.titleLength).toBe(4);
  });

  it('updates, adds and removes lines in one save under the header version', async () => {
    const saved = await create();
    const [first] = saved.lines!;
    const { body } = await engine.post<Envelope<Row>>(`${ORDER}/saveOrUpdate`, {
      orderId: saved.orderId,
      versionNum: saved.versionNum,
      lines: [
        { lineId: first!.lineId, quantity: 200 },
        { lineNum: 3, itemName: '垫片', quantity: 10, price: 0.05 },
      ],
    });
    expect(body.status, body.msg).toBe('S');
    expect(body.data.versionNum).toBe(2);
    expect(body.data.lines!.map((l) => [l.lineNum, l.quantity, l.lineAmount])).toEqual([
      [1, 200, 30],
      [3, 10, 0.5],
    ]);
    expect(body.data.totalAmount).toBe(30.5);
  });

  it('a stale versionNum is refused with 409 and changes nothing', async () => {
    const saved = await create();
    const update = { orderId: saved.orderId, versionNum: saved.versionNum, title: '第一次修改' };
    expect((await engine.post(`${ORDER}/saveOrUpdate`, update)).httpStatus).toBe(200);
    const stale = await engine.post<Envelope>(`${ORDER}/saveOrUpdate`, { ...update, title: '过期的修改' });
    expect(stale.httpStatus).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const found = await engine.post<Envelope<Row>>(`${ORDER}/findById`, { orderId: saved.orderId });
    expect(found.body.data.title).toBe('第一次修改');
  });

  it('an update without versionNum is refused', async () => {
    const saved = await create();
    const { httpStatus, body } = await engine.post<Envelope>(`${ORDER}/saveOrUpdate`, {
      orderId: saved.orderId,
      title: 'x',
    });
    expect(httpStatus).toBe(400);
    expect(body.msg).toContain('versionNum');
  });

  it('unknown and read-only fields are refused, listing each', async () => {
    const { httpStatus, body } = await engine.post<Envelope<{ path: string; message: string }[]>>(
      `${ORDER}/saveOrUpdate`,
      {
        ...order(),
        status: 'APPROVED',
        totalAmount: 1,
        hacker: true,
      },
    );
    expect(httpStatus).toBe(400);
    expect(body.data.map((d) => d.path).sort()).toEqual(['hacker', 'status', 'totalAmount']);
  });

  it('reports missing and malformed values with field labels and line numbers, in the caller language', async () => {
    const bad = order({
      title: '',
      currencyCode: 'GBP',
      lines: [{ lineNum: 1, itemName: 'x', quantity: -1, price: 1.1234567 }],
    });
    const zh = await engine.post<Envelope<{ path: string; message: string }[]>>(`${ORDER}/saveOrUpdate`, bad);
    expect(zh.httpStatus).toBe(400);
    const messages = zh.body.data.map((d) => d.message);
    expect(messages).toContain('订单行第 1 行，数量：不能小于 0');
    expect(messages).toContain('订单行第 1 行，price：最多保留 6 位小数');
    expect(messages).toContain('currencyCode：不是有效的选项：GBP');
    const en = await engine.post<Envelope<{ path: string; message: string }[]>>(
      `${ORDER}/saveOrUpdate`,
      bad,
      undefined,
      {
        'SAAF-Language': 'EN',
      },
    );
    expect(en.body.data.map((d) => d.message)).toContain(
      'Order lines, line 1, Quantity: Cannot be less than 0',
    );
  });

  it('runs required checks and rules on what will be stored', async () => {
    const missing = await engine.post<Envelope<{ path: string; message: string }[]>>(
      `${ORDER}/saveOrUpdate`,
      order({ title: '' }),
    );
    expect(missing.body.data).toEqual([{ path: 'title', message: '标题：必填', reason: '必填' }]);
    const over = await engine.post<Envelope>(`${ORDER}/saveOrUpdate`, order({ budget: 10 }));
    expect(over.httpStatus).toBe(400);
    expect(over.body.msg).toBe('预算：订单金额超出预算');
  });

  it('refuses references to rows that do not exist', async () => {
    const { httpStatus, body } = await engine.post<Envelope>(
      `${ORDER}/saveOrUpdate`,
      order({ orgId: 999999 }),
    );
    expect(httpStatus).toBe(400);
    expect(body.msg).toContain('引用的记录不存在或无权访问：999999');
  });

  it('a failure after writing rolls everything back, including the document number', async () => {
    const before = await engine.countRows('test_order');
    const beforeLines = await engine.countRows('test_order_line');
    failAfterSave = true;
    try {
      const { httpStatus } = await engine.post(`${ORDER}/saveOrUpdate`, order({ orgId: ids.orgB }));
      expect(httpStatus).toBe(500);
    } finally {
      failAfterSave = false;
    }
    expect(await engine.countRows('test_order')).toBe(before);
    expect(await engine.countRows('test_order_line')).toBe(beforeLines);
    const first = await create({ orgId: ids.orgB });
    expect(String(first.orderNumber).endsWith('001')).toBe(true);
  });
});

describe('numbering', () => {
  it('keeps a gap-free sequence per organisation and day, also under concurrency', async () => {
    const org = (
      await engine.post<Envelope<Row>>(`${ORG}/saveOrUpdate`, { orgCode: 'N', orgName: '编号测试' })
    ).body.data.orgId;
    const saves = await Promise.all(
      Array.from({ length: 12 }, () =>
        engine.post<Envelope<Row>>(`${ORDER}/saveOrUpdate`, order({ orgId: org, lines: [] })),
      ),
    );
    const numbers = saves.map((s) => String(s.body.data.orderNumber)).sort();
    expect(numbers.map((n) => Number(n.slice(-3)))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(numbers.map((n) => n.slice(0, 10))).size).toBe(1);
  });

  it('starts again on a new day of the one clock', async () => {
    const org = (
      await engine.post<Envelope<Row>>(`${ORG}/saveOrUpdate`, { orgCode: 'D', orgName: '日期测试' })
    ).body.data.orgId;
    const today = await create({ orgId: org, lines: [] });
    engine.clock.travel(24 * 3600 * 1000);
    try {
      const tomorrow = await create({ orgId: org, lines: [] });
      expect(String(tomorrow.orderNumber).slice(2, 10)).not.toBe(String(today.orderNumber).slice(2, 10));
      expect(String(tomorrow.orderNumber).endsWith('001')).toBe(true);
      expect((tomorrow.creationDate as number) - (today.creationDate as number)).toBeGreaterThanOrEqual(
        24 * 3600 * 1000,
      );
    } finally {
      engine.clock.travel(-24 * 3600 * 1000);
    }
  });
});

describe('workflow actions', () => {
  it('moves through the states and refuses an action from a wrong state with 409', async () => {
    const saved = await create();
    const submit = await engine.post<Envelope<Row[]>>(`${ORDER}/doSubmit`, { orderId: saved.orderId });
    expect(submit.body.data[0]!.status).toBe('SUBMITTED');
    const again = await engine.post<Envelope>(`${ORDER}/doSubmit`, { orderId: saved.orderId });
    expect(again.httpStatus).toBe(409);
    expect(again.body.msg).toMatch(/^测试订单 TO\d+当前状态为“已提交”，不能执行“提交”$/);
  });

  it('a submitted document cannot be saved, nor deleted', async () => {
    const saved = await create();
    await engine.post(`${ORDER}/doSubmit`, { orderId: saved.orderId });
    const edit = await engine.post<Envelope>(`${ORDER}/saveOrUpdate`, {
      orderId: saved.orderId,
      versionNum: 2,
      title: '改',
    });
    expect(edit.httpStatus).toBe(409);
    expect(edit.body.msg).toBe('单据当前状态为“已提交”，不可修改');
    const removal = await engine.post<Envelope>(`${ORDER}/delete`, { orderId: saved.orderId });
    expect(removal.httpStatus).toBe(409);
    expect(removal.body.msg).toBe('单据当前状态为“已提交”，不可删除');
  });

  it('system actions are refused over HTTP', async () => {
    const saved = await create();
    await engine.post(`${ORDER}/doSubmit`, { orderId: saved.orderId });
    const { httpStatus, body } = await engine.post<Envelope>(`${ORDER}/doApproval`, {
      orderId: saved.orderId,
    });
    expect(httpStatus).toBe(403);
    expect(body.msg).toBe('“审批通过”只能由系统执行');
  });

  it('an action that needs a comment refuses without one and records it with one', async () => {
    const saved = await create();
    await engine.post(`${ORDER}/doSubmit`, { orderId: saved.orderId });
    expect((await engine.post(`${ORDER}/doReject`, { orderId: saved.orderId })).httpStatus).toBe(400);
    const rejected = await engine.post<Envelope<Row[]>>(`${ORDER}/doReject`, {
      orderId: saved.orderId,
      comment: '价格偏高',
    });
    expect(rejected.body.data[0]!.status).toBe('REJECTED');
    const found = await engine.post<Envelope<Row>>(`${ORDER}/findById`, {
      orderId: saved.orderId,
      withHistory: true,
    });
    const history = found.body.data.history as Row[];
    expect(history[0]).toMatchObject({
      action: 'doReject',
      statusFrom: 'SUBMITTED',
      statusTo: 'REJECTED',
      comment: '价格偏高',
      userName: 'admin',
    });
    expect(history.map((h) => h.action)).toEqual(['doReject', 'doSubmit', 'create', 'create', 'create']);
  });

  it('the history names the references it changed, not their ids', async () => {
    const saved = await create();
    const changed = await engine.post<Envelope<Row>>(`${ORDER}/saveOrUpdate`, {
      orderId: saved.orderId,
      versionNum: saved.versionNum,
      supplierId: ids.supB,
    });
    expect(changed.body.status, changed.body.msg).toBe('S');
    const found = await engine.post<Envelope<Row>>(`${ORDER}/findById`, {
      orderId: saved.orderId,
      withHistory: true,
    });
    const [update, ...rest] = found.body.data.history as { action: string; changes: Row[] }[];
    expect(update!.changes.find((c) => c.field === 'supplierId')).toEqual({
      field: 'supplierId',
      before: ids.supA,
      after: ids.supB,
      beforeName: '甲供应商',
      afterName: '乙供应商',
    });
    const creation = rest.find((entry) => entry.changes.some((c) => c.field === 'orgId'))!;
    expect(creation.changes.find((c) => c.field === 'orgId')).toMatchObject({ afterName: '华东工厂' });
    // The new supplier reads the same history without the name of the supplier before it.
    const asB = await engine.post<Envelope<Row>>(
      `${ORDER}/findById`,
      { orderId: saved.orderId, withHistory: true },
      supplierUser(ids.supB),
    );
    const seen = asB.body.data.history as { changes: Row[] }[];
    expect(seen[0]!.changes.find((c) => c.field === 'supplierId')).toEqual({
      field: 'supplierId',
      before: ids.supA,
      after: ids.supB,
    });
    expect(JSON.stringify(seen)).not.toContain('甲供应商');
    expect(JSON.stringify(seen)).toContain('华东工厂');
  });

  it('a batch action is all or nothing', async () => {
    const a = await create();
    const b = await create();
    await engine.post(`${ORDER}/doSubmit`, { orderId: b.orderId });
    const batch = await engine.post<Envelope>(`${ORDER}/doSubmit`, { ids: [a.orderId, b.orderId] });
    expect(batch.httpStatus).toBe(409);
    const found = await engine.post<Envelope<Row>>(`${ORDER}/findById`, { orderId: a.orderId });
    expect(found.body.data.status).toBe('DRAFT');
  });

  it('an unknown action is a 404 envelope', async () => {
    const { httpStatus, body } = await engine.post<Envelope>(`${ORDER}/doTeleport`, { orderId: 1 });
    expect(httpStatus).toBe(404);
    expect(body.status).toBe('E');
  });

  it('a field editable in a later state can be changed by the side allowed to, and nothing else', async () => {
    const saved = await create();
    await engine.post(`${ORDER}/doSubmit`, { orderId: saved.orderId });
    await engine.runtime
      .service('testOrder')
      .act(internalAdmin, 'doApproval', [saved.orderId as number], {}, { fromHttp: false });
    const found = (await engine.post<Envelope<Row>>(`${ORDER}/findById`, { orderId: saved.orderId })).body
      .data;
    const line = found.lines![0]!;
    const supplier = supplierUser(ids.supA);
    const confirm = await engine.post<Envelope<Row>>(
      `${ORDER}/saveOrUpdate`,
      {
        orderId: found.orderId,
        versionNum: found.versionNum,
        lines: [{ lineId: line.lineId, promisedDate: '2026-12-20' }, { lineId: found.lines![1]!.lineId }],
      },
      supplier,
    );
    expect(confirm.body.status, confirm.body.msg).toBe('S');
    expect(confirm.body.data.lines![0]!.promisedDate).toBe('2026-12-20');
    const priceChange = await engine.post<Envelope>(
      `${ORDER}/saveOrUpdate`,
      {
        orderId: found.orderId,
        versionNum: confirm.body.data.versionNum,
        lines: [{ lineId: line.lineId, price: 0.01 }, { lineId: found.lines![1]!.lineId }],
      },
      supplier,
    );
    expect(priceChange.httpStatus).toBe(403);
  });
});

describe('data scope', () => {
  it('a supplier sees only its own documents, by list, by id and by filter', async () => {
    const mine = await create({ supplierId: ids.supA, title: '甲的订单' });
    const theirs = await create({ supplierId: ids.supB, title: '乙的订单' });
    const b = supplierUser(ids.supB);
    const list = await engine.post<Envelope<Row[]>>(`${ORDER}/listByPage`, { pageRows: 500 }, b);
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((row) => row.supplierId === ids.supB)).toBe(true);
    expect((await engine.post(`${ORDER}/findById`, { orderId: mine.orderId }, b)).httpStatus).toBe(404);
    expect((await engine.post(`${ORDER}/findById`, { orderId: theirs.orderId }, b)).httpStatus).toBe(200);
    const byFilter = await engine.post<Envelope<Row[]>>(`${ORDER}/listByPage`, { orderId: mine.orderId }, b);
    expect(byFilter.body.data).toEqual([]);
    expect((await engine.post(`${ORDER}/doSubmit`, { orderId: mine.orderId }, b)).httpStatus).toBe(403);
    expect((await engine.post(`${ORDER}/delete`, { orderId: mine.orderId }, b)).httpStatus).toBe(403);
    const lines = await engine.post<Envelope<Row[]>>(
      '/api/srm/v1/testOrderLineRestful/listByPage',
      { orderId: mine.orderId },
      b,
    );
    expect(lines.body.data).toEqual([]);
  });

  it('internal-only fields never reach a supplier', async () => {
    const saved = await create({ supplierId: ids.supB, internalNote: '底价 0.12' });
    const b = supplierUser(ids.supB);
    const found = await engine.post<Envelope<Row>>(
      `${ORDER}/findById`,
      { orderId: saved.orderId, withHistory: true },
      b,
    );
    expect(found.body.data).not.toHaveProperty('internalNote');
    expect(JSON.stringify(found.body.data)).not.toContain('底价');
    const listed = await engine.post<Envelope<Row[]>>(`${ORDER}/listByPage`, {}, b);
    expect(JSON.stringify(listed.body.data)).not.toContain('底价');
  });

  it('a supplier may not create documents the buyer writes', async () => {
    const { httpStatus, body } = await engine.post<Envelope>(
      `${ORDER}/saveOrUpdate`,
      order({ supplierId: ids.supB }),
      supplierUser(ids.supB),
    );
    expect(httpStatus).toBe(403);
    expect(body.msg).toBe('无权新建该类数据');
  });

  it('an internal user sees and writes only permitted organisations', async () => {
    const inA = await create({ orgId: ids.orgA });
    const inB = await create({ orgId: ids.orgB });
    const onlyA = { orgIds: [ids.orgA] };
    const list = await engine.post<Envelope<Row[]>>(`${ORDER}/listByPage`, { pageRows: 500 }, onlyA);
    expect(list.body.data.every((row) => row.orgId === ids.orgA)).toBe(true);
    expect(list.body.data.some((row) => row.orderId === inA.orderId)).toBe(true);
    expect((await engine.post(`${ORDER}/findById`, { orderId: inB.orderId }, onlyA)).httpStatus).toBe(404);
    const write = await engine.post<Envelope>(`${ORDER}/saveOrUpdate`, order({ orgId: ids.orgB }), onlyA);
    expect(write.httpStatus).toBe(403);
  });

  it('an unauthenticated call is a 401', async () => {
    const { httpStatus, body } = await engine.post<Envelope>(`${ORDER}/listByPage`, {}, null);
    expect(httpStatus).toBe(401);
    expect(body.msg).toBe('请先登录');
  });
});

describe('listByPage', () => {
  it('filters by kind: contains for text, in-list for lookups, ranges for dates and amounts', async () => {
    await create({
      title: '过滤-钢板',
      currencyCode: 'USD',
      needByDate: '2027-03-01',
      budget: 500,
      tags: ['A', 'B'],
      urgentFlag: 'Y',
    });
    await create({
      title: '过滤-铝板',
      currencyCode: 'EUR',
      needByDate: '2027-05-01',
      budget: 900,
      tags: ['C'],
    });
    const list = async (params: Row) =>
      (await engine.post<Envelope<Row[]>>(`${ORDER}/listByPage`, { pageRows: 500, ...params })).body;
    expect((await list({ title: '过滤-' })).data.map((r) => r.title).sort()).toEqual([
      '过滤-钢板',
      '过滤-铝板',
    ]);
    expect((await list({ title: '过滤-', currencyCode: ['USD', 'CNY'] })).data.map((r) => r.title)).toEqual([
      '过滤-钢板',
    ]);
    expect((await list({ title: '过滤-', needByDateFrom: '2027-04-01' })).data.map((r) => r.title)).toEqual([
      '过滤-铝板',
    ]);
    expect((await list({ title: '过滤-', budget: [400, 600] })).data.map((r) => r.title)).toEqual([
      '过滤-钢板',
    ]);
    expect((await list({ title: '过滤-', tags: ['B'] })).data.map((r) => r.title)).toEqual(['过滤-钢板']);
    expect((await list({ title: '过滤-', urgentFlag: 'Y' })).data.map((r) => r.title)).toEqual(['过滤-钢板']);
    expect((await list({ title: '%' })).data).toEqual([]);
  });

  it('sorts on allowed fields only and pages with a count', async () => {
    const sorted = await engine.post<Envelope<Row[]>>(`${ORDER}/listByPage`, {
      pageIndex: 2,
      pageRows: 3,
      orderBy: 'title desc',
    });
    expect(sorted.body.page).toEqual({ count: expect.any(Number), curIndex: 2 });
    expect(sorted.body.data).toHaveLength(3);
    const bad = await engine.post<Envelope>(`${ORDER}/listByPage`, { orderBy: 'internalNote' });
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.msg).toBe('不支持按该字段排序：internalNote');
    const injection = await engine.post<Envelope>(`${ORDER}/listByPage`, {
      orderBy: 'title; drop table test_order',
    });
    expect(injection.httpStatus).toBe(400);
    const unknown = await engine.post<Envelope>(`${ORDER}/listByPage`, { secret: 1 });
    expect(unknown.body.msg).toBe('不支持的查询条件：secret');
    const tooMany = await engine.post<Envelope>(`${ORDER}/listByPage`, { pageRows: 100000 });
    expect(tooMany.httpStatus).toBe(400);
  });
});

describe('delete', () => {
  it('deletes a draft with its lines and records it', async () => {
    const saved = await create();
    const lines = await engine.countRows('test_order_line');
    expect((await engine.post(`${ORDER}/delete`, { orderId: saved.orderId })).httpStatus).toBe(200);
    expect(await engine.countRows('test_order_line')).toBe(lines - 2);
    expect((await engine.post(`${ORDER}/findById`, { orderId: saved.orderId })).httpStatus).toBe(404);
  });

  it('refuses to delete a row still referenced', async () => {
    const org = (await engine.post<Envelope<Row>>(`${ORG}/saveOrUpdate`, { orgCode: 'R', orgName: '被引用' }))
      .body.data;
    await create({ orgId: org.orgId });
    const { httpStatus, body } = await engine.post<Envelope>(`${ORG}/delete`, { orgId: org.orgId });
    expect(httpStatus).toBe(409);
    expect(body.msg).toBe('该记录已被其他数据引用，不能删除');
  });

  it('a unique value already taken is a 409 naming the field', async () => {
    const { httpStatus, body } = await engine.post<Envelope>(`${ORG}/saveOrUpdate`, {
      orgCode: 'A',
      orgName: '重复',
    });
    expect(httpStatus).toBe(409);
    expect(body.msg).toBe('orgCode已存在，不能重复');
  });
});

describe('line uniqueness', () => {
  it('a line repeating a unique combination is pointed at before anything is written', async () => {
    const { httpStatus, body } = await engine.post<
      Envelope<{ path: string; message: string; reason: string }[]>
    >(
      '/api/srm/v1/testOrderRestful/saveOrUpdate',
      order({
        lines: [
          { lineNum: 1, itemName: 'A', quantity: 1, price: 1 },
          { lineNum: 2, itemName: 'B', quantity: 1, price: 1 },
          { lineNum: 1, itemName: 'C', quantity: 1, price: 1 },
        ],
      }),
    );
    expect(httpStatus).toBe(400);
    expect(body.data).toEqual([
      { path: 'lines.2.lineNum', message: '订单行第 3 行，lineNum：与第 1 行重复', reason: '与第 1 行重复' },
    ]);
  });
});

describe('createMany (imports)', () => {
  it('creates all rows in one go, numbered and audited', async () => {
    const service = engine.runtime.service('testOrder');
    const result = await service.createMany(internalAdmin, [
      order({ lines: undefined }),
      order({ lines: undefined, title: '第二张' }),
    ]);
    expect('ids' in result && result.ids.length).toBe(2);
  });

  it('reports every bad row by its position and writes nothing', async () => {
    const before = await engine.countRows('test_order');
    const service = engine.runtime.service('testOrder');
    const result = await service.createMany(internalAdmin, [
      order({ lines: undefined }),
      order({ lines: undefined, title: '' }),
      order({ lines: undefined, currencyCode: 'XXX' }),
    ]);
    expect('issues' in result && result.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1, 'title'], 'validation.required'],
      [[2, 'currencyCode'], 'validation.lookup'],
    ]);
    const missing = await service.createMany(internalAdmin, [
      order({ lines: undefined }),
      order({ lines: undefined, orgId: 987654 }),
    ]);
    expect('issues' in missing && missing.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1, 'orgId'], 'validation.refMissing'],
    ]);
    expect(await engine.countRows('test_order')).toBe(before);
  });

  it('checks each row like a save: organisation permits by row, no lines, no keys, no line rows alone', async () => {
    const service = engine.runtime.service('testOrder');
    const before = await engine.countRows('test_order');
    const limited = { ...internalAdmin, orgIds: [ids.orgB] };
    const denied = await service.createMany(limited, [
      order({ lines: undefined, orgId: ids.orgB }),
      order({ lines: undefined }),
    ]);
    expect('issues' in denied && denied.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1], 'entity.orgDenied'],
    ]);
    const keyed = await service.createMany(internalAdmin, [order({ lines: undefined, orderId: 1 })]);
    expect('issues' in keyed && keyed.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[0, 'orderId'], 'validation.readonlyField'],
    ]);
    await expect(service.createMany(internalAdmin, [order()])).rejects.toMatchObject({
      messageKey: 'validation.unknownField',
    });
    await expect(
      engine.runtime
        .service('testOrderLine')
        .createMany(internalAdmin, [{ lineNum: 1, itemName: 'x', quantity: 1, price: 1 }]),
    ).rejects.toMatchObject({ messageKey: 'validation.unknownField' });
    expect(await engine.countRows('test_order')).toBe(before);
  });
});

describe('server patches of many rows', () => {
  it('patch each row its own way in one statement: values of every kind, computed fields, versions, audit', async () => {
    const save = async (body: Row) =>
      (await engine.post<Envelope<Row>>(`${ORDER}/saveOrUpdate`, body)).body.data;
    const first = await save(order({ title: '批量一' }));
    const second = await save(order({ title: '批量二' }));
    const third = await save(order({ title: '批量三' }));
    const orders = engine.runtime.service('testOrder');
    const confirmedAt = Date.UTC(2026, 11, 6, 8, 30);
    // Different fields on each row, one row left as it was; a date, a time stamp, a date range,
    // a multi-value lookup, a decimal, a text with a quote and a null.
    const patched = await orders.patchEach(
      internalAdmin,
      new Map<number, Row>([
        [
          first.orderId as number,
          { confirmedAt, needByDate: '2026-12-24', tags: ['A', 'C'], notes: "O'Brien 的备注" },
        ],
        [
          second.orderId as number,
          { budget: 1234.56, validPeriod: ['2026-01-01', '2026-12-31'], notes: null },
        ],
        [third.orderId as number, { title: '批量三' }],
      ]),
      'bulkTest',
    );
    expect(patched.map((row) => row.versionNum)).toEqual([2, 2, 1]);
    const read = async (id: unknown) =>
      (await engine.post<Envelope<Row>>(`${ORDER}/findById`, { orderId: id })).body.data;
    expect(await read(first.orderId)).toMatchObject({
      confirmedAt,
      needByDate: '2026-12-24',
      tags: ['A', 'C'],
      notes: "O'Brien 的备注",
      budget: null,
      versionNum: 2,
      title: '批量一',
    });
    expect(await read(second.orderId)).toMatchObject({
      budget: 1234.56,
      validPeriod: ['2026-01-01', '2026-12-31'],
      notes: null,
      confirmedAt: null,
      versionNum: 2,
    });
    expect((await read(third.orderId)).versionNum).toBe(1);
    // Lines: each its own quantity, the line amounts recomputed.
    const lines = engine.runtime.service('testOrderLine');
    const [a, b] = (await read(first.orderId)).lines as Row[];
    await lines.patchEach(
      internalAdmin,
      new Map<number, Row>([
        [a!.lineId as number, { quantity: 3 }],
        [b!.lineId as number, { quantity: 7.25, itemName: 'M8 螺母（改）' }],
      ]),
      'bulkTest',
    );
    const after = (await read(first.orderId)).lines as Row[];
    expect(after.map((line) => [line.quantity, line.lineAmount, line.itemName, line.versionNum])).toEqual([
      [3, 0.45, 'M6 螺丝', 2],
      [7.25, 8.7, 'M8 螺母（改）', 2],
    ]);
    // Each changed row has its audit entry under the operation (a document's history shows its
    // lines' too: the first order's header and its two lines).
    for (const [id, entries] of [
      [first.orderId, 3],
      [second.orderId, 1],
      [third.orderId, 0],
    ]) {
      const { history } = (
        await engine.post<Envelope<Row>>(`${ORDER}/findById`, { orderId: id, withHistory: true })
      ).body.data as { history: { action: string }[] };
      expect(history.filter((entry) => entry.action === 'bulkTest')).toHaveLength(entries as number);
    }
  });
});

describe('audit entries of a transaction', () => {
  it('are written together at its end, seen by its own reads of the trail, and gone with a rollback', async () => {
    const save = async (body: Row) =>
      (await engine.post<Envelope<Row>>(`${ORDER}/saveOrUpdate`, body)).body.data;
    const saved = await save(order({ title: '审计一' }));
    const id = saved.orderId as number;
    const orders = engine.runtime.service('testOrder');
    const trail = async (tx: Parameters<typeof readHistory>[0]) =>
      (await readHistory(tx, testOrder, id)).filter((entry) => entry.action.startsWith('auditTest'));
    // Two patches in one transaction; the trail read inside it already holds both.
    const inside = await engine.runtime.transaction(async (tx) => {
      await orders.patch(internalAdmin, { ids: [id] }, { notes: '一' }, 'auditTest1');
      await orders.patch(internalAdmin, { ids: [id] }, { notes: '二' }, 'auditTest2');
      return (await trail(tx)).map((entry) => entry.action);
    });
    expect(inside).toEqual(['auditTest2', 'auditTest1']);
    expect((await trail(engine.database.db)).map((entry) => entry.action)).toEqual([
      'auditTest2',
      'auditTest1',
    ]);
    // A transaction that fails after its patch leaves neither the change nor its entry.
    await expect(
      engine.runtime.transaction(async () => {
        await orders.patch(internalAdmin, { ids: [id] }, { notes: '三' }, 'auditTest3');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await trail(engine.database.db)).map((entry) => entry.action)).toEqual([
      'auditTest2',
      'auditTest1',
    ]);
    const read = (await engine.post<Envelope<Row>>(`${ORDER}/findById`, { orderId: id })).body.data;
    expect(read.notes).toBe('二');
  });
});

describe('a patch of a row as it was last written', () => {
  it('changes it unread; once it changed since, answers null and writes nothing; is the platform’s alone', async () => {
    const id = (await create({ title: '乐观' })).orderId as number;
    const data = (tx: Executor, actor: Actor = SYSTEM_ACTOR) =>
      dataApi({ actor, runtime: engine.runtime, tx, now: new Date() }, 'unchangedTest');
    const first = await engine.runtime.transaction((tx) => data(tx).patch(testOrder, id, { notes: '一' }));
    const second = await engine.runtime.transaction((tx) =>
      data(tx).patchUnchanged(testOrder, first, { notes: '二' }),
    );
    expect(second).toMatchObject({ notes: '二', versionNum: (first.versionNum as number) + 1 });
    // `first` is older than the row now: nothing is written.
    const stale = await engine.runtime.transaction((tx) =>
      data(tx).patchUnchanged(testOrder, first, { notes: '三' }),
    );
    expect(stale).toBeNull();
    const read = (await engine.post<Envelope<Row>>(`${ORDER}/findById`, { orderId: id })).body.data;
    expect(read).toMatchObject({ notes: '二', versionNum: second!.versionNum });
    const history = await readHistory(engine.database.db, testOrder, id);
    expect(history.filter((entry) => entry.action === 'unchangedTest')).toHaveLength(2);
    // A user's code reads and locks first.
    await expect(
      engine.runtime.transaction((tx) =>
        data(tx, internalAdmin).patchUnchanged(testOrder, second!, { notes: '四' }),
      ),
    ).rejects.toThrow(/platform/);
  });
});
