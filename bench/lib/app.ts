// The real application (buildApp: every area's entities, hooks and jobs) on a benchmark's
// database, listening on a free port, with a policy that lets the caller set by `callAs` do
// everything: a benchmark measures the application, not the grants.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Database, runMigrations } from '@srm/db';
import type { AccessPolicy, Actor, EntityRuntime } from '@srm/platform';
import { buildApp } from '@srm/server/app';
import { migrationsDir } from './engine';

export interface BenchApp {
  readonly app: FastifyInstance;
  readonly runtime: EntityRuntime;
  readonly url: string;
  /** Who the next requests come from (null: nobody signed in). */
  callAs(actor: Actor | null): void;
}

export async function startBenchApp(
  database: Database,
  name: string,
  options: { jobWorkers?: boolean } = {},
): Promise<BenchApp> {
  let caller: Actor | null = null;
  const policy: AccessPolicy = {
    identify: async () => caller,
    authorize: async () => {},
    allows: () => true,
  };
  await runMigrations(database, migrationsDir);
  const { app, runtime } = await buildApp({
    database,
    dataDir: mkdtempSync(join(tmpdir(), `srm-bench-${name}-`)),
    webDir: '/nonexistent',
    policy,
    jobWorkers: options.jobWorkers ?? false,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    runtime,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    callAs: (actor) => {
      caller = actor;
    },
  };
}
