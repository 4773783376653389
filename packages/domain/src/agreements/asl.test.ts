// The approved supplier list over real HTTP: an application is submitted, approved (its entries
// appear) or rejected; alterations suspend, resume, end and modify entries; the check purchase
// orders use allows a supplier only for listed material (or category) × organisation, in the
// caller's language when it refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUPPLIERS } from '../supplier/server';
import { domainSeeds } from '../areas.server';
import { aslAllows, assertAslAllows } from './asl-check';
import { api, startTestServer, type TestServer } from '@srm/server/testing';
import type { Actor } from '@srm/platform';
import { decideTask, demoApprover } from '../approval.testing';

type Row = Record<string, unknown>;
let server: TestServer;
let supplierA: number;
let supplierB: number;
let ou100: number;
let p110: number;
let p210: number;
let mcu: number; // 01010001, category 0101
let ldo: number; // 01010002, category 0101
let screw: number; // 02030001
/** The demo purchasing manager, who approves through the pending tasks (template from the demo data). */
let approver: Partial<Actor>;

const idOf = async (entity: string, filters: Row, key: string) =>
  (await server.first<Row>(entity, filters))[key] as number;

beforeAll(async () => {
  server = await startTestServer({ seeds: domainSeeds });
  supplierA = await idOf(
    'srmSupplierInfo',
    { creditCode: DEMO_SUPPLIERS[0]!.supplier.creditCode },
    'supplierId',
  );
  supplierB = await idOf(
    'srmSupplierInfo',
    { creditCode: DEMO_SUPPLIERS[1]!.supplier.creditCode },
    'supplierId',
  );
  ou100 = await idOf('srmBaseOrg', { orgCode: 'OU100' }, 'orgId');
  p110 = await idOf('srmBaseOrg', { orgCode: 'P110' }, 'orgId');
  p210 = await idOf('srmBaseOrg', { orgCode: 'P210' }, 'orgId');
  mcu = await idOf('srmBaseItem', { itemCode: '01010001' }, 'itemId');
  ldo = await idOf('srmBaseItem', { itemCode: '01010002' }, 'itemId');
  screw = await idOf('srmBaseItem', { itemCode: '02030001' }, 'itemId');
  approver = await demoApprover(server);
});
afterAll(async () => server?.close());

async function ok<T = Row>(entity: string, action: string, body: unknown, language?: 'EN'): Promise<T> {
  const answer = await server.post<T>(api(entity, action), body, language ? { language } : {});
  expect(answer.body.status, `${entity}/${action}: ${answer.body.msg}`).toBe('S');
  return answer.body.data;
}

/** The approver's decision through the pending task; the document as it is then. */
async function decide(
  entity: 'srmPurAslApply' | 'srmPurAslAlteration',
  documentId: unknown,
  action: 'doApprove' | 'doReject' = 'doApprove',
  comment?: string,
): Promise<Row> {
  const answer = await decideTask(server, approver, entity, documentId, action, comment);
  expect(answer.body.status, answer.body.msg).toBe('S');
  const key = entity === 'srmPurAslApply' ? 'aslApplyId' : 'aslAlterationId';
  return server.first<Row>(entity, { [key]: documentId });
}

async function apply(lines: Row[], orgId = ou100): Promise<Row> {
  return ok('srmPurAslApply', 'saveOrUpdate', { orgId, applyReason: '新供应商导入', lines });
}

const allowed = (supplierId: number, itemId: number, orgId: number) =>
  server.post<{ allowed: boolean; aslCode: string | null }>(api('srmPurAsl', 'checkAllowed'), {
    supplierId,
    itemId,
    orgId,
  });

