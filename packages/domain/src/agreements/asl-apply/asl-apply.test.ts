// ASL applications over real HTTP: an application is submitted, approved through the purchasing
// manager's task (its entries appear, covering the plants below the organisation) or rejected
// back to its author; a listed supplier and material cannot be applied for twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@srm/platform/testing';
import { decideTask } from '../../approval.testing';
import {
  type AslServer,
  type Row,
  allowedBy,
  applyFor,
  aslServer,
  decideAsl,
  post,
} from '../agreements.testing';

let on: AslServer;

beforeAll(async () => {
  on = await aslServer();
}, 240_000);
afterAll(async () => on?.server.close());

const allowed = (supplierId: number, itemId: number, orgId: number) =>
  allowedBy(on, supplierId, itemId, orgId);

describe('ASL application', () => {
  let applied: Row;

  it('refuses to submit without lines, and to approve a draft', async () => {
    const empty = await applyFor(on, []);
    const submit = await on.server.post(api('srmPurAslApply', 'doSubmit'), { aslApplyId: empty.aslApplyId });
    expect(submit.httpStatus).toBe(422);
    expect(submit.body.msg).toContain('请至少添加一行货源');
    const approve = await on.server.post(api('srmPurAslApply', 'doApproval'), {
      aslApplyId: empty.aslApplyId,
    });
    expect(approve.httpStatus).toBe(403);
  });

  it('needs a material or a category on each line', async () => {
    const answer = await on.server.post(api('srmPurAslApply', 'saveOrUpdate'), {
      orgId: on.ids.ou100,
      applyReason: 'x',
      lines: [{ supplierId: on.ids.supA }],
    });
    expect(answer.httpStatus).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('请填写物料或采购品类');
  });

  it('lists nothing before approval; submit, approve writes the entries', async () => {
    const { supA, supB, mcu, ou100 } = on.ids as Record<string, number>;
    expect((await allowed(supA, mcu, ou100)).body.data.allowed).toBe(false);
    applied = await applyFor(on, [
      { supplierId: supA, itemId: mcu, priorityNum: 1 },
      { supplierId: supB, itemId: mcu, priorityNum: 2 },
    ]);
    expect(String(applied.applyNumber)).toMatch(/^ASLA\d{8}\d{4}$/);
    const [submitted] = await post<Row[]>(on, 'srmPurAslApply', 'doSubmit', {
      aslApplyId: applied.aslApplyId,
    });
    expect(submitted!.status).toBe('APPROVING');
    // Still nothing: the entries appear on approval only.
    expect((await allowed(supA, mcu, ou100)).body.data.allowed).toBe(false);
    // Only the process approves: a direct approval is refused, the entries are still missing.
    const direct = await on.server.post(api('srmPurAslApply', 'doApproval'), {
      aslApplyId: applied.aslApplyId,
    });
    expect(direct.httpStatus).toBe(403);
    expect(direct.body.msg).toContain('只能由审批流程完成');
    expect((await allowed(supA, mcu, ou100)).body.data.allowed).toBe(false);
    const approved = await decideAsl(on, 'srmPurAslApply', applied.aslApplyId);
    expect(approved.status).toBe('APPROVED');
    const entries = await post<Row[]>(on, 'srmPurAsl', 'listByPage', { itemId: mcu, orgId: ou100 });
    expect(entries.map((e) => [e.supplierId, e.aslStatus, e.priorityNum, e.sourceNumber])).toEqual(
      expect.arrayContaining([
        [supA, 'VALID', 1, applied.applyNumber],
        [supB, 'VALID', 2, applied.applyNumber],
      ]),
    );
    const check = await allowed(supA, mcu, ou100);
    expect(check.body.data).toMatchObject({ allowed: true });
    expect(check.body.data.aslCode).toMatch(/^ASL\d{6}$/);
  });

  it('covers the plants under the organisation, and nothing else', async () => {
    const { supA, mcu, ldo, ou100, p110, p210 } = on.ids as Record<string, number>;
    expect((await allowed(supA, mcu, p110)).body.data.allowed).toBe(true);
    expect((await allowed(supA, mcu, p210)).body.data.allowed).toBe(false);
    expect((await allowed(supA, ldo, ou100)).body.data.allowed).toBe(false);
  });

  it('refuses a second application for a listed supplier and material', async () => {
    const again = await applyFor(on, [{ supplierId: on.ids.supA, itemId: on.ids.mcu }]);
    const submit = await on.server.post(
      api('srmPurAslApply', 'doSubmit'),
      { aslApplyId: again.aslApplyId },
      { language: 'EN' },
    );
    expect(submit.httpStatus).toBe(422);
    expect(submit.body.msg).toContain('is already on the approved supplier list');
  });

  it('rejects with a comment back to the author, who may submit again', async () => {
    const { supB, screw, ou100 } = on.ids as Record<string, number>;
    const doc = await applyFor(on, [{ supplierId: supB, itemId: screw }]);
    await post(on, 'srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
    const direct = await on.server.post(api('srmPurAslApply', 'doReject'), {
      aslApplyId: doc.aslApplyId,
      comment: '缺少资质文件',
    });
    expect(direct.httpStatus).toBe(403);
    const bare = await decideTask(on.server, on.approver, 'srmPurAslApply', doc.aslApplyId, 'doReject');
    expect(bare.httpStatus).toBe(400);
    const rejected = await decideAsl(on, 'srmPurAslApply', doc.aslApplyId, 'doReject', '缺少资质文件');
    expect(rejected.status).toBe('REJECTED');
    expect((await allowed(supB, screw, ou100)).body.data.allowed).toBe(false);
    const [again] = await post<Row[]>(on, 'srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
    expect(again!.status).toBe('APPROVING');
  });

  it('lets a category entry cover its materials', async () => {
    const { supB, ldo, screw, p110 } = on.ids as Record<string, number>;
    const category = (await on.server.first<Row>('srmBaseItem', { itemCode: '01010002' })).categoryId;
    const doc = await applyFor(on, [{ supplierId: supB, categoryId: category }]);
    await post(on, 'srmPurAslApply', 'doSubmit', { aslApplyId: doc.aslApplyId });
    await decideAsl(on, 'srmPurAslApply', doc.aslApplyId);
    expect((await allowed(supB, ldo, p110)).body.data.allowed).toBe(true);
    expect((await allowed(supB, screw, p110)).body.data.allowed).toBe(false);
  });
});
