// Backup and restore of the embedded database: a gzip'd tar of its directory, made by PGlite's
// dumpDataDir between transactions (after a checkpoint, so the copy needs no recovery), and
// loaded into a new directory. A running server makes the backup itself when asked (main.ts);
// `npm run db:backup` and `db:restore` are the commands (docs/configuration.md).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { isPgliteInitialised } from './connection';

interface ExclusiveTransactions {
  _runExclusiveTransaction?<T>(work: () => Promise<T>): Promise<T>;
}

/** Writes a consistent backup of an open embedded database to `file`; answers its size in bytes. */
export async function backupPglite(pglite: PGlite, file: string): Promise<number> {
  // PGlite's one session: waiting for its transaction lock means no transaction is open, so the
  // checkpoint runs outside any and the dump holds only committed work.
  const exclusive = (pglite as unknown as ExclusiveTransactions)._runExclusiveTransaction?.bind(pglite);
  const dump = async () => {
    await pglite.exec('checkpoint');
    return pglite.dumpDataDir('gzip');
  };
  const blob = exclusive ? await exclusive(dump) : await dump();
  const bytes = Buffer.from(await blob.arrayBuffer());
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes.length;
}

/**
 * Creates the embedded database in `directory` from a backup file. The directory must not
 * hold a database; the caller holds its lock.
 */
export async function restorePglite(file: string, directory: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup file ${file}`);
  if (isPgliteInitialised(directory)) throw new Error(`${directory} already holds a database`);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(directory, { loadDataDir: new Blob([readFileSync(file)]) });
  await client.waitReady;
  await client.query('select 1');
  await client.close();
}
