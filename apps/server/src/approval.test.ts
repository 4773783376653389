// The approval engine over real HTTP: a three-level chain (department head, a finance
// countersign of two, a director only above 10,000), rejection at level two, resubmission,
// delegation, withdrawal, return, transfer, add-sign, no self-approval, no bypass of the
// process, one decision when two arrive at once, a restart in flight, and internal comments
// hidden from the supplier. State and history are checked at every step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUPPLIERS } from '@srm/domain/demo';
import { openDatabase } from '@srm/db';
import type { Actor } from '@srm/platform';
import type { TestDatabase } from '@srm/platform/testing';
import { type ApprovalServer, startApprovalServer } from './approval.testing';

type Row = Record<string, unknown>;
let server: ApprovalServer;
const users: Record<string, number> = {};
let supplierId = 0;
let directorPositionId = 0;

const BPM = '/api/bpm/v1';
const DOC = '/api/srm/v1/testApprovalDocRestful';

const as = (name: string): Partial<Actor> => ({ userId: users[name]!, userName: name, side: 'internal' });

async function ok<T = Row>(path: string, body: unknown, actor?: Partial<Actor>): Promise<T> {
  const answer = await server.post<T>(path, body, actor);
  if (answer.body.status !== 'S') throw new Error(`${path}: ${answer.httpStatus} ${answer.body.msg}`);
  return answer.body.data;
}

async function save(entity: string, service: string, body: Row): Promise<Row> {
  return ok<Row>(`/api/${service}/v1/${entity}Restful/saveOrUpdate`, body);
}

async function createUser(name: string, employeeId: number | null, extra: Row = {}): Promise<number> {
  const row = await save('baseUser', 'base', {
    userName: name,
    userFullName: name.toUpperCase(),
    userType: 'INTERNAL',
    ...(employeeId ? { employeeId } : {}),
    ...extra,
  });
  users[name] = row.userId as number;
  return row.userId as number;
}

async function newDoc(submitter: string, values: Row): Promise<Row> {
  return ok<Row>(`${DOC}/saveOrUpdate`, { title: 'Bearings', ...values }, as(submitter));
}

async function doc(id: number): Promise<Row> {
  return ok<Row>(`${DOC}/findById`, { docId: id });
}

interface History {
  instances: { instanceId: number; status: string; templateVersion: number }[];
  history: {
    action: string;
    userName: string | null;
    onBehalfOfName: string | null;
    comment: string | null;
    nodeName: string | null;
    internalFlag: string;
  }[];
  pendingTasks: { taskId: number; assigneeName: string | null; nodeName: string }[];
  myTask: { taskId: number } | null;
  canWithdraw: boolean;
}

async function history(id: number, actor?: Partial<Actor>): Promise<History> {
  return ok<History>(
    `${BPM}/bpmProcessRestful/findHistory`,
    { entityName: 'testApprovalDoc', documentId: id },
    actor,
  );
}

/** The history as `ACTION:user` (or `ACTION:node` for skips and completion), in order. */
async function steps(id: number): Promise<string[]> {
  return (await history(id)).history.map((step) =>
    step.userName
      ? `${step.action}:${step.userName}${step.onBehalfOfName ? `(for ${step.onBehalfOfName})` : ''}`
      : `${step.action}${step.nodeName ? `:${step.nodeName}` : ''}`,
  );
}

async function pending(id: number): Promise<string[]> {
  return (await history(id)).pendingTasks.map((task) => task.assigneeName ?? '').sort();
}

async function taskOf(user: string, id: number): Promise<number> {
  const list = await server.post<{ taskId: number; documentId: number }[]>(
    `${BPM}/bpmTaskRestful/findTodoTasks`,
    { pageIndex: 1, pageRows: 50 },
    as(user),
  );
  const task = list.body.data.find((row) => row.documentId === id);
  if (!task) throw new Error(`${user} has no task on ${id}`);
  return task.taskId;
}