describe('ASL application', () => {
  let applied: Row;

  it('refuses to submit without lines, and to approve a draft', async () => {
    const empty = await apply([]);
    const submit = await server.post(api('srmPurAslApply', 'doSubmit'), { aslApplyId: empty.aslApplyId });
    expect(submit.httpStatus).toBe(422);
    expect(submit.body.msg).toContain('请至少添加一行货源');
    const approve = await server.post(api('srmPurAslApply', 'doApproval'), { aslApplyId: empty.aslApplyId });
    expect(approve.httpStatus).toBe(403);
  });

  it('needs a material or a category on each line', async () => {
    const answer = await server.post(api('srmPurAslApply', 'saveOrUpdate'), {
      orgId: ou100,
      applyReason: 'x',
      lines: [{ supplierId: supplierA }],
    });
    expect(answer.httpStatus).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('请填写物料或采购品类');
  });

  it('lists nothing before approval; submit, approve writes the entries', async () => {
    expect((await allowed(supplierA, mcu, ou100)).body.data.allowed).toBe(false);
    applied = await apply([
      { supplierId: supplierA, itemId: mcu, priorityNum: 1 },
      { supplierId: supplierB, itemId: mcu, priorityNum: 2 },
    ]);
    expect(String(applied.applyNumber)).toMatch(/^ASLA\d{8}\d{4}$/);
    const [submitted] = await ok<Row[]>('srmPurAslApply', 'doSubmit', { aslApplyId: applied.aslApplyId });
    expect(submitted!.status).toBe('APPROVING');
    // Still nothing: the entries appear on approval only.
    expect((await allowed(supplierA, mcu, ou100)).body.data.allowed).toBe(false);
    // Only the process approves: a direct approval is refused, the entries are still missing.
    const direct = await server.post(api('srmPurAslApply', 'doApproval'), { aslApplyId: applied.aslApplyId });
    expect(direct.httpStatus).toBe(403);
    expect(direct.body.msg).toContain('只能由审批流程完成');
    expect((await allowed(supplierA, mcu, ou100)).body.data.allowed).toBe(false);
    const approved = await decide('srmPurAslApply', applied.aslApplyId);
    expect(approved.status).toBe('APPROVED');
    const entries = await ok<Row[]>('srmPurAsl', 'listByPage', { itemId: mcu, orgId: ou100 });
    expect(entries.map((e) => [e.supplierId, e.aslStatus, e.priorityNum, e.sourceNumber])).toEqual(
      expect.arrayContaining([
        [supplierA, 'VALID', 1, applied.applyNumber],
        [supplierB, 'VALID', 2, applied.applyNumber],
      ]),
    );
    const check = await allowed(supplierA, mcu, ou100);
    expect(check.body.data).toMatchObject({ allowed: true });
    expect(check.body.data.aslCode).toMatch(/^ASL\d{6}$/);
  });

  it('covers the plants under the organisation, and nothing else', async () => {
    expect((await allowed(supplierA, mcu, p110)).body.data.allowed).toBe(true);
    expect((await allowed(supplierA, mcu, p210)).body.data.allowed).toBe(false);
    expect((await allowed(supplierA, ldo, ou100)).body.data.allowed).toBe(false);
  });

  it('refuses a second application for a listed supplier and material', async () => {
    const again = await apply([{ supplierId: supplierA, itemId: mcu }]);
    const submit = await server.post(
      api('srmPurAslApply', 'doSubmit'),
      { aslApplyId: again.aslApplyId },
      { language: 'EN' },
    );
    expect(submit.httpStatus).toBe(422);
    expect(submit.body.msg).toContain('is already on the approved supplier list');
  });

  it('rejects with a comment back to the author, who may submit again', async () => {
    const doc = await apply([{ supplierId: supplierB, itemId: screw }]);
    await ok('srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
    const direct = await server.post(api('srmPurAslApply', 'doReject'), {
      aslApplyId: doc.aslApplyId,
      comment: '缺少资质文件',
    });
    expect(direct.httpStatus).toBe(403);
    const bare = await decideTask(server, approver, 'srmPurAslApply', doc.aslApplyId, 'doReject');
    expect(bare.httpStatus).toBe(400);
    const rejected = await decide('srmPurAslApply', doc.aslApplyId, 'doReject', '缺少资质文件');
    expect(rejected.status).toBe('REJECTED');
    expect((await allowed(supplierB, screw, ou100)).body.data.allowed).toBe(false);
    const [again] = await ok<Row[]>('srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
    expect(again!.status).toBe('APPROVING');
  });

  it('lets a category entry cover its materials', async () => {
    const category = (await server.first<Row>('srmBaseItem', { itemCode: '01010002' })).categoryId as number;
    const doc = await apply([{ supplierId: supplierB, categoryId: category }]);
    await ok('srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
    await decide('srmPurAslApply', doc.aslApplyId);
    expect((await allowed(supplierB, ldo, p110)).body.data.allowed).toBe(true);
    expect((await allowed(supplierB, screw, p110)).body.data.allowed).toBe(false);
  });
});

describe('ASL alteration', () => {
  const entryOf = async (supplierId: number) =>
    (await ok<Row[]>('srmPurAsl', 'listByPage', { supplierId, itemId: mcu, orgId: ou100 }))[0]!;

  async function alter(lines: Row[]): Promise<Row> {
    const doc = await ok('srmPurAslAlteration', 'saveOrUpdate', {
      orgId: ou100,
      alterationReason: '质量问题',
      lines,
    });
    await ok('srmPurAslAlteration', 'doSubmit', { aslAlterationId: doc.aslAlterationId });
    const direct = await server.post(api('srmPurAslAlteration', 'doApproval'), {
      aslAlterationId: doc.aslAlterationId,
    });
    expect(direct.httpStatus).toBe(403);
    const approved = await decide('srmPurAslAlteration', doc.aslAlterationId);
    expect(approved.status).toBe('APPROVED');
    return approved;
  }

  it('suspends, resumes, modifies and ends an entry', async () => {
    const entry = await entryOf(supplierA);
    await alter([{ aslId: entry.aslId, alterationType: 'SUSPEND' }]);
    expect((await entryOf(supplierA)).aslStatus).toBe('SUSPENDED');
    expect((await allowed(supplierA, mcu, ou100)).body.data.allowed).toBe(false);

    // Suspending twice is refused when submitted.
    const twice = await ok('srmPurAslAlteration', 'saveOrUpdate', {
      orgId: ou100,
      alterationReason: 'x',
      lines: [{ aslId: entry.aslId, alterationType: 'SUSPEND' }],
    });
    const refused = await server.post(api('srmPurAslAlteration', 'doSubmit'), {
      aslAlterationId: twice.aslAlterationId,
    });
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('不是有效状态，不能暂停');

    await alter([{ aslId: entry.aslId, alterationType: 'RESUME' }]);
    expect((await allowed(supplierA, mcu, ou100)).body.data.allowed).toBe(true);

    await alter([
      { aslId: entry.aslId, alterationType: 'MODIFY', newPriorityNum: 5, newValidTo: '2020-01-01' },
    ]);
    expect(await entryOf(supplierA)).toMatchObject({
      priorityNum: 5,
      validTo: '2020-01-01',
      aslStatus: 'VALID',
    });
    // Validity ended in 2020: no longer allowed.
    expect((await allowed(supplierA, mcu, ou100)).body.data.allowed).toBe(false);

    await alter([{ aslId: entry.aslId, alterationType: 'DISABLE' }]);
    expect((await entryOf(supplierA)).aslStatus).toBe('DISABLED');
  });
});

describe('aslAllows / assertAslAllows for purchase orders', () => {
  it('answers on a plain executor and refuses in the caller’s language', async () => {
    const db = server.database.db;
    expect((await aslAllows(db, { supplierId: supplierB, itemId: mcu, orgId: p110 })).allowed).toBe(true);
    const flange = await idOf('srmBaseItem', { itemCode: '02020002' }, 'itemId');
    expect((await aslAllows(db, { supplierId: supplierA, itemId: flange, orgId: p110 })).allowed).toBe(false);
    const error = await assertAslAllows(db, { supplierId: supplierA, itemId: flange, orgId: p110 }).catch(
      (e: unknown) => e as { httpStatus: number; messageKey: string; params: Record<string, string> },
    );
    expect(error).toMatchObject({ httpStatus: 422, messageKey: 'srmPurAsl.notApproved' });
    const params = (error as { params: Record<string, string> }).params;
    expect(server.runtime.t('zh-CN', 'srmPurAsl.notApproved', params)).toBe(
      `供应商“${DEMO_SUPPLIERS[0]!.supplier.supplierName as string}”不在物料“02020002 铝合金法兰盘”对组织“苏州吴中工厂”的合格供应商清单中，不能下单`,
    );
    expect(server.runtime.t('en', 'srmPurAsl.notApproved', params)).toContain(
      'is not on the approved supplier list for material "02020002',
    );
  });

  it('is read-only to everybody: no hand-made entries', async () => {
    const answer = await server.post(api('srmPurAsl', 'saveOrUpdate'), {
      supplierId: supplierA,
      itemId: screw,
      orgId: ou100,
    });
    expect([403, 405]).toContain(answer.httpStatus);
  });
});
