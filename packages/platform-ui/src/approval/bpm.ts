// The process server's endpoints and answers as the screens use them (docs/approvals.md).
import { useQuery } from '@tanstack/react-query';
import type { EntityDef } from '@srm/kernel';
import { request, useApi } from '../context/api';

export const BPM_TASK = '/api/bpm/v1/bpmTaskRestful';
export const BPM_PROCESS = '/api/bpm/v1/bpmProcessRestful';

export interface RouteApprover {
  userId: number;
  name: string;
}

export interface RouteNode {
  nodeNum: number;
  nodeName: string;
  nodeNameEn: string | null;
  signMode: 'ANY' | 'ALL';
  approvers: RouteApprover[];
}

export interface Preview {
  processKey: string;
  processName: string;
  templateVersion: number;
  action: string;
  nodes: RouteNode[];
  skipped: { nodeNum: number; nodeName: string; nodeNameEn: string | null }[];
}

export interface HistoryStep {
  historyId: number;
  instanceId: number;
  action: string;
  nodeName: string | null;
  userName: string | null;
  onBehalfOfName: string | null;
  targetUserName: string | null;
  comment: string | null;
  internalFlag: string;
  attachmentIds: string | null;
  createdAt: number | null;
}

export interface DocumentApproval {
  instances: {
    instanceId: number;
    status: string;
    templateVersion: number;
    currentNodeName: string | null;
  }[];
  history: HistoryStep[];
  pendingTasks: {
    taskId: number;
    nodeName: string;
    kind: string;
    assigneeName: string | null;
    createdAt: number | null;
  }[];
  myTask: {
    taskId: number;
    nodeName: string;
    kind: string;
    onBehalfOfId: number | null;
    canReturn: boolean;
  } | null;
  canWithdraw: boolean;
}

export interface TaskRow {
  taskId: number;
  instanceId: number;
  nodeName: string;
  kind: string;
  status: string;
  entityName: string;
  documentTitle: string;
  documentKey: string;
  documentId: number;
  documentNumber: string | null;
  processKey: string;
  assigneeName: string | null;
  submitterName: string | null;
  createdAt: number | null;
  decidedAt: number | null;
  comment: string | null;
}

/** The entity's actions that start an approval. */
export function approvalActions(entity: EntityDef): string[] {
  return Object.entries(entity.workflow?.actions ?? {})
    .filter(([, action]) => !!action.approval)
    .map(([name]) => name);
}

export function documentApprovalKey(entityName: string, documentId: number | null) {
  return ['bpm', 'document', entityName, documentId] as const;
}

/** A document's approval: history, pending approvers, the caller's task, withdrawal. */
export function useDocumentApproval(entity: EntityDef, documentId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: documentApprovalKey(entity.name, documentId),
    queryFn: async () =>
      (
        await request<DocumentApproval>(api, `${BPM_PROCESS}/findHistory`, {
          entityName: entity.name,
          documentId,
        })
      ).data,
    enabled: documentId !== null && approvalActions(entity).length > 0,
  });
}