async function decide(user: string, id: number, action: string, extra: Row = {}) {
  const taskId = await taskOf(user, id);
  return server.post(`${BPM}/bpmTaskRestful/${action}`, { taskId, ...extra }, as(user));
}

beforeAll(async () => {
  server = await startApprovalServer();
  const org = await save('srmBaseOrg', 'srm', { orgCode: 'HQ', orgName: '总部', orgType: 'COMPANY' });
  const department = await save('baseDepartment', 'base', {
    departmentCode: 'PUR',
    departmentName: '采购部',
    orgId: org.orgId,
  });
  const position = await save('basePosition', 'base', {
    positionCode: 'DIRECTOR',
    positionName: '采购总监',
    departmentId: department.departmentId,
  });
  directorPositionId = position.positionId as number;
  const employee = async (number: string, extra: Row = {}) =>
    (
      await save('baseEmployee', 'base', {
        employeeNumber: number,
        employeeName: number,
        departmentId: department.departmentId,
        ...extra,
      })
    ).employeeId as number;
  const headEmployee = await employee('E_HEAD');
  const directorEmployee = await employee('E_DIR', { positionId: directorPositionId });
  const buyerEmployee = await employee('E_BUYER', { lineManagerId: headEmployee });
  await save('baseDepartment', 'base', {
    departmentId: department.departmentId,
    versionNum: department.versionNum,
    managerEmployeeId: headEmployee,
  });
  await createUser('buyer', buyerEmployee);
  await createUser('head', headEmployee);
  await createUser('director', directorEmployee);
  await createUser('deputy', null);
  await createUser('other', null);
  const role = await save('baseRole', 'base', { roleCode: 'FINANCE', roleName: '财务' });
  const responsibility = await save('baseResponsibility', 'base', {
    responsibilityCode: 'FIN_RESP',
    responsibilityName: '财务职责',
    side: 'INTERNAL',
    roles: [{ roleId: role.roleId }],
  });
  for (const name of ['finA', 'finB']) {
    await createUser(name, null, {
      responsibilities: [{ responsibilityId: responsibility.responsibilityId }],
    });
  }
  const supplier = DEMO_SUPPLIERS[0]!.supplier as Row;
  supplierId = (await save('srmSupplierInfo', 'srm', supplier)).supplierId as number;
  await ok(`${BPM}/srmBaseProcessTemplateRestful/saveOrUpdate`, {
    processKey: 'TEST_DOC_APPROVAL',
    processName: '测试审批',
    entityName: 'testApprovalDoc',
    nodes: [
      { nodeNum: 1, nodeName: '部门负责人', signMode: 'ANY' },
      { nodeNum: 2, nodeName: '财务会签', signMode: 'ALL' },
      {
        nodeNum: 3,
        nodeName: '总监',
        signMode: 'ANY',
        conditionField: 'amount',
        conditionOperator: 'GT',
        conditionValue: '10000',
      },
    ],
    approvers: [
      { nodeNum: 1, approverType: 'DEPT_HEAD' },
      { nodeNum: 2, approverType: 'ROLE', roleId: role.roleId },
      { nodeNum: 3, approverType: 'POSITION', positionId: directorPositionId },
    ],
  });
}, 60_000);
/** Databases replaced by a restart on PostgreSQL, dropped at the end. */
const leftOpen: TestDatabase[] = [];
afterAll(async () => {
  await server?.close();
  for (const database of leftOpen) await database.close();
});

describe('a process template', () => {
  it('is refused when it names a field the document does not have, or a node without approver', async () => {
    const answer = await server.post(
      `${BPM}/srmBaseProcessTemplateRestful/saveOrUpdate`,
      {
        processKey: 'TEST_DOC_APPROVAL_X',
        processName: 'x',
        entityName: 'testApprovalDoc',
        nodes: [
          { nodeNum: 1, nodeName: 'n', signMode: 'ANY', conditionField: 'nope', conditionOperator: 'EQ' },
        ],
        approvers: [],
      },
      undefined,
      'EN',
    );
    expect(answer.httpStatus).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('has no field nope');
    expect(JSON.stringify(answer.body)).toContain('has no approver');
    expect(JSON.stringify(answer.body)).toContain('No action of');
  });
});

