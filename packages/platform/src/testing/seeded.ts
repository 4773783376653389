// Seeded templates: the database (and the files) a list of seeds makes, made once per test run
// and copied by every file that starts its server with the same seeds, instead of each file
// running them again. The demo data takes some 20–30 s to seed on the 2-core CI machine, and
// fifteen files start on it, on each database. Seeds made with an installation's own secrets
// (`installation: true`: the demo's e-signing, 8 s of PDF conversion and signing) run in the
// template too, and each file's server is the same installation: it gets the template's keys
// (the seal key those secrets are sealed with). The demo snapshot still leaves them out (ADR 0008).
//
// The first file that needs a template makes it while holding a lock directory in the run's
// directory; the others wait for it. The key holds the seeds' names, the areas and the day (demo
// data is dated from today). SRM_TEST_SEED_CACHE=off seeds every file as before.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, readJournal } from '@srm/db';
import type { ServerArea } from '../area';
import { type Seed, runSeeds } from '../seed/seed';
import { buildPlatform } from '../server/app';
import { createFromTemplate } from './database';
import { testActorPolicy } from './engine';
import { databaseUrlWithName, quoteIdent } from './postgres';
import { type TestTemplate, migrationsDir } from './template';

export interface SeededTemplate {
  readonly template: TestTemplate;
  /** The files the seeds stored (the data directory's `files`), copied into each file's. */
  readonly filesDir: string;
  /** The installation's keys (the data directory's `keys`), copied into each file's. */
  readonly keysDir: string;
}

const WAIT_MS = 15 * 60_000;

/** The day in UTC and in China (the demo's time zone): a template is not used across midnight. */
const days = () => {
  const now = Date.now();
  return `${new Date(now).toISOString().slice(0, 10)}/${new Date(now + 8 * 3_600_000).toISOString().slice(0, 10)}`;
};

/** Off with SRM_TEST_SEED_CACHE=off, and where stored files are not in the data directory (S3). */
export function seedCacheEnabled(): boolean {
  return (
    (process.env.SRM_TEST_SEED_CACHE ?? 'on').toLowerCase() !== 'off' &&
    (process.env.SRM_STORAGE ?? 'disk').toLowerCase() === 'disk'
  );
}

/** The seeded template of these seeds for this run: made here, or waited for. */
export async function seededTemplate(
  areas: readonly ServerArea[],
  seeds: readonly Seed[],
  version: string,
): Promise<SeededTemplate> {
  const key = createHash('sha256')
    .update(JSON.stringify([areas.map((area) => area.area.name), seeds.map((seed) => seed.name), days()]))
    .digest('hex')
    .slice(0, 12);
  const dir = join(inject('srmRunDir'), `seeded-${key}`);
  const ready = join(dir, 'ready.json');
  const failed = join(dir, 'failed');
  const lock = join(dir, 'lock');
  mkdirSync(dir, { recursive: true });
  let mine = false;
  try {
    mkdirSync(lock);
    mine = true;
  } catch {
    // Another file makes it.
  }
  if (mine) {
    try {
      const made = await makeTemplate(dir, key, areas, seeds, version);
      writeFileSync(ready, JSON.stringify(made));
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  }
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(ready)) {
    if (existsSync(failed))
      throw new Error(`the seeded template ${key} failed:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the seeded template ${key} was not made in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return JSON.parse(readFileSync(ready, 'utf8')) as SeededTemplate;
}

/** Seeds a copy of the run's template with a platform of its own, then keeps what they made. */
async function makeTemplate(
  dir: string,
  key: string,
  areas: readonly ServerArea[],
  seeds: readonly Seed[],
  version: string,
): Promise<SeededTemplate> {
  const base = inject('srmTemplate');
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-seeded-'));
  let template: TestTemplate;
  let open: { url: string } | { dataDir: string };
  if (base.kind === 'postgres') {
    // Named after the run's template, so that the run's end drops it with its own.
    const name = `${base.templateName}_s${key}`;
    const admin = new pg.Client({ connectionString: base.adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${quoteIdent(name)}`);
      await createFromTemplate(admin, name, base.templateName);
    } finally {
      await admin.end();
    }
    open = { url: databaseUrlWithName(base.adminUrl, name) };
    template = { kind: 'postgres', adminUrl: base.adminUrl, templateName: name };
  } else {
    // Seeded in place: closed, the directory is the template its files copy (database.ts).
    open = { dataDir: join(dir, 'database') };
    template = { kind: 'pglite', dataDir: open.dataDir };
    cpSync(base.dataDir, open.dataDir, { recursive: true });
  }
  const database = await openDatabase(open);
  try {
    const { app, runtime } = await buildPlatform({
      database,
      areas,
      dataDir,
      policy: testActorPolicy,
      version,
      journal: readJournal(migrationsDir),
      jobPollingSeconds: 0.5,
    });
    await app.ready();
    await runSeeds(runtime, seeds, 'all');
    // Stopped before the copy: no job runs while the files are taken.
    await app.close();
  } finally {
    await database.close();
  }
  const filesDir = join(dir, 'files');
  const stored = join(dataDir, 'files');
  mkdirSync(filesDir, { recursive: true });
  if (existsSync(stored))
    cpSync(stored, filesDir, {
      recursive: true,
      filter: (source) => !source.startsWith(join(stored, 'tmp')),
    });
  const keysDir = join(dir, 'keys');
  mkdirSync(keysDir, { recursive: true });
  if (existsSync(join(dataDir, 'keys'))) cpSync(join(dataDir, 'keys'), keysDir, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  return { template, filesDir, keysDir };
}
