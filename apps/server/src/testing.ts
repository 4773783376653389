// Test helper: the real application (the platform's and every area's entities, hooks and
// messages, composed by buildApp) on a free port over real HTTP, on a fresh copy of the migrated
// database. Used by the server's tests and by the business areas' API tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type AccessPolicy,
  type Actor,
  type DatabaseClock,
  type EntityRuntime,
  type Identity,
  type JobService,
  type Seed,
  type SeedReport,
  runSeeds,
} from '@srm/platform';
import {
  TEST_ACTOR_HEADER,
  openTestDatabase,
  testActorPolicy,
  type TestDatabase,
} from '@srm/platform/testing';
import { buildApp } from './app';
import { registry } from './schema';

export interface Answer<T = unknown> {
  httpStatus: number;
  body: {
    status: 'S' | 'E';
    msg: string;
    data: T;
    page?: { count: number; curIndex: number; estimated?: boolean };
  };
}

export interface PostOptions {
  /** `SAAF-Language`. */
  language?: 'CN' | 'EN';
  /** The caller, with the test policy (an internal administrator by default). */
  actor?: Partial<Actor>;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  runtime: EntityRuntime;
  clock: DatabaseClock;
  identity: Identity;
  jobs: JobService;
  database: TestDatabase;
  post<T = unknown>(path: string, body?: unknown, options?: PostOptions): Promise<Answer<T>>;
  seed(seeds: readonly Seed[]): Promise<SeedReport>;
  /** The first row a list request finds. */
  first<T = Record<string, unknown>>(entity: string, filters: Record<string, unknown>): Promise<T>;
  /** Rows of a table, counted directly. */
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

/** The endpoint of an entity's action: `/api/{service}/v1/{entity}Restful/{action}`. */
export function api(entity: string, action: string): string {
  return `${registry.get(entity).apiPath}/${action}`;
}

/** The seeds with these names (without their area prefix), in their order. */
export function seedsNamed(seeds: readonly Seed[], ...names: string[]): Seed[] {
  return seeds.filter((seed) => names.includes(seed.name.replace(/^[a-z-]+\./, '')));
}

export async function startTestServer(
  options: {
    webDir?: string;
    /** The access policy: the test header policy by default, `signIn` for the real one. */
    policy?: AccessPolicy | 'signIn';
    seeds?: readonly Seed[];
    smtpUrl?: string;
  } = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const { app, runtime, clock, identity, jobs } = await buildApp({
    database,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-test-data-')),
    webDir: options.webDir ?? '/nonexistent',
    ...(options.policy === 'signIn' ? {} : { policy: options.policy ?? testActorPolicy }),
    ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    jobPollingSeconds: 0.5,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  if (options.seeds?.length) await runSeeds(runtime, options.seeds, 'all');
  const post = async <T>(
    path: string,
    body: unknown = {},
    postOptions: PostOptions = {},
  ): Promise<Answer<T>> => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(postOptions.language ? { 'SAAF-Language': postOptions.language } : {}),
        ...(postOptions.actor ? { [TEST_ACTOR_HEADER]: JSON.stringify(postOptions.actor) } : {}),
        ...postOptions.headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { httpStatus: response.status, body: (await response.json()) as Answer<T>['body'] };
  };
  return {
    url,
    app,
    runtime,
    clock,
    identity,
    jobs,
    database,
    post,
    seed: (seeds) => runSeeds(runtime, seeds, 'all'),
    async first<T>(entity: string, filters: Record<string, unknown>) {
      const answer = await post<T[]>(api(entity, 'listByPage'), { ...filters, pageRows: 1 });
      if (!answer.body.data?.[0]) throw new Error(`No ${entity} with ${JSON.stringify(filters)}`);
      return answer.body.data[0];
    },
    async count(table) {
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