describe('the scripted scenario', () => {
  let id = 0;

  it('previews the route: the director is skipped below 10,000', async () => {
    id = (await newDoc('buyer', { amount: 5000, supplierId })).docId as number;
    const preview = await ok<{
      nodes: { nodeName: string; approvers: { name: string }[] }[];
      skipped: { nodeName: string }[];
    }>(`${BPM}/bpmProcessRestful/preview`, { entityName: 'testApprovalDoc', documentId: id }, as('buyer'));
    expect(preview.nodes.map((node) => [node.nodeName, node.approvers.map((a) => a.name)])).toEqual([
      ['部门负责人', ['HEAD']],
      ['财务会签', ['FINA', 'FINB']],
    ]);
    expect(preview.skipped.map((node) => node.nodeName)).toEqual(['总监']);
  });

  it('submits: the document waits and the department head has a task', async () => {
    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    expect((await doc(id)).status).toBe('APPROVING');
    expect(await pending(id)).toEqual(['HEAD']);
    expect(await steps(id)).toEqual(['SUBMIT:BUYER', 'SKIP:总监']);
  });

  it('cannot be approved by any other path', async () => {
    for (const [language, text] of [
      ['CN', '只能由审批流程完成'],
      ['EN', 'approval process only'],
    ] as const) {
      const direct = await server.post(`${DOC}/doApproval`, { docId: id }, undefined, language);
      expect(direct.httpStatus).toBe(403);
      expect(direct.body.msg).toContain(text);
    }
    const reject = await server.post(`${DOC}/doReject`, { docId: id, comment: 'x' });
    expect(reject.httpStatus).toBe(403);
    const cancel = await server.post(`${DOC}/doCancel`, { docId: id });
    expect(cancel.httpStatus).toBe(403);
    const current = await doc(id);
    const status = await server.post(
      `${DOC}/saveOrUpdate`,
      { docId: id, versionNum: current.versionNum, status: 'APPROVED' },
      undefined,
      'EN',
    );
    expect(status.httpStatus).toBe(400);
    expect(JSON.stringify(status.body)).toContain('The status cannot be written');
    const statusCn = await server.post(`${DOC}/saveOrUpdate`, {
      docId: id,
      versionNum: current.versionNum,
      status: 'APPROVED',
    });
    expect(JSON.stringify(statusCn.body)).toContain('状态不能直接修改');
    expect((await doc(id)).status).toBe('APPROVING');
  });

  it('level one approves: both finance approvers get a task, the document still waits', async () => {
    expect((await decide('head', id, 'doApprove', { comment: '同意' })).body.status).toBe('S');
    expect(await pending(id)).toEqual(['FINA', 'FINB']);
    expect((await doc(id)).status).toBe('APPROVING');
  });

  it('level two: one approves, the other rejects; the document is rejected with the comment', async () => {
    expect((await decide('finA', id, 'doApprove')).body.status).toBe('S');
    expect((await doc(id)).status).toBe('APPROVING');
    const noComment = await decide('finB', id, 'doReject');
    expect(noComment.httpStatus).toBe(400);
    expect((await decide('finB', id, 'doReject', { comment: '预算不足' })).body.status).toBe('S');
    expect((await doc(id)).status).toBe('REJECTED');
    expect(await pending(id)).toEqual([]);
    expect(await steps(id)).toEqual([
      'SUBMIT:BUYER',
      'SKIP:总监',
      'APPROVE:HEAD',
      'APPROVE:FINA',
      'REJECT:FINB',
    ]);
    const seen = await history(id, as('buyer'));
    expect(seen.history.at(-1)!.comment).toBe('预算不足');
    expect(seen.instances[0]!.status).toBe('REJECTED');
  });

  it('the submitter edits and resubmits above 10,000: a new process with the director', async () => {
    const current = await doc(id);
    await ok(
      `${DOC}/saveOrUpdate`,
      { docId: id, versionNum: current.versionNum, amount: 20000 },
      as('buyer'),
    );
    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    const seen = await history(id);
    expect(seen.instances.map((instance) => instance.status)).toEqual(['RUNNING', 'REJECTED']);
    expect(await pending(id)).toEqual(['HEAD']);
  });

  it('the head delegated approvals to a deputy, who approves for him', async () => {
    await save('baseUserAuthorisation', 'base', {
      fromUserId: users.head,
      toUserId: users.deputy,
      authorisationScope: 'APPROVAL',
      startDate: '2000-01-01',
      endDate: '2999-12-31',
    });
    const todo = await server.post<{ documentId: number }[]>(
      `${BPM}/bpmTaskRestful/findTodoTasks`,
      {},
      as('deputy'),
    );
    expect(todo.body.data.map((row) => row.documentId)).toContain(id);
    expect((await decide('deputy', id, 'doApprove', { comment: '代批' })).body.status).toBe('S');
    expect(await pending(id)).toEqual(['FINA', 'FINB']);
  });

  it('finance approve at the same moment: both count, the director gets exactly one task', async () => {
    const [a, b] = [await taskOf('finA', id), await taskOf('finB', id)];
    const answers = await Promise.all([
      server.post(`${BPM}/bpmTaskRestful/doApprove`, { taskId: a }, as('finA')),
      server.post(`${BPM}/bpmTaskRestful/doApprove`, { taskId: b }, as('finB')),
    ]);
    expect(answers.map((answer) => answer.body.status)).toEqual(['S', 'S']);
    expect(await pending(id)).toEqual(['DIRECTOR']);
  });

  it('the director decides twice at once: exactly one decision counts, and the document is approved', async () => {
    const taskId = await taskOf('director', id);
    const answers = await Promise.all([
      server.post(`${BPM}/bpmTaskRestful/doApprove`, { taskId, comment: 'first' }, as('director')),
      server.post(`${BPM}/bpmTaskRestful/doReject`, { taskId, comment: 'second' }, as('director')),
    ]);
    const statuses = answers.map((answer) => answer.body.status).sort();
    expect(statuses).toEqual(['E', 'S']);
    expect(answers.find((answer) => answer.body.status === 'E')!.httpStatus).toBe(409);
    const won = answers.findIndex((answer) => answer.body.status === 'S');
    expect((await doc(id)).status).toBe(won === 0 ? 'APPROVED' : 'REJECTED');
    const list = await steps(id);
    expect(list.slice(5)).toEqual([
      'SUBMIT:BUYER',
      'APPROVE:DEPUTY(for HEAD)',
      'APPROVE:FINA',
      'APPROVE:FINB',
      ...(won === 0 ? ['APPROVE:DIRECTOR', 'COMPLETE'] : ['REJECT:DIRECTOR']),
    ]);
    if (won === 0) {
      // Approved documents are locked.
      const current = await doc(id);
      const edit = await server.post(`${DOC}/saveOrUpdate`, {
        docId: id,
        versionNum: current.versionNum,
        title: 'x',
      });
      expect(edit.httpStatus).toBe(409);
    }
  });
});

