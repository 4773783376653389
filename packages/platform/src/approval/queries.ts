// What the approval lists read: my pending tasks (with the ones delegated to me), my handled
// tasks, the processes I started, a document's approval history and the administrators'
// monitoring of running processes. Raw SQL over the engine's tables, paged by their indexes.
import { type SQL, sql } from 'drizzle-orm';
import { type Locale, entityTitle } from '@srm/kernel';
import { type Executor, queryRows } from '@srm/db';
import type { Actor } from '../access/actor';
import { AppError } from '../http/errors';
import type { ApprovalEngine } from './engine';
import type { Route } from './route';

export interface Paging {
  readonly pageIndex: number;
  readonly pageRows: number;
}

export interface TaskFilters extends Paging {
  readonly entityName?: string | undefined;
  readonly documentNumber?: string | undefined;
}

type Raw = Record<string, unknown>;

const time = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).getTime();

function inList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

export class ApprovalQueries {
  constructor(private readonly engine: ApprovalEngine) {}

  private get runtime() {
    return this.engine.runtime;
  }

  private title(locale: Locale, entityName: string): string {
    return entityTitle(this.runtime.messages(), locale, entityName);
  }

  private taskFilters(filters: TaskFilters): SQL[] {
    const where: SQL[] = [];
    if (filters.entityName) where.push(sql`t.entity_name = ${filters.entityName}`);
    if (filters.documentNumber) where.push(sql`t.document_number ilike ${`%${filters.documentNumber}%`}`);
    return where;
  }

  private taskRow(locale: Locale, row: Raw) {
    return {
      taskId: Number(row.task_id),
      instanceId: Number(row.instance_id),
      nodeName: row.node_name as string,
      kind: row.kind as string,
      status: row.status as string,
      entityName: row.entity_name as string,
      documentTitle: this.title(locale, row.entity_name as string),
      documentKey: this.runtime.registry.find(row.entity_name as string)?.key ?? 'id',
      documentId: Number(row.document_id),
      documentNumber: (row.document_number as string | null) ?? null,
      processKey: row.process_key as string,
      assigneeId: Number(row.assignee_id),
      assigneeName: (row.assignee_name as string | null) ?? null,
      submitterId: Number(row.submitter_id),
      submitterName: (row.submitter_name as string | null) ?? null,
      createdAt: time(row.created_at),
      decidedAt: time(row.decided_at),
      comment: (row.comment as string | null) ?? null,
    };
  }

  private taskSelect(where: SQL, order: SQL, paging: Paging, total: SQL = sql`null`): SQL {
    return sql`select ${total} as total_count, t.task_id, t.instance_id, t.node_name, t.kind, t.status, t.entity_name, t.document_id,
          t.document_number, t.assignee_id, a.user_full_name as assignee_name, t.submitter_id,
          s.user_full_name as submitter_name, t.created_at, t.decided_at, t.comment, i.process_key
        from bpm_task t
        join bpm_instance i on i.instance_id = t.instance_id
        left join base_user a on a.user_id = t.assignee_id
        left join base_user s on s.user_id = t.submitter_id
        where ${where} order by ${order}
        limit ${paging.pageRows} offset ${(paging.pageIndex - 1) * paging.pageRows}`;
  }

  /** The users whose pending tasks this user may decide: themselves and those delegating to them. */
  private async deciders(tx: Executor, actor: Actor): Promise<number[]> {
    if (actor.userId === null) return [];
    return [actor.userId, ...(await this.engine.delegatorsOf(tx, actor.userId, this.runtime.clock.now()))];
  }

  async todo(actor: Actor, filters: TaskFilters) {
    const tx = this.runtime.executor();
    const users = await this.deciders(tx, actor);
    if (!users.length) return { rows: [], count: 0 };
    const where = sql.join(
      [sql`t.status = 'PENDING' and t.assignee_id in (${inList(users)})`, ...this.taskFilters(filters)],
      sql` and `,
    );
    // The page and the count in one round trip (the count is an init-plan, run once).
    const rows = await queryRows<Raw>(
      tx,
      this.taskSelect(
        where,
        sql`t.task_id desc`,
        filters,
        sql`(select count(*) from bpm_task t where ${where})::int`,
      ),
    );
    const count =
      rows.length > 0
        ? Number(rows[0]!.total_count)
        : Number(
            (
              await queryRows<{ n: number }>(
                tx,
                sql`select count(*)::int as n from bpm_task t where ${where}`,
              )
            )[0]!.n,
          );
    return { rows: rows.map((row) => this.taskRow(actor.locale, row)), count };
  }

