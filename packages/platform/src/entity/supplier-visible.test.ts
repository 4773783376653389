// `supplierVisibleIn`: rows of a document exist for their supplier only in the declared states
// (a draft order never reaches the supplier), on every path — list, find, lines, saves,
// actions, references and exports — over real HTTP on a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { date, defineEntity, number, quantity, ref, text } from '@srm/kernel';
import { type EngineHarness, internalAdmin, startEngine, supplierUser } from '../testing/engine';
import { testMessages, testSupplier } from '../testing/fixtures';
import { prepareExport } from '../excel/export';

interface Envelope<T = Record<string, unknown>> {
  status: 'S' | 'E';
  msg: string;
  data: T;
}
type Row = Record<string, unknown> & { lines?: Row[] };

const visLine = defineEntity('testVisLine', {
  area: 'test',
  table: 'test_vis_line',
  key: 'visLineId',
  parent: { entity: 'testVisOrder', field: 'visOrderId' },
  fields: {
    lineNum: number({ required: true, min: 1 }),
    quantity: quantity({ required: true, min: 0 }),
    promisedDate: date({ editableIn: ['RELEASED'], writableBy: ['supplier', 'internal'] }),
  },
  list: { columns: ['lineNum', 'quantity'], sort: [{ field: 'lineNum', order: 'asc' }] },
});

const visOrder = defineEntity('testVisOrder', {
  area: 'test',
  table: 'test_vis_order',
  key: 'visOrderId',
  ownedBy: 'supplierId',
  supplierVisibleIn: ['RELEASED', 'CONFIRMED'],
  fields: {
    title: text({ required: true, max: 60 }),
    supplierId: ref('testSupplier', { required: true, display: 'supplierName' }),
  },
  lines: { lines: visLine },
  list: { columns: ['title', 'supplierName', 'status'], filters: ['title'] },
  workflow: {
    states: ['DRAFT', 'RELEASED', 'CONFIRMED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    actions: {
      doRelease: { from: ['DRAFT'], to: 'RELEASED' },
      doConfirm: { from: ['RELEASED'], to: 'CONFIRMED', side: 'supplier' },
      doCancel: { from: ['DRAFT', 'RELEASED'], to: 'CANCELLED' },
    },
  },
});

// A supplier-owned note referencing order lines: it may only reference lines it can see.
const visNote = defineEntity('testVisNote', {
  area: 'test',
  table: 'test_vis_note',
  key: 'visNoteId',
  ownedBy: 'supplierId',
  writableBy: ['supplier', 'internal'],
  fields: {
    supplierId: ref('testSupplier', { required: true }),
    visLineId: ref('testVisLine', { required: true }),
  },
  list: { columns: ['visLineId'] },
});

const ORDER = '/api/srm/v1/testVisOrderRestful';
let engine: EngineHarness;
let supA = 0;
let supB = 0;

beforeAll(async () => {
  engine = await startEngine({
    entities: [testSupplier, visOrder, visLine, visNote],
    messages: testMessages,
  });
  const save = async (body: Row) =>
    (await engine.post<Envelope<Row>>('/api/srm/v1/testSupplierRestful/saveOrUpdate', body)).body.data
      .supplierId as number;
  supA = await save({ supplierCode: 'V-A', supplierName: '甲' });
  supB = await save({ supplierCode: 'V-B', supplierName: '乙' });
});
afterAll(async () => engine?.close());

async function draft(title: string, supplierId = supA): Promise<Row> {
  const { body } = await engine.post<Envelope<Row>>(`${ORDER}/saveOrUpdate`, {
    title,
    supplierId,
    lines: [{ lineNum: 1, quantity: 5 }],
  });
  expect(body.status, body.msg).toBe('S');
  return body.data;
}

