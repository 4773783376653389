// The embedded engine starts with the memory settings of `openDatabase`, not initdb's defaults
// (whose 128 MB of shared buffers would stay resident in the server process), and still with
// PGlite's own start parameters, which an explicit parameter list would otherwise drop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection';
import { queryRows } from './transaction';

async function settingsOf(options: Parameters<typeof openDatabase>[0]) {
  const database = await openDatabase(options);
  try {
    return await queryRows<{ name: string; setting: string }>(
      database.db,
      sql`select name, current_setting(name) as setting from unnest(array['shared_buffers', 'search_path', 'max_parallel_workers']) as name`,
    );
  } finally {
    await database.close();
  }
}

describe('embedded database settings', () => {
  it('uses 16 MB of shared buffers in memory and in directory mode, with PGlite’s own parameters kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'srm-db-settings-'));
    try {
      for (const options of [{}, { dataDir }, { dataDir }]) {
        const settings = Object.fromEntries(
          (await settingsOf(options)).map((row) => [row.name, row.setting]),
        );
        expect(settings).toEqual({
          shared_buffers: '16MB',
          search_path: 'public',
          max_parallel_workers: '0',
        });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
