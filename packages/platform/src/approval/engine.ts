// The approval engine (bpm): starts a process when a document's action names one, creates the
// tasks of each node, takes decisions (approve, reject, return, transfer, add-sign), lets the
// submitter withdraw before anyone decided, and fires the document's approval action in the
// same transaction as the last decision. Every decision locks the instance and the task, so
// two people deciding one task at once cannot both count. A task moves (transfer, add-sign,
// reassign) only to a user who could decide it: internal, active, reading the document.
import { type SQL, and, eq, sql } from 'drizzle-orm';
import {
  APPROVE_ACTION,
  type EntityDef,
  REJECT_ACTION,
  STATUS_FIELD,
  WITHDRAW_ACTION,
  actionBelongsToApproval,
  actionLabel,
} from '@srm/kernel';
import { type Executor, queryRows } from '@srm/db';
import type { Actor } from '../access/actor';
import type { RecordAccess } from '../access/records';
import { AppError } from '../http/errors';
import type { HookContext } from '../entity/hooks';
import type { Row } from '../entity/rows';
import type { ApprovalGateway, EntityRuntime } from '../entity/runtime';
import type { MessageParam } from '../messaging/site-messages';
import { type Route, type RouteNode, businessDay, loadTemplate, managerOf, planRoute } from './route';
import { bpmHistory, bpmInstance, bpmTask } from './tables';

export type HistoryAction =
  | 'SUBMIT'
  | 'APPROVE'
  | 'REJECT'
  | 'RETURN'
  | 'TRANSFER'
  | 'ADD_SIGN'
  | 'WITHDRAW'
  | 'SKIP'
  | 'COMPLETE'
  | 'REASSIGN'
  | 'REMIND'
  | 'ESCALATE';

/** History actions that are decisions: after one, the submitter can no longer withdraw. */
const DECISIONS: HistoryAction[] = ['APPROVE', 'REJECT', 'RETURN', 'TRANSFER', 'ADD_SIGN'];

export interface DecisionInput {
  readonly comment?: string | null;
  readonly attachmentIds?: string | null;
  /** Y: the comment is for internal users only. */
  readonly internalFlag?: 'Y' | 'N';
}

export interface InstanceRow {
  instanceId: number;
  templateId: number;
  processKey: string;
  templateVersion: number;
  route: Route;
  entityName: string;
  documentId: number;
  documentNumber: string | null;
  action: string;
  submitterId: number;
  supplierId: number | null;
  status: string;
  currentNode: number;
  round: number;
  startedAt: Date;
  endedAt: Date | null;
}

type TaskRow = typeof bpmTask.$inferSelect;

/**
 * The submitter of a process started by the platform for an outside party (a company's
 * registration submitted through the public endpoints): no user, so nobody is told at the end
 * and only the platform may withdraw it.
 */
export const PLATFORM_SUBMITTER = 0;

function fail(status: 400 | 403 | 404 | 409 | 422, key: string, params?: Record<string, string | number>) {
  return new AppError(status, key, params);
}

export class ApprovalEngine implements ApprovalGateway {
  constructor(
    readonly runtime: EntityRuntime,
    /** Who may read a document: for its history and preview, and for whom a task may move to. */
    readonly access: RecordAccess,
  ) {}

  // ------------------------------------------------------------------ the document side

  /**
   * This action belongs to the process: while a document waits, only the process moves it, and
   * its approval action is never called directly.
   */
  controls(entity: EntityDef, actionName: string, status?: string): boolean {
    return actionBelongsToApproval(entity, actionName, status);
  }

  async start(
    context: HookContext,
    entity: EntityDef,
    row: Row,
    action: string,
    processKey: string,
  ): Promise<void> {
    const { tx, actor, now } = context;
    const documentId = row[entity.key] as number;
    const submitterId =
      actor.userId ?? (row.createdBy as number | null) ?? (actor.system ? PLATFORM_SUBMITTER : null);
    if (submitterId === null) throw fail(422, 'bpm.noSubmitter');
    const running = await this.runningInstance(tx, entity.name, documentId, false);
    if (running) throw fail(409, 'bpm.alreadyRunning');
    const template = await loadTemplate(tx, processKey);
    if (!template) {
      throw fail(422, 'bpm.noTemplate', {
        action: actionLabel(this.runtime.messages(), actor.locale, entity.name, action),
        key: processKey,
      });
    }
    const route = await planRoute(this.runtime, tx, {
      template,
      entity,
      row,
      submitterId,
      now,
      locale: actor.locale,
    });
    const [instance] = await tx
      .insert(bpmInstance)
      .values({
        templateId: template.templateId,
        processKey,
        templateVersion: template.version,
        route,
        entityName: entity.name,
        documentId,
        documentNumber: documentNumber(entity, row),
        action,
        submitterId,
        supplierId: entity.ownedBy ? ((row[entity.ownedBy] as number | null) ?? null) : null,
        status: 'RUNNING',
        currentNode: 0,
        startedAt: now,
      })
      .returning();
    const created = instance as unknown as InstanceRow;
    await this.record(tx, created, { action: 'SUBMIT', userId: submitterId, now });
    for (const skipped of route.skipped) {
      await this.record(tx, created, {
        action: 'SKIP',
        nodeName: skipped.nodeName,
        now,
      });
    }
    if (!route.nodes.length) {
      await this.complete(tx, actor, created, now, null);
      return;
    }
    await this.createTasks(tx, created, 0, now);
  }

