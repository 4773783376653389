// The demo snapshot (ADR 0008): `npm run build` creates, migrates and seeds an embedded
// database once, closes it cleanly and keeps a copy of its directory in the server's build
// output. A first start on an empty data directory copies it instead of running initdb, the
// migrations and the demo seeds, when the snapshot was made by the same code, from the same
// migrations, on the same day. Per-installation secrets (the keys directory) are never in it.
import { createHash } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '@srm/kernel';
import { type Database, openDatabase, queryRows, readJournal, runMigrations } from '@srm/db';
import type { EntityRuntime } from '@srm/platform';
import { buildApp } from './app';
import { loadDemoData } from './seed';

/** Bumped when the snapshot's layout or meaning changes. */
const FORMAT = 1;
const MANIFEST = 'manifest.json';
const PGDATA = 'pgdata';
const FILES = 'files';
/** Entries of a data directory that belong to one installation or are transient. */
const NOT_COPIED = new Set(['pglite', 'keys', 'cache']);

export interface SnapshotManifest {
  format: number;
  /** snapshotKey() of the code and migrations that made it. */
  key: string;
  /** UTC day (yyyy-MM-dd) it was made: the demo documents' dates are relative to it. */
  day: string;
  builtAt: string;
  /** Rows per table of the public schema, as seeded. */
  rows: Record<string, number>;
}

export interface KeyParts {
  /** Fingerprint of the server code (seeds, entity definitions, engine): the bundle's hash. */
  code: string;
  /** Folder of the SQL migrations applied at start. */
  migrationsDir: string;
  /** Time zone of document numbers and dates (SRM_TIME_ZONE). */
  timeZone?: string | undefined;
}

/** UTC day of a moment, yyyy-MM-dd (the demo seeds' "today"). */
export const utcDay = (ms = Date.now()): string => new Date(ms).toISOString().slice(0, 10);

/** The hash a snapshot must carry to be loaded by this code with these migrations. */
export function snapshotKey(parts: KeyParts): string {
  const hash = createHash('sha256');
  hash.update(`format ${FORMAT}\npglite ${pgliteVersion()}\ntz ${parts.timeZone ?? DEFAULT_TIME_ZONE}\n`);
  hash.update(`code ${parts.code}\n`);
  for (const entry of readJournal(parts.migrationsDir)) {
    hash.update(`migration ${entry.tag} ${entry.when}\n`);
    hash.update(readFileSync(join(parts.migrationsDir, `${entry.tag}.sql`)));
  }
  return hash.digest('hex');
}

