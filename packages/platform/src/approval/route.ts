// Planning a process: the template of a process key, which of its nodes apply to a document
// (node conditions are data: a field, an operator, a value), and who approves each node.
// The plan is computed once, when the document is submitted (and for the preview), and kept
// with the instance, so a later change of the template or the organisation does not move a
// process in flight.
import { sql } from 'drizzle-orm';
import type { ApproverType, ConditionOperator, EntityDef, SignMode } from '@srm/kernel';
import { type Executor, queryRows } from '@srm/db';
import { SYSTEM_ACTOR } from '../access/actor';
import { AppError } from '../http/errors';
import type { Row } from '../entity/rows';
import type { EntityRuntime } from '../entity/runtime';

export interface RouteApprover {
  readonly userId: number;
  readonly name: string;
}

export interface RouteNode {
  readonly nodeNum: number;
  readonly nodeName: string;
  readonly nodeNameEn: string | null;
  readonly signMode: SignMode;
  readonly approvers: RouteApprover[];
}

export interface SkippedNode {
  readonly nodeNum: number;
  readonly nodeName: string;
  readonly nodeNameEn: string | null;
}

export interface Route {
  readonly nodes: RouteNode[];
  /** Nodes whose condition did not hold for the document. */
  readonly skipped: SkippedNode[];
}

export interface Template {
  readonly templateId: number;
  readonly processKey: string;
  readonly processName: string;
  readonly entityName: string;
  readonly version: number;
  readonly remindAfterHours: number | null;
  readonly remindRepeatHours: number | null;
  readonly escalateAfterHours: number | null;
}

interface NodeRow {
  node_num: number;
  node_name: string;
  node_name_en: string | null;
  sign_mode: SignMode;
  condition_field: string | null;
  condition_operator: ConditionOperator | null;
  condition_value: string | null;
}

interface ApproverRow {
  node_num: number;
  approver_type: ApproverType;
  user_id: number | null;
  role_id: number | null;
  position_id: number | null;
  field_name: string | null;
}

interface UserRow {
  user_id: number;
  user_full_name: string;
}

/** Today in the business time zone, `yyyy-MM-dd`. */
export function businessDay(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export async function loadTemplate(tx: Executor, processKey: string): Promise<Template | null> {
  const rows = await queryRows<{
    template_id: number;
    process_key: string;
    process_name: string;
    entity_name: string;
    version_num: number;
    remind_after_hours: number | null;
    remind_repeat_hours: number | null;
    escalate_after_hours: number | null;
  }>(
    tx,
    sql`select template_id, process_key, process_name, entity_name, version_num, remind_after_hours,
          remind_repeat_hours, escalate_after_hours
        from srm_base_process_template where process_key = ${processKey} and enabled_flag = 'Y'`,
  );
  const row = rows[0];
  if (!row) return null;
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    templateId: Number(row.template_id),
    processKey: row.process_key,
    processName: row.process_name,
    entityName: row.entity_name,
    version: Number(row.version_num),
    remindAfterHours: num(row.remind_after_hours),
    remindRepeatHours: num(row.remind_repeat_hours),
    escalateAfterHours: num(row.escalate_after_hours),
  };
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Compares a document value with a condition's value; numbers as numbers, the rest as text. */
export function conditionHolds(
  value: unknown,
  operator: ConditionOperator,
  expected: string | null,
): boolean {
  const empty =
    value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);
  if (operator === 'EMPTY') return empty;
  if (operator === 'NOT_EMPTY') return !empty;
  const wanted = (expected ?? '').trim();
  const values = Array.isArray(value) ? value.map(String) : empty ? [] : [String(value)];
  if (operator === 'IN' || operator === 'NOT_IN') {
    const list = wanted.split(',').map((item) => item.trim());
    const found = values.some((item) => list.includes(item));
    return operator === 'IN' ? found : !found;
  }
  if (empty) return operator === 'NE';
  const actual = values[0]!;
  const numeric = NUMERIC.test(actual) && NUMERIC.test(wanted);
  const order = numeric
    ? Math.sign(Number(actual) - Number(wanted))
    : actual < wanted
      ? -1
      : actual > wanted
        ? 1
        : 0;
  switch (operator) {
    case 'EQ':
      return order === 0;
    case 'NE':
      return order !== 0;
    case 'GT':
      return order > 0;
    case 'GE':
      return order >= 0;
    case 'LT':
      return order < 0;
    case 'LE':
      return order <= 0;
  }
  return false;
}