  // ------------------------------------------------------------------ decisions

  async approve(actor: Actor, taskId: number, input: DecisionInput): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const { task, instance, onBehalfOf } = await this.lockTask(tx, actor, taskId);
      // One round trip: close the task, record the decision, read this round's tasks (as they
      // were before the statement: the closed task is counted as approved below).
      const round = await queryRows<{ task_id: number; kind: string; status: string }>(
        tx,
        sql`with closed as (
              update bpm_task set status = 'APPROVED', decided_at = ${now}, decided_by = ${actor.userId},
                comment = ${input.comment?.trim() || null}
              where task_id = ${task.taskId}),
            recorded as (${this.historyInsert(instance, {
              action: 'APPROVE',
              task,
              userId: actor.userId,
              onBehalfOfId: onBehalfOf,
              input,
              now,
            })})
            select task_id, kind, status from bpm_task where instance_id = ${instance.instanceId} and round = ${task.round}`,
      );
      const tasks = round.map((row) =>
        Number(row.task_id) === task.taskId ? { kind: row.kind, status: 'APPROVED' } : row,
      );
      await this.advanceIfDone(tx, actor, instance, task.nodeIndex, task.round, now, tasks);
    });
  }

  /**
   * Approves several tasks with one comment (批量审批), each in its own transaction: one that
   * cannot be approved (decided meanwhile, not mine) is reported and the others go on.
   */
  async approveMany(
    actor: Actor,
    taskIds: readonly number[],
    input: DecisionInput,
  ): Promise<{ taskId: number; ok: boolean; msg: string | null }[]> {
    const results: { taskId: number; ok: boolean; msg: string | null }[] = [];
    for (const taskId of taskIds) {
      try {
        await this.approve(actor, taskId, input);
        results.push({ taskId, ok: true, msg: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({
          taskId,
          ok: false,
          msg: error.render
            ? error.render(actor.locale).msg
            : this.runtime.t(actor.locale, error.messageKey, error.params),
        });
      }
    }
    return results;
  }

  async reject(actor: Actor, taskId: number, input: DecisionInput): Promise<void> {
    const comment = requireComment(input);
    await this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const { task, instance, onBehalfOf } = await this.lockTask(tx, actor, taskId);
      await this.closeTask(tx, task, 'REJECTED', actor, input, now);
      await this.cancelPending(tx, instance.instanceId, null);
      await this.finish(tx, instance, 'REJECTED', now);
      await this.record(tx, instance, {
        action: 'REJECT',
        task,
        userId: actor.userId,
        onBehalfOfId: onBehalfOf,
        input,
        now,
      });
      // The document's own log is read by its supplier too: an internal comment stays in the
      // approval history (hidden from suppliers) and the document gets a neutral one.
      const documentComment =
        input.internalFlag === 'Y' ? this.runtime.t('zh-CN', 'bpm.internalRejectComment') : comment;
      await this.fire(actor, instance, REJECT_ACTION, documentComment);
      await this.tellSubmitter(instance, 'rejected', { task, actor, input });
    });
  }

  /** Sends the process back to an earlier node (the previous one by default). */
  async returnTo(
    actor: Actor,
    taskId: number,
    input: DecisionInput & { nodeNum?: number | null },
  ): Promise<void> {
    requireComment(input);
    await this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const { task, instance, onBehalfOf } = await this.lockTask(tx, actor, taskId);
      const target =
        input.nodeNum === null || input.nodeNum === undefined
          ? task.nodeIndex - 1
          : instance.route.nodes.findIndex((node) => node.nodeNum === input.nodeNum);
      if (task.nodeIndex === 0) throw fail(422, 'bpm.noPreviousNode');
      if (target < 0 || target >= task.nodeIndex) throw fail(422, 'bpm.badReturnNode');
      await this.closeTask(tx, task, 'RETURNED', actor, input, now);
      await this.cancelPending(tx, instance.instanceId, task.nodeIndex);
      await this.record(tx, instance, {
        action: 'RETURN',
        task,
        userId: actor.userId,
        onBehalfOfId: onBehalfOf,
        input,
        now,
        nodeName: instance.route.nodes[target]!.nodeName,
      });
      await this.createTasks(tx, instance, target, now);
    });
  }

  /** Hands my task to another user, who decides in my place. */
  async transfer(actor: Actor, taskId: number, toUserId: number, input: DecisionInput): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const { task, instance, onBehalfOf } = await this.lockTask(tx, actor, taskId);
      // Taking over a task (a delegate's own) is the administrator's reassignment only.
      if (toUserId === actor.userId) throw fail(403, 'bpm.toSelf');
      await this.checkNewAssignee(tx, instance, task, toUserId);
      await this.closeTask(tx, task, 'TRANSFERRED', actor, input, now);
      await this.insertTask(tx, instance, task.nodeIndex, task.round, toUserId, task.kind, now);
      await this.tellApprovers(instance, instance.route.nodes[task.nodeIndex]!, [toUserId]);
      await this.record(tx, instance, {
        action: 'TRANSFER',
        task,
        userId: actor.userId,
        onBehalfOfId: onBehalfOf,
        targetUserId: toUserId,
        input,
        now,
      });
    });
  }

  /** Adds an approver to my node (加签): the node completes only once they approve too. */
  async addSign(actor: Actor, taskId: number, toUserId: number, input: DecisionInput): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const { task, instance, onBehalfOf } = await this.lockTask(tx, actor, taskId);
      if (toUserId === actor.userId) throw fail(403, 'bpm.toSelf');
      await this.checkNewAssignee(tx, instance, task, toUserId);
      await this.insertTask(tx, instance, task.nodeIndex, task.round, toUserId, 'ADD_SIGN', now);
      await this.tellApprovers(instance, instance.route.nodes[task.nodeIndex]!, [toUserId]);
      await this.record(tx, instance, {
        action: 'ADD_SIGN',
        task,
        userId: actor.userId,
        onBehalfOfId: onBehalfOf,
        targetUserId: toUserId,
        input,
        now,
      });
    });
  }

  /** The submitter pulls the document back, as long as nobody has decided anything yet. */
  async withdraw(actor: Actor, entityName: string, documentId: number, input: DecisionInput): Promise<void> {
    const entity = this.entityOf(entityName);
    await this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      await this.runtime.service(entity.name).find(actor, documentId);
      const instance = await this.runningInstance(tx, entity.name, documentId, true);
      if (!instance) throw fail(409, 'bpm.noRunningProcess');
      // The platform withdraws for an outside party (PLATFORM_SUBMITTER), nobody else's.
      const withdrawer = actor.userId ?? (actor.system ? PLATFORM_SUBMITTER : null);
      if (instance.submitterId !== withdrawer) throw fail(403, 'bpm.notSubmitter');
      const decided = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from bpm_history where instance_id = ${instance.instanceId}
            and action in (${sql.join(
              DECISIONS.map((action) => sql`${action}`),
              sql`, `,
            )})`,
      );
      if (Number(decided[0]!.n) > 0) throw fail(409, 'bpm.withdrawNotAllowed');
      await this.cancelPending(tx, instance.instanceId, null);
      await this.finish(tx, instance, 'WITHDRAWN', now);
      await this.record(tx, instance, { action: 'WITHDRAW', userId: actor.userId, input, now });
      // The document's log is read by its supplier: an internal comment stays in the history.
      const comment =
        (input.internalFlag === 'Y' ? null : input.comment?.trim()) ||
        this.runtime.t(actor.locale, 'bpm.withdrawComment');
      const current = (await this.runtime.service(entity.name).find({ ...actor, system: true }, documentId))[
        STATUS_FIELD
      ] as string;
      const withdraw = entity.workflow?.actions[WITHDRAW_ACTION];
      await this.fire(
        actor,
        instance,
        withdraw && withdraw.from.includes(current) ? WITHDRAW_ACTION : REJECT_ACTION,
        comment,
      );
    });
  }

  /**
   * An administrator gives a pending task to another user (someone left, a node is stuck), who
   * may be the administrator, if they could decide it.
   */
  async reassign(actor: Actor, taskId: number, toUserId: number, input: DecisionInput): Promise<void> {
    await this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const task = await this.lockPendingTask(tx, taskId);
      const instance = (await this.instanceById(tx, task.instanceId))!;
      await this.checkNewAssignee(tx, instance, task, toUserId);
      await tx
        .update(bpmTask)
        .set({
          status: 'TRANSFERRED',
          decidedAt: now,
          decidedBy: actor.userId,
          comment: input.comment ?? null,
        })
        .where(eq(bpmTask.taskId, task.taskId));
      await this.insertTask(tx, instance, task.nodeIndex, task.round, toUserId, task.kind, now);
      await this.tellApprovers(instance, instance.route.nodes[task.nodeIndex]!, [toUserId]);
      await this.record(tx, instance, {
        action: 'REASSIGN',
        task,
        userId: actor.userId,
        onBehalfOfId: task.assigneeId,
        targetUserId: toUserId,
        input,
        now,
      });
    });
  }

  // ------------------------------------------------------------------ reminders and escalation

  /**
   * Reminds the assignee of an overdue task (催办): an in-app message and an e-mail, counted on
   * the task and recorded in the history. False when the task was decided meanwhile.
   */
  async remind(taskId: number, hours: number, seenCount: number): Promise<boolean> {
    return this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const locked = await this.lockForSystem(tx, taskId);
      // Another sweep (another node) reminded it meanwhile.
      if (!locked || locked.task.remindCount !== seenCount) return false;
      const { task, instance } = locked;
      await tx
        .update(bpmTask)
        .set({ remindedAt: now, remindCount: sql`${bpmTask.remindCount} + 1` })
        .where(eq(bpmTask.taskId, task.taskId));
      await this.record(tx, instance, { action: 'REMIND', task, targetUserId: task.assigneeId, now });
      const node = instance.route.nodes[task.nodeIndex];
      await this.runtime.plugins.siteMessages?.notify({
        userIds: [task.assigneeId],
        titleKey: 'message.bpm.remindTitle',
        contentKey: 'message.bpm.remindContent',
        params: {
          ...this.documentParams(instance),
          node: node ? { zh: node.nodeName, en: node.nodeNameEn } : task.nodeName,
          hours,
        },
        link: { entityName: instance.entityName, documentId: instance.documentId },
        source: 'BPM_REMIND',
        email: true,
        // The n-th reminder of a task: a sweep that runs twice reminds once.
        eventId: `task-${task.taskId}-remind-${seenCount + 1}`,
      });
      return true;
    });
  }

  /**
   * Moves an overdue task to the assignee's manager (line manager or department head): the task
   * is closed as ESCALATED, the manager gets it in the same node and round, the history records
   * who it was taken from, and the manager is told (in-app and e-mail). Without a manager who
   * may take it, the task stays and is not tried again. False when nothing moved.
   */
  async escalate(taskId: number, prefer: 'LINE_MANAGER' | 'DEPT_HEAD', hours: number): Promise<boolean> {
    return this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const locked = await this.lockForSystem(tx, taskId);
      if (!locked || locked.task.escalatedAt) return false;
      const { task, instance } = locked;
      const manager = await managerOf(tx, task.assigneeId, prefer);
      const taken =
        manager &&
        manager.userId !== instance.submitterId &&
        !(
          await tx
            .select({ taskId: bpmTask.taskId })
            .from(bpmTask)
            .where(
              and(
                eq(bpmTask.instanceId, instance.instanceId),
                eq(bpmTask.nodeIndex, task.nodeIndex),
                eq(bpmTask.assigneeId, manager.userId),
                eq(bpmTask.status, 'PENDING'),
              ),
            )
        ).length;
      if (!manager || !taken) {
        await tx.update(bpmTask).set({ escalatedAt: now }).where(eq(bpmTask.taskId, task.taskId));
        return false;
      }
      await tx
        .update(bpmTask)
        .set({ status: 'ESCALATED', decidedAt: now, escalatedAt: now })
        .where(eq(bpmTask.taskId, task.taskId));
      await this.insertTask(tx, instance, task.nodeIndex, task.round, manager.userId, task.kind, now);
      await this.record(tx, instance, {
        action: 'ESCALATE',
        task,
        onBehalfOfId: task.assigneeId,
        targetUserId: manager.userId,
        now,
      });
      const node = instance.route.nodes[task.nodeIndex];
      const assignee = await queryRows<{ user_full_name: string }>(
        tx,
        sql`select user_full_name from base_user where user_id = ${task.assigneeId}`,
      );
      await this.runtime.plugins.siteMessages?.notify({
        userIds: [manager.userId],
        titleKey: 'message.bpm.escalateTitle',
        contentKey: 'message.bpm.escalateContent',
        params: {
          ...this.documentParams(instance),
          node: node ? { zh: node.nodeName, en: node.nodeNameEn } : task.nodeName,
          assignee: assignee[0]?.user_full_name ?? '',
          hours,
        },
        link: { entityName: instance.entityName, documentId: instance.documentId },
        source: 'BPM_ESCALATE',
        email: true,
        eventId: `task-${task.taskId}-escalate`,
      });
      return true;
    });
  }

  /** Locks a pending task of a running instance for the platform's own steps; null if decided. */
  private async lockForSystem(
    tx: Executor,
    taskId: number,
  ): Promise<{ task: TaskRow; instance: InstanceRow } | null> {
    const [peek] = await tx.select().from(bpmTask).where(eq(bpmTask.taskId, taskId));
    if (!peek || peek.status !== 'PENDING') return null;
    const instance = await this.instanceById(tx, peek.instanceId, true);
    if (!instance || instance.status !== 'RUNNING') return null;
    const [task] = await tx.select().from(bpmTask).where(eq(bpmTask.taskId, taskId)).for('update');
    return task && task.status === 'PENDING' ? { task, instance } : null;
  }

  // ------------------------------------------------------------------ reading

  /** Who would approve this document, node by node, if the user submitted it now. */
  async preview(actor: Actor, entityName: string, documentId: number, actionName?: string) {
    const entity = this.entityOf(entityName);
    const actions = Object.entries(entity.workflow?.actions ?? {}).filter(([name, action]) =>
      actionName ? name === actionName && action.approval : action.approval,
    );
    const found = actions[0];
    if (!found) throw fail(404, 'bpm.noApprovalAction');
    const [action, definition] = found;
    return this.runtime.transaction(async (tx) => {
      const row = await this.readDocument(actor, entity, documentId);
      const template = await loadTemplate(tx, definition.approval!);
      if (!template) {
        throw fail(422, 'bpm.noTemplate', {
          action: actionLabel(this.runtime.messages(), actor.locale, entity.name, action),
          key: definition.approval!,
        });
      }
      const submitterId = actor.userId ?? 0;
      const route = await planRoute(this.runtime, tx, {
        template,
        entity,
        row,
        submitterId,
        now: this.runtime.clock.now(),
        locale: actor.locale,
      });
      return {
        processKey: template.processKey,
        processName: template.processName,
        templateVersion: template.version,
        action,
        nodes: route.nodes,
        skipped: route.skipped,
      };
    });
  }

  async runningInstance(
    tx: Executor,
    entityName: string,
    documentId: number,
    lock: boolean,
  ): Promise<InstanceRow | null> {
    const query = tx
      .select()
      .from(bpmInstance)
      .where(
        and(
          eq(bpmInstance.entityName, entityName),
          eq(bpmInstance.documentId, documentId),
          eq(bpmInstance.status, 'RUNNING'),
        ),
      );
    const rows = lock ? await query.for('update') : await query;
    return (rows[0] as unknown as InstanceRow | undefined) ?? null;
  }

  async instanceById(tx: Executor, instanceId: number, lock = false): Promise<InstanceRow | null> {
    const query = tx.select().from(bpmInstance).where(eq(bpmInstance.instanceId, instanceId));
    const rows = lock ? await query.for('update') : await query;
    return (rows[0] as unknown as InstanceRow | undefined) ?? null;
  }

  /** Users who have delegated their approvals to this user today (user authorisations). */
  async delegatorsOf(tx: Executor, userId: number, now: Date): Promise<number[]> {
    const today = businessDay(now, this.runtime.timeZone);
    const rows = await queryRows<{ from_user_id: number }>(
      tx,
      sql`select distinct from_user_id from base_user_authorisation
          where to_user_id = ${userId} and enabled_flag = 'Y' and authorisation_scope in ('APPROVAL', 'ALL')
            and start_date <= ${today}::date and end_date >= ${today}::date`,
    );
    return rows.map((row) => Number(row.from_user_id));
  }

  entityOf(entityName: string): EntityDef {
    const entity = this.runtime.registry.find(entityName);
    if (!entity || !entity.workflow) throw fail(404, 'bpm.unknownDocument', { entity: entityName });
    return entity;
  }

  /**
   * The document as the actor reads it, for its approval's history and preview: a 403 without
   * the entity's read grant, the engine's 404 (or 403) when it is outside the actor's scope.
   */
  async readDocument(actor: Actor, entity: EntityDef, documentId: number): Promise<Row> {
    if (!(await this.access.mayReadEntity(actor, entity.name))) throw fail(403, 'bpm.documentDenied');
    return this.runtime.service(entity.name).find(actor, documentId);
  }

  // ------------------------------------------------------------------ internals

  /**
   * Locks the task's instance, then the task, and checks that the caller may decide it: the
   * assignee, or a user the assignee delegated approvals to today. Never the submitter.
   */
  private async lockTask(
    tx: Executor,
    actor: Actor,
    taskId: number,
  ): Promise<{ task: TaskRow; instance: InstanceRow; onBehalfOf: number | null }> {
    if (actor.userId === null) throw fail(404, 'bpm.taskNotFound');
    // One statement locks the instance, then the task (the rows' order in FROM), as everywhere.
    const [locked] = await tx
      .select({ instance: bpmInstance, task: bpmTask })
      .from(bpmInstance)
      .innerJoin(bpmTask, eq(bpmTask.instanceId, bpmInstance.instanceId))
      .where(eq(bpmTask.taskId, taskId))
      .for('update');
    if (!locked) throw fail(404, 'bpm.taskNotFound');
    const task = locked.task;
    const instance = locked.instance as unknown as InstanceRow;
    if (task.status !== 'PENDING') throw fail(409, 'bpm.taskDecided');
    let onBehalfOf: number | null = null;
    if (task.assigneeId !== actor.userId) {
      const delegators = await this.delegatorsOf(tx, actor.userId, this.runtime.clock.now());
      if (!delegators.includes(task.assigneeId)) throw fail(404, 'bpm.taskNotFound');
      onBehalfOf = task.assigneeId;
    }
    if (!instance || instance.status !== 'RUNNING') throw fail(409, 'bpm.taskDecided');
    if (instance.submitterId === actor.userId) throw fail(403, 'bpm.selfApproval');
    return { task, instance, onBehalfOf };
  }

  private async lockPendingTask(tx: Executor, taskId: number): Promise<TaskRow> {
    const [task] = await tx.select().from(bpmTask).where(eq(bpmTask.taskId, taskId)).for('update');
    if (!task) throw fail(404, 'bpm.taskNotFound');
    if (task.status !== 'PENDING') throw fail(409, 'bpm.taskDecided');
    return task;
  }

  /**
   * A task may move to this user: active, not the submitter, internal, able to read the
   * document, and not yet an approver of the node.
   */
  private async checkNewAssignee(
    tx: Executor,
    instance: InstanceRow,
    task: TaskRow,
    toUserId: number,
  ): Promise<void> {
    const [user] = await queryRows<{ user_type: string; user_name: string; user_full_name: string | null }>(
      tx,
      sql`select user_type, user_name, user_full_name from base_user where user_id = ${toUserId} and status = 'ACTIVE'`,
    );
    if (!user) throw fail(400, 'bpm.userUnknown');
    if (toUserId === instance.submitterId) throw fail(403, 'bpm.selfApproval');
    // Approvals are the buying company's decisions: never a supplier user's.
    if (user.user_type !== 'INTERNAL') throw fail(403, 'bpm.assigneeExternal');
    // Only someone who could be an approver: reading the document under one of their
    // responsibilities (its read grant, its organisation and category in their scope).
    if (!(await this.access.userMayRead(toUserId, instance.entityName, instance.documentId)))
      throw fail(403, 'bpm.assigneeNoRight', { user: user.user_full_name || user.user_name });
    const pending = await tx
      .select({ taskId: bpmTask.taskId })
      .from(bpmTask)
      .where(
        and(
          eq(bpmTask.instanceId, instance.instanceId),
          eq(bpmTask.nodeIndex, task.nodeIndex),
          eq(bpmTask.assigneeId, toUserId),
          eq(bpmTask.status, 'PENDING'),
        ),
      );
    if (pending.length) throw fail(409, 'bpm.alreadyApprover');
  }

  private async closeTask(
    tx: Executor,
    task: TaskRow,
    status: string,
    actor: Actor,
    input: DecisionInput,
    now: Date,
  ): Promise<void> {
    await tx
      .update(bpmTask)
      .set({ status, decidedAt: now, decidedBy: actor.userId, comment: input.comment?.trim() || null })
      .where(eq(bpmTask.taskId, task.taskId));
  }

  /** Pending tasks of the instance (of one node, or all) are no longer needed. */
  private async cancelPending(tx: Executor, instanceId: number, nodeIndex: number | null): Promise<void> {
    await tx
      .update(bpmTask)
      .set({ status: 'CANCELLED' })
      .where(
        and(
          eq(bpmTask.instanceId, instanceId),
          eq(bpmTask.status, 'PENDING'),
          ...(nodeIndex === null ? [] : [eq(bpmTask.nodeIndex, nodeIndex)]),
        ),
      );
  }

  private async finish(tx: Executor, instance: InstanceRow, status: string, now: Date): Promise<void> {
    await tx
      .update(bpmInstance)
      .set({ status, endedAt: now })
      .where(eq(bpmInstance.instanceId, instance.instanceId));
  }

  private async insertTask(
    tx: Executor,
    instance: InstanceRow,
    nodeIndex: number,
    round: number,
    assigneeId: number,
    kind: string,
    now: Date,
  ): Promise<void> {
    const node = instance.route.nodes[nodeIndex]!;
    await tx.insert(bpmTask).values({
      instanceId: instance.instanceId,
      nodeIndex,
      round,
      nodeName: node.nodeName,
      assigneeId,
      kind,
      status: 'PENDING',
      entityName: instance.entityName,
      documentId: instance.documentId,
      documentNumber: instance.documentNumber,
      submitterId: instance.submitterId,
      createdAt: now,
    });
  }

  /** Makes a node current: a new round of tasks, one per approver. */
  private async createTasks(
    tx: Executor,
    instance: InstanceRow,
    nodeIndex: number,
    now: Date,
  ): Promise<void> {
    const node: RouteNode = instance.route.nodes[nodeIndex]!;
    const [updated] = await tx
      .update(bpmInstance)
      .set({ currentNode: nodeIndex, round: sql`${bpmInstance.round} + 1` })
      .where(eq(bpmInstance.instanceId, instance.instanceId))
      .returning({ round: bpmInstance.round });
    for (const approver of node.approvers) {
      await this.insertTask(tx, instance, nodeIndex, updated!.round, approver.userId, 'APPROVE', now);
    }
    await this.tellApprovers(
      instance,
      node,
      node.approvers.map((approver) => approver.userId),
    );
  }

  /** The document's type and number as message parameters. */
  private documentParams(instance: InstanceRow) {
    return {
      document: { key: `entity.${instance.entityName}` },
      number: instance.documentNumber ?? `#${instance.documentId}`,
    };
  }

  /** In-app messages to new approvers of a node (站内信: 待审批). */
  private async tellApprovers(instance: InstanceRow, node: RouteNode, userIds: number[]): Promise<void> {
    const messages = this.runtime.plugins.siteMessages;
    if (!messages || !userIds.length) return;
    await messages.notify({
      userIds,
      titleKey: 'message.bpm.taskTitle',
      contentKey: 'message.bpm.taskContent',
      params: { ...this.documentParams(instance), node: { zh: node.nodeName, en: node.nodeNameEn } },
      link: { entityName: instance.entityName, documentId: instance.documentId },
      source: 'BPM_TASK',
    });
  }

  /** In-app message to the submitter when the process ends (approved or rejected). */
  private async tellSubmitter(
    instance: InstanceRow,
    outcome: 'approved' | 'rejected',
    detail?: { task: TaskRow; actor: Actor; input: DecisionInput },
  ): Promise<void> {
    const messages = this.runtime.plugins.siteMessages;
    if (!messages || instance.submitterId === PLATFORM_SUBMITTER) return;
    const params: Record<string, MessageParam> = { ...this.documentParams(instance) };
    if (detail) {
      const node = instance.route.nodes[detail.task.nodeIndex];
      params.node = node ? { zh: node.nodeName, en: node.nodeNameEn } : detail.task.nodeName;
      const names = await queryRows<{ user_full_name: string }>(
        this.runtime.executor(),
        sql`select user_full_name from base_user where user_id = ${detail.actor.userId ?? 0}`,
      );
      params.user = names[0]?.user_full_name ?? '';
      // An internal comment never reaches a supplier's submitter.
      const supplierSubmitter =
        detail.input.internalFlag === 'Y' &&
        (
          await queryRows<{ n: number }>(
            this.runtime.executor(),
            sql`select count(*)::int as n from base_user where user_id = ${instance.submitterId} and user_type = 'EXTERNAL'`,
          )
        )[0]!.n > 0;
      params.comment = supplierSubmitter ? '-' : (detail.input.comment?.trim() ?? '');
    }
    await messages.notify({
      userIds: [instance.submitterId],
      titleKey: `message.bpm.${outcome}Title`,
      contentKey: `message.bpm.${outcome}Content`,
      params,
      link: { entityName: instance.entityName, documentId: instance.documentId },
      source: outcome === 'approved' ? 'BPM_APPROVED' : 'BPM_REJECTED',
    });
  }

  /** After an approval: is the node complete? Then the next node, or the end of the process. */
  private async advanceIfDone(
    tx: Executor,
    actor: Actor,
    instance: InstanceRow,
    nodeIndex: number,
    round: number,
    now: Date,
    roundTasks?: readonly { kind: string; status: string }[],
  ): Promise<void> {
    // Only this visit of the node counts: a node returned to gets a new round of tasks.
    const tasks =
      roundTasks ??
      (await tx
        .select({ kind: bpmTask.kind, status: bpmTask.status })
        .from(bpmTask)
        .where(and(eq(bpmTask.instanceId, instance.instanceId), eq(bpmTask.round, round))));
    const node = instance.route.nodes[nodeIndex]!;
    const addSignPending = tasks.some((task) => task.kind === 'ADD_SIGN' && task.status === 'PENDING');
    const regularPending = tasks.some((task) => task.kind === 'APPROVE' && task.status === 'PENDING');
    const regularApproved = tasks.some((task) => task.kind === 'APPROVE' && task.status === 'APPROVED');
    const done = !addSignPending && (node.signMode === 'ANY' ? regularApproved : !regularPending);
    if (!done) return;
    const next = nodeIndex + 1;
    if (next < instance.route.nodes.length) {
      await this.cancelPending(tx, instance.instanceId, nodeIndex);
      await this.createTasks(tx, instance, next, now);
      return;
    }
    // The last node: in one statement, the node's other tasks are cancelled, the instance ends
    // approved and the history records the completion; then the document's action fires.
    await tx.execute(
      sql`with cancelled as (
            update bpm_task set status = 'CANCELLED'
            where instance_id = ${instance.instanceId} and status = 'PENDING' and node_index = ${nodeIndex}),
          finished as (
            update bpm_instance set status = 'APPROVED', ended_at = ${now} where instance_id = ${instance.instanceId})
          ${this.historyInsert(instance, { action: 'COMPLETE', now })}`,
    );
    await this.fire(actor, instance, APPROVE_ACTION, null);
    if (instance.submitterId !== actor.userId) await this.tellSubmitter(instance, 'approved');
  }

  private async complete(
    tx: Executor,
    actor: Actor,
    instance: InstanceRow,
    now: Date,
    comment: string | null,
  ): Promise<void> {
    await this.finish(tx, instance, 'APPROVED', now);
    await this.record(tx, instance, { action: 'COMPLETE', now });
    await this.fire(actor, instance, APPROVE_ACTION, comment);
    if (instance.submitterId !== actor.userId) await this.tellSubmitter(instance, 'approved');
  }

  /** Fires the document's action as the platform, in the open transaction. */
  private async fire(
    actor: Actor,
    instance: InstanceRow,
    action: string,
    comment: string | null,
  ): Promise<void> {
    // A process started by an action that names its outcomes fires those instead.
    const outcomes = this.entityOf(instance.entityName).workflow?.actions[instance.action]?.outcomes;
    const fired = !outcomes ? action : action === APPROVE_ACTION ? outcomes.approved : outcomes.rejected;
    await this.runtime
      .service(instance.entityName)
      .act({ ...actor, system: true }, fired, [instance.documentId], comment ? { comment } : {}, {
        fromHttp: false,
        answer: false,
      });
  }

  /** The insert of a history step as SQL, for statements that do several things at once. */
  private historyInsert(instance: InstanceRow, entry: HistoryEntry): SQL {
    return sql`insert into bpm_history (instance_id, entity_name, document_id, task_id, node_index, node_name, action,
        user_id, on_behalf_of_id, target_user_id, comment, internal_flag, attachment_ids, created_at)
      values (${instance.instanceId}, ${instance.entityName}, ${instance.documentId}, ${entry.task?.taskId ?? null},
        ${entry.task?.nodeIndex ?? null}, ${entry.nodeName ?? entry.task?.nodeName ?? null}, ${entry.action},
        ${entry.userId ?? null}, ${entry.onBehalfOfId ?? null}, ${entry.targetUserId ?? null},
        ${entry.input?.comment?.trim() || null}, ${entry.input?.internalFlag === 'Y' ? 'Y' : 'N'},
        ${entry.input?.attachmentIds || null}, ${entry.now})`;
  }

  private async record(tx: Executor, instance: InstanceRow, entry: HistoryEntry): Promise<void> {
    await tx.insert(bpmHistory).values({
      instanceId: instance.instanceId,
      entityName: instance.entityName,
      documentId: instance.documentId,
      taskId: entry.task?.taskId ?? null,
      nodeIndex: entry.task?.nodeIndex ?? null,
      nodeName: entry.nodeName ?? entry.task?.nodeName ?? null,
      action: entry.action,
      userId: entry.userId ?? null,
      onBehalfOfId: entry.onBehalfOfId ?? null,
      targetUserId: entry.targetUserId ?? null,
      comment: entry.input?.comment?.trim() || null,
      internalFlag: entry.input?.internalFlag === 'Y' ? 'Y' : 'N',
      attachmentIds: entry.input?.attachmentIds || null,
      createdAt: entry.now,
    });
  }
}

interface HistoryEntry {
  action: HistoryAction;
  now: Date;
  task?: TaskRow;
  nodeName?: string;
  userId?: number | null;
  onBehalfOfId?: number | null;
  targetUserId?: number | null;
  input?: DecisionInput;
}

function requireComment(input: DecisionInput): string {
  const comment = input.comment?.trim();
  if (!comment) throw fail(400, 'bpm.commentRequired');
  return comment;
}

function documentNumber(entity: EntityDef, row: Row): string | null {
  const value = entity.numbering ? row[entity.numbering.field] : row[entity.display];
  return value === null || value === undefined ? null : String(value).slice(0, 240);
}