describe('withdrawal, return, transfer and add-sign', () => {
  it('the submitter withdraws before anyone decides; not after', async () => {
    const id = (await newDoc('buyer', { amount: 100 })).docId as number;
    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    const notMine = await server.post(
      `${BPM}/bpmProcessRestful/doWithdraw`,
      { entityName: 'testApprovalDoc', documentId: id },
      as('other'),
    );
    expect(notMine.httpStatus).toBe(403);
    expect((await history(id, as('buyer'))).canWithdraw).toBe(true);
    await ok(
      `${BPM}/bpmProcessRestful/doWithdraw`,
      { entityName: 'testApprovalDoc', documentId: id },
      as('buyer'),
    );
    expect((await doc(id)).status).toBe('DRAFT');
    expect(await pending(id)).toEqual([]);
    expect(await steps(id)).toEqual(['SUBMIT:BUYER', 'SKIP:总监', 'WITHDRAW:BUYER']);

    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    expect((await decide('head', id, 'doApprove')).body.status).toBe('S');
    const late = await server.post(
      `${BPM}/bpmProcessRestful/doWithdraw`,
      { entityName: 'testApprovalDoc', documentId: id },
      as('buyer'),
    );
    expect(late.httpStatus).toBe(409);
    expect((await doc(id)).status).toBe('APPROVING');
  });

  it('returns to the previous node, transfers and adds an approver', async () => {
    const id = (await newDoc('buyer', { amount: 100 })).docId as number;
    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    const first = await decide('head', id, 'doReturn', { comment: 'x' });
    expect(first.httpStatus).toBe(422);
    await decide('head', id, 'doApprove');
    expect((await decide('finA', id, 'doReturn')).httpStatus).toBe(400);
    expect((await decide('finA', id, 'doReturn', { comment: '请部门再确认' })).body.status).toBe('S');
    expect(await pending(id)).toEqual(['HEAD']);
    // The head transfers to someone else; transferring to the submitter is refused.
    expect((await decide('head', id, 'doTransfer', { toUserId: users.buyer })).httpStatus).toBe(403);
    expect(
      (await decide('head', id, 'doTransfer', { toUserId: users.other, comment: '请代为审批' })).body.status,
    ).toBe('S');
    expect(await pending(id)).toEqual(['OTHER']);
    // OTHER adds the director: the node completes only when both approved.
    expect((await decide('other', id, 'doAddSign', { toUserId: users.director })).body.status).toBe('S');
    expect(await pending(id)).toEqual(['DIRECTOR', 'OTHER']);
    await decide('other', id, 'doApprove');
    expect(await pending(id)).toEqual(['DIRECTOR']);
    await decide('director', id, 'doApprove');
    expect(await pending(id)).toEqual(['FINA', 'FINB']);
    expect(await steps(id)).toEqual([
      'SUBMIT:BUYER',
      'SKIP:总监',
      'APPROVE:HEAD',
      'RETURN:FINA',
      'TRANSFER:HEAD',
      'ADD_SIGN:OTHER',
      'APPROVE:OTHER',
      'APPROVE:DIRECTOR',
    ]);
  });
});

