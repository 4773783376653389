// The real server as a child process for tests that stop it the hard way: started from the
// sources on a port of its own, waited for until its health answers, stopped with SIGTERM or
// killed with SIGKILL.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** What the process wrote on standard error so far. */
  stderr(): string;
}

/**
 * Spawns the server on `port`, or on a port the system gives it at `listen` (0): a port picked
 * beforehand could be taken by another process before the child listens, and the health check
 * would then have been answered by that other server.
 */
function spawnServer(
  env: Record<string, string>,
  port = 0,
): { child: ChildProcess; stderr: () => string; listeningPort: () => number | null } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SRM_SCRYPT_COST: '10',
      SRM_PUBLIC_URL: '',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  return {
    child,
    stderr: () => stderr,
    // The start banner names the port the server listens on (its own, whatever PORT said).
    listeningPort: () => Number(BANNER.exec(stdout)?.[1] ?? 0) || null,
  };
}

const BANNER = /is running at https?:\/\/[^\s/]+:(\d+)/;

/** Starts a server and waits until it answers; throws with its standard error when it exits instead. */
export async function startServer(env: Record<string, string>, timeoutMs = 600_000): Promise<ServerProcess> {
  const { child, stderr, listeningPort } = spawnServer(env);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr()}`);
    const listening = listeningPort();
    try {
      const url = `http://127.0.0.1:${listening}`;
      if (listening && (await fetch(`${url}/api/base/health`, { method: 'POST' })).ok)
        return { child, url, stderr };
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr()}`);
}

/** Starts a server that is expected to stop by itself; answers its exit code and standard error. */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ code: number | null; stderr: string; answered: boolean }> {
  const { child, stderr, listeningPort } = spawnServer(env);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let answered = false;
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && Date.now() < deadline) {
    try {
      const port = listeningPort();
      answered ||= !!port && (await fetch(`http://127.0.0.1:${port}/api/base/health`, { method: 'POST' })).ok;
    } catch {
      // not listening
    }
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.exitCode === null) child.kill('SIGKILL');
  return { code: await exited, stderr: stderr(), answered };
}

/** SIGTERM, and the exit code once the server has closed. */
export async function stopServer({ child }: ServerProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/** SIGKILL: no handler runs, nothing is flushed or closed. */
export async function killServer({ child }: ServerProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}
