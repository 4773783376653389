// `npm start`: opens the database (embedded unless DATABASE_URL is set), applies migrations,
// loads the demo data on a first start, serves the API and the web app, and closes cleanly on
// SIGINT/SIGTERM so the embedded database keeps every committed row.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Database,
  initialisePgliteDirectory,
  isPgliteInitialised,
  openDatabase,
  runMigrations,
} from '@srm/db';
import { buildApp } from './app';
import { readConfig } from './config';
import { migrationsDir } from './paths';
import { demoLoginLines, loadDemoData } from './seed';

const PREPARE_FLAG = '--prepare-db';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = readConfig();
  const pgliteDir = join(config.dataDir, 'pglite');

  if (process.argv.includes(PREPARE_FLAG)) {
    // Child process of a first start: create, migrate and seed, then exit (see below).
    const database = await openDatabase({ dataDir: pgliteDir });
    await runMigrations(database, migrationsDir);
    const { runtime } = await buildApp({ database, dataDir: config.dataDir });
    await loadDemoData(runtime, 'new');
    await database.close();
    return;
  }

  if (!config.databaseUrl && !isPgliteInitialised(pgliteDir)) {
    // PGlite's initdb grows WASM memory that is never given back; doing the first start's
    // heavy work in a child keeps this process near the memory of a reopened database.
    console.log(`Creating the embedded database in ${pgliteDir} …`);
    prepareInChild(pgliteDir);
  }

  const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDir });
  const migrations = await runMigrations(database, migrationsDir);
  const { app, runtime } = await buildApp({
    database,
    dataDir: config.dataDir,
    logger: { level: config.logLevel },
  });
  if (config.demoData) await loadDemoData(runtime, 'new');
  installShutdown(async () => {
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  printBanner(url, database, migrations.applied);
}

function prepareInChild(pgliteDir: string): void {
  if (!process.argv[1]) {
    initialisePgliteDirectory(pgliteDir);
    return;
  }
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], PREPARE_FLAG], {
    stdio: 'inherit',
    env: process.env,
  });
  if (child.status !== 0) throw new Error(`Preparing the embedded database failed (exit ${child.status})`);
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
  console.error(error);
  process.exit(1);
});
