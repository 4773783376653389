// The engine with the benchmark entities on a fresh database (PostgreSQL or in-memory PGlite),
// served over HTTP with an open policy.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { EntityRegistry, kernelMessages } from '@srm/kernel';
import { type Database, openDatabase, runMigrations } from '@srm/db';
import {
  type AccessPolicy,
  DatabaseClock,
  EntityRuntime,
  Sealer,
  buildEntityTables,
  installHttpConventions,
  loadSealKey,
  registerEntityRoutes,
} from '@srm/platform';
import { emptySnapshot, migrationStatements, snapshotOf } from '@srm/platform/schema';
import { benchEntities } from './entities';

export const migrationsDir = new URL('../../packages/db/migrations', import.meta.url).pathname;
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export interface BenchDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

export async function openBenchDatabase(kind: 'postgres' | 'pglite', name: string): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 12 });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Lets every caller do everything: benchmarks measure the engine, not the policy. */
export const openPolicy: AccessPolicy = {
  identify: async () => ({
    userId: 1,
    userName: 'bench',
    side: 'internal',
    supplierId: null,
    orgIds: 'all',
    categoryIds: 'all',
    locale: 'zh-CN',
  }),
  authorize: async () => {},
  allows: () => true,
};

export async function startBenchEngine(
  database: Database,
): Promise<{ app: FastifyInstance; runtime: EntityRuntime; url: string }> {
  await runMigrations(database, migrationsDir);
  const registry = new EntityRegistry(benchEntities);
  const tables = buildEntityTables(registry);
  for (const statement of await migrationStatements(
    emptySnapshot(),
    snapshotOf(Object.fromEntries(tables.byEntity)),
  )) {
    await database.db.execute(sql.raw(statement));
  }
  const clock = new DatabaseClock();
  await clock.calibrate(database);
  const runtime = new EntityRuntime({
    database,
    registry,
    tables,
    clock,
    sealer: new Sealer(loadSealKey(join(mkdtempSync(join(tmpdir(), 'srm-bench-')), 'seal.key'), undefined)),
    messages: () => kernelMessages,
    timeZone: 'Asia/Shanghai',
  });
  const app = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024 });
  installHttpConventions(app, { messages: () => kernelMessages });
  registerEntityRoutes(app, { runtime, policy: openPolicy });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    runtime,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  };
}

/** Latency percentile of a list of milliseconds. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `task` `total` times with `concurrency` workers; answers each run's milliseconds. */
export async function measure(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const started = performance.now();
        await task(i);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}
