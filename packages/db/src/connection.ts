// The one connection module: PostgreSQL through a node-postgres pool when a URL is given,
// otherwise PGlite (PostgreSQL in WASM) in directory mode under the data directory.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DirectoryLock, lockDirectory } from './lock';
import { type PreparedQueries, preparedQueries } from './pglite-statements';
import { startUpkeep } from './pglite-upkeep';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';

export type DbKind = 'pglite' | 'postgres';

/** A Drizzle database, the same type whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
/** A Drizzle transaction handle. */
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>>;
/** Anything queries can run on: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  readonly kind: DbKind;
  readonly db: Db;
  /** The embedded engine, when there is one (dump, clone, raw access in tests). */
  readonly pglite?: PGlite;
  /**
   * Listens on a channel of PostgreSQL's LISTEN/NOTIFY: `onPayload` gets each notification's
   * payload (sent by any node, delivered when its transaction commits). On PostgreSQL a
   * connection of its own, opened again after it drops; `onListening` runs each time the LISTEN
   * holds (a notification sent meanwhile is lost: the caller re-reads what it may have missed).
   * Answers the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListening?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs one statement on a connection of its own, committed when it returns, whatever
   * transaction the caller is in: for a counter that must not stay locked until the caller's
   * transaction ends (numbers that may have gaps). PostgreSQL only: the embedded database has one
   * connection, and its callers run the statement in their transaction instead.
   */
  readonly autonomous?: <T extends Record<string, unknown>>(text: string, values: unknown[]) => Promise<T[]>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… — when set, PostgreSQL through a pool. */
  url?: string | undefined;
  /** Directory of the embedded database (PGlite directory mode). */
  dataDir?: string | undefined;
  /** Start an in-memory embedded database from a dump made with `dumpDataDir()`. */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number | undefined;
  /**
   * PostgreSQL: each connection prepares the statements it runs with parameters and reuses them
   * (default on; SRM_PG_PREPARE=off turns it off, e.g. behind a pooler that cannot keep them).
   * The embedded engine prepares every statement it runs (default on; SRM_PGLITE_PREPARE=off).
   */
  prepare?: boolean | undefined;
  /**
   * The caller already holds the directory's lock (`lockDirectory`), e.g. the server that took
   * it before creating the directory, or the child process it runs for that. Otherwise opening
   * a directory takes its lock, and closing the database releases it.
   */
  lockHeld?: boolean | undefined;
  /**
   * The embedded engine: seconds between its upkeep passes, which vacuum and analyse the tables
   * past PostgreSQL's autovacuum thresholds (PGlite has no autovacuum). Default
   * SRM_PGLITE_UPKEEP_SECONDS or 30; 0 runs none.
   */
  upkeepSeconds?: number | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url)
    return openPostgres(
      options.url,
      options.poolSize ?? 10,
      options.prepare ?? process.env.SRM_PG_PREPARE !== 'off',
    );
  return openPglite(options);
}

async function openPostgres(url: string, poolSize: number, prepare: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  if (prepare) pool.on('connect', preparing);
  // An idle connection that the server ends (restart, failover, administrator) emits an error
  // on the pool; without a listener it would take the process down. The pool reconnects.
  let closed = false;
  pool.on('error', (error) => {
    if (!closed) console.error('PostgreSQL idle connection error:', error.message);
  });
  // Fail at start, not at the first request, when the server is unreachable.
  const client = await pool.connect();
  client.release();
  const db = drizzlePg(pool) as unknown as Db;
  const autonomous = autonomousConnection(url);
  return {
    kind: 'postgres',
    db,
    listen: (channel, onPayload, onListening) => listenPostgres(url, channel, onPayload, onListening),
    autonomous: autonomous.query,
    async close() {
      if (closed) return;
      closed = true;
      await autonomous.end();
      await pool.end();
    },
  };
}

