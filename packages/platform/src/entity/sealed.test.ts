// Sealed fields (DESIGN.md §7): until the opening action has run, every read path answers the
// value masked, for every user including administrators, and the database holds ciphertext.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_MASK, parseListRequest } from '@srm/kernel';
import { queryRows } from '@srm/db';
import { SYSTEM_ACTOR } from '../access/actor';
import { type EngineHarness, internalAdmin, startEngine, supplierUser } from '../testing/engine';
import { testBid, testEntities, testMessages } from '../testing/fixtures';
import { visibleText } from '../testing/leak';

type Row = Record<string, unknown>;
interface Envelope<T = Row> {
  status: 'S' | 'E';
  msg: string;
  data: T;
}

const BID = '/api/srm/v1/testBidRestful';
let engine: EngineHarness;
let supplierA: ReturnType<typeof supplierUser>;
let supplierB: ReturnType<typeof supplierUser>;
let bidId: number;

beforeAll(async () => {
  engine = await startEngine({ entities: testEntities, messages: testMessages });
  const save = async (body: Row) =>
    (await engine.post<Envelope>('/api/srm/v1/testSupplierRestful/saveOrUpdate', body)).body.data;
  supplierA = supplierUser((await save({ supplierCode: 'A', supplierName: '甲' })).supplierId as number);
  supplierB = supplierUser((await save({ supplierCode: 'B', supplierName: '乙' })).supplierId as number);
  const created = await engine.post<Envelope>(
    `${BID}/saveOrUpdate`,
    {
      bidTitle: '第一轮报价',
      supplierId: supplierA.supplierId,
      bidPrice: 88.8,
      bidNote: '含税含运费，成本明细见附件',
    },
    supplierA,
  );
  expect(created.body.status, created.body.msg).toBe('S');
  bidId = created.body.data.bidId as number;
  // A change before opening is sealed too.
  const changed = await engine.post<Envelope>(
    `${BID}/saveOrUpdate`,
    { bidId, versionNum: created.body.data.versionNum, bidPrice: 86.5 },
    supplierA,
  );
  expect(changed.body.status, changed.body.msg).toBe('S');
});
afterAll(async () => engine?.close());

function expectNoPlaintext(value: unknown) {
  const text = visibleText(value);
  expect(text).not.toContain('86.5');
  expect(text).not.toContain('88.8');
  expect(text).not.toContain('成本明细');
}