describe('rules', () => {
  it('nobody approves their own document: a node left without approver refuses the submission', async () => {
    const id = (await newDoc('head', { amount: 100 })).docId as number;
    // The head's own department head is himself: no approver is left for node 1.
    const answer = await server.post(`${DOC}/doSubmit`, { docId: id }, as('head'), 'EN');
    expect(answer.httpStatus).toBe(422);
    expect(answer.body.msg).toContain('cannot approve their own document');
    expect((await doc(id)).status).toBe('DRAFT');
  });

  it('a supplier never sees internal comments', async () => {
    const id = (await newDoc('buyer', { amount: 100, supplierId })).docId as number;
    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    await decide('head', id, 'doApprove', { comment: '内部：价格偏高', internalFlag: 'Y' });
    await decide('finA', id, 'doApprove', { comment: '可以' });
    const internal = await history(id);
    expect(internal.history.map((step) => step.comment)).toContain('内部：价格偏高');
    const supplier = await history(id, {
      userId: 999,
      side: 'supplier',
      supplierId,
      orgIds: [],
      categoryIds: [],
    });
    expect(JSON.stringify(supplier)).not.toContain('价格偏高');
    expect(supplier.history.map((step) => step.comment)).toContain('可以');
    const other = await server.post(
      `${BPM}/bpmProcessRestful/findHistory`,
      { entityName: 'testApprovalDoc', documentId: id },
      { userId: 998, side: 'supplier', supplierId: supplierId + 1000, orgIds: [], categoryIds: [] },
    );
    expect(other.httpStatus).toBe(404);
  });

  it('an internal rejection comment reaches no supplier read path: history, document log, messages', async () => {
    const id = (await newDoc('buyer', { amount: 100, supplierId })).docId as number;
    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    const secret = '内部：该供应商报价高于市场价 30%';
    const rejected = await decide('head', id, 'doReject', { comment: secret, internalFlag: 'Y' });
    expect(rejected.body.status).toBe('S');
    expect((await history(id)).history.map((step) => step.comment)).toContain(secret);
    const supplierActor = { userId: 999, side: 'supplier' as const, supplierId, orgIds: [], categoryIds: [] };
    const paths: [string, unknown][] = [
      [`${BPM}/bpmProcessRestful/findHistory`, { entityName: 'testApprovalDoc', documentId: id }],
      [`${DOC}/findById`, { docId: id, withHistory: true }],
      [`${DOC}/listByPage`, { pageRows: 100 }],
      ['/api/message/v1/baseSiteMessageRestful/findMyMessages', { pageRows: 100 }],
      [`${BPM}/bpmTaskRestful/findHistoricTasks`, { pageRows: 100 }],
      [`${BPM}/bpmTaskRestful/findTodoTasks`, { pageRows: 100 }],
    ];
    for (const [path, body] of paths) {
      const answer = await server.post(path, body, supplierActor);
      expect(answer.body.status, path).toBe('S');
      expect(JSON.stringify(answer.body), path).not.toContain('30%');
    }
    // The document itself is rejected with a neutral comment.
    const internal = await server.post<Row & { history: { comment: string | null }[] }>(`${DOC}/findById`, {
      docId: id,
      withHistory: true,
    });
    expect(JSON.stringify(internal.body.data)).toContain('审批驳回（意见仅内部可见）');
    expect((await doc(id)).status).toBe('REJECTED');
  });

  it("an internal withdrawal comment stays in the approval history, out of the document's log", async () => {
    const id = (await newDoc('buyer', { amount: 100, supplierId })).docId as number;
    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    const secret = '内部：预算会后重新提交';
    await ok(
      `${BPM}/bpmProcessRestful/doWithdraw`,
      { entityName: 'testApprovalDoc', documentId: id, comment: secret, internalFlag: 'Y' },
      as('buyer'),
    );
    expect((await history(id)).history.map((step) => step.comment)).toContain(secret);
    const log = async (actor?: Partial<Actor>) =>
      (
        await ok<{ history: { comment: string | null }[] }>(
          `${DOC}/findById`,
          { docId: id, withHistory: true },
          actor,
        )
      ).history;
    expect((await log()).map((entry) => entry.comment)).toContain('提交人撤回');
    const supplierActor = { userId: 999, side: 'supplier' as const, supplierId, orgIds: [], categoryIds: [] };
    for (const read of [await log(), await log(supplierActor), await history(id, supplierActor)])
      expect(JSON.stringify(read)).not.toContain('预算会后');
  });

  it('a process in flight survives a restart of the server and of its database connections', async () => {
    const id = (await newDoc('buyer', { amount: 100 })).docId as number;
    await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
    await decide('head', id, 'doApprove');
    const before = server.database;
    await server.stop();
    // Nothing of the old server survives but the database's contents: on PGlite the in-memory
    // database is dumped, closed and loaded anew; on PostgreSQL fresh connections are opened.
    let reopened: TestDatabase;
    if (before.pglite) {
      const dump = await before.pglite.dumpDataDir('none');
      await before.close();
      reopened = await openDatabase({ loadDataDir: dump });
    } else {
      leftOpen.push(before);
      reopened = await openDatabase({ url: before.url! });
    }
    server = await startApprovalServer({ database: reopened });
    expect(await pending(id)).toEqual(['FINA', 'FINB']);
    expect(await steps(id)).toEqual(['SUBMIT:BUYER', 'SKIP:总监', 'APPROVE:HEAD']);
    await decide('finA', id, 'doApprove');
    await decide('finB', id, 'doApprove');
    expect((await doc(id)).status).toBe('APPROVED');
  });

  it('lists: my todo, handled, my processes, monitoring for administrators only', async () => {
    const todo = await server.post<unknown[]>(
      `${BPM}/bpmTaskRestful/findTodoTasks`,
      { pageRows: 5 },
      as('finA'),
    );
    expect(todo.body.status).toBe('S');
    const handled = await server.post<{ status: string }[]>(
      `${BPM}/bpmTaskRestful/findHistoricTasks`,
      {},
      as('head'),
    );
    expect(handled.body.data.length).toBeGreaterThan(0);
    const mine = await server.post<{ documentTitle: string }[]>(
      `${BPM}/bpmProcessRestful/listMyProcesses`,
      {},
      as('buyer'),
    );
    expect(mine.body.data[0]!.documentTitle).toBe('测试审批单');
    const count = await ok<{ count: number }>(`${BPM}/bpmTaskRestful/countTodoTasks`, {}, as('finA'));
    expect(count.count).toBe(todo.body.page!.count);
    const denied = await server.post(
      `${BPM}/bpmProcessRestful/listMonitoring`,
      {},
      { ...as('buyer'), orgIds: [1] },
    );
    expect(denied.httpStatus).toBe(403);
    const monitoring = await server.post<{ pendingTasks: unknown[] }[]>(
      `${BPM}/bpmProcessRestful/listMonitoring`,
      {},
    );
    expect(monitoring.body.data.every((row) => row.pendingTasks.length > 0)).toBe(true);
    const bad = await server.post(`${BPM}/bpmTaskRestful/doApprove`, { taskId: 'x' });
    expect(bad.httpStatus).toBe(400);
  });
});

