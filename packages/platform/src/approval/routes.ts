// The process server's endpoints (/api/bpm): todo and handled tasks, decisions on a task, the
// processes a user started, a document's history and preview, withdrawal and monitoring.
// Every endpoint needs a signed-in user; what each may see or decide is checked by the engine
// (a document's history and preview need its read grant; a task moves only to a user who could
// decide it); reassigning somebody else's task needs the resource BPM_REASSIGN_RESOURCE.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BPM_REASSIGN_RESOURCE,
  DEFAULT_PAGE_SIZE,
  type InputOf,
  attachments,
  checkbox,
  number,
  ref,
  refs,
  text,
  textarea,
} from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { type ClientError, type RouteScope, declareRoute, fieldError } from '../http/route';
import type { DecisionInput, ApprovalEngine } from './engine';
import { ApprovalQueries } from './queries';

export const BPM_TASK_PATH = '/api/bpm/v1/bpmTaskRestful';
export const BPM_PROCESS_PATH = '/api/bpm/v1/bpmProcessRestful';
const MAX_COMMENT = 2000;
const MAX_PAGE_ROWS = 500;

const paging = {
  pageIndex: number({ min: 1 }),
  pageRows: number({ min: 1, max: MAX_PAGE_ROWS }),
  entityName: text({ max: 80 }),
  documentNumber: text({ max: 120 }),
};
const decisionFields = {
  comment: textarea({ max: MAX_COMMENT }),
  attachmentIds: attachments({ maxCount: 50 }),
  internalFlag: checkbox({ values: 'YN' }),
};
const taskId = ref('bpmTask', { required: true });
const documentFields = {
  entityName: text({ required: true, max: 80 }),
  documentId: number({ required: true, min: 1 }),
};

function pageOf(input: InputOf<typeof paging>) {
  return {
    pageIndex: input.pageIndex ?? 1,
    pageRows: input.pageRows ?? DEFAULT_PAGE_SIZE,
    entityName: input.entityName ?? undefined,
    documentNumber: input.documentNumber ?? undefined,
  };
}

function decision(input: InputOf<typeof decisionFields>): DecisionInput {
  return {
    comment: input.comment ?? null,
    attachmentIds: input.attachmentIds ?? null,
    internalFlag: input.internalFlag === 'Y' ? 'Y' : 'N',
  };
}

const rowsAnswer = { kind: 'envelope', data: { type: 'array', items: { type: 'object' } } } as const;
const pageAnswer = { ...rowsAnswer, paged: true } as const;
const done = { kind: 'envelope', data: { type: 'null' } } as const;

