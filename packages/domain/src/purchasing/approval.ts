// The approval processes of purchasing documents (data: process templates) and, for demo data,
// deciding a document's pending tasks through the approval engine as their assignees would.
import { and, eq } from 'drizzle-orm';
import {
  type Actor,
  type ApprovalEngine,
  type EntityRuntime,
  type Row,
  SYSTEM_ACTOR,
  bpmTask,
} from '@srm/platform';

export const REQUISITION_PROCESS = 'PUR_REQUISITION_APPROVAL';
export const ORDER_PROCESS = 'PUR_ORDER_APPROVAL';

/** The two templates: one node approved by any holder of the role (the purchasing manager). */
export function purchasingTemplates(roleId: number): Row[] {
  const node = (nodeName: string, nodeNameEn: string) => ({
    nodeNum: 1,
    nodeName,
    nodeNameEn,
    signMode: 'ANY',
  });
  return [
    {
      processKey: REQUISITION_PROCESS,
      processName: '采购申请审批',
      processNameEn: 'Requisition approval',
      entityName: 'srmPurRequisitionHeader',
      nodes: [node('采购经理审批', 'Purchasing manager')],
      approvers: [{ nodeNum: 1, approverType: 'ROLE', roleId }],
    },
    {
      processKey: ORDER_PROCESS,
      processName: '采购订单审批',
      processNameEn: 'Purchase order approval',
      entityName: 'srmPoHeader',
      nodes: [node('采购经理审批', 'Purchasing manager')],
      approvers: [{ nodeNum: 1, approverType: 'ROLE', roleId }],
    },
  ];
}

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
