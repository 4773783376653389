// The approved supplier list's check over real HTTP and in process: purchase orders and agreements
// are allowed a supplier only for a listed material (or category) × organisation, refused in the
// caller's language; nobody writes entries by hand; and `checkAllowed` tells a caller only what it
// may know — a supplier asks about itself, an internal user about its organisations, and an entry
// the caller may not read stays hidden behind the verdict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@srm/platform';
import { api } from '@srm/platform/testing';
import { DEMO_SUPPLIERS } from '../../demo';
import { type AslServer, type Row, allowedBy, aslServer, listed, post } from '../agreements.testing';
import { aslAllows, aslAllowsEach, assertAslAllows } from './asl.check';

let on: AslServer;

beforeAll(async () => {
  on = await aslServer();
  const { supA, supB, mcu, screw, ou200 } = on.ids as Record<string, number>;
  await listed(on, [{ supplierId: supB, itemId: mcu }]);
  // 恒达 (A) supplies the hex screw to OU100 by the demo data, and to Ningbo's OU200 here.
  await listed(on, [{ supplierId: supA, itemId: screw }], ou200);
}, 240_000);
afterAll(async () => on?.server.close());

describe('aslAllows / assertAslAllows for purchase orders', () => {
  it('answers on a plain executor and refuses in the caller’s language', async () => {
    const { supA, supB, mcu, p110 } = on.ids as Record<string, number>;
    const db = on.server.database.db;
    expect((await aslAllows(db, { supplierId: supB, itemId: mcu, orgId: p110 })).allowed).toBe(true);
    const flange = (await on.server.first<Row>('srmBaseItem', { itemCode: '02020002' })).itemId as number;
    expect((await aslAllows(db, { supplierId: supA, itemId: flange, orgId: p110 })).allowed).toBe(false);
    const error = await assertAslAllows(db, { supplierId: supA, itemId: flange, orgId: p110 }).catch(
      (e: unknown) => e as { httpStatus: number; messageKey: string; params: Record<string, string> },
    );
    expect(error).toMatchObject({ httpStatus: 422, messageKey: 'srmPurAsl.notApproved' });
    const params = (error as { params: Record<string, string> }).params;
    expect(on.server.runtime.t('zh-CN', 'srmPurAsl.notApproved', params)).toBe(
      `供应商“${DEMO_SUPPLIERS[0]!.supplier.supplierName as string}”不在物料“02020002 铝合金法兰盘”对组织“苏州吴中工厂”的合格供应商清单中，不能下单`,
    );
    expect(on.server.runtime.t('en', 'srmPurAsl.notApproved', params)).toContain(
      'is not on the approved supplier list for material "02020002',
    );
  });

  it('answers a batch in one statement, each query as it is answered alone, in order', async () => {
    const { supA, supB, mcu, screw, p110, ou100, ou200 } = on.ids as Record<string, number>;
    const db = on.server.database.db;
    const flange = Number((await on.server.first<Row>('srmBaseItem', { itemCode: '02020002' })).itemId);
    // Both suppliers × three materials × three organisations, on today and on a day long past
    // (before any entry's validity began), and a query twice.
    const queries = [supA, supB].flatMap((supplierId) =>
      [mcu, screw, flange].flatMap((itemId) =>
        [p110, ou100, ou200].flatMap((orgId) => [
          { supplierId, itemId, orgId },
          { supplierId, itemId, orgId, date: '2001-01-01' },
        ]),
      ),
    );
    queries.push(queries[0]!);
    const batch = await aslAllowsEach(db, queries);
    const single = [];
    for (const query of queries) single.push(await aslAllows(db, query));
    expect(batch).toEqual(single);
    // The answers are not all alike: the comparison above means something.
    expect(batch.filter((answer) => answer.allowed).length).toBeGreaterThan(2);
    expect(batch.filter((answer) => !answer.allowed).length).toBeGreaterThan(2);
    expect(await aslAllowsEach(db, [])).toEqual([]);
  });

  it('is read-only to everybody: no hand-made entries', async () => {
    const answer = await on.server.post(api('srmPurAsl', 'saveOrUpdate'), {
      supplierId: on.ids.supA,
      itemId: on.ids.screw,
      orgId: on.ids.ou100,
    });
    expect([403, 405]).toContain(answer.httpStatus);
  });
});

describe('checkAllowed tells a caller only what it may know', () => {
  const supplierB = (): Partial<Actor> => ({ side: 'supplier', supplierId: on.ids.supB!, userName: 'sup_b' });
  /** Supplier A's entries: their ids and codes may reach no other party. */
  const expectNoEntryOfA = async (body: unknown) => {
    const text = JSON.stringify(body);
    for (const entry of await post<Row[]>(on, 'srmPurAsl', 'listByPage', { supplierId: on.ids.supA }))
      expect(text).not.toContain(String(entry.aslCode));
    expect(text).not.toContain(String(DEMO_SUPPLIERS[0]!.supplier.supplierName));
  };

  it('refuses supplier B a question about supplier A’s entry (the issue’s request)', async () => {
    const { supA, screw, ou100 } = on.ids as Record<string, number>;
    const answer = await allowedBy(on, supA, screw, ou100, supplierB());
    expect(answer.httpStatus).toBe(404);
    expect(answer.body.data).toBeNull();
    await expectNoEntryOfA(answer.body);
    // Materials are master data a supplier does not read: it cannot name one, even about itself.
    const own = await allowedBy(on, on.ids.supB!, on.ids.mcu!, ou100, supplierB());
    expect(own.httpStatus).toBe(403);
  });

  it('refuses a buyer the entries of an organisation it holds no permit for', async () => {
    const { supA, screw, ou100, p110, ou200 } = on.ids as Record<string, number>;
    const suzhou = { orgIds: [ou100, p110] };
    const answer = await allowedBy(on, supA, screw, ou200, suzhou);
    expect(answer.httpStatus).toBe(404);
    await expectNoEntryOfA(answer.body);
    // At its own organisations it reads the entry that allows the supply.
    expect((await allowedBy(on, supA, screw, p110, suzhou)).body.data).toMatchObject({
      allowed: true,
      aslCode: expect.stringMatching(/^ASL\d{6}$/),
    });
  });

  it('tells a plant buyer whether A may supply its plant, not which entry of OU100 says so', async () => {
    const { supA, screw, p110 } = on.ids as Record<string, number>;
    const answer = await allowedBy(on, supA, screw, p110, { orgIds: [p110] });
    expect(answer.body.status, answer.body.msg).toBe('S');
    expect(answer.body.data).toEqual({ allowed: true, aslId: null, aslCode: null });
  });
});
