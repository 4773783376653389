// Counting big lists: exact up to 10,000 matching rows; above it (a whole big table) the
// table's statistics, flagged as an estimate.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineHarness, startEngine } from '../testing/engine';
import { testEntities } from '../testing/fixtures';

let engine: EngineHarness;
beforeAll(async () => {
  engine = await startEngine({ entities: testEntities });
  await engine.database.db.execute(sql`
    insert into test_item (code, qty, kind, active_flag, version_num, creation_date, last_update_date)
    select 'c' || i, i % 100, case when i % 1000 = 0 then 'RAW' else 'FIN' end, 'Y', 1, now(), now()
    from generate_series(1, 25000) i`);
  await engine.database.db.execute(sql`analyze test_item`);
});
afterAll(async () => engine?.close());

type Page = { count: number; curIndex: number; estimated?: boolean };

describe('list counts', () => {
  it('a whole table above the limit answers an estimate from its statistics', async () => {
    const { body } = await engine.post<{ page: Page; data: unknown[] }>(
      '/api/srm/v1/testItemRestful/listByPage',
      { pageRows: 20 },
    );
    expect(body.page.estimated).toBe(true);
    expect(body.page.count).toBeGreaterThan(20000);
    expect(body.page.count).toBeLessThan(30000);
    expect(body.data).toHaveLength(20);
  });

  it('a filtered list of a few rows is counted exactly', async () => {
    const { body } = await engine.post<{ page: Page }>('/api/srm/v1/testItemRestful/listByPage', {
      kind: 'RAW',
    });
    expect(body.page).toEqual({ count: 25, curIndex: 1 });
  });

  it('a filtered list above the limit is an estimate that is at least the limit', async () => {
    const { body } = await engine.post<{ page: Page }>('/api/srm/v1/testItemRestful/listByPage', {
      kind: 'FIN',
    });
    expect(body.page.estimated).toBe(true);
    expect(body.page.count).toBeGreaterThan(10000);
  });
});
