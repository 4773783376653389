// The table configuration endpoints (catalogue §7.2: create or update, get, delete): each user
// keeps one column configuration per table; nobody reads or changes another user's.
//   POST /api/base/v1/baseUserTableConfigRestful/saveOrUpdate   { tableName, columns }
//   POST /api/base/v1/baseUserTableConfigRestful/findByTableName { tableName } → config or null
//   POST /api/base/v1/baseUserTableConfigRestful/delete          { tableName }
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { executor } from '@srm/db';
import {
  TABLE_CONFIG_PATHS,
  type TableColumnSetting,
  type TableConfigCheck,
  checkColumnSettings,
  checkTableName,
} from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
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

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, 'validation.object');
  return body as Record<string, unknown>;
}

function valueOf<T>(check: TableConfigCheck<T>): T {
  if (!check.ok) throw new AppError(400, check.messageKey, check.params);
  return check.value;
}

function userOf(actor: Actor): number {
  if (actor.userId === null) throw new AppError(401, 'auth.required');
  return actor.userId;
}

export function registerTableConfigRoutes(app: FastifyInstance, options: TableConfigRouteOptions): void {
  const { runtime } = options;
  const signedIn = { config: { access: 'authenticated' as const } };
  const db = () => executor(runtime.database);

  app.post(TABLE_CONFIG_PATHS.get, signedIn, async (request) => {
    const userId = userOf(await options.actorOf(request));
    const tableName = valueOf(checkTableName(bodyOf(request).tableName));
    const [row] = await db()
      .select()
      .from(userTableConfig)
      .where(and(eq(userTableConfig.userId, userId), eq(userTableConfig.tableName, tableName)));
    const answer: TableConfigAnswer | null = row
      ? { tableName: row.tableName, columns: row.columns, lastUpdateDate: row.lastUpdateDate.getTime() }
      : null;
    return success(answer);
  });

  app.post(TABLE_CONFIG_PATHS.saveOrUpdate, signedIn, async (request) => {
    const userId = userOf(await options.actorOf(request));
    const body = bodyOf(request);
    const tableName = valueOf(checkTableName(body.tableName));
    const columns = valueOf(checkColumnSettings(body.columns));
    const now = runtime.clock.now();
    const [row] = await db()
      .insert(userTableConfig)
      .values({ userId, tableName, columns, creationDate: now, lastUpdateDate: now })
      .onConflictDoUpdate({
        target: [userTableConfig.userId, userTableConfig.tableName],
        set: { columns, lastUpdateDate: now },
      })
      .returning();
    const answer: TableConfigAnswer = {
      tableName: row!.tableName,
      columns: row!.columns,
      lastUpdateDate: row!.lastUpdateDate.getTime(),
    };
    return success(answer);
  });

  app.post(TABLE_CONFIG_PATHS.delete, signedIn, async (request) => {
    const userId = userOf(await options.actorOf(request));
    const tableName = valueOf(checkTableName(bodyOf(request).tableName));
    const deleted = await db()
      .delete(userTableConfig)
      .where(and(eq(userTableConfig.userId, userId), eq(userTableConfig.tableName, tableName)))
      .returning({ configId: userTableConfig.configId });
    return success({ deleted: deleted.length });
  });
}
