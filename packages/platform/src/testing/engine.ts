// The engine on its own, for its tests: test-only entities get their tables created on a fresh
// copy of the migrated database, and a small header-based policy stands in for sign-in (the
// identity module's real policy has its own tests).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Catalogue, type EntityDef, EntityRegistry, kernelMessages, mergeCatalogues } from '@srm/kernel';
import type { AccessPolicy, Actor } from '../access/actor';
import { installHttpConventions } from '../http/plugin';
import type { EntityActions } from '../entity/hooks';
import { describeEntityIssue, registerEntityRoutes } from '../entity/routes';
import { EntityRuntime } from '../entity/runtime';
import { buildEntityTables } from '../entity/tables';
import { emptySnapshot, migrationStatements, snapshotOf } from '../schema/ddl';
import { DatabaseClock } from '../system/clock';
import { Sealer, loadSealKey } from '../system/seal';
import { openTestDatabase, type TestDatabase } from './database';

export const TEST_ACTOR_HEADER = 'x-test-actor';

export const internalAdmin: Actor = {
  userId: 1,
  userName: 'admin',
  side: 'internal',
  supplierId: null,
  orgIds: 'all',
  categoryIds: 'all',
  locale: 'zh-CN',
};

export function supplierUser(supplierId: number, userId = 100 + supplierId): Actor {
  return { ...internalAdmin, userId, userName: `supplier${supplierId}`, side: 'supplier', supplierId };
}

/**
 * The caller is the actor sent as JSON in a test header (an internal administrator by
 * default). For tests of the engine and of business rules; sign-in has its own tests.
 */
export const testActorPolicy: AccessPolicy = {
  async identify(request) {
    const header = request.headers[TEST_ACTOR_HEADER];
    if (header === 'none') return null;
    return typeof header === 'string'
      ? { ...internalAdmin, ...(JSON.parse(header) as Partial<Actor>) }
      : internalAdmin;
  },
  async authorize() {},
  allows: () => true,
};

export interface EngineHarness {
  url: string;
  app: FastifyInstance;
  runtime: EntityRuntime;
  clock: DatabaseClock;
  database: TestDatabase;
  post<T = unknown>(
    path: string,
    body?: unknown,
    actor?: Partial<Actor> | null,
    headers?: Record<string, string>,
  ): Promise<{ httpStatus: number; body: T }>;
  /** Rows in a table, counted directly (to prove that a refused write left nothing). */
  countRows(table: string): Promise<number>;
  close(): Promise<void>;
}

export async function startEngine(options: {
  entities: readonly EntityDef[];
  actions?: readonly EntityActions[];
  messages?: Catalogue;
}): Promise<EngineHarness> {
  const database = await openTestDatabase();
  const registry = new EntityRegistry(options.entities);
  const tables = buildEntityTables(registry);
  const statements = await migrationStatements(
    emptySnapshot(),
    snapshotOf(Object.fromEntries(tables.byEntity)),
  );
  for (const statement of statements) await database.db.execute(sql.raw(statement));
  const clock = new DatabaseClock();
  await clock.calibrate(database);
  const messages = mergeCatalogues(kernelMessages, options.messages ?? { 'zh-CN': {}, en: {} });
  const runtime = new EntityRuntime({
    database,
    registry,
    tables,
    clock,
    sealer: new Sealer(loadSealKey(join(mkdtempSync(join(tmpdir(), 'srm-seal-')), 'seal.key'), undefined)),
    messages: () => messages,
    timeZone: 'Asia/Shanghai',
    actions: options.actions ?? [],
  });
  const app = Fastify({ logger: false });
  installHttpConventions(app, {
    messages: () => messages,
    knowsEntity: (name) => !!registry.find(name),
    describeIssue: describeEntityIssue(runtime),
  });
  registerEntityRoutes(app, { runtime, policy: testActorPolicy });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    app,
    runtime,
    clock,
    database,
    async post<T>(
      path: string,
      body: unknown = {},
      actor?: Partial<Actor> | null,
      headers: Record<string, string> = {},
    ) {
      const response = await fetch(url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(actor === null
            ? { [TEST_ACTOR_HEADER]: 'none' }
            : actor
              ? { [TEST_ACTOR_HEADER]: JSON.stringify(actor) }
              : {}),
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { httpStatus: response.status, body: (await response.json()) as T };
    },
    async countRows(table) {
      const result = (await database.db.execute(
        sql.raw(`select count(*)::int as n from ${table}`),
      )) as unknown as {
        rows: { n: number }[];
      };
      return Number(result.rows[0]!.n);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
