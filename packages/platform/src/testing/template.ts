// Where the test suites find the committed migrations, and what global setup hands to each file.
import { mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const migrationsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../db/migrations');

/**
 * The run's migrated database: on PGlite a data directory left by a clean shutdown, which each file
 * copies and opens; on PostgreSQL a database each file's is created from.
 */
export type TestTemplate =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    srmTemplate: TestTemplate;
    /** A directory of this test run that its files share (removed when the run ends). */
    srmRunDir: string;
  }
}

/** Free space a memory file system needs to hold the run's databases (the templates and two copies). */
const MEMORY_DIR_MIN_BYTES = 4 * 1024 ** 3;

/**
 * Where the PGlite databases of a run live: /dev/shm when it is a memory file system with room
 * (a machine's, not a container's 64 MB one), else the temporary directory. PGlite's directory
 * mode reads and writes its pages through the file system: the tests ran 10 % slower there than
 * in PGlite's own memory and 17 % slower on ext4, while opening a copy is faster than loading a
 * dump (docs/architecture.md, Tests).
 */
export function databasesDir(): string {
  try {
    const stats = statfsSync('/dev/shm');
    if (stats.bavail * stats.bsize >= MEMORY_DIR_MIN_BYTES) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return tmpdir();
}

const RUN_DIR = /^srm-test-(\d+)-/;

/**
 * A new directory for a test run in `parent`, named after the process that runs it
 * (`srm-test-<pid>-…`). First it removes the directories of earlier runs whose process is gone: a
 * run killed before its end (Ctrl-C twice, a CI cut-off) could not remove its own, and on /dev/shm
 * its databases would hold the machine's memory until a reboot.
 */
export function makeRunDir(parent: string): string {
  for (const name of readdirSync(parent)) {
    const pid = Number(RUN_DIR.exec(name)?.[1] ?? 0);
    if (!pid || processAlive(pid)) continue;
    try {
      rmSync(join(parent, name), { recursive: true, force: true });
    } catch {
      // Another user's leftover in a shared directory: not ours to remove, and no reason to stop.
    }
  }
  return mkdtempSync(join(parent, `srm-test-${process.pid}-`));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, of another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