export function registerApprovalRoutes(
  app: FastifyInstance,
  options: { engine: ApprovalEngine; actorOf: (request: FastifyRequest) => Promise<Actor> },
): void {
  const { engine, actorOf } = options;
  const queries = new ApprovalQueries(engine);
  const common = {
    method: 'POST',
    access: 'authenticated',
    invalid: fieldError('bpm.badInput'),
  } as const;
  const paged = (result: { rows: unknown[]; count: number }, pageIndex: number) =>
    success(result.rows, '', { count: result.count, curIndex: pageIndex });
  const decided = (
    path: string,
    summary: string,
    scope: RouteScope,
    decide: (
      actor: Actor,
      input: { taskId: number; toUserId: number | null; nodeNum: number | null },
      body: DecisionInput,
    ) => Promise<unknown>,
    extra: { toUserId?: boolean; nodeNum?: boolean } = {},
    errors: readonly ClientError[] = [404, 409, 422],
  ) =>
    declareRoute(app, {
      ...common,
      path,
      summary,
      input: {
        taskId,
        ...decisionFields,
        ...(extra.toUserId ? { toUserId: ref('baseUser', { required: true }) } : {}),
        ...(extra.nodeNum ? { nodeNum: number({ min: 1 }) } : {}),
      },
      scope,
      success: done,
      errors,
      handle: async ({ request, input }) => {
        const values = input as typeof input & { toUserId?: number; nodeNum?: number | null };
        await decide(
          await actorOf(request),
          { taskId: values.taskId, toUserId: values.toUserId ?? null, nodeNum: values.nodeNum ?? null },
          decision(values),
        );
        return success(null);
      },
    });

  // Tasks: the todo list (myApproval, gtasks, myUpcoming, insidePendingList, supplierPendingList)
  // and the handled list (insideHandledList, supplierHandledList).
  declareRoute(app, {
    ...common,
    path: `${BPM_TASK_PATH}/findTodoTasks`,
    summary: "A page of the caller's pending approval tasks",
    input: paging,
    scope: 'self',
    success: pageAnswer,
    handle: async ({ request, input }) => {
      const page = pageOf(input);
      return paged(await queries.todo(await actorOf(request), page), page.pageIndex);
    },
  });
  declareRoute(app, {
    ...common,
    path: `${BPM_TASK_PATH}/countTodoTasks`,
    summary: 'How many approval tasks wait for the caller',
    input: {},
    scope: 'self',
    success: { kind: 'envelope', data: { type: 'object', properties: { count: { type: 'integer' } } } },
    handle: async ({ request }) => success({ count: await queries.countTodo(await actorOf(request)) }),
  });
  declareRoute(app, {
    ...common,
    path: `${BPM_TASK_PATH}/findHistoricTasks`,
    summary: 'A page of the approval tasks the caller has handled',
    input: paging,
    scope: 'self',
    success: pageAnswer,
    handle: async ({ request, input }) => {
      const page = pageOf(input);
      return paged(await queries.handled(await actorOf(request), page), page.pageIndex);
    },
  });
  declareRoute(app, {
    ...common,
    path: `${BPM_TASK_PATH}/getTaskUrl`,
    summary: "Where a task's document opens (its screen and record)",
    input: { taskId },
    scope: 'self',
    errors: [404],
    handle: async ({ request, input }) =>
      success(await queries.taskTarget(await actorOf(request), input.taskId)),
  });
  decided(`${BPM_TASK_PATH}/doApprove`, 'Approves a task of the caller', 'self', (actor, input, body) =>
    engine.approve(actor, input.taskId, body),
  );
  // 批量审批: { taskIds: [1, 2] | "1,2" (≤ 1,000), comment? } → per task { taskId, ok, msg }.
  declareRoute(app, {
    ...common,
    path: `${BPM_TASK_PATH}/doBatchApprove`,
    summary: 'Approves several tasks of the caller, each on its own; answers how each went',
    input: { taskIds: refs('bpmTask', { required: true, max: 1000 }), ...decisionFields },
    scope: 'self',
    success: rowsAnswer,
    handle: async ({ request, input }) => {
      const results = await engine.approveMany(await actorOf(request), input.taskIds, decision(input));
      const approved = results.filter((result) => result.ok).length;
      return success(results, approved === results.length ? '' : `${approved}/${results.length}`);
    },
  });
  decided(`${BPM_TASK_PATH}/doReject`, 'Rejects a task of the caller', 'self', (actor, input, body) =>
    engine.reject(actor, input.taskId, body),
  );
  decided(
    `${BPM_TASK_PATH}/doReturn`,
    'Returns a task of the caller to an earlier node (the previous one by default)',
    'self',
    (actor, input, body) => engine.returnTo(actor, input.taskId, { ...body, nodeNum: input.nodeNum }),
    { nodeNum: true },
  );
  decided(
    `${BPM_TASK_PATH}/doTransfer`,
    'Hands a task of the caller to another user who could decide it',
    'self',
    (actor, input, body) => engine.transfer(actor, input.taskId, input.toUserId!, body),
    { toUserId: true },
  );
  decided(
    `${BPM_TASK_PATH}/doAddSign`,
    'Adds an approver to a task of the caller',
    'self',
    (actor, input, body) => engine.addSign(actor, input.taskId, input.toUserId!, body),
    { toUserId: true },
  );
  // Giving somebody else's task to another user (themselves included) is an administrator's
  // right of its own: seeing every organisation is not enough.
  declareRoute(app, {
    ...common,
    path: `${BPM_TASK_PATH}/doReassign`,
    summary: "Gives somebody's pending task to another user (process monitoring)",
    input: { taskId, toUserId: ref('baseUser', { required: true }), ...decisionFields },
    access: { resource: BPM_REASSIGN_RESOURCE },
    scope: 'record',
    success: done,
    errors: [404, 409, 422],
    handle: async ({ request, input }) => {
      const actor = await actorOf(request);
      if (actor.side !== 'internal') throw new AppError(403, 'bpm.monitorDenied');
      await engine.reassign(actor, input.taskId, input.toUserId, decision(input));
      return success(null);
    },
  });

  // Processes: a document's preview, history and withdrawal; mine (myBpmMatterList); monitoring.
  declareRoute(app, {
    ...common,
    path: `${BPM_PROCESS_PATH}/preview`,
    summary: 'The approval process an action of a document would start: its nodes and approvers',
    input: { ...documentFields, action: text({ max: 60 }) },
    scope: 'record',
    errors: [404, 422],
    handle: async ({ request, input }) =>
      success(
        await engine.preview(
          await actorOf(request),
          input.entityName,
          input.documentId,
          input.action ?? undefined,
        ),
      ),
  });
  declareRoute(app, {
    ...common,
    path: `${BPM_PROCESS_PATH}/findHistory`,
    summary: "A document's approvals: its processes, decisions and pending approvers",
    input: documentFields,
    scope: 'record',
    errors: [404],
    handle: async ({ request, input }) =>
      success(await queries.documentHistory(await actorOf(request), input.entityName, input.documentId)),
  });
  declareRoute(app, {
    ...common,
    path: `${BPM_PROCESS_PATH}/doWithdraw`,
    summary: 'Withdraws the running approval of a document the caller submitted',
    input: { ...documentFields, ...decisionFields },
    scope: 'record',
    success: done,
    errors: [404, 409, 422],
    handle: async ({ request, input }) => {
      await engine.withdraw(await actorOf(request), input.entityName, input.documentId, decision(input));
      return success(null);
    },
  });
  declareRoute(app, {
    ...common,
    path: `${BPM_PROCESS_PATH}/listMyProcesses`,
    summary: 'A page of the approval processes the caller started',
    input: { ...paging, status: text({ max: 20 }) },
    scope: 'self',
    success: pageAnswer,
    handle: async ({ request, input }) => {
      const page = pageOf(input);
      return paged(
        await queries.mine(await actorOf(request), { ...page, status: input.status ?? undefined }),
        page.pageIndex,
      );
    },
  });
  declareRoute(app, {
    ...common,
    path: `${BPM_PROCESS_PATH}/listMonitoring`,
    summary: 'A page of every running (or stuck) process, for administrators of every organisation',
    input: { ...paging, status: text({ max: 20 }), stuckHours: number({ precision: 4, min: 0.0001 }) },
    scope: 'record',
    success: pageAnswer,
    errors: [403],
    handle: async ({ request, input }) => {
      const page = pageOf(input);
      return paged(
        await queries.monitoring(await actorOf(request), {
          ...page,
          status: input.status ?? undefined,
          stuckHours: input.stuckHours ?? undefined,
        }),
        page.pageIndex,
      );
    },
  });
}
