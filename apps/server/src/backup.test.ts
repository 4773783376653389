// `npm run db:backup` while the server runs and saves are being written: the backup holds every
// save acknowledged before the command started, none half-written (a lookup type always with its
// two values), and `npm run db:restore` brings it into a data directory a server then starts on.
// Restoring is refused while a server holds the directory.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDirectory, openDatabase } from '@srm/db';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { ApiClient } from '@srm/platform/api-client';
import { repoRoot } from './paths';
import { preparedDataDir } from './prepared-data.testing';
import { killServer, runServerToExit, startServer, stopServer } from './server-process.testing';

const TYPE = '/api/base/v1/baseLookupTypeRestful';
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Runs a command of the package (not blocking: the writers go on meanwhile). */
function run(
  script: 'db-backup' | 'db-restore',
  dataDir: string,
  ...args: string[]
): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, `apps/server/src/cli/${script}.ts`), ...args],
    { cwd: repoRoot, env: { ...process.env, SRM_DATA_DIR: dataDir, DATABASE_URL: '' } },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += String(chunk)));
  child.stderr.on('data', (chunk) => (out += String(chunk)));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}

async function signedIn(url: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  const answer = await client.login('admin', DEMO_PASSWORD);
  expect(answer.body.status, `${answer.httpStatus} ${JSON.stringify(answer.body)}`).toBe('S');
  return client;
}

describe.runIf(!process.env.DATABASE_URL)('backup and restore of the embedded database', () => {
  it('backs up a running server under writes and restores into a directory a server starts on', async () => {
    const dataDir = await preparedDataDir('srm-backup-');
    const restoredDir = mkdtempSync(join(tmpdir(), 'srm-restored-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanup.push(() => rmSync(restoredDir, { recursive: true, force: true }));
    const env = { SRM_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' };
    const server = await startServer(env);
    cleanup.push(() => killServer(server));
    const client = await signedIn(server.url);

    const acknowledged: string[] = [];
    let writing = true;
    const writer = async (worker: number) => {
      for (let n = 0; writing; n++) {
        const code = `BACKUP_${worker}_${n}`;
        const answer = await client.call(`${TYPE}/saveOrUpdate`, {
          lookupType: code,
          meaning: `备份测试${code}`,
          values: [
            { lookupCode: 'A', meaning: '甲' },
            { lookupCode: 'B', meaning: '乙' },
          ],
        });
        expect(answer.body.status).toBe('S');
        acknowledged.push(code);
      }
    };
    const writers = [writer(1), writer(2)];
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 50));

    const before = new Set(acknowledged);
    const file = join(dataDir, 'backups', 'live.tar.gz');
    const backup = await run('db-backup', dataDir, file);
    const during = acknowledged.length - before.size;
    const after = acknowledged.length;
    writing = false;
    await Promise.all(writers);
    expect(backup.out).toContain('asking it for the backup');
    expect(backup.code, backup.out).toBe(0);
    // The saves went on while the command ran.
    expect(during).toBeGreaterThan(0);
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(join(dataDir, 'backups'))).toEqual(['live.tar.gz']);

    // Restoring over a directory a server holds is refused, and the database is untouched.
    const refused = await run('db-restore', dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is in use by another process');
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore'))).toBe(false);
    expect(await stopServer(server)).toBe(0);

    const restored = await run('db-restore', restoredDir, file);
    expect(restored.code, restored.out).toBe(0);
    const database = await openDatabase({ dataDir: join(restoredDir, 'pglite') });
    const rows = await database.pglite!.query<{ lookup_type: string; values: number }>(
      `select t.lookup_type, count(v.*)::int as values from base_lookup_type t
         left join base_lookup_values v on v.lookup_type_id = t.lookup_type_id
        where t.lookup_type like 'BACKUP\\_%' group by t.lookup_type`,
    );
    await database.close();
    const found = new Map(rows.rows.map((row) => [row.lookup_type, row.values]));
    for (const code of before) expect(found.get(code), `${code} acknowledged before the backup`).toBe(2);
    for (const [code, values] of found) expect(values, `${code} whole`).toBe(2);
    expect(found.size).toBeLessThanOrEqual(after + 2);

    // A server starts on the restored directory and answers signed requests with the rows, once
    // the installation's keys are copied there as docs/configuration.md says (with another seal
    // key it would refuse to start: the database's sealed values were written with this one).
    const keyless = await runServerToExit({ ...env, SRM_DATA_DIR: restoredDir });
    expect(keyless.code).toBe(1);
    expect(keyless.answered).toBe(false);
    expect(keyless.stderr).toContain(
      'The seal key (SRM_SEAL_KEY, or keys/seal.key in the data directory) is not the key',
    );
    rmSync(join(restoredDir, 'keys'), { recursive: true, force: true });
    cpSync(join(dataDir, 'keys'), join(restoredDir, 'keys'), { recursive: true });
    const again = await startServer({ ...env, SRM_DATA_DIR: restoredDir });
    cleanup.push(() => killServer(again));
    const list = await (
      await signedIn(again.url)
    ).call(`${TYPE}/listByPage`, {
      lookupType: 'BACKUP_',
      pageRows: 1,
    });
    expect(list.body.status).toBe('S');
    expect(list.body.page!.count).toBe(found.size);
    expect(await stopServer(again)).toBe(0);

    // A process holding the directory that does not make backups (a migration, a seed) is never
    // signalled (SIGUSR2 would end it): the command says so and stops.
    const held = lockDirectory(join(restoredDir, 'pglite'));
    const refusedBackup = await run('db-backup', restoredDir, join(restoredDir, 'x.tar.gz'));
    held.release();
    expect(refusedBackup.code).toBe(1);
    expect(refusedBackup.out).toContain(`held by pid ${process.pid}`);
    expect(existsSync(join(restoredDir, 'x.tar.gz'))).toBe(false);

    // A damaged backup file restores nothing and leaves the database as it was.
    const damaged = join(restoredDir, 'damaged.tar.gz');
    writeFileSync(damaged, 'not a backup');
    const failed = await run('db-restore', restoredDir, damaged);
    expect(failed.code, failed.out).toBe(1);
    expect(failed.out).toContain('is as it was');
    expect(readdirSync(restoredDir).filter((name) => name.startsWith('pglite.before-restore'))).toEqual([]);
    const kept = await openDatabase({ dataDir: join(restoredDir, 'pglite') });
    const count = await kept.pglite!.query<{ n: number }>(
      "select count(*)::int as n from base_lookup_type where lookup_type like 'BACKUP\\_%'",
    );
    await kept.close();
    expect(count.rows[0]!.n).toBe(found.size);
  }, 600_000);
});
