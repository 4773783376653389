// The process server's endpoints (/api/bpm): todo and handled tasks, decisions on a task, the
// processes a user started, a document's history and preview, withdrawal and monitoring.
// Every endpoint needs a signed-in user; what each may see or decide is checked by the engine
// (a document's history and preview need its read grant; a task moves only to a user who could
// decide it); reassigning somebody else's task needs the resource BPM_REASSIGN_RESOURCE.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BPM_REASSIGN_RESOURCE, DEFAULT_PAGE_SIZE, hasNul } from '@srm/kernel';
import type { Actor, RouteAccess } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import type { DecisionInput, ApprovalEngine } from './engine';
import { ApprovalQueries } from './queries';

export const BPM_TASK_PATH = '/api/bpm/v1/bpmTaskRestful';
export const BPM_PROCESS_PATH = '/api/bpm/v1/bpmProcessRestful';
const MAX_COMMENT = 2000;
const MAX_PAGE_ROWS = 500;

type Body = Record<string, unknown>;

function asBody(value: unknown): Body {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new AppError(400, 'validation.object');
  return value as Body;
}

function bad(field: string): AppError {
  return new AppError(400, 'bpm.badInput', { field });
}

function id(body: Body, field: string): number {
  const raw = body[field];
  const value = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw bad(field);
  return value;
}

function optionalId(body: Body, field: string): number | null {
  return body[field] === undefined || body[field] === null || body[field] === '' ? null : id(body, field);
}

function optionalText(body: Body, field: string, max: number): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > max || hasNul(value)) throw bad(field);
  return value;
}

function paging(body: Body) {
  const pageIndex = body.pageIndex === undefined ? 1 : Number(body.pageIndex);
  const pageRows = body.pageRows === undefined ? DEFAULT_PAGE_SIZE : Number(body.pageRows);
  if (!Number.isSafeInteger(pageIndex) || pageIndex < 1) throw bad('pageIndex');
  if (!Number.isSafeInteger(pageRows) || pageRows < 1 || pageRows > MAX_PAGE_ROWS) throw bad('pageRows');
  return {
    pageIndex,
    pageRows,
    entityName: optionalText(body, 'entityName', 80),
    documentNumber: optionalText(body, 'documentNumber', 120),
  };
}

function decision(body: Body): DecisionInput {
  const attachmentIds = optionalText(body, 'attachmentIds', 2000);
  if (attachmentIds && !/^\d{1,15}(,\d{1,15}){0,49}$/.test(attachmentIds)) throw bad('attachmentIds');
  const internalFlag = body.internalFlag;
  if (internalFlag !== undefined && internalFlag !== null && internalFlag !== 'Y' && internalFlag !== 'N') {
    throw bad('internalFlag');
  }
  return {
    comment: optionalText(body, 'comment', MAX_COMMENT) ?? null,
    attachmentIds: attachmentIds ?? null,
    internalFlag: internalFlag === 'Y' ? 'Y' : 'N',
  };
}

