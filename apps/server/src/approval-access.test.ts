// Who an approval task may move to, and who reads a document's approval, signed in as the demo
// users: a task goes only to an internal user who could decide it (reads the document, in its
// organisation), only an administrator's right reassigns someone else's task, and the history
// and preview need the document's read grant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { domainSeeds } from '@srm/domain/server';
import { ApiClient } from '@srm/platform/testing';
import { startTestServer, type TestServer } from './testing';

type Row = Record<string, unknown>;
let server: TestServer;
const users: Record<string, ApiClient> = {};
const userIds: Record<string, number> = {};

const TASK = '/api/bpm/v1/bpmTaskRestful';
const PROCESS = '/api/bpm/v1/bpmProcessRestful';

async function signIn(name: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const answer = await client.login(name, DEMO_PASSWORD);
  expect(answer.body.status, `${name}: ${answer.body.msg}`).toBe('S');
  return client;
}

beforeAll(async () => {
  server = await startTestServer({ policy: 'signIn', seeds: domainSeeds });
  for (const name of ['admin', 'buyer', 'approver', 'finance', 'sup_a']) users[name] = await signIn(name);
  const admin = users.admin!;
  const idOf = async (entity: string, filters: Row, key: string) => {
    const found = await admin.call<Row[]>(`/api/${entity}/listByPage`, filters);
    expect(found.body.status, found.body.msg).toBe('S');
    return found.body.data[0]![key] as number;
  };
  for (const name of ['admin', 'buyer', 'approver', 'finance', 'sup_a'])
    userIds[name] = await idOf('base/v1/baseUserRestful', { userName: name }, 'userId');
  // Two internal users who may not decide an OU100 document: a buyer permitted only Ningbo
  // (OU200), and a user without any responsibility.
  const buyerResponsibility = await idOf(
    'base/v1/baseResponsibilityRestful',
    { responsibilityCode: 'BUYER' },
    'responsibilityId',
  );
  const ou200 = await idOf('srm/v1/srmBaseOrgRestful', { orgCode: 'OU200' }, 'orgId');
  const create = async (userName: string, extra: Row) => {
    const saved = await admin.call<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName,
      userFullName: userName,
      userType: 'INTERNAL',
      languageCode: 'CN',
      allCategoriesFlag: 'Y',
      ...extra,
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    userIds[userName] = saved.body.data.userId as number;
  };
  await create('ningbo_buyer', {
    allOrgsFlag: 'N',
    responsibilities: [{ responsibilityId: buyerResponsibility, defaultFlag: 'Y' }],
    orgPermits: [{ orgId: ou200 }],
  });
  await create('no_rights', { allOrgsFlag: 'Y' });
});
afterAll(async () => server?.close());

/** The approver's pending task on the (only) waiting document of this type. */
async function approverTask(entityName: string): Promise<{ taskId: number; documentId: number }> {
  const todo = await users.approver!.call<{ taskId: number; documentId: number }[]>(`${TASK}/findTodoTasks`, {
    entityName,
    pageRows: 50,
  });
  expect(todo.body.status, todo.body.msg).toBe('S');
  const task = todo.body.data[0];
  if (!task) throw new Error(`approver has no ${entityName} task`);
  return task;
}

async function statusOf(entity: string, key: string, id: number): Promise<string> {
  const found = await users.admin!.call<Row>(`${entity}/findById`, { [key]: id });
  return found.body.data.status as string;
}

describe('reassigning a task', () => {
  it("finance, holding no administrator's right, cannot take the manager's step on an agreement", async () => {
    const { taskId, documentId } = await approverTask('srmPurAgreement');
    const taken = await users.finance!.call(`${TASK}/doReassign`, { taskId, toUserId: userIds.finance });
    expect(taken.httpStatus).toBe(403);
    expect(taken.body).toEqual({ status: 'E', msg: '您没有该操作的权限（bpmTask.reassign）', data: null });
    // Nor as a transfer or an approval of a task that is not its own.
    const transfer = await users.finance!.call(`${TASK}/doTransfer`, { taskId, toUserId: userIds.finance });
    expect(transfer.httpStatus).toBe(404);
    const approve = await users.finance!.call(`${TASK}/doApprove`, { taskId });
    expect(approve.httpStatus).toBe(404);
    expect(await statusOf('/api/srm/v1/srmPurAgreementRestful', 'agreementId', documentId)).toBe('APPROVING');
    expect((await approverTask('srmPurAgreement')).taskId).toBe(taskId);
  });

  it('the administrator reassigns only to a user who could decide the document', async () => {
    const { taskId, documentId } = await approverTask('srmPoHeader');
    for (const [user, message] of [
      ['sup_a', '不能把内部审批任务交给供应商用户'],
      ['ningbo_buyer', 'ningbo_buyer 无权处理该单据（不能查看该单据或不在其组织内）'],
      ['no_rights', 'no_rights 无权处理该单据（不能查看该单据或不在其组织内）'],
    ] as const) {
      const refused = await users.admin!.call(`${TASK}/doReassign`, { taskId, toUserId: userIds[user] });
      expect(refused.httpStatus, user).toBe(403);
      expect(refused.body.msg, user).toBe(message);
    }
    users.admin!.language = 'EN';
    try {
      const english = await users.admin!.call(`${TASK}/doReassign`, { taskId, toUserId: userIds.sup_a });
      expect(english.body.msg).toBe('An internal approval task cannot go to a supplier user');
      const noRight = await users.admin!.call(`${TASK}/doReassign`, { taskId, toUserId: userIds.no_rights });
      expect(noRight.body.msg).toBe(
        'no_rights may not decide this document (no access to it or to its organisation)',
      );
    } finally {
      users.admin!.language = 'CN';
    }
    const moved = await users.admin!.call(`${TASK}/doReassign`, { taskId, toUserId: userIds.finance });
    expect(moved.body.status, moved.body.msg).toBe('S');
    const financeTodo = await users.finance!.call<{ documentId: number }[]>(`${TASK}/findTodoTasks`, {
      entityName: 'srmPoHeader',
    });
    expect(financeTodo.body.data.map((task) => task.documentId)).toContain(documentId);
  });
});

