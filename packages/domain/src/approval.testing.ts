// Test helper: a document under an approval process is decided through the approver's pending
// task (findTodoTasks, then doApprove / doReject), as the approver does on the home page.
import { expect } from 'vitest';
import type { Actor } from '@srm/platform';
import type { Answer, TestServer } from '@srm/platform/testing';

type Row = Record<string, unknown>;

/** The approver's decision on the document's pending task; the answer of the decision. */
export async function decideTask(
  server: TestServer,
  approver: Partial<Actor>,
  entityName: string,
  documentId: unknown,
  action: 'doApprove' | 'doReject' = 'doApprove',
  comment?: string,
): Promise<Answer<Row>> {
  const tasks = await server.post<Row[]>(
    '/api/bpm/v1/bpmTaskRestful/findTodoTasks',
    { pageIndex: 1, pageRows: 500, entityName },
    { actor: approver },
  );
  expect(tasks.body.status, tasks.body.msg).toBe('S');
  const task = tasks.body.data.find((row) => row.documentId === documentId);
  expect(task, `no pending ${entityName} task on ${String(documentId)}`).toBeDefined();
  return server.post<Row>(
    `/api/bpm/v1/bpmTaskRestful/${action}`,
    { taskId: task!.taskId, ...(comment ? { comment } : {}) },
    { actor: approver },
  );
}

/** The demo purchasing manager (user `approver`, role 采购经理) as a test caller. */
export async function demoApprover(server: TestServer): Promise<Partial<Actor>> {
  const user = await server.first<Row>('baseUser', { userName: 'approver' });
  return { userId: user.userId as number, userName: 'approver' };
}
