// The demo snapshot (ADR 0008): a first start from it has the demo company the seeds make, keeps
// seeding idempotent, gets its own keys, and a snapshot of other code, other migrations or
// another day is not used.
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, isPgliteInitialised, openDatabase, readJournal } from '@srm/db';
import { openTestDatabase } from '@srm/platform/testing';
import { domainSeeds } from '@srm/domain/server';
import { buildApp } from './app';
import { migrationsDir } from './paths';
import { loadDemoData } from './seed';
import {
  type BuildResult,
  buildDemoSnapshot,
  countRows,
  restoreDemoSnapshot,
  snapshotKey,
  snapshotRejection,
  utcDay,
} from './snapshot';

const MAIN_TABLES = [
  'base_user',
  'base_role',
  'base_menu',
  'srm_base_item',
  'srm_base_district',
  'srm_supplier_info',
  'srm_pur_agreement',
  'srm_pur_requisition_header',
  'srm_po_header',
  'srm_po_line',
  'srm_pur_asn_header',
  'bpm_task',
];

/** Every file under a directory, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

describe.skipIf(inject('srmTemplate').kind !== 'pglite')('demo snapshot', () => {
  const work = mkdtempSync(join(tmpdir(), 'srm-snapshot-test-'));
  const snapshotDir = join(work, 'snapshot');
  const parts = { code: 'code-under-test', migrationsDir };
  const key = snapshotKey(parts);
  let build: BuildResult;
  const open: Database[] = [];

  beforeAll(async () => {
    build = await buildDemoSnapshot(snapshotDir, parts);
  }, 300_000);

  afterAll(async () => {
    for (const database of open) await database.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** A first start of one installation from the snapshot: its data directory and database. */
  async function install(name: string) {
    const dataDir = join(work, name);
    const pgliteDir = join(dataDir, 'pglite');
    const restored = restoreDemoSnapshot(snapshotDir, key, dataDir, pgliteDir);
    expect(restored).not.toHaveProperty('rejected');
    const database = await openDatabase({ dataDir: pgliteDir });
    open.push(database);
    const app = await buildApp({ database, dataDir, jobWorkers: false });
    return { dataDir, database, ...app };
  }

  it('is made once per code, migrations and day, without keys or work files', async () => {
    expect(build.built).toBe(true);
    expect(build.manifest).toMatchObject({ key, day: utcDay() });
    expect(readJournal(migrationsDir).length).toBeGreaterThan(0);
    const again = await buildDemoSnapshot(snapshotDir, parts);
    expect(again.built).toBe(false);
    const files = filesUnder(snapshotDir);
    expect(files.filter((file) => /(^|\/)(keys|cache|tmp)\//.test(file))).toEqual([]);
    expect(files.filter((file) => /\.(pem|key)$/.test(file))).toEqual([]);
  });

  it('gives a first start the rows the seeds made, and seeding again adds none', async () => {
    const { database, runtime } = await install('a');
    expect(await countRows(database)).toEqual(build.manifest.rows);
    // No CA, key or certificate of the throwaway installation that made it: the seeds made with
    // an installation's secrets run at its first start (as main.ts does after the copy).
    expect(build.manifest.rows.srm_cct_esign_ca).toBe(0);
    expect(build.manifest.rows.srm_cct_sign_key).toBe(0);
    const installationSeeds = domainSeeds.filter((seed) => seed.installation).map((seed) => seed.name);
    expect(installationSeeds.length).toBeGreaterThan(0);
    expect((await loadDemoData(runtime, 'new')).ran).toEqual(installationSeeds);
    const rows = await countRows(database);
    expect(rows.srm_cct_sign_key).toBeGreaterThan(0);
    for (const table of MAIN_TABLES) expect(rows[table], table).toBeGreaterThan(0);
    // The long way (a migrated database, then every seed) gives the same rows per table.
    const seeded = await openTestDatabase();
    open.push(seeded);
    const long = await buildApp({ database: seeded, dataDir: join(work, 'seeded'), jobWorkers: false });
    await loadDemoData(long.runtime, 'new');
    await long.jobs.start();
    await long.jobs.stop();
    expect(await countRows(seeded)).toEqual(rows);
    // What a start does after it (seeds not run yet: none), then `npm run seed` (all again).
    expect((await loadDemoData(runtime, 'new')).ran).toEqual([]);
    const report = await loadDemoData(runtime, 'all');
    expect(report.ran.length).toBe(build.manifest.rows.base_seed_run! + installationSeeds.length);
    const after = await countRows(database);
    for (const table of MAIN_TABLES) expect(after[table], table).toBe(rows[table]);
  }, 240_000);

  it('gives each installation its own keys, and copies the files the seeds stored', async () => {
    // A file the seeds stored under the data directory travels with the snapshot.
    const stored = join(snapshotDir, 'files', 'files', 'ab', 'cd', 'abcd-demo');
    mkdirSync(join(stored, '..'), { recursive: true });
    writeFileSync(stored, 'demo attachment');
    const b = await install('b');
    const c = await install('c');
    for (const name of ['rsa_private.pem', 'seal.key']) {
      const first = readFileSync(join(b.dataDir, 'keys', name), 'utf8');
      const second = readFileSync(join(c.dataDir, 'keys', name), 'utf8');
      expect(first.length).toBeGreaterThan(0);
      expect(first).not.toBe(second);
    }
    expect(b.identity.rsa.publicKeySpki).not.toBe(c.identity.rsa.publicKeySpki);
    for (const dir of [b.dataDir, c.dataDir]) {
      expect(readFileSync(join(dir, 'files', 'ab', 'cd', 'abcd-demo'), 'utf8')).toBe('demo attachment');
    }
  }, 120_000);

  it('is not used when made by other code, from other migrations or on another day', () => {
    expect(snapshotRejection(snapshotDir, key)).toBeNull();
    expect(snapshotRejection(snapshotDir, snapshotKey({ ...parts, code: 'changed-code' }))).toMatch(
      /other code/,
    );
    expect(snapshotRejection(snapshotDir, snapshotKey({ ...parts, timeZone: 'UTC' }))).toMatch(/other code/);
    const tomorrow = utcDay(Date.now() + 86_400_000);
    expect(snapshotRejection(snapshotDir, key, tomorrow)).toMatch(/stale/);

    // A migration edited (or added) after the build changes the key.
    const changed = join(work, 'migrations');
    cpSync(migrationsDir, changed, { recursive: true });
    const last = readJournal(changed).at(-1)!;
    appendFileSync(join(changed, `${last.tag}.sql`), '\n-- changed\n');
    const staleKey = snapshotKey({ ...parts, migrationsDir: changed });
    expect(staleKey).not.toBe(key);
    const dataDir = join(work, 'stale');
    const restored = restoreDemoSnapshot(snapshotDir, staleKey, dataDir, join(dataDir, 'pglite'));
    expect(restored).toEqual({ rejected: expect.stringMatching(/other code or migrations/) });
    expect(isPgliteInitialised(join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(dataDir)).toBe(false);
  });
});
