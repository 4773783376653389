// `npm start`: opens the database (embedded unless DATABASE_URL is set), applies migrations,
// loads the demo data on a first start, serves the API and the web app, and closes cleanly on
// SIGINT/SIGTERM so the embedded database keeps every committed row.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  type Database,
  DirectoryLockedError,
  executor,
  initialisePgliteDirectory,
  isPgliteInitialised,
  lockDirectory,
  openDatabase,
  queryRows,
  runMigrations,
} from '@srm/db';
import { RsaKeys, SealKeyMismatchError, refuseTestClockInProduction } from '@srm/platform';
import { buildApp } from './app';
import { answerBackupRequests } from './backup';
import { readConfig } from './config';
import { demoSnapshotDir, migrationsDir } from './paths';
import { demoLoginLines, loadDemoData } from './seed';
import { buildDemoSnapshot, fileFingerprint, restoreDemoSnapshot, snapshotKey } from './snapshot';

const PREPARE_FLAG = '--prepare-db';
const SNAPSHOT_FLAG = '--build-demo-snapshot';
/** Present while a first start creates the embedded database; a start that finds it starts over. */
const CREATING_MARKER = '.creating-database';

/** Start-up phases with their durations, printed with LOG_LEVEL=debug (or trace). */
const startedAt = 0; // performance.now() counts from the process start
let phaseStart = startedAt;
const phases: string[] = [];
function phase(name: string): void {
  const now = performance.now();
  phases.push(`${name} ${Math.round(now - phaseStart)} ms`);
  phaseStart = now;
}