describe('before the opening action', () => {
  it('findById answers the values masked to administrators; the bidder reads its own', async () => {
    const { body } = await engine.post<Envelope>(
      `${BID}/findById`,
      { bidId, withHistory: true },
      internalAdmin,
    );
    expect(body.data.bidPrice).toBe(SEALED_MASK);
    expect(body.data.bidNote).toBe(SEALED_MASK);
    expectNoPlaintext(body.data);
    const own = await engine.post<Envelope>(`${BID}/findById`, { bidId, withHistory: true }, supplierA);
    expect(own.body.data).toMatchObject({ bidPrice: 86.5, bidNote: '含税含运费，成本明细见附件' });
    // Its history still says only that the sealed value changed.
    expect(visibleText(own.body.data.history)).not.toContain('88.8');
  });

  it('listByPage, the audit history and the service used by exports mask them too', async () => {
    const list = await engine.post<Envelope<Row[]>>(`${BID}/listByPage`, {}, internalAdmin);
    expect(list.body.data[0]!.bidPrice).toBe(SEALED_MASK);
    expectNoPlaintext(list.body);
    const found = await engine.post<Envelope>(`${BID}/findById`, { bidId, withHistory: true }, internalAdmin);
    const history = found.body.data.history as { changes: { field: string; sealed?: boolean }[] | null }[];
    expect(history.flatMap((h) => h.changes ?? []).filter((c) => c.field === 'bidPrice')).toEqual([
      { field: 'bidPrice', sealed: true },
      { field: 'bidPrice', sealed: true },
    ]);
    const parsed = parseListRequest(testBid, { pageRows: 100 });
    if (!parsed.ok) throw new Error('bad query');
    const pages: Row[] = [];
    for await (const page of engine.runtime.service('testBid').iterate(SYSTEM_ACTOR, parsed.query))
      pages.push(...page);
    expect(pages[0]!.bidPrice).toBe(SEALED_MASK);
    expectNoPlaintext(pages);
  });

  it('the database holds ciphertext only', async () => {
    const rows = await queryRows<{ bid_price: string; bid_note: string }>(
      engine.database.db,
      sql`select bid_price, bid_note from test_bid where bid_id = ${bidId}`,
    );
    expect(rows[0]!.bid_price).toMatch(/^v1:/);
    expectNoPlaintext(rows);
    const audit = await queryRows<{ changes: unknown }>(
      engine.database.db,
      sql`select changes from base_audit_log where entity = 'testBid'`,
    );
    expectNoPlaintext(audit);
  });

  it('writes every refused read to the audit trail, with who and when; the bidder’s own reads are none', async () => {
    const refusals = () =>
      queryRows<{ user: number | null; at: number }>(
        engine.database.db,
        sql`select user_id::int as user, extract(epoch from creation_date)::float8 * 1000 as at from base_audit_log
             where entity = 'testBid' and record_id = ${bidId} and action = 'sealedReadRefused'`,
      );
    const before = (await refusals()).length;
    await engine.post(`${BID}/findById`, { bidId }, internalAdmin);
    await engine.post(`${BID}/listByPage`, {}, internalAdmin);
    const after = await refusals();
    expect(after.length).toBe(before + 2);
    expect(after.at(-1)!.user).toBe(internalAdmin.userId);
    expect(Math.abs(Number(after.at(-1)!.at) - engine.clock.nowMs())).toBeLessThan(60_000);
    await engine.post(`${BID}/findById`, { bidId }, supplierA);
    await engine.post(`${BID}/listByPage`, {}, supplierA);
    expect((await refusals()).length).toBe(before + 2);
  });

  it('a narrow read (some fields) masks them the same; its owner reads its own', async () => {
    const service = engine.runtime.service('testBid');
    const [admin] = await service.rows(internalAdmin, { bidId }, { fields: ['bidPrice'] });
    expect(admin).toMatchObject({ bidId, bidPrice: SEALED_MASK });
    expect(admin).not.toHaveProperty('bidNote');
    expect(admin).not.toHaveProperty('bidTitle');
    const [own] = await service.rows(supplierA, { bidId }, { fields: ['bidPrice'] });
    expect(own).toMatchObject({ bidId, bidPrice: 86.5 });
    expect(await service.rows(supplierB, { bidId }, { fields: ['bidPrice'] })).toEqual([]);
    await expect(service.rows(internalAdmin, { bidId }, { fields: ['nothing'] })).rejects.toThrow(
      /not a stored field/,
    );
  });

  it('a sealed field can be neither searched nor sorted', async () => {
    expect((await engine.post(`${BID}/listByPage`, { bidPrice: 86.5 })).httpStatus).toBe(400);
    expect((await engine.post(`${BID}/listByPage`, { orderBy: 'bidPrice desc' })).httpStatus).toBe(400);
  });
});

describe('after the opening action', () => {
  beforeAll(async () => {
    const opened = await engine.post<Envelope<Row[]>>(`${BID}/doOpen`, { bidId }, internalAdmin);
    expect(opened.body.status, opened.body.msg).toBe('S');
  });

  it('the values are readable by those allowed to read the row', async () => {
    const admin = await engine.post<Envelope>(`${BID}/findById`, { bidId }, internalAdmin);
    expect(admin.body.data).toMatchObject({ bidPrice: 86.5, bidNote: '含税含运费，成本明细见附件' });
    const own = await engine.post<Envelope<Row[]>>(`${BID}/listByPage`, {}, supplierA);
    expect(own.body.data[0]!.bidPrice).toBe(86.5);
  });

  it('a narrow read opens only the fields it names', async () => {
    const [row] = await engine.runtime
      .service('testBid')
      .rows(internalAdmin, { bidId }, { fields: ['bidPrice', 'bidTitle'] });
    expect(row).toMatchObject({ bidId, bidPrice: 86.5, bidTitle: '第一轮报价' });
    expect(row).not.toHaveProperty('bidNote');
  });

  it('another supplier still cannot read the row at all', async () => {
    expect((await engine.post(`${BID}/findById`, { bidId }, supplierB)).httpStatus).toBe(404);
    const list = await engine.post<Envelope<Row[]>>(`${BID}/listByPage`, {}, supplierB);
    expect(list.body.data).toEqual([]);
  });

  it('the audit history still records only that the sealed value changed', async () => {
    const found = await engine.post<Envelope>(`${BID}/findById`, { bidId, withHistory: true }, internalAdmin);
    const history = found.body.data.history as Row[];
    expect(history[0]).toMatchObject({ action: 'doOpen', statusFrom: 'SEALED', statusTo: 'OPENED' });
    expect(visibleText(history)).not.toContain('88.8');
  });
});
