// `npm run db:migrate`: applies pending migrations to the configured database.
import { join } from 'node:path';
import { openDatabase, runMigrations } from '@srm/db';
import { readConfig } from '../config';
import { migrationsDir } from '../paths';

const config = readConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
const state = await runMigrations(database, migrationsDir);
await database.close();
console.log(
  state.appliedNow.length
    ? `Applied ${state.appliedNow.join(', ')}; ${state.applied} migrations in all.`
    : `Up to date: ${state.applied} migrations applied.`,
);
