// The backup command and a running server meet through two small files beside the database
// directory: the command writes a request (where the backup goes) and sends the server SIGUSR2;
// the server makes the backup between transactions and writes the result. With no server
// running the command opens the directory under its lock and makes the backup itself.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { backupPglite } from '@srm/db';

interface BackupRequest {
  id: string;
  file: string;
}

export interface BackupResult {
  id: string;
  ok: boolean;
  file: string;
  bytes?: number;
  seconds?: number;
  error?: string;
}

const requestPath = (pgliteDir: string) => `${pgliteDir}.backup-request.json`;
/** Names the process that answers backup requests (a server); other lock holders do not. */
const answererPath = (pgliteDir: string) => `${pgliteDir}.backup-answerer`;
const resultPath = (pgliteDir: string, id: string) => `${pgliteDir}.backup-${id}.json`;

function writeAtomically(path: string, value: unknown): void {
  writeFileSync(`${path}.tmp`, JSON.stringify(value));
  renameSync(`${path}.tmp`, path);
}

/** Makes the server answer backup requests (SIGUSR2) for its embedded database. */
export function answerBackupRequests(pglite: PGlite, pgliteDir: string): void {
  let running: Promise<void> = Promise.resolve();
  writeAtomically(answererPath(pgliteDir), process.pid);
  process.on('SIGUSR2', () => {
    running = running.then(async () => {
      let request: BackupRequest;
      try {
        request = JSON.parse(readFileSync(requestPath(pgliteDir), 'utf8')) as BackupRequest;
        rmSync(requestPath(pgliteDir), { force: true });
      } catch {
        return; // no request (a stray signal) or one already answered
      }
      const started = performance.now();
      let result: BackupResult;
      try {
        const bytes = await backupPglite(pglite, request.file);
        const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
        result = { id: request.id, ok: true, file: request.file, bytes, seconds };
        console.log(`Backup of ${pgliteDir} written to ${request.file} (${bytes} bytes, ${seconds} s).`);
      } catch (error) {
        result = { id: request.id, ok: false, file: request.file, error: String(error) };
        console.error(`Backup of ${pgliteDir} to ${request.file} failed:`, error);
      }
      writeAtomically(resultPath(pgliteDir, request.id), result);
    });
  });
}

/**
 * True when the process `pid` answers backup requests. SIGUSR2 ends a process that has no
 * handler for it: a migration or a seed holding the directory must never get it.
 */
export function answersBackups(pgliteDir: string, pid: number): boolean {
  try {
    return Number(readFileSync(answererPath(pgliteDir), 'utf8')) === pid;
  } catch {
    return false;
  }
}

/** Asks the server with process id `pid` for a backup to `file` and waits for its answer. */
export async function askServerForBackup(
  pgliteDir: string,
  pid: number,
  file: string,
  timeoutMs = 30 * 60_000,
): Promise<BackupResult> {
  const id = randomUUID();
  writeAtomically(requestPath(pgliteDir), { id, file } satisfies BackupRequest);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  const answer = resultPath(pgliteDir, id);
  while (Date.now() < deadline) {
    if (existsSync(answer)) {
      const result = JSON.parse(readFileSync(answer, 'utf8')) as BackupResult;
      rmSync(answer, { force: true });
      return result;
    }
    try {
      process.kill(pid, 0);
    } catch {
      return { id, ok: false, file, error: `the server (pid ${pid}) stopped before it answered` };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  rmSync(requestPath(pgliteDir), { force: true });
  return { id, ok: false, file, error: `no answer from the server (pid ${pid}) in ${timeoutMs / 1000} s` };
}
