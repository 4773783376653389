// Test helper: deciding a document's pending task as a signed-in approver does from the pending
// list (findTodoTasks, then doApprove / doReject). Null when the caller has no task on it.
import type { ApiClient } from '@srm/platform/testing';

type Row = Record<string, unknown>;

export async function decideTask(
  client: ApiClient,
  entityName: string,
  documentId: unknown,
  action: 'doApprove' | 'doReject' = 'doApprove',
  comment?: string,
) {
  const tasks = await client.call<Row[]>('/api/bpm/v1/bpmTaskRestful/findTodoTasks', {
    pageIndex: 1,
    pageRows: 500,
    entityName,
  });
  const task = (tasks.body.data ?? []).find((row) => row.documentId === documentId);
  if (!task) return null;
  return client.call<Row>(`/api/bpm/v1/bpmTaskRestful/${action}`, {
    taskId: task.taskId,
    ...(comment ? { comment } : {}),
  });
}
