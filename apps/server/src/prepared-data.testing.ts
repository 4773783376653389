// A data directory as the real server's first start leaves it (the embedded database migrated and
// holding the demo company, the installation's keys), for the tests that start the server as a
// process to kill, back up or restart it and do not test the first start itself. A first start
// from the sources costs 40 s of CPU on the 2-core CI machine; the run pays it once: the first
// file that asks starts a server on a fresh directory and stops it, the others wait for it, and
// every caller gets a copy of its own.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startServer, stopServer } from './server-process.testing';

const WAIT_MS = 600_000;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared directory (`packages/platform/src/testing/global-setup.ts`). */
    srmRunDir: string;
  }
}

/** A new directory (`prefix` then random characters) holding a copy of the prepared one. */
export async function preparedDataDir(prefix: string): Promise<string> {
  const root = inject('srmRunDir');
  const ready = join(root, 'first-start');
  const failed = join(root, 'first-start.failed');
  if (!existsSync(ready)) {
    if (claim(join(root, 'first-start.lock'))) {
      const building = join(root, 'first-start.building');
      try {
        const server = await startServer({ SRM_DATA_DIR: building, DATABASE_URL: '', LOG_LEVEL: 'error' });
        const code = await stopServer(server);
        if (code !== 0) throw new Error(`the server stopped with ${code}: ${server.stderr()}`);
        renameSync(building, ready);
      } catch (error) {
        writeFileSync(failed, String(error instanceof Error ? (error.stack ?? error.message) : error));
        throw error;
      }
    } else {
      await waitFor(() => existsSync(ready) || existsSync(failed));
      if (existsSync(failed))
        throw new Error(`The first start of another test file failed: ${readFileSync(failed, 'utf8')}`);
    }
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(ready, dir, { recursive: true });
  return dir;
}

/** True for the one caller, of all the run's processes, that made the lock directory. */
function claim(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function waitFor(done: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('The prepared data directory did not appear in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