export function registerApprovalRoutes(
  app: FastifyInstance,
  options: { engine: ApprovalEngine; actorOf: (request: FastifyRequest) => Promise<Actor> },
): void {
  const { engine, actorOf } = options;
  const queries = new ApprovalQueries(engine);
  const post = (
    path: string,
    handler: (actor: Actor, body: Body) => Promise<unknown>,
    access: RouteAccess = 'authenticated',
  ) => {
    app.post(path, { config: { access } }, async (request) => {
      const actor = await actorOf(request);
      return handler(actor, asBody(request.body));
    });
  };
  const paged = (result: { rows: unknown[]; count: number }, pageIndex: number) =>
    success(result.rows, '', { count: result.count, curIndex: pageIndex });

  // Tasks: the todo list (myApproval, gtasks, myUpcoming, insidePendingList, supplierPendingList)
  // and the handled list (insideHandledList, supplierHandledList).
  post(`${BPM_TASK_PATH}/findTodoTasks`, async (actor, body) => {
    const page = paging(body);
    return paged(await queries.todo(actor, page), page.pageIndex);
  });
  post(`${BPM_TASK_PATH}/countTodoTasks`, async (actor) =>
    success({ count: await queries.countTodo(actor) }),
  );
  post(`${BPM_TASK_PATH}/findHistoricTasks`, async (actor, body) => {
    const page = paging(body);
    return paged(await queries.handled(actor, page), page.pageIndex);
  });
  post(`${BPM_TASK_PATH}/getTaskUrl`, async (actor, body) =>
    success(await queries.taskTarget(actor, id(body, 'taskId'))),
  );
  post(`${BPM_TASK_PATH}/doApprove`, async (actor, body) => {
    await engine.approve(actor, id(body, 'taskId'), decision(body));
    return success(null);
  });
  // 批量审批: { taskIds: [1, 2] | "1,2" (≤ 1,000), comment? } → per task { taskId, ok, msg }.
  post(`${BPM_TASK_PATH}/doBatchApprove`, async (actor, body) => {
    const raw = body.taskIds;
    const list =
      typeof raw === 'string'
        ? raw.trim()
          ? raw.split(',')
          : []
        : Array.isArray(raw)
          ? (raw as unknown[])
          : [];
    if (!list.length || list.length > 1000) throw bad('taskIds');
    const taskIds = list.map((value) => {
      const parsed = typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value;
      if (typeof parsed !== 'number' || !Number.isSafeInteger(parsed) || parsed <= 0) throw bad('taskIds');
      return parsed;
    });
    const results = await engine.approveMany(actor, [...new Set(taskIds)], decision(body));
    const approved = results.filter((result) => result.ok).length;
    return success(results, approved === results.length ? '' : `${approved}/${results.length}`);
  });
  post(`${BPM_TASK_PATH}/doReject`, async (actor, body) => {
    await engine.reject(actor, id(body, 'taskId'), decision(body));
    return success(null);
  });
  post(`${BPM_TASK_PATH}/doReturn`, async (actor, body) => {
    const nodeNum = optionalId(body, 'nodeNum');
    await engine.returnTo(actor, id(body, 'taskId'), { ...decision(body), nodeNum });
    return success(null);
  });
  post(`${BPM_TASK_PATH}/doTransfer`, async (actor, body) => {
    await engine.transfer(actor, id(body, 'taskId'), id(body, 'toUserId'), decision(body));
    return success(null);
  });
  post(`${BPM_TASK_PATH}/doAddSign`, async (actor, body) => {
    await engine.addSign(actor, id(body, 'taskId'), id(body, 'toUserId'), decision(body));
    return success(null);
  });
  // Giving somebody else's task to another user (themselves included) is an administrator's
  // right of its own: seeing every organisation is not enough.
  post(
    `${BPM_TASK_PATH}/doReassign`,
    async (actor, body) => {
      if (actor.side !== 'internal') throw new AppError(403, 'bpm.monitorDenied');
      await engine.reassign(actor, id(body, 'taskId'), id(body, 'toUserId'), decision(body));
      return success(null);
    },
    { resource: BPM_REASSIGN_RESOURCE },
  );

  // Processes: a document's preview, history and withdrawal; mine (myBpmMatterList); monitoring.
  const documentOf = (body: Body) => {
    const entityName = optionalText(body, 'entityName', 80);
    if (!entityName) throw bad('entityName');
    return { entityName, documentId: id(body, 'documentId') };
  };
  post(`${BPM_PROCESS_PATH}/preview`, async (actor, body) => {
    const { entityName, documentId } = documentOf(body);
    return success(await engine.preview(actor, entityName, documentId, optionalText(body, 'action', 60)));
  });
  post(`${BPM_PROCESS_PATH}/findHistory`, async (actor, body) => {
    const { entityName, documentId } = documentOf(body);
    return success(await queries.documentHistory(actor, entityName, documentId));
  });
  post(`${BPM_PROCESS_PATH}/doWithdraw`, async (actor, body) => {
    const { entityName, documentId } = documentOf(body);
    await engine.withdraw(actor, entityName, documentId, decision(body));
    return success(null);
  });
  post(`${BPM_PROCESS_PATH}/listMyProcesses`, async (actor, body) => {
    const page = paging(body);
    return paged(
      await queries.mine(actor, { ...page, status: optionalText(body, 'status', 20) }),
      page.pageIndex,
    );
  });
  post(`${BPM_PROCESS_PATH}/listMonitoring`, async (actor, body) => {
    const page = paging(body);
    const stuckHours = body.stuckHours === undefined ? undefined : Number(body.stuckHours);
    if (stuckHours !== undefined && !(Number.isFinite(stuckHours) && stuckHours > 0)) throw bad('stuckHours');
    return paged(
      await queries.monitoring(actor, { ...page, status: optionalText(body, 'status', 20), stuckHours }),
      page.pageIndex,
    );
  });
}
