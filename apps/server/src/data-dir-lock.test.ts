// One server per embedded database: a second server on the same data directory refuses to
// start and names the directory and the process that holds it; a server killed with SIGKILL
// leaves a stale lock that does not stop the next start.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ServerProcess,
  killServer,
  runServerToExit,
  startServer,
  stopServer,
} from './server-process.testing';
import { preparedDataDir } from './prepared-data.testing';

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe.runIf(!process.env.DATABASE_URL)('the embedded database directory lock', () => {
  it('refuses a second server on the same directory and lets a restart after kill -9 through', async () => {
    const dataDir = await preparedDataDir('srm-lock-');
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { SRM_DATA_DIR: dataDir, DATABASE_URL: '', SRM_JOB_POLL_SECONDS: '1' };
    const first: ServerProcess = await startServer(env);
    cleanup.push(() => killServer(first));
    const pgliteDir = join(dataDir, 'pglite');

    const second = await runServerToExit(env);
    expect(second.answered).toBe(false);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`The data directory ${pgliteDir} is in use by another process`);
    expect(second.stderr).toContain(`pid ${first.child.pid}`);
    expect(second.stderr).toContain(`数据目录 ${pgliteDir} 正由另一个进程使用`);
    expect(JSON.parse(readFileSync(`${pgliteDir}.lock`, 'utf8')).pid).toBe(first.child.pid);
    // The first server still serves.
    expect((await fetch(`${first.url}/api/base/health`, { method: 'POST' })).ok).toBe(true);

    await killServer(first);
    // The lock file is left behind, naming a process that is gone.
    expect(JSON.parse(readFileSync(`${pgliteDir}.lock`, 'utf8')).pid).toBe(first.child.pid);
    const restarted = await startServer(env);
    cleanup.push(() => killServer(restarted));
    expect(JSON.parse(readFileSync(`${pgliteDir}.lock`, 'utf8')).pid).toBe(restarted.child.pid);
    expect(await stopServer(restarted)).toBe(0);
  }, 420_000);
});
