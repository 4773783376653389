// Test helper: the platform composed with the given business areas (buildPlatform: every
// service, the areas' entities, behaviour and messages) on a free port over real HTTP, on a
// fresh copy of the migrated database. The areas' own API tests start it with their manifests;
// they never import the server application.
import type { BusinessInfoProvider } from '../bizinfo/provider';
import type { EsignProvider } from '../esign/provider';
import type { SmsProvider } from '../messaging/sms';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type EntityDef, areaEntities, bpmEntities, systemEntities } from '@srm/kernel';
import { openDatabase, readJournal } from '@srm/db';
import type { AccessPolicy, Actor } from '../access/actor';
import { type ServerArea, definedServerAreas } from '../area';
import type { EntityRuntime } from '../entity/runtime';
import { backExport } from '../excel/back-export.entity';
import type { Identity } from '../identity/identity';
import type { JobService } from '../jobs/jobs';
import { type Seed, type SeedReport, runSeeds } from '../seed/seed';
import { buildPlatform } from '../server/app';
import { platformSchema } from '../server/schema';
import type { DatabaseClock } from '../system/clock';
import type { Answer } from './api-client';
import { openTestDatabase, type TestDatabase } from './database';
import { TEST_ACTOR_HEADER, testActorPolicy } from './engine';
import { seedCacheEnabled, seededTemplate } from './seeded';
import { migrationsDir } from './template';

export interface PostOptions {
  /** `SAAF-Language`. */
  language?: 'CN' | 'EN';
  /** The caller, with the test policy (an internal administrator by default). */
  actor?: Partial<Actor>;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  /** Its data directory (keys): a second node of the same installation shares it. */
  dataDir: string;
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

export interface TestServerOptions {
  /** The business areas to compose (a domain's `serverAreas`). */
  areas: readonly ServerArea[];
  /** The access policy: the test header policy by default, `signIn` for the real one. */
  policy?: AccessPolicy | 'signIn';
  /**
   * Seeds, as if run once the server listens: the run makes their database, files and keys once
   * (a seeded template, seeded.ts) and the server starts on a copy.
   */
  seeds?: readonly Seed[];
  smtpUrl?: string;
  /** The SMS provider (the recording one by default). */
  sms?: SmsProvider;
  /** The built web app to serve (none by default). */
  webDir?: string;
  /**
   * PostgreSQL only: another node on the database of a running test server (its `database.url`)
   * instead of a fresh copy; closing this node leaves the database to the first.
   */
  joinDatabaseUrl?: string;
  /** The data directory (its keys) of the installation to join; a new one by default. */
  dataDir?: string;
  /** Serve POST /api/test/v1/clock, as a server started with SRM_TEST_CLOCK=1 does. */
  testClock?: boolean;
  /** An external e-sign provider (the stand-in peer's client). */
  esign?: EsignProvider;
  /** A business-information service (the stand-in peer's client). */
  businessInfo?: BusinessInfoProvider;
}

/**
 * The endpoint of an entity's action: `/api/{service}/v1/{entity}Restful/{action}`. Named from
 * the platform's entities and every server area defined in the process, so that a test file may
 * name its endpoints before its server starts.
 */
export function api(entity: string, action: string): string {
  const known = apiPaths.get(entity);
  if (known) return `${known}/${action}`;
  const headers: EntityDef[] = [
    ...systemEntities,
    ...bpmEntities,
    backExport,
    ...areaEntities(definedServerAreas().map((server) => server.area)),
  ];
  const definition = headers
    .flatMap((header) => [header, ...(Object.values(header.lines) as EntityDef[])])
    .find((candidate) => candidate.name === entity);
  if (!definition) throw new Error(`Unknown entity ${entity}`);
  apiPaths.set(entity, definition.apiPath);
  return `${definition.apiPath}/${action}`;
}

/** Entities' paths once found (a benchmark names one per request). */
const apiPaths = new Map<string, string>();

/** The seeds with these names (without their area prefix), in their order. */
export function seedsNamed(seeds: readonly Seed[], ...names: string[]): Seed[] {
  return seeds.filter((seed) => names.includes(seed.name.replace(/^[a-z-]+\./, '')));
}

/** The repository's version (the root package.json), as the application reports it. */
function repositoryVersion(): string {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  // The seeds' database, files and keys copied from the run's seeded template where there may be
  // one (seeded.ts).
  const seeded =
    options.seeds?.length && !options.joinDatabaseUrl && !options.dataDir && seedCacheEnabled()
      ? await seededTemplate(options.areas, options.seeds, repositoryVersion())
      : null;
  const database: TestDatabase = options.joinDatabaseUrl
    ? { ...(await openDatabase({ url: options.joinDatabaseUrl })), url: options.joinDatabaseUrl }
    : await openTestDatabase(seeded?.template);
  const { registry } = platformSchema(options.areas);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'srm-test-data-'));
  if (seeded) {
    cpSync(seeded.filesDir, join(dataDir, 'files'), { recursive: true });
    cpSync(seeded.keysDir, join(dataDir, 'keys'), { recursive: true });
  }
  const { app, runtime, clock, identity, jobs } = await buildPlatform({
    database,
    areas: options.areas,
    dataDir,
    ...(options.webDir ? { webDir: options.webDir } : {}),
    ...(options.policy === 'signIn' ? {} : { policy: options.policy ?? testActorPolicy }),
    ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    ...(options.sms ? { sms: options.sms } : {}),
    ...(options.testClock ? { testClock: true } : {}),
    ...(options.esign ? { esign: options.esign } : {}),
    ...(options.businessInfo ? { businessInfo: options.businessInfo } : {}),
    version: repositoryVersion(),
    journal: readJournal(migrationsDir),
    jobPollingSeconds: 0.5,
  }).catch(async (error: unknown) => {
    // A server that refuses to start leaves no database open behind it, nor the directory made for it.
    await database.close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Links in e-mails and providers' callbacks reach this server.
  runtime.publicUrl = url;
  if (!seeded && options.seeds?.length) await runSeeds(runtime, options.seeds, 'all');
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
    dataDir,
    app,
    runtime,
    clock,
    identity,
    jobs,
    database,
    post,
    seed: (seeds) => runSeeds(runtime, seeds, 'all'),
    async first<T>(entity: string, filters: Record<string, unknown>) {
      const path = `${registry.get(entity).apiPath}/listByPage`;
      const answer = await post<T[]>(path, { ...filters, pageRows: 1 });
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
      // A data directory made here goes with the server (a given one is the caller's).
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
