// `npm run db:restore -- FILE`: replaces the embedded database with a backup made by
// `npm run db:backup`. No server may run on the directory (its lock is taken here); the
// database it replaces is kept beside it as pglite.before-restore-<date>-<time>.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DirectoryLockedError, lockDirectory, restorePglite } from '@srm/db';
import { readConfig } from '../config';

const given = process.argv[2];
if (!given) {
  console.error('Usage: npm run db:restore -- <backup file>');
  process.exit(1);
}
const file = resolve(given);
if (!existsSync(file)) {
  console.error(`No backup file ${file}.`);
  process.exit(1);
}
const config = readConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/configuration.md).');
  process.exit(1);
}
const pgliteDir = join(config.dataDir, 'pglite');
let lock;
try {
  lock = lockDirectory(pgliteDir);
} catch (error) {
  if (!(error instanceof DirectoryLockedError)) throw error;
  console.error(`${error.message}\n(Stop the server before restoring.)`);
  process.exit(1);
}
let aside: string | null = null;
try {
  if (existsSync(pgliteDir)) {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    aside = `${pgliteDir}.before-restore-${stamp}`;
    renameSync(pgliteDir, aside);
  }
  await restorePglite(file, pgliteDir);
  if (aside) console.log(`The database that was there is kept in ${aside}.`);
  console.log(`Restored ${pgliteDir} from ${file}. Start the server with npm start.`);
} catch (error) {
  // Nothing half-restored stays in place: the database that was there goes back.
  rmSync(pgliteDir, { recursive: true, force: true });
  if (aside) renameSync(aside, pgliteDir);
  console.error(`Restoring from ${file} failed; ${pgliteDir} is as it was. ${String(error)}`);
  process.exitCode = 1;
} finally {
  lock.release();
}