/** The value of `field` or `refField.field` (through a reference of the document). */
async function documentValue(
  runtime: EntityRuntime,
  entity: EntityDef,
  row: Row,
  path: string,
): Promise<unknown> {
  const [first, second] = path.split('.');
  if (!second) return row[first!];
  const field = entity.fields[first!];
  const id = row[first!];
  if (!field || field.kind !== 'ref' || id === null || id === undefined) return null;
  try {
    const referenced = await runtime.service(field.entity).find(SYSTEM_ACTOR, Number(id));
    return referenced[second];
  } catch {
    return null;
  }
}

async function activeUsers(tx: Executor, query: ReturnType<typeof sql>): Promise<RouteApprover[]> {
  const rows = await queryRows<UserRow>(tx, query);
  return rows.map((row) => ({ userId: Number(row.user_id), name: row.user_full_name }));
}

async function employeeOf(tx: Executor, userId: number) {
  const rows = await queryRows<{ department_id: number | null; line_manager_id: number | null }>(
    tx,
    sql`select e.department_id, e.line_manager_id from base_user u join base_employee e on e.employee_id = u.employee_id
        where u.user_id = ${userId}`,
  );
  return rows[0] ?? null;
}

function usersOfEmployee(employeeId: number) {
  return sql`select user_id, user_full_name from base_user
             where employee_id = ${employeeId} and status = 'ACTIVE' order by user_id`;
}

/**
 * The manager of a user: the line manager of their employee, or the head of their department
 * (`prefer` decides which is tried first, the other is the fallback). Active users only.
 */
export async function managerOf(
  tx: Executor,
  userId: number,
  prefer: 'LINE_MANAGER' | 'DEPT_HEAD',
): Promise<RouteApprover | null> {
  const employee = await employeeOf(tx, userId);
  if (!employee) return null;
  const lineManager = async () =>
    employee.line_manager_id ? activeUsers(tx, usersOfEmployee(Number(employee.line_manager_id))) : [];
  const head = async () => {
    if (!employee.department_id) return [];
    const heads = await queryRows<{ manager_employee_id: number | null }>(
      tx,
      sql`select manager_employee_id from base_department where department_id = ${employee.department_id}`,
    );
    const id = heads[0]?.manager_employee_id;
    return id ? activeUsers(tx, usersOfEmployee(Number(id))) : [];
  };
  const order = prefer === 'DEPT_HEAD' ? [head, lineManager] : [lineManager, head];
  for (const find of order) {
    const found = (await find()).filter((user) => user.userId !== userId);
    if (found[0]) return found[0];
  }
  return null;
}