/** Statements one connection keeps prepared at most; any further runs unnamed, as before. */
const PREPARED_PER_CONNECTION = 500;
/** Statement names by text (a hash of it), shared by the connections; emptied when it grows past this. */
const NAMES_KEPT = 5_000;
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    if (statementNames.size >= NAMES_KEPT) statementNames.clear();
    name = `srm_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/** The query under the name of its text, when it has parameters and this connection may keep one more. */
function named(config: unknown, values: unknown, prepared: Set<string>): unknown {
  const plain = typeof config === 'string' ? { text: config } : (config as QueryConfigLike | null);
  if (!plain || typeof plain !== 'object' || typeof plain.text !== 'string') return config;
  if (plain.name || typeof plain.submit === 'function') return config;
  const parameters = Array.isArray(values) ? values : plain.values;
  if (!Array.isArray(parameters) || !parameters.length) return config;
  // An EXPLAIN is asked for the estimate of these very values (list counts): never a kept plan.
  if (/^\s*explain\b/i.test(plain.text)) return config;
  const name = statementName(plain.text);
  if (!prepared.has(name)) {
    if (prepared.size >= PREPARED_PER_CONNECTION) return config;
    prepared.add(name);
  }
  return { ...plain, name };
}

/**
 * Makes a pool connection prepare each statement with parameters the first time it runs it and
 * reuse it after (the extended protocol's named statements): PostgreSQL parses it once per
 * connection, and after five runs keeps a generic plan when that is not costlier than planning
 * each time. Planning was 0.3–0.7 ms of a statement's 0.4–1 ms (ADR 0035). The name is a
 * hash of the text, so two texts never share one.
 */
function preparing(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  Object.assign(client, {
    query: (config: unknown, ...rest: unknown[]) => query(named(config, rest[0], prepared), ...rest),
  });
}

/**
 * A connection outside the pool for statements that commit on their own. Not a pool connection:
 * a caller holding one of those (its transaction) would wait for another, and with every pooled
 * connection held by such callers none would come (a deadlock). Its statements run one after
 * another; it is opened at the first and again after it drops.
 */
function autonomousConnection(url: string) {
  let client: Promise<pg.Client> | null = null;
  const connect = () => {
    const opened = new pg.Client({ connectionString: url });
    const dropped = () => {
      if (client === connecting) client = null;
      opened.end().catch(() => undefined);
    };
    opened.on('error', dropped);
    opened.on('end', dropped);
    const connecting = opened.connect().then(
      () => opened,
      (error: unknown) => {
        dropped();
        throw error;
      },
    );
    return connecting;
  };
  let last: Promise<unknown> = Promise.resolve();
  return {
    query<T extends Record<string, unknown>>(text: string, values: unknown[]): Promise<T[]> {
      const run = async () => {
        client ??= connect();
        const { rows } = await (await client).query<T>({ text, values, name: statementName(text) });
        return rows;
      };
      const result = last.then(run, run);
      last = result.catch(() => undefined);
      return result;
    },
    async end() {
      const open = client;
      client = null;
      if (open) await (await open.catch(() => null))?.end().catch(() => undefined);
    },
  };
}

/** Waits before listening again after the connection dropped: 0.5 s, doubling up to 30 s. */
const RELISTEN_MS = { first: 500, max: 30_000 };

/** A connection of its own that LISTENs on the channel, and LISTENs again after it drops. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onListening?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let delay = RELISTEN_MS.first;
  let retry: NodeJS.Timeout | null = null;
  const drop = (client: pg.Client) => {
    if (stopped || current !== client) return;
    current = null;
    client.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = null;
      void connect(false);
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, RELISTEN_MS.max);
  };
  const connect = async (first: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      // The first time the caller hears of it (the server is unreachable at start).
      if (first) {
        current = null;
        await client.end().catch(() => undefined);
        throw error;
      }
      drop(client);
      return;
    }
    delay = RELISTEN_MS.first;
    onListening?.();
  };
  await connect(true);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

/**
 * PostgreSQL settings of the embedded engine, on top of PGlite's own start parameters (which a
 * `startParams` option replaces, so they are repeated). PGlite's shared memory is a part of
 * its WebAssembly heap that it writes at start, so the 128 MB `shared_buffers` of initdb's
 * postgresql.conf were resident for the process's lifetime: 16 MB makes an idle server about
 * 110 MB smaller. The data pages that no longer fit stay in the operating system's file cache
 * (directory mode) or in PGlite's in-memory file system; the list benchmark on 100,000 rows did
 * not get slower (docs/benchmarks.md).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/**
 * The types Drizzle reads as PostgreSQL's text rather than as parsed values: timestamp,
 * timestamptz, interval and date, and the arrays of numeric, timestamp, timestamptz, interval and
 * date (drizzle-orm/pglite/session.js). Drizzle sends these parsers with every query, and PGlite
 * then copies its whole parser table (300 array types included) into a new object for each one:
 * 170 µs of CPU on a 266 µs `select 1` (docs/benchmarks.md). The engine is given them once, when
 * it has started, and the copy Drizzle asks for is skipped (`ownQueries`).
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const keepText = (value: string) => value;
const TEXT_PARSERS = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, keepText]));

type QueryOptions = Parameters<PGlite['query']>[2];
type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

/** Options without the parsers when they are only those the engine already has. */
function withoutKnownParsers(options: QueryOptions): QueryOptions {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const oids = Object.keys(parsers);
  if (!oids.every((oid) => TEXT_TYPES.includes(Number(oid)))) return options;
  const { parsers: _known, ...rest } = options;
  return rest;
}

/**
 * The client's queries, and those of its transactions, without the copy of known parsers, and
 * prepared (`preparedQueries`) unless SRM_PGLITE_PREPARE=off.
 */
function ownQueries(client: PGlite, prepared: PreparedQueries | null): void {
  const query = (prepared ? prepared.query.bind(prepared) : client.query.bind(client)) as unknown as Query;
  (client as unknown as { query: Query }).query = (sql, params, options) =>
    query(sql, params, withoutKnownParsers(options));
  const transaction = prepared ? prepared.transaction.bind(prepared) : client.transaction.bind(client);
  client.transaction = (work) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as unknown as Query;
      // The transaction itself underneath (its `closed` getter, its other methods), another query.
      const stripped: typeof tx = Object.create(tx);
      stripped.query = ((sql, params, options) =>
        txQuery(sql, params, withoutKnownParsers(options))) as typeof tx.query;
      return work(stripped);
    });
}

async function openPglite(options: OpenOptions): Promise<Database> {
  // Loaded only here: a server on PostgreSQL never loads PGlite's modules (nor its WASM).
  const [engine, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const { PGlite } = engine;
  const startParams = [
    ...PGlite.defaultStartParams,
    ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting]),
  ];
  let client: PGlite;
  let lock: DirectoryLock | undefined;
  if (options.loadDataDir) {
    client = new PGlite({ loadDataDir: options.loadDataDir, startParams });
  } else if (options.dataDir) {
    if (!options.lockHeld) lock = lockDirectory(options.dataDir);
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir, { startParams });
  } else {
    client = new PGlite({ startParams });
  }
  try {
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  // At its start the engine added a parser for every array type, those above included.
  Object.assign(client.parsers, TEXT_PARSERS);
  const prepare = options.prepare ?? process.env.SRM_PGLITE_PREPARE !== 'off';
  ownQueries(client, prepare ? preparedQueries(client, engine) : null);
  const db = drizzlePglite(client) as unknown as Db;
  const seconds = options.upkeepSeconds ?? Number(process.env.SRM_PGLITE_UPKEEP_SECONDS ?? 30);
  const upkeep = seconds > 0 ? startUpkeep(client, seconds) : null;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async listen(channel, onPayload, onListening) {
      const stop = await client.listen(channel, onPayload);
      onListening?.();
      return stop;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await upkeep?.stop();
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** True when the directory already holds an initialised embedded database. */
export function isPgliteInitialised(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/** Where PGlite's module is, for the child process to import. */
function pgliteModuleUrl(): string {
  try {
    return import.meta.resolve('@electric-sql/pglite');
  } catch {
    // Vitest's module runner (the test run's global setup) has no import.meta.resolve; the
    // package's CommonJS build, which `require` resolves to, starts the same engine.
    return pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  }
}

/**
 * Runs PGlite's initdb in a short-lived child process. The WASM memory that initdb grows is
 * never returned to the system, so a server that created its database in-process would keep
 * ~850 MB for its lifetime; opening an existing directory costs ~330 MB.
 */
export function initialisePgliteDirectory(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const moduleUrl = pgliteModuleUrl();
  const script = [
    `const { PGlite } = await import(${JSON.stringify(moduleUrl)});`,
    `const db = new PGlite(${JSON.stringify(dataDir)});`,
    'await db.waitReady;',
    'await db.close();',
  ].join('\n');
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(`Could not initialise the embedded database in ${dataDir} (exit ${result.status})`);
  }
}