/** Hash of a file (the built server bundle), as the code part of the key. */
export function fileFingerprint(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@electric-sql/pglite');
  // …/node_modules/@electric-sql/pglite/dist/index.cjs → its package.json
  const pkg = join(
    main.slice(0, main.lastIndexOf('@electric-sql/pglite') + '@electric-sql/pglite'.length),
    'package.json',
  );
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

export function readManifest(snapshotDir: string): SnapshotManifest | null {
  try {
    return JSON.parse(readFileSync(join(snapshotDir, MANIFEST), 'utf8')) as SnapshotManifest;
  } catch {
    return null;
  }
}

/** Why a snapshot cannot be used for this key today, or null when it can. */
export function snapshotRejection(snapshotDir: string, key: string, today = utcDay()): string | null {
  const manifest = readManifest(snapshotDir);
  if (!manifest) return 'no snapshot';
  if (manifest.format !== FORMAT) return `snapshot format ${manifest.format}, expected ${FORMAT}`;
  if (manifest.key !== key) return 'snapshot made by other code or migrations';
  if (manifest.day !== today) return `snapshot made on ${manifest.day}, its demo dates would be stale`;
  if (!existsSync(join(snapshotDir, PGDATA, 'PG_VERSION'))) return 'snapshot database missing';
  return null;
}

/** Rows per table of the public schema. */
export async function countRows(database: Database): Promise<Record<string, number>> {
  const db = database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from ${sql.identifier(name)}`,
    );
    rows[name] = Number(row?.n ?? 0);
  }
  return rows;
}

/** Sealed values are encrypted with one installation's key: they cannot be part of a snapshot. */
async function sealedValues(runtime: EntityRuntime): Promise<string[]> {
  const found: string[] = [];
  for (const entity of runtime.registry.all()) {
    const table = runtime.table(entity.name);
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!field.sealed) continue;
      const [row] = await runtime
        .executor()
        .select({ n: count() })
        .from(table)
        .where(and(isNotNull(table[name] as AnyPgColumn)));
      if (Number(row?.n ?? 0) > 0) found.push(`${entity.name}.${name}`);
    }
  }
  return found;
}

export interface BuildResult {
  /** False when an up-to-date snapshot was already there. */
  built: boolean;
  manifest: SnapshotManifest;
}

/**
 * Makes the snapshot in `snapshotDir` (replacing an older one), unless the one there already
 * has this key and today's date. Runs in the build, never in a serving process: initdb's memory
 * is not given back.
 */
export async function buildDemoSnapshot(snapshotDir: string, parts: KeyParts): Promise<BuildResult> {
  const key = snapshotKey(parts);
  const existing = readManifest(snapshotDir);
  if (existing && !snapshotRejection(snapshotDir, key)) return { built: false, manifest: existing };
  // Nothing of this environment's installation may leak into the build: throwaway keys, disk
  // storage, no mail server.
  for (const name of ['SRM_SEAL_KEY', 'SRM_RSA_PRIVATE_KEY', 'SMTP_URL', 'SRM_STORAGE', 'DATABASE_URL']) {
    delete process.env[name];
  }
  const work = mkdtempSync(join(tmpdir(), 'srm-snapshot-'));
  const staging = `${snapshotDir}.tmp-${process.pid}`;
  try {
    const day = utcDay();
    const database = await openDatabase({ dataDir: join(work, 'pglite') });
    let rows: Record<string, number>;
    try {
      await runMigrations(database, parts.migrationsDir);
      const { runtime, jobs } = await buildApp({
        database,
        dataDir: work,
        jobWorkers: false,
        ...(parts.timeZone ? { timeZone: parts.timeZone } : {}),
      });
      // Not the seeds made with this throwaway installation's secrets: they run at a first start.
      await loadDemoData(runtime, 'new', true);
      // The job queue's schema and queues, which a start would otherwise create.
      await jobs.start();
      await jobs.stop();
      const sealed = await sealedValues(runtime);
      if (sealed.length) throw new Error(`demo data holds sealed values (${sealed.join(', ')})`);
      rows = await countRows(database);
    } finally {
      // A clean shutdown: the copy needs no recovery when it is opened.
      await database.close();
    }
    if (utcDay() !== day) throw new Error('the day changed while the snapshot was made');
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    copyTree(join(work, 'pglite'), join(staging, PGDATA));
    copyDataFiles(work, join(staging, FILES));
    const manifest: SnapshotManifest = { format: FORMAT, key, day, builtAt: new Date().toISOString(), rows };
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    rmSync(snapshotDir, { recursive: true, force: true });
    renameSync(staging, snapshotDir);
    return { built: true, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies a directory (a clone where the file system can). */
function copyTree(source: string, target: string): void {
  cpSync(source, target, { recursive: true, mode: constants.COPYFILE_FICLONE });
}

/** Files the seeds stored in the data directory (attachments), without keys, caches, work files. */
function copyDataFiles(dataDir: string, target: string): void {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(dataDir)) {
    if (NOT_COPIED.has(entry)) continue;
    cpSync(join(dataDir, entry), join(target, entry), {
      recursive: true,
      mode: constants.COPYFILE_FICLONE,
      filter: (source) => !source.startsWith(join(dataDir, 'files', 'tmp')),
    });
  }
}

/**
 * A first start from the snapshot: copies its database into `pgliteDir` (which must not hold
 * one) and the seeds' files into `dataDir`, or answers why the snapshot must not be used.
 */
export function restoreDemoSnapshot(
  snapshotDir: string,
  key: string,
  dataDir: string,
  pgliteDir: string,
): { manifest: SnapshotManifest } | { rejected: string } {
  const rejected = snapshotRejection(snapshotDir, key);
  if (rejected) return { rejected };
  const files = join(snapshotDir, FILES);
  if (existsSync(files)) {
    mkdirSync(dataDir, { recursive: true });
    cpSync(files, dataDir, {
      recursive: true,
      force: false,
      errorOnExist: false,
      mode: constants.COPYFILE_FICLONE,
    });
  }
  copyTree(join(snapshotDir, PGDATA), pgliteDir);
  return { manifest: readManifest(snapshotDir)! };
}