describe('batch approval', () => {
  it('approves each task in its own transaction and reports the ones it could not', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = (await newDoc('buyer', { amount: 100 + i })).docId as number;
      await ok(`${DOC}/doSubmit`, { docId: id }, as('buyer'));
      ids.push(id);
    }
    const taskIds = [];
    for (const id of ids) taskIds.push(await taskOf('head', id));
    const answer = await server.post<{ taskId: number; ok: boolean; msg: string | null }[]>(
      `${BPM}/bpmTaskRestful/doBatchApprove`,
      { taskIds: [...taskIds, 99_999_999], comment: '同意' },
      as('head'),
      'EN',
    );
    expect(answer.body.status).toBe('S');
    expect(answer.body.data.filter((row) => row.ok).map((row) => row.taskId)).toEqual(taskIds);
    expect(answer.body.data.at(-1)).toMatchObject({ taskId: 99_999_999, ok: false });
    expect(answer.body.data.at(-1)!.msg).toMatch(/task/i);
    for (const id of ids) expect(await pending(id)).toEqual(['FINA', 'FINB']);
    // Twice: every task is already decided.
    const again = await server.post<{ ok: boolean }[]>(
      `${BPM}/bpmTaskRestful/doBatchApprove`,
      { taskIds: taskIds.join(',') },
      as('head'),
    );
    expect(again.body.data.every((row) => !row.ok)).toBe(true);
    const bad = await server.post(`${BPM}/bpmTaskRestful/doBatchApprove`, { taskIds: [] }, as('head'), 'EN');
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.msg).toBe('Invalid value for taskIds');
  });
});
