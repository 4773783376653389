// A row committed through the API survives the server being stopped with SIGTERM and started
// again, on the embedded database and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, ApiClient } from '@srm/platform/testing';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { preparedDataDir } from './prepared-data.testing';
import { startServer, stopServer } from './server-process.testing';

type Row = Record<string, unknown>;

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
  const first = await startServer(env, 180_000);
  const post = await signedIn(first.url);
  const saved = await post(`${TYPE}/saveOrUpdate`, {
    lookupType: 'DURABILITY_CHECK',
    meaning: '持久化校验',
    values: [{ lookupCode: 'KEPT', meaning: '保留' }],
  });
  expect(saved.status, saved.msg).toBe('S');
  expect(await stopServer(first)).toBe(0);
  const second = await startServer(env, 180_000);
  try {
    const read = await signedIn(second.url);
    const found = (await read(`${TYPE}/listByPage`, { lookupType: 'DURABILITY_CHECK' })).data as Row[];
    expect(found.map((row) => row.lookupType)).toEqual(['DURABILITY_CHECK']);
    const type = (await read(`${TYPE}/findById`, { lookupTypeId: found[0]!.lookupTypeId })).data as Row;
    expect((type.values as Row[]).map((v) => v.lookupCode)).toEqual(['KEPT']);
  } finally {
    expect(await stopServer(second)).toBe(0);
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