/** The built bundle (dist/main.mjs), whose hash keys the demo snapshot; null when run from sources. */
function bundlePath(): string | null {
  const path = fileURLToPath(import.meta.url);
  return path.endsWith('.mjs') ? path : null;
}

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = readConfig();
  // Before the database is opened or migrated (buildPlatform refuses it too, later).
  if (config.testClock) refuseTestClockInProduction(process.env);
  const pgliteDir = join(config.dataDir, 'pglite');

  if (process.argv.includes(SNAPSHOT_FLAG)) {
    // `npm run build`: make (or keep) the demo snapshot for this bundle (ADR 0008).
    const bundle = bundlePath();
    if (!bundle) throw new Error(`${SNAPSHOT_FLAG} needs the built server (dist/main.mjs)`);
    const started = performance.now();
    const result = await buildDemoSnapshot(demoSnapshotDir, {
      code: fileFingerprint(bundle),
      migrationsDir,
      timeZone: process.env.SRM_TIME_ZONE,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      result.built
        ? `Demo snapshot made in ${seconds} s (${demoSnapshotDir})`
        : `Demo snapshot up to date (${result.manifest.day})`,
    );
    return;
  }

  if (process.argv.includes(PREPARE_FLAG)) {
    // Child process of a first start: create, migrate and seed, then exit (see below). Its
    // parent holds the directory's lock and waits for it.
    const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDir, lockHeld: true });
    await runMigrations(database, migrationsDir);
    const { runtime } = await buildApp({ database, dataDir: config.dataDir });
    if (config.demoData) await loadDemoData(runtime, 'new');
    await database.close();
    return;
  }

  // One process per embedded database: a second server on the same directory stops here,
  // before it creates, copies or opens anything (docs/configuration.md, "Database").
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true });
    lockDirectory(pgliteDir);
  }
  const marker = join(config.dataDir, CREATING_MARKER);
  let rsaKey: Promise<void> | undefined;
  if (!config.databaseUrl && existsSync(marker)) {
    // A first start was interrupted while it created the database: start that over.
    console.log(`An interrupted first start left ${pgliteDir} incomplete; creating it again …`);
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (!config.databaseUrl && !isPgliteInitialised(pgliteDir)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(marker, `${new Date().toISOString()}\n`);
    // The installation's RSA key pair, made on another thread while the database is prepared.
    rsaKey = RsaKeys.prepare(
      join(config.dataDir, 'keys', 'rsa_private.pem'),
      process.env.SRM_RSA_PRIVATE_KEY,
    );
    phase('modules');
    if (config.demoData && restoreFromSnapshot(config.dataDir, pgliteDir)) {
      phase('snapshot copied');
    } else {
      // PGlite's initdb grows WASM memory that is never given back; doing the first start's
      // heavy work in a child keeps this process near the memory of a reopened database.
      console.log(`Creating the embedded database in ${pgliteDir} …`);
      if (!prepareInChild()) initialisePgliteDirectory(pgliteDir);
      phase('created in a child');
    }
  } else {
    phase('modules');
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDir, lockHeld: true });
  phase('opened');
  if (database.kind === 'postgres' && (await isNewDatabase(database))) {
    // A new PostgreSQL database: migrations and demo data in a child too, for the same reason
    // (the seeds leave 30–40 MB of touched memory behind that the process never gives back).
    console.log('Creating the tables and the demo data in the new database …');
    if (prepareInChild()) phase('created in a child');
  }
  const migrations = await runMigrations(database, migrationsDir);
  rmSync(marker, { force: true });
  await rsaKey;
  phase('migrations');
  const { app, runtime } = await buildApp({
    database,
    dataDir: config.dataDir,
    publicUrl: config.publicUrl,
    logger: { level: config.logLevel },
    // Work RUNNING that no live process holds died with its process (WorkLease, ADR 0015).
    recoverInterruptedWork: true,
    // The demo data's auctions get their start and close jobs (seeds run before jobs may be sent).
    catchUpJobs: true,
    testClock: config.testClock,
    // Any number of nodes may serve one PostgreSQL database: they share these (ADR 0033).
    sharedSecrets: true,
  });
  phase('app built');
  const seeded = config.demoData ? await loadDemoData(runtime, 'new') : null;
  phase('seeds checked');
  if (seeded?.ran.length && ['debug', 'trace'].includes(config.logLevel)) {
    const took = Object.entries(seeded.took).map(([name, ms]) => `${name} ${ms} ms`);
    console.error(`seeds: ${took.join(', ')}`);
  }
  if (database.pglite) answerBackupRequests(database.pglite, pgliteDir);
  installShutdown(async () => {
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  phase('listening');
  if (['debug', 'trace'].includes(config.logLevel)) {
    console.error(`startup: ${phases.join(', ')}; total ${Math.round(performance.now() - startedAt)} ms`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  printBanner(url, database, migrations.applied);
}

/**
 * A first start of the built server with the demo data: copy the snapshot that `npm run build`
 * made (ADR 0008) instead of running initdb, migrations and seeds. False when there is none for
 * this code, these migrations and today, or when files go to an object store (the snapshot's
 * files are on disk); the caller then creates the database the long way.
 */
function restoreFromSnapshot(dataDir: string, pgliteDir: string): boolean {
  const bundle = bundlePath();
  if (!bundle) return false;
  if ((process.env.SRM_STORAGE ?? 'disk').toLowerCase() !== 'disk') return false;
  const key = snapshotKey({
    code: fileFingerprint(bundle),
    migrationsDir,
    timeZone: process.env.SRM_TIME_ZONE,
  });
  try {
    const restored = restoreDemoSnapshot(demoSnapshotDir, key, dataDir, pgliteDir);
    if ('rejected' in restored) {
      console.log(`Demo snapshot not used: ${restored.rejected}.`);
      return false;
    }
    console.log(
      `Created the embedded database in ${pgliteDir} from the demo snapshot of ${restored.manifest.day}.`,
    );
    return true;
  } catch (error) {
    console.error('Copying the demo snapshot failed; creating the database instead:', error);
    rmSync(pgliteDir, { recursive: true, force: true });
    return false;
  }
}

/** True when the PostgreSQL database has never been migrated (a first start). */
async function isNewDatabase(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ table: string | null }>(
    executor(database),
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as "table"`,
  );
  return !row?.table;
}

/** Creates, migrates and seeds the database in a child process; false when there is no script to run. */
function prepareInChild(): boolean {
  if (!process.argv[1]) return false;
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], PREPARE_FLAG], {
    stdio: 'inherit',
    env: process.env,
  });
  if (child.status !== 0) throw new Error(`Preparing the database failed (exit ${child.status})`);
  return true;
}

function installShutdown(close: () => Promise<void>): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal} received, closing …`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while closing', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

function printBanner(url: string, database: Database, migrations: number): void {
  const lines = [
    '',
    `  SRM platform is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ${migrations} migrations applied`,
    '',
    ...demoLoginLines(),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(
    error instanceof DirectoryLockedError || error instanceof SealKeyMismatchError ? error.message : error,
  );
  process.exit(1);
});