describe('transferring and adding an approver', () => {
  it('never hand an internal requisition to a supplier user, who then cannot approve it', async () => {
    const { taskId, documentId } = await approverTask('srmPurRequisitionHeader');
    for (const action of ['doTransfer', 'doAddSign']) {
      for (const [language, message] of [
        ['CN', '不能把内部审批任务交给供应商用户'],
        ['EN', 'An internal approval task cannot go to a supplier user'],
      ] as const) {
        users.approver!.language = language;
        const refused = await users.approver!.call(`${TASK}/${action}`, { taskId, toUserId: userIds.sup_a });
        expect(refused.httpStatus, action).toBe(403);
        expect(refused.body.msg, action).toBe(message);
      }
      users.approver!.language = 'CN';
      for (const user of ['ningbo_buyer', 'no_rights']) {
        const refused = await users.approver!.call(`${TASK}/${action}`, { taskId, toUserId: userIds[user] });
        expect(refused.httpStatus, `${action} ${user}`).toBe(403);
      }
    }
    const supplierTodo = await users.sup_a!.call<unknown[]>(`${TASK}/findTodoTasks`, {});
    expect(supplierTodo.body.data).toEqual([]);
    const approve = await users.sup_a!.call(`${TASK}/doApprove`, { taskId });
    expect(approve.httpStatus).toBe(404);
    const requisition = '/api/srm/v1/srmPurRequisitionHeaderRestful';
    expect(await statusOf(requisition, 'requisitionHeaderId', documentId)).toBe('SUBMITTED');
    // To an internal user who reads requisitions in every organisation, the transfer goes.
    const transferred = await users.approver!.call(`${TASK}/doTransfer`, {
      taskId,
      toUserId: userIds.finance,
    });
    expect(transferred.body.status, transferred.body.msg).toBe('S');
  });
});

describe("a document's approval history and preview", () => {
  it('need the read grant of the document: finance does not read ASL applications', async () => {
    const { documentId } = await approverTask('srmPurAslApply');
    const document = { entityName: 'srmPurAslApply', documentId };
    expect(
      (await users.finance!.call('/api/srm/v1/srmPurAslApplyRestful/findById', { aslApplyId: documentId }))
        .httpStatus,
    ).toBe(403);
    for (const path of ['findHistory', 'preview']) {
      const refused = await users.finance!.call(`${PROCESS}/${path}`, document);
      expect(refused.httpStatus, path).toBe(403);
      expect(refused.body, path).toEqual({ status: 'E', msg: '无权查看该单据的审批', data: null });
      users.finance!.language = 'EN';
      const english = await users.finance!.call(`${PROCESS}/${path}`, document);
      users.finance!.language = 'CN';
      expect(english.body.msg, path).toBe('You may not see the approval of this document');
    }
    const allowed = await users.approver!.call<{ history: unknown[] }>(`${PROCESS}/findHistory`, document);
    expect(allowed.body.status, allowed.body.msg).toBe('S');
    expect(allowed.body.data.history.length).toBeGreaterThan(0);
  });

  it('a supplier user does not read the approval of an internal requisition', async () => {
    const requisitions = await users.admin!.call<Row[]>(
      '/api/srm/v1/srmPurRequisitionHeaderRestful/listByPage',
      {
        pageRows: 1,
      },
    );
    const documentId = requisitions.body.data[0]!.requisitionHeaderId as number;
    const refused = await users.sup_a!.call(`${PROCESS}/findHistory`, {
      entityName: 'srmPurRequisitionHeader',
      documentId,
    });
    expect(refused.httpStatus).toBe(403);
  });
});