  async countTodo(actor: Actor): Promise<number> {
    const tx = this.runtime.executor();
    const users = await this.deciders(tx, actor);
    if (!users.length) return 0;
    const counted = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bpm_task t where t.status = 'PENDING' and t.assignee_id in (${inList(users)})`,
    );
    return Number(counted[0]!.n);
  }

  async handled(actor: Actor, filters: TaskFilters) {
    if (actor.userId === null) return { rows: [], count: 0 };
    const tx = this.runtime.executor();
    const where = sql.join(
      [
        sql`t.decided_by = ${actor.userId} and t.status in ('APPROVED', 'REJECTED', 'RETURNED', 'TRANSFERRED')`,
        ...this.taskFilters(filters),
      ],
      sql` and `,
    );
    const rows = await queryRows<Raw>(
      tx,
      this.taskSelect(where, sql`t.decided_at desc, t.task_id desc`, filters),
    );
    const counted = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bpm_task t where ${where}`,
    );
    return { rows: rows.map((row) => this.taskRow(actor.locale, row)), count: Number(counted[0]!.n) };
  }

  private instanceRow(locale: Locale, row: Raw) {
    const route = row.route as Route;
    const current = row.status === 'RUNNING' ? route.nodes[Number(row.current_node)] : undefined;
    return {
      instanceId: Number(row.instance_id),
      processKey: row.process_key as string,
      templateVersion: Number(row.template_version),
      entityName: row.entity_name as string,
      documentTitle: this.title(locale, row.entity_name as string),
      documentKey: this.runtime.registry.find(row.entity_name as string)?.key ?? 'id',
      documentId: Number(row.document_id),
      documentNumber: (row.document_number as string | null) ?? null,
      status: row.status as string,
      submitterId: Number(row.submitter_id),
      submitterName: (row.submitter_name as string | null) ?? null,
      currentNodeName: current
        ? locale === 'en' && current.nodeNameEn
          ? current.nodeNameEn
          : current.nodeName
        : null,
      startedAt: time(row.started_at),
      endedAt: time(row.ended_at),
    };
  }

  /** The processes the user started (我的流程事项). */
  async mine(actor: Actor, filters: TaskFilters & { status?: string | undefined }) {
    if (actor.userId === null) return { rows: [], count: 0 };
    const tx = this.runtime.executor();
    const parts = [sql`i.submitter_id = ${actor.userId}`];
    if (filters.entityName) parts.push(sql`i.entity_name = ${filters.entityName}`);
    if (filters.status) parts.push(sql`i.status = ${filters.status}`);
    if (filters.documentNumber) parts.push(sql`i.document_number ilike ${`%${filters.documentNumber}%`}`);
    const where = sql.join(parts, sql` and `);
    const rows = await queryRows<Raw>(
      tx,
      sql`select i.*, s.user_full_name as submitter_name from bpm_instance i
          left join base_user s on s.user_id = i.submitter_id where ${where}
          order by i.instance_id desc limit ${filters.pageRows} offset ${(filters.pageIndex - 1) * filters.pageRows}`,
    );
    const counted = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bpm_instance i where ${where}`,
    );
    return { rows: rows.map((row) => this.instanceRow(actor.locale, row)), count: Number(counted[0]!.n) };
  }

  /** Running processes for administrators, with who is waiting and since when. */
  async monitoring(
    actor: Actor,
    filters: TaskFilters & { status?: string | undefined; stuckHours?: number | undefined },
  ) {
    if (actor.side !== 'internal' || (actor.orgIds !== 'all' && !actor.system)) {
      throw new AppError(403, 'bpm.monitorDenied');
    }
    const tx = this.runtime.executor();
    const parts = [sql`i.status = ${filters.status ?? 'RUNNING'}`];
    if (filters.entityName) parts.push(sql`i.entity_name = ${filters.entityName}`);
    if (filters.documentNumber) parts.push(sql`i.document_number ilike ${`%${filters.documentNumber}%`}`);
    const where = sql.join(parts, sql` and `);
    const rows = await queryRows<Raw>(
      tx,
      sql`select i.*, s.user_full_name as submitter_name from bpm_instance i
          left join base_user s on s.user_id = i.submitter_id where ${where}
          order by i.instance_id desc limit ${filters.pageRows} offset ${(filters.pageIndex - 1) * filters.pageRows}`,
    );
    const counted = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from bpm_instance i where ${where}`,
    );
    const ids = rows.map((row) => Number(row.instance_id));
    const pending = ids.length
      ? await queryRows<Raw>(
          tx,
          sql`select t.task_id, t.instance_id, t.node_name, t.assignee_id, u.user_full_name as assignee_name, t.created_at
              from bpm_task t left join base_user u on u.user_id = t.assignee_id
              where t.status = 'PENDING' and t.instance_id in (${inList(ids)}) order by t.task_id`,
        )
      : [];
    const now = this.runtime.clock.now().getTime();
    const stuckMs = (filters.stuckHours ?? 24) * 3_600_000;
    return {
      rows: rows.map((row) => {
        const tasks = pending
          .filter((task) => Number(task.instance_id) === Number(row.instance_id))
          .map((task) => ({
            taskId: Number(task.task_id),
            nodeName: task.node_name as string,
            assigneeId: Number(task.assignee_id),
            assigneeName: (task.assignee_name as string | null) ?? null,
            createdAt: time(task.created_at),
          }));
        const waitingSince = tasks.length ? Math.min(...tasks.map((task) => task.createdAt ?? now)) : null;
        return {
          ...this.instanceRow(actor.locale, row),
          pendingTasks: tasks,
          waitingSince,
          stuckFlag: waitingSince !== null && now - waitingSince > stuckMs ? 'Y' : 'N',
        };
      }),
      count: Number(counted[0]!.n),
    };
  }

  /**
   * A document's approval: its processes, every step with comments (a supplier never sees the
   * internal ones), who is waiting, the caller's own task and whether the caller may withdraw.
   */
  async documentHistory(actor: Actor, entityName: string, documentId: number) {
    const entity = this.engine.entityOf(entityName);
    // Only a reader of the document reads its approval: the read grant, the scope, ownership.
    await this.engine.readDocument(actor, entity, documentId);
    const tx = this.runtime.executor();
    const instances = await queryRows<Raw>(
      tx,
      sql`select i.*, s.user_full_name as submitter_name from bpm_instance i
          left join base_user s on s.user_id = i.submitter_id
          where i.entity_name = ${entity.name} and i.document_id = ${documentId} order by i.instance_id desc`,
    );
    const steps = await queryRows<Raw>(
      tx,
      sql`select h.*, u.user_full_name as user_name, b.user_full_name as on_behalf_of_name,
            g.user_full_name as target_user_name
          from bpm_history h
          left join base_user u on u.user_id = h.user_id
          left join base_user b on b.user_id = h.on_behalf_of_id
          left join base_user g on g.user_id = h.target_user_id
          where h.entity_name = ${entity.name} and h.document_id = ${documentId} order by h.history_id`,
    );
    const running = instances.find((row) => row.status === 'RUNNING');
    const pending = running
      ? await queryRows<Raw>(
          tx,
          sql`select t.task_id, t.node_name, t.kind, t.assignee_id, u.user_full_name as assignee_name, t.created_at
              from bpm_task t left join base_user u on u.user_id = t.assignee_id
              where t.instance_id = ${Number(running.instance_id)} and t.status = 'PENDING' order by t.task_id`,
        )
      : [];
    const deciders = await this.deciders(tx, actor);
    const mine = pending.find((task) => deciders.includes(Number(task.assignee_id)));
    const supplier = actor.side === 'supplier' && !actor.system;
    let canWithdraw = false;
    if (running && Number(running.submitter_id) === actor.userId) {
      canWithdraw = !steps.some(
        (step) =>
          Number(step.instance_id) === Number(running.instance_id) &&
          ['APPROVE', 'REJECT', 'RETURN', 'TRANSFER', 'ADD_SIGN'].includes(step.action as string),
      );
    }
    return {
      instances: instances.map((row) => ({
        ...this.instanceRow(actor.locale, row),
        route: row.route as Route,
      })),
      history: steps.map((step) => {
        const hidden = supplier && step.internal_flag === 'Y';
        return {
          historyId: Number(step.history_id),
          instanceId: Number(step.instance_id),
          action: step.action as string,
          nodeName: (step.node_name as string | null) ?? null,
          userId: step.user_id === null ? null : Number(step.user_id),
          userName: (step.user_name as string | null) ?? null,
          onBehalfOfName: (step.on_behalf_of_name as string | null) ?? null,
          targetUserName: (step.target_user_name as string | null) ?? null,
          comment: hidden ? null : ((step.comment as string | null) ?? null),
          internalFlag: hidden ? 'N' : (step.internal_flag as string),
          attachmentIds: hidden ? null : ((step.attachment_ids as string | null) ?? null),
          createdAt: time(step.created_at),
        };
      }),
      pendingTasks: pending.map((task) => ({
        taskId: Number(task.task_id),
        nodeName: task.node_name as string,
        kind: task.kind as string,
        assigneeId: Number(task.assignee_id),
        assigneeName: (task.assignee_name as string | null) ?? null,
        createdAt: time(task.created_at),
      })),
      myTask: mine
        ? {
            taskId: Number(mine.task_id),
            nodeName: mine.node_name as string,
            kind: mine.kind as string,
            onBehalfOfId: Number(mine.assignee_id) === actor.userId ? null : Number(mine.assignee_id),
            canReturn: running ? Number(running.current_node) > 0 : false,
          }
        : null,
      canWithdraw,
    };
  }

  /** Where a task's document is: its type and id (the web opens its edit screen). */
  async taskTarget(actor: Actor, taskId: number) {
    const tx = this.runtime.executor();
    const users = await this.deciders(tx, actor);
    const rows = await queryRows<Raw>(
      tx,
      sql`select task_id, entity_name, document_id, assignee_id, decided_by from bpm_task where task_id = ${taskId}`,
    );
    const task = rows[0];
    if (!task || !(users.includes(Number(task.assignee_id)) || Number(task.decided_by) === actor.userId)) {
      throw new AppError(404, 'bpm.taskNotFound');
    }
    const entity = this.engine.entityOf(task.entity_name as string);
    return {
      taskId,
      entityName: entity.name,
      documentId: Number(task.document_id),
      apiPath: entity.apiPath,
    };
  }
}
