// Deciding a document's pending approval tasks as their assignees would, for demo data and
// tests that need documents past their approval.
import { and, eq } from 'drizzle-orm';
import { type Actor, SYSTEM_ACTOR } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import type { ApprovalEngine } from './engine';
import { bpmTask } from './tables';

/** Approves (or rejects) every pending task of the document, each as its assignee. */
export async function decideAll(
  runtime: EntityRuntime,
  entityName: string,
  documentId: number,
  decision: 'approve' | 'reject',
  comment = decision === 'approve' ? '同意' : '请核对数量和交期后重新提交',
): Promise<void> {
  const engine = runtime.approvals as ApprovalEngine | null;
  if (!engine) throw new Error('No approval engine');
  for (let round = 0; round < 10; round++) {
    const tasks = await runtime
      .executor()
      .select({ taskId: bpmTask.taskId, assigneeId: bpmTask.assigneeId })
      .from(bpmTask)
      .where(
        and(
          eq(bpmTask.entityName, entityName),
          eq(bpmTask.documentId, documentId),
          eq(bpmTask.status, 'PENDING'),
        ),
      );
    if (!tasks.length) return;
    const task = tasks[0]!;
    const actor: Actor = { ...SYSTEM_ACTOR, system: false, userId: task.assigneeId, userName: 'approver' };
    if (decision === 'approve') await engine.approve(actor, task.taskId, { comment });
    else {
      await engine.reject(actor, task.taskId, { comment });
      return;
    }
  }
}
