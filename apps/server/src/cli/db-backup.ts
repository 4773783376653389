// `npm run db:backup [-- FILE]`: a consistent backup of the embedded database, made by the
// running server when one holds the directory, or here under the directory's lock when none
// does. FILE defaults to $SRM_DATA_DIR/backups/srm-<date>-<time>.tar.gz.
import { join, resolve } from 'node:path';
import { backupPglite, isPgliteInitialised, lockHolder, openDatabase } from '@srm/db';
import { answersBackups, askServerForBackup } from '../backup';
import { readConfig } from '../config';

const config = readConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/configuration.md).');
  process.exit(1);
}
const pgliteDir = join(config.dataDir, 'pglite');
if (!isPgliteInitialised(pgliteDir)) {
  console.error(`No embedded database in ${pgliteDir}.`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const file = resolve(process.argv[2] ?? join(config.dataDir, 'backups', `srm-${stamp}.tar.gz`));

const holder = lockHolder(pgliteDir);
if (holder && !answersBackups(pgliteDir, holder.pid)) {
  console.error(
    `${pgliteDir} is held by pid ${holder.pid} (${holder.command}), which does not make backups: run this again when it has ended.`,
  );
  process.exit(1);
} else if (holder) {
  console.log(`The server (pid ${holder.pid}) holds ${pgliteDir}: asking it for the backup …`);
  const result = await askServerForBackup(pgliteDir, holder.pid, file);
  if (!result.ok) {
    console.error(`Backup failed: ${result.error}`);
    process.exit(1);
  }
  console.log(`Backup written: ${file} (${result.bytes} bytes, ${result.seconds} s).`);
} else {
  const database = await openDatabase({ dataDir: pgliteDir });
  try {
    const bytes = await backupPglite(database.pglite!, file);
    console.log(`Backup written: ${file} (${bytes} bytes).`);
  } finally {
    await database.close();
  }
}
