// What a supplier user reads of a document's operation log (findById withHistory), signed in as
// the demo users: an order's log starts when the order was released to the supplier, so the
// buyer's drafts never reach it; on the supplier's own record, internal-only fields stay out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUPPLIERS } from '@srm/domain/demo';
import { domainSeeds } from '@srm/domain/server';
import { ApiClient } from '@srm/platform/testing';
import { decideTask } from './bpm.testing';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
interface Entry {
  auditId: number;
  entity: string;
  action: string;
  statusFrom: string | null;
  statusTo: string | null;
  comment: string | null;
  changes: { field: string; before?: unknown; after?: unknown }[] | null;
}
let server: TestServer;
const users: Record<string, ApiClient> = {};
let supplierAId = 0;

const ORDER = '/api/srm/v1/srmPoHeaderRestful';
const SUPPLIER = '/api/srm/v1/srmSupplierInfoRestful';

beforeAll(async () => {
  server = await startTestServer({ policy: 'signIn', seeds: domainSeeds });
  for (const name of ['buyer', 'approver', 'sup_a']) {
    const client = new ApiClient(server.url);
    const answer = await client.login(name, DEMO_PASSWORD);
    expect(answer.body.status, `${name}: ${answer.body.msg}`).toBe('S');
    users[name] = client;
  }
  const found = await users.buyer!.call<Row[]>(`${SUPPLIER}/listByPage`, {
    supplierName: DEMO_SUPPLIERS[0]!.supplier.supplierName,
  });
  supplierAId = found.body.data[0]!.supplierId as number;
});
afterAll(async () => server?.close());

async function ok<T = Row>(client: ApiClient, path: string, body: unknown): Promise<T> {
  const answer = await client.call<T>(path, body);
  expect(answer.body.status, `${path}: ${answer.body.msg}`).toBe('S');
  return answer.body.data;
}

const historyOf = async (client: ApiClient, path: string, key: Row) =>
  (await ok<{ history: Entry[] }>(client, `${path}/findById`, { ...key, withHistory: true })).history;

describe("a released order's log, as its supplier reads it", () => {
  let orderId = 0;

  beforeAll(async () => {
    // The buyer prices supplier A's draft order at 63, corrects it to 6.3, then it is approved
    // and released.
    const drafts = await ok<Row[]>(users.buyer!, `${ORDER}/listByPage`, {
      supplierId: supplierAId,
      status: ['DRAFT'],
    });
    orderId = drafts[0]!.poHeaderId as number;
    for (const price of [63, 6.3]) {
      const current = await ok(users.buyer!, `${ORDER}/findById`, { poHeaderId: orderId });
      const line = (current.lines as Row[])[0]!;
      await ok(users.buyer!, `${ORDER}/saveOrUpdate`, {
        poHeaderId: orderId,
        versionNum: current.versionNum,
        remark: `单价调整为 ${price}`,
        lines: [{ poLineId: line.poLineId, unitPriceExclTax: price }],
      });
    }
    await ok(users.buyer!, `${ORDER}/doSubmit`, { poHeaderId: orderId });
    const decided = await decideTask(users.approver!, 'srmPoHeader', orderId, 'doApprove', '同意');
    expect(decided?.body.status, decided?.body.msg).toBe('S');
    await ok(users.buyer!, `${ORDER}/doRelease`, { poHeaderId: orderId });
  });

  it('the buyer sees every draft edit', async () => {
    const log = await historyOf(users.buyer!, ORDER, { poHeaderId: orderId });
    const prices = log.flatMap((entry) =>
      (entry.changes ?? [])
        .filter((change) => change.field === 'unitPriceExclTax')
        .map((change) => change.after),
    );
    expect(prices).toEqual(expect.arrayContaining([63, 6.3]));
    expect(log.some((entry) => entry.statusTo === 'APPROVING')).toBe(true);
  });

  it('starts at the release: no draft, no price before it, no approval step', async () => {
    const log = await historyOf(users.sup_a!, ORDER, { poHeaderId: orderId });
    expect(log.length).toBeGreaterThan(0);
    // Newest first: the oldest entry the supplier sees is the release itself.
    expect(log.at(-1)).toMatchObject({ action: 'doRelease', statusFrom: 'APPROVED', statusTo: 'RELEASED' });
    for (const entry of log) {
      expect(['DRAFT', 'APPROVING', 'APPROVED'], JSON.stringify(entry)).not.toContain(entry.statusTo);
      expect(entry.changes ?? [], JSON.stringify(entry)).toEqual(
        expect.not.arrayContaining([expect.objectContaining({ field: 'unitPriceExclTax' })]),
      );
    }
    const text = JSON.stringify(log);
    expect(text).not.toContain('单价调整为');
    expect(text).not.toContain('"after":63');
  });

  it('goes on after the release: the supplier sees its own answer', async () => {
    const current = await ok(users.sup_a!, `${ORDER}/findById`, { poHeaderId: orderId });
    const line = (current.lines as Row[])[0]!;
    await ok(users.sup_a!, `${ORDER}/saveOrUpdate`, {
      poHeaderId: orderId,
      versionNum: current.versionNum,
      lines: [{ poLineId: line.poLineId, promisedDate: line.needByDate }],
    });
    const log = await historyOf(users.sup_a!, ORDER, { poHeaderId: orderId });
    expect(log[0]!.changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'promisedDate', after: line.needByDate })]),
    );
    expect(log.at(-1)!.action).toBe('doRelease');
  });
});

describe("the supplier's own record", () => {
  it('shows every change since its creation except those of internal-only fields', async () => {
    const current = await ok(users.buyer!, `${SUPPLIER}/findById`, { supplierId: supplierAId });
    const remarked = await ok(users.buyer!, `${SUPPLIER}/saveOrUpdate`, {
      supplierId: supplierAId,
      versionNum: current.versionNum,
      internalRemark: '内部：付款信用一般，谨慎追加订单',
    });
    await ok(users.buyer!, `${SUPPLIER}/saveOrUpdate`, {
      supplierId: supplierAId,
      versionNum: remarked.versionNum,
      supplierType: 'SERVICE',
    });
    const internal = await historyOf(users.buyer!, SUPPLIER, { supplierId: supplierAId });
    expect(JSON.stringify(internal)).toContain('付款信用一般');
    const log = await historyOf(users.sup_a!, SUPPLIER, { supplierId: supplierAId });
    expect(JSON.stringify(log)).not.toContain('付款信用一般');
    expect(JSON.stringify(log)).not.toContain('internalRemark');
    // The save that changed only the internal remark is not shown as an empty change.
    expect(log.filter((entry) => Array.isArray(entry.changes) && entry.changes.length === 0)).toEqual([]);
    expect(log[0]!.changes).toEqual([expect.objectContaining({ field: 'supplierType', after: 'SERVICE' })]);
    // From its creation on (the supplier record has no release).
    expect(log.at(-1)!.action).toMatch(/^(create|import)$/);
  });
});