async function resolveApprovers(
  tx: Executor,
  approver: ApproverRow,
  row: Row,
  submitterId: number,
  today: string,
): Promise<RouteApprover[]> {
  switch (approver.approver_type) {
    case 'USER':
      return activeUsers(
        tx,
        sql`select user_id, user_full_name from base_user where user_id = ${approver.user_id} and status = 'ACTIVE'`,
      );
    case 'FIELD': {
      const value = row[approver.field_name ?? ''];
      const id =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\d+$/.test(value)
            ? Number(value)
            : null;
      if (id === null) return [];
      return activeUsers(
        tx,
        sql`select user_id, user_full_name from base_user where user_id = ${id} and status = 'ACTIVE'`,
      );
    }
    case 'ROLE':
      return activeUsers(
        tx,
        sql`select distinct u.user_id, u.user_full_name from base_user u
            join base_user_responsibility ur on ur.user_id = u.user_id
            join base_responsibility_role rr on rr.responsibility_id = ur.responsibility_id
            where rr.role_id = ${approver.role_id} and u.status = 'ACTIVE'
              and (ur.start_date is null or ur.start_date <= ${today}::date)
              and (ur.end_date is null or ur.end_date >= ${today}::date)
            order by u.user_id`,
      );
    case 'POSITION':
      return activeUsers(
        tx,
        sql`select distinct u.user_id, u.user_full_name from base_user u
            join base_employee e on e.employee_id = u.employee_id
            where u.status = 'ACTIVE' and (e.position_id = ${approver.position_id} or exists (
              select 1 from base_position_allot a where a.position_id = ${approver.position_id}
                and a.employee_id = e.employee_id
                and (a.start_date is null or a.start_date <= ${today}::date)
                and (a.end_date is null or a.end_date >= ${today}::date)))
            order by u.user_id`,
      );
    case 'DEPT_HEAD': {
      const employee = await employeeOf(tx, submitterId);
      if (!employee?.department_id) return [];
      const heads = await queryRows<{ manager_employee_id: number | null }>(
        tx,
        sql`select manager_employee_id from base_department where department_id = ${employee.department_id}`,
      );
      const head = heads[0]?.manager_employee_id;
      return head ? activeUsers(tx, usersOfEmployee(Number(head))) : [];
    }
    case 'LINE_MANAGER': {
      const employee = await employeeOf(tx, submitterId);
      return employee?.line_manager_id
        ? activeUsers(tx, usersOfEmployee(Number(employee.line_manager_id)))
        : [];
    }
  }
  return [];
}

/**
 * The route of a document through a template: applicable nodes in order, each with its
 * approvers (the submitter removed: nobody approves their own document). A node nobody can
 * approve refuses the plan with the node's name.
 */
export async function planRoute(
  runtime: EntityRuntime,
  tx: Executor,
  options: {
    template: Template;
    entity: EntityDef;
    row: Row;
    submitterId: number;
    now: Date;
    locale: 'zh-CN' | 'en';
  },
): Promise<Route> {
  const { template, entity, row, submitterId } = options;
  const nodes = await queryRows<NodeRow>(
    tx,
    sql`select node_num, node_name, node_name_en, sign_mode, condition_field, condition_operator, condition_value
        from srm_base_process_node where template_id = ${template.templateId} order by node_num`,
  );
  const approvers = await queryRows<ApproverRow>(
    tx,
    sql`select node_num, approver_type, user_id, role_id, position_id, field_name
        from srm_base_process_approver where template_id = ${template.templateId} order by approver_id`,
  );
  const today = businessDay(options.now, runtime.timeZone);
  const route: Route = { nodes: [], skipped: [] };
  for (const node of nodes) {
    const base = { nodeNum: Number(node.node_num), nodeName: node.node_name, nodeNameEn: node.node_name_en };
    if (node.condition_field && node.condition_operator) {
      const value = await documentValue(runtime, entity, row, node.condition_field);
      if (!conditionHolds(value, node.condition_operator, node.condition_value)) {
        route.skipped.push(base);
        continue;
      }
    }
    const found: RouteApprover[] = [];
    for (const approver of approvers) {
      if (Number(approver.node_num) !== base.nodeNum) continue;
      for (const user of await resolveApprovers(tx, approver, row, submitterId, today)) {
        if (user.userId !== submitterId && !found.some((known) => known.userId === user.userId))
          found.push(user);
      }
    }
    if (!found.length) {
      throw new AppError(422, 'bpm.noApprover', {
        node: options.locale === 'en' && base.nodeNameEn ? base.nodeNameEn : base.nodeName,
      });
    }
    route.nodes.push({ ...base, signMode: node.sign_mode, approvers: found });
  }
  return route;
}
