// `npm run seed`: loads the demo data into the configured database (idempotent).
import { join } from 'node:path';
import { isPgliteInitialised, openDatabase, runMigrations } from '@srm/db';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { migrationsDir } from '../paths';
import { loadDemoData } from '../seed';

const config = readConfig();
const pgliteDir = join(config.dataDir, 'pglite');
if (!config.databaseUrl && !isPgliteInitialised(pgliteDir)) console.log(`Creating ${pgliteDir} …`);
const database = await openDatabase({ url: config.databaseUrl, dataDir: pgliteDir });
await runMigrations(database, migrationsDir);
const { runtime } = await buildApp({ database, dataDir: config.dataDir });
const report = await loadDemoData(runtime, 'all');
await database.close();
console.log(`Demo data loaded: ${report.ran.join(', ') || 'no seeds'}.`);
