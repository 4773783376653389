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

describe('embedded database values', () => {
  it('reads dates, times and their arrays as PostgreSQL’s text, through Drizzle, in a transaction and raw', async () => {
    const database = await openDatabase({});
    try {
      const statement = sql`select date '2026-12-02' as d, timestamptz '2026-12-02 08:00:00+00' as t,
        array[date '2026-12-02'] as ds, interval '1 day' as i, 1.50::numeric as n, 7 as k`;
      const expected = {
        d: '2026-12-02',
        t: '2026-12-02 08:00:00+00',
        ds: '{2026-12-02}',
        i: '1 day',
        n: '1.50',
        k: 7,
      };
      expect((await queryRows(database.db, statement))[0]).toEqual(expected);
      const [inTransaction] = await database.db.transaction((tx) => queryRows(tx, statement));
      expect(inTransaction).toEqual(expected);
      // A query without Drizzle's parsers reads the same (the engine was given them at its start).
      const raw = await database.pglite!.query<Record<string, unknown>>(
        `select date '2026-12-02' as d, timestamptz '2026-12-02 08:00:00+00' as t`,
      );
      expect(raw.rows[0]).toEqual({ d: '2026-12-02', t: '2026-12-02 08:00:00+00' });
    } finally {
      await database.close();
    }
  });
});
