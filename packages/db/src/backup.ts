// Backup and restore of the embedded database. A backup is a gzip'd tar of the database
// directory taken by PGlite's dumpDataDir while no transaction is open: PGlite has one session,
// so holding its transaction lock means every write that was acknowledged is in the files and
// none is half-done. A checkpoint first keeps the WAL that a restore replays short. The running
// server makes the backup itself when the operator's command asks it (SIGUSR2, main.ts); with
// no server running the command opens the directory itself (apps/server/src/cli/db-backup.ts).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { isPgliteInitialised } from './connection';

interface ExclusiveTransactions {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
}

/** Writes a consistent backup of an open embedded database to `file`; answers its size in bytes. */
export async function backupPglite(pglite: PGlite, file: string): Promise<number> {
  // Outside the lock: a statement run while holding it would wait for the lock itself.
  await pglite.exec('checkpoint');
  const exclusive = pglite as unknown as ExclusiveTransactions;
  const blob = await exclusive._runExclusiveTransaction(() => pglite.dumpDataDir('gzip'));
  const bytes = Buffer.from(await blob.arrayBuffer());
  mkdirSync(dirname(file), { recursive: true });
  // Never a half-written backup under the final name.
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes.length;
}

/**
 * Creates the embedded database in `directory` from a backup file and checks that it answers.
 * The directory must not hold a database; the caller holds its lock.
 */
export async function restorePglite(file: string, directory: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup file ${file}`);
  if (isPgliteInitialised(directory)) throw new Error(`${directory} already holds a database`);
  mkdirSync(directory, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(directory, { loadDataDir: new Blob([readFileSync(file)]) });
  await client.waitReady;
  await client.query('select count(*) from pg_class');
  await client.close();
}