describe('supplierVisibleIn', () => {
  it('refuses a declaration without ownership or with an unknown state', () => {
    expect(() =>
      defineEntity('bad', {
        area: 'test',
        key: 'badId',
        supplierVisibleIn: ['X'],
        fields: { t: text() },
      }),
    ).toThrow(/needs ownedBy/);
    expect(() =>
      defineEntity('bad2', {
        area: 'test',
        key: 'badId',
        ownedBy: 'supplierId',
        supplierVisibleIn: ['NOPE'],
        fields: { supplierId: number() },
        workflow: { states: ['DRAFT'], initial: 'DRAFT', editableIn: ['DRAFT'], actions: {} },
      }),
    ).toThrow(/unknown states NOPE/);
  });

  it('a draft does not exist for its supplier: list, find, lines, actions, saves and references', async () => {
    const order = await draft('草稿订单');
    const a = supplierUser(supA);
    const id = order.visOrderId;
    const lineId = order.lines![0]!.visLineId;
    const list = await engine.post<Envelope<Row[]>>(`${ORDER}/listByPage`, { pageRows: 500 }, a);
    expect(list.body.data.map((row) => row.visOrderId)).not.toContain(id);
    expect((await engine.post(`${ORDER}/findById`, { visOrderId: id }, a)).httpStatus).toBe(404);
    const lines = await engine.post<Envelope<Row[]>>(
      '/api/srm/v1/testVisLineRestful/listByPage',
      { visOrderId: id },
      a,
    );
    expect(lines.body.data).toEqual([]);
    expect(
      (await engine.post('/api/srm/v1/testVisLineRestful/findById', { visLineId: lineId }, a)).httpStatus,
    ).toBe(404);
    const confirm = await engine.post<Envelope>(`${ORDER}/doConfirm`, { visOrderId: id }, a);
    expect(confirm.httpStatus).toBe(404);
    const note = await engine.post<Envelope>(
      '/api/srm/v1/testVisNoteRestful/saveOrUpdate',
      { visLineId: lineId },
      a,
    );
    expect(note.body.status).toBe('E');
    expect(await engine.countRows('test_vis_note')).toBe(0);
    // The buyer sees the draft all along.
    expect((await engine.post(`${ORDER}/findById`, { visOrderId: id })).httpStatus).toBe(200);
  });

  it('once released the owner sees it, writes its fields and acts; another supplier never does', async () => {
    const order = await draft('发布订单');
    const id = order.visOrderId;
    const released = await engine.post<Envelope<Row[]>>(`${ORDER}/doRelease`, { visOrderId: id });
    expect(released.body.status, released.body.msg).toBe('S');
    const a = supplierUser(supA);
    const found = await engine.post<Envelope<Row>>(`${ORDER}/findById`, { visOrderId: id }, a);
    expect(found.httpStatus).toBe(200);
    expect(found.body.data.lines).toHaveLength(1);
    const line = found.body.data.lines![0]!;
    const saved = await engine.post<Envelope<Row>>(
      `${ORDER}/saveOrUpdate`,
      {
        visOrderId: id,
        versionNum: found.body.data.versionNum,
        lines: [{ visLineId: line.visLineId, promisedDate: '2026-12-01' }],
      },
      a,
    );
    expect(saved.body.status, saved.body.msg).toBe('S');
    const note = await engine.post<Envelope>(
      '/api/srm/v1/testVisNoteRestful/saveOrUpdate',
      { visLineId: line.visLineId },
      a,
    );
    expect(note.body.status, note.body.msg).toBe('S');
    const b = supplierUser(supB);
    expect((await engine.post(`${ORDER}/findById`, { visOrderId: id }, b)).httpStatus).toBe(404);
    const confirmed = await engine.post<Envelope<Row[]>>(`${ORDER}/doConfirm`, { visOrderId: id }, a);
    expect(confirmed.body.status, confirmed.body.msg).toBe('S');
    expect(confirmed.body.data[0]!.status).toBe('CONFIRMED');
  });

  it('a row leaving the visible states disappears again (cancelled)', async () => {
    const order = await draft('取消订单');
    const id = order.visOrderId;
    await engine.post(`${ORDER}/doRelease`, { visOrderId: id });
    const a = supplierUser(supA);
    expect((await engine.post(`${ORDER}/findById`, { visOrderId: id }, a)).httpStatus).toBe(200);
    await engine.post(`${ORDER}/doCancel`, { visOrderId: id });
    expect((await engine.post(`${ORDER}/findById`, { visOrderId: id }, a)).httpStatus).toBe(404);
  });

  it('exports carry only the visible rows', async () => {
    const hidden = await draft('导出草稿');
    const shown = await draft('导出已发布');
    await engine.post(`${ORDER}/doRelease`, { visOrderId: shown.visOrderId });
    const request = {
      entity: visOrder,
      requestUrl: `${ORDER}/listByPage`,
      requestParams: {},
      filters: [{ field: 'title', op: 'contains' as const, value: '导出' }],
      sort: [],
      columns: [{ key: 'title', title: null, width: null }],
      fileName: 'x.xlsx',
      sheetMaxRow: 1000,
      title: null,
      sheetName: null,
    };
    const collect = async (actor: typeof internalAdmin) => {
      const prepared = await prepareExport(engine.runtime, actor, request);
      const titles: unknown[] = [];
      for await (const page of prepared.pages()) titles.push(...page.map((row) => row.title));
      return titles.sort();
    };
    expect(await collect(supplierUser(supA))).toEqual(['导出已发布']);
    expect(await collect(internalAdmin)).toEqual(['导出已发布', '导出草稿']);
    expect(hidden.status).toBe('DRAFT');
  });

  it("the owner's log of a document starts at its release: the buyer's drafts stay internal", async () => {
    type Entry = { action: string; statusTo: string | null; changes: { field: string }[] | null };
    const logOf = async (id: unknown, actor = supplierUser(supA)) =>
      (
        await engine.post<Envelope<Row & { history: Entry[] }>>(
          `${ORDER}/findById`,
          { visOrderId: id, withHistory: true },
          actor,
        )
      ).body.data.history;
    const order = await draft('草稿单价 63');
    const edited = await engine.post<Envelope<Row>>(`${ORDER}/saveOrUpdate`, {
      visOrderId: order.visOrderId,
      versionNum: order.versionNum,
      title: '单价 6.3',
    });
    expect(edited.body.status, edited.body.msg).toBe('S');
    await engine.post(`${ORDER}/doRelease`, { visOrderId: order.visOrderId });
    expect((await logOf(order.visOrderId, internalAdmin)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['doRelease', 'update', 'create']),
    );
    const seen = await logOf(order.visOrderId);
    expect(seen.map((entry) => entry.action)).toEqual(['doRelease']);
    // Neither the draft's title nor its edit (a timestamp may hold the digits 63, so the text).
    expect(JSON.stringify(seen)).not.toContain('草稿单价');
    expect(JSON.stringify(seen)).not.toContain('单价 6.3');
    // Released by the platform writing the status (no action): the log starts at that write.
    const quiet = await draft('平台发布');
    await engine.runtime
      .service('testVisOrder')
      .writeSystemFields(internalAdmin, quiet.visOrderId as number, { status: 'RELEASED' }, 'sync');
    expect((await logOf(quiet.visOrderId)).map((entry) => entry.action)).toEqual(['sync']);
  });
});
