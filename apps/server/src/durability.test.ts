// A row committed through the API survives the server being stopped with SIGTERM and started
// again, on the embedded database and on PostgreSQL.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, ApiClient } from '@srm/platform/testing';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { repoRoot } from './paths';
import { preparedDataDir } from './prepared-data.testing';
import { freePort } from './server-process.testing';

type Row = Record<string, unknown>;

interface Running {
  child: ChildProcess;
  url: string;
}

async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', SRM_SCRYPT_COST: '10' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a first start transpiles the sources and loads the demo company, on a busy machine too.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      const response = await fetch(`${url}/api/base/health`, { method: 'POST' });
      if (response.ok) return { child, url };
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

async function stop({ child }: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/** Signs in as the demo administrator and POSTs signed JSON. */
async function signedIn(
  url: string,
): Promise<(path: string, body: unknown) => Promise<{ status: string; msg: string; data: unknown }>> {
  const client = new ApiClient(url);
  const login = await client.login('admin', DEMO_PASSWORD);
  expect(login.body.status, login.body.msg).toBe('S');
  return async (path, body) => (await client.call(path, body)).body;
}

const TYPE = '/api/base/v1/baseLookupTypeRestful';

async function roundTrip(env: Record<string, string>) {
  const first = await start(env);
  const post = await signedIn(first.url);
  const saved = await post(`${TYPE}/saveOrUpdate`, {
    lookupType: 'DURABILITY_CHECK',
    meaning: '持久化校验',
    values: [{ lookupCode: 'KEPT', meaning: '保留' }],
  });
  expect(saved.status, saved.msg).toBe('S');
  expect(await stop(first)).toBe(0);
  const second = await start(env);
  try {
    const read = await signedIn(second.url);
    const found = (await read(`${TYPE}/listByPage`, { lookupType: 'DURABILITY_CHECK' })).data as Row[];
    expect(found.map((row) => row.lookupType)).toEqual(['DURABILITY_CHECK']);
    const type = (await read(`${TYPE}/findById`, { lookupTypeId: found[0]!.lookupTypeId })).data as Row;
    expect((type.values as Row[]).map((v) => v.lookupCode)).toEqual(['KEPT']);
  } finally {
    expect(await stop(second)).toBe(0);
  }
}

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup) await step();
});

describe('a committed row survives SIGTERM and a restart', () => {
  it.runIf(!process.env.DATABASE_URL)(
    'on the embedded database',
    async () => {
      const dataDir = await preparedDataDir('srm-durability-');
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await roundTrip({ SRM_DATA_DIR: dataDir, DATABASE_URL: '' });
    },
    420_000,
  );

  it.runIf(!!process.env.DATABASE_URL)(
    'on PostgreSQL',
    async () => {
      const database: TestDatabase = await openTestDatabase();
      cleanup.push(() => database.close());
      const dataDir = mkdtempSync(join(tmpdir(), 'srm-durability-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await roundTrip({ DATABASE_URL: database.url!, SRM_DATA_DIR: dataDir });
    },
    420_000,
  );
});
