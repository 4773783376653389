// The table configuration endpoints (catalogue §7.2: create or update, get, delete): each user
// keeps one column configuration per table; nobody reads or changes another user's.
//   POST /api/base/v1/baseUserTableConfigRestful/saveOrUpdate   { tableName, columns }
//   POST /api/base/v1/baseUserTableConfigRestful/findByTableName { tableName } → config or null
//   POST /api/base/v1/baseUserTableConfigRestful/delete          { tableName }
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { executor } from '@srm/db';
import {
  TABLE_CONFIG_LIMITS,
  TABLE_CONFIG_PATHS,
  type SaveIssue,
  type TableColumnSetting,
  type TableConfigCheck,
  checkColumnSettings,
  checkTableName,
  checkbox,
  lookup,
  number,
  rows,
  text,
} from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { declareRoute } from '../http/route';
import { userTableConfig } from './tables';

export interface TableConfigRouteOptions {
  readonly runtime: EntityRuntime;
  actorOf(request: FastifyRequest): Promise<Actor>;
}

export interface TableConfigAnswer {
  tableName: string;
  columns: TableColumnSetting[];
  lastUpdateDate: number;
}

const tableName = text({ required: true, max: TABLE_CONFIG_LIMITS.tableName });
const columns = rows(
  {
    key: text({ required: true, max: TABLE_CONFIG_LIMITS.key }),
    visible: checkbox({ required: true, values: 'boolean' }),
    width: number({ min: TABLE_CONFIG_LIMITS.minWidth, max: TABLE_CONFIG_LIMITS.maxWidth }),
    fixed: lookup('TABLE_COLUMN_FIXED', { codes: ['left', 'right'] }),
  },
  { required: true, max: TABLE_CONFIG_LIMITS.columns },
);

function valueOf<T>(check: TableConfigCheck<T>): T {
  if (!check.ok) throw new AppError(400, check.messageKey, check.params);
  return check.value;
}

/** Bad input answers the messages the web's own check (the kernel's) gives. */
function invalid(issue: SaveIssue, values: Record<string, unknown>): AppError | undefined {
  const check =
    issue.path[0] === 'tableName'
      ? checkTableName(values.tableName)
      : issue.path[0] === 'columns'
        ? checkColumnSettings(values.columns)
        : null;
  return check && !check.ok ? new AppError(400, check.messageKey, check.params) : undefined;
}

function userOf(actor: Actor): number {
  if (actor.userId === null) throw new AppError(401, 'auth.required');
  return actor.userId;
}

const answer = {
  type: 'object',
  properties: {
    tableName: { type: 'string' },
    columns: { type: 'array', items: { type: 'object' } },
    lastUpdateDate: { type: 'integer', description: 'milliseconds since the epoch' },
  },
};

export function registerTableConfigRoutes(app: FastifyInstance, options: TableConfigRouteOptions): void {
  const { runtime } = options;
  const db = () => executor(runtime.database);

  declareRoute(app, {
    method: 'POST',
    path: TABLE_CONFIG_PATHS.get,
    summary: "The caller's column configuration of a table, or null",
    input: { tableName },
    access: 'authenticated',
    scope: 'self',
    success: { kind: 'envelope', data: { oneOf: [answer, { type: 'null' }] } },
    invalid,
    handle: async ({ request, input }) => {
      const userId = userOf(await options.actorOf(request));
      const name = valueOf(checkTableName(input.tableName));
      const [row] = await db()
        .select()
        .from(userTableConfig)
        .where(and(eq(userTableConfig.userId, userId), eq(userTableConfig.tableName, name)));
      const found: TableConfigAnswer | null = row
        ? { tableName: row.tableName, columns: row.columns, lastUpdateDate: row.lastUpdateDate.getTime() }
        : null;
      return success(found);
    },
  });

  declareRoute(app, {
    method: 'POST',
    path: TABLE_CONFIG_PATHS.saveOrUpdate,
    summary: "Creates or replaces the caller's column configuration of a table",
    input: { tableName, columns },
    access: 'authenticated',
    scope: 'self',
    success: { kind: 'envelope', data: answer },
    invalid,
    handle: async ({ request, input }) => {
      const userId = userOf(await options.actorOf(request));
      const name = valueOf(checkTableName(input.tableName));
      const settings = valueOf(checkColumnSettings(input.columns));
      const now = runtime.clock.now();
      const [row] = await db()
        .insert(userTableConfig)
        .values({ userId, tableName: name, columns: settings, creationDate: now, lastUpdateDate: now })
        .onConflictDoUpdate({
          target: [userTableConfig.userId, userTableConfig.tableName],
          set: { columns: settings, lastUpdateDate: now },
        })
        .returning();
      const saved: TableConfigAnswer = {
        tableName: row!.tableName,
        columns: row!.columns,
        lastUpdateDate: row!.lastUpdateDate.getTime(),
      };
      return success(saved);
    },
  });

  declareRoute(app, {
    method: 'POST',
    path: TABLE_CONFIG_PATHS.delete,
    summary: "Deletes the caller's column configuration of a table",
    input: { tableName },
    access: 'authenticated',
    scope: 'self',
    success: {
      kind: 'envelope',
      data: { type: 'object', properties: { deleted: { type: 'integer' } } },
    },
    invalid,
    handle: async ({ request, input }) => {
      const userId = userOf(await options.actorOf(request));
      const name = valueOf(checkTableName(input.tableName));
      const deleted = await db()
        .delete(userTableConfig)
        .where(and(eq(userTableConfig.userId, userId), eq(userTableConfig.tableName, name)))
        .returning({ configId: userTableConfig.configId });
      return success({ deleted: deleted.length });
    },
  });
}
