// Counting big lists: exact up to 10,000 matching rows; above it (a whole big table) the
// table's statistics, flagged as an estimate; a page shorter than asked for is its own count.
import { sql } from 'drizzle-orm';
import { parseListRequest } from '@srm/kernel';
import { SYSTEM_ACTOR } from '../access/actor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineHarness, startEngine } from '../testing/engine';
import type { PreparedCount } from './read';
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

/** A page of test items as the list endpoint answers it. */
async function listPage(body: Record<string, unknown>): Promise<{ page: Page; data: { kind: string }[] }> {
  return (
    await engine.post<{ page: Page; data: { kind: string }[] }>(
      '/api/srm/v1/testItemRestful/listByPage',
      body,
    )
  ).body;
}

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
    // A full page of a list paging by key names its last row for the next page.
    expect(body.page).toEqual({ count: 25, curIndex: 1, nextKey: expect.any(Number) });
  });

  it('a filtered list above the limit is an estimate that is at least the limit', async () => {
    const { body } = await engine.post<{ page: Page }>('/api/srm/v1/testItemRestful/listByPage', {
      kind: 'FIN',
    });
    expect(body.page.estimated).toBe(true);
    expect(body.page.count).toBeGreaterThan(10000);
  });

  /** The statements a list runs for this request body. */
  async function statements(body: Record<string, unknown>): Promise<string[]> {
    const service = engine.runtime.service('testItem');
    const parsed = parseListRequest(service.entity, body);
    if (!parsed.ok) throw new Error(parsed.issue.message);
    return (await service.listStatements(SYSTEM_ACTOR, parsed.query)).map((s) => s.sql);
  }

  it('a page shorter than asked for is counted without a count query', async () => {
    // One statement: the page (with its count when the condition was planned a moment ago).
    const list = await statements({ kind: 'RAW', pageRows: 50 });
    expect(list).toHaveLength(1);
    const { body } = await engine.post<{ page: Page; data: unknown[] }>(
      '/api/srm/v1/testItemRestful/listByPage',
      {
        kind: 'RAW',
        pageRows: 50,
        pageIndex: 1,
      },
    );
    expect(body.page).toEqual({ count: 25, curIndex: 1 });
    expect(body.data).toHaveLength(25);
    // The last page of a longer list: offset plus the rows found.
    const last = await engine.post<{ page: Page; data: unknown[] }>(
      '/api/srm/v1/testItemRestful/listByPage',
      {
        kind: 'RAW',
        pageRows: 10,
        pageIndex: 3,
      },
    );
    expect(last.body.page).toEqual({ count: 25, curIndex: 3 });
    expect(last.body.data).toHaveLength(5);
  });

  it('a full page of a small filter is counted; a filter planned far above the limit is not', async () => {
    // Planned a moment ago (listStatements runs the list first): the count comes in the page's
    // own statement, and the answer is the same as counted alone.
    const small = await statements({ kind: 'RAW', pageRows: 10 });
    expect(small).toHaveLength(1);
    expect(small.filter((text) => /count\(/.test(text))).toHaveLength(1);
    for (const pageIndex of [1, 2]) {
      const body = await listPage({ kind: 'RAW', pageRows: 10, pageIndex });
      expect(body.page).toMatchObject({ count: 25, curIndex: pageIndex });
      expect(body.data).toHaveLength(10);
      expect(body.data.every((row) => row.kind === 'RAW')).toBe(true);
    }
    // A page past the end finds no row, and so no count with it: counted on its own.
    const past = await listPage({ kind: 'RAW', pageRows: 10, pageIndex: 4 });
    expect(past.page).toEqual({ count: 25, curIndex: 4 });
    expect(past.data).toHaveLength(0);
    const big = await statements({ kind: 'FIN', pageRows: 20 });
    expect(big.filter((text) => /count\(/.test(text))).toHaveLength(0);
    // The planner's estimate of that filter is reused for a few seconds: the repeated request
    // (listStatements runs the list first) sends only its page.
    expect(big).toHaveLength(1);
    expect(big.filter((text) => text.startsWith('explain'))).toHaveLength(0);
  });

  it('a condition planned below twice the limit but counted above it answers the estimate, with its page as alone', async () => {
    // qty ≤ 59 and FIN: about 15,000 rows, which the planner expects: counted (up to the limit
    // and one) and found above the limit, so the planner's estimate is answered.
    const body = { kind: 'FIN', qtyTo: 59, pageRows: 20 };
    const list = async () =>
      (
        await engine.post<{ page: Page; data: { qty: number; kind: string }[] }>(
          '/api/srm/v1/testItemRestful/listByPage',
          body,
        )
      ).body;
    const first = await list();
    expect(first.page.estimated).toBe(true);
    expect(first.page.count).toBeGreaterThan(10000);
    expect(first.page.count).toBeLessThan(20000);
    // Asked again within seconds, the page and the count are one statement and answer the same.
    const again = await statements(body);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatch(/count\(/);
    const second = await list();
    expect(second.page).toEqual(first.page);
    expect(second.data).toEqual(first.data);
    expect(second.data.every((row) => row.kind === 'FIN' && row.qty <= 59)).toBe(true);
  });

  it('a count prepared without its page answers what the list answers; exact counts run together', async () => {
    const service = engine.runtime.service('testItem');
    const listed = async (body: Record<string, unknown>) =>
      (await engine.post<{ page: Page }>('/api/srm/v1/testItemRestful/listByPage', body)).body.page;
    const run = async (prepared: PreparedCount) => {
      if (!('sql' in prepared)) return prepared;
      const result = await engine.database.db.execute(sql`select ${prepared.sql} as counted`);
      const [row] = (result as unknown as { rows: { counted: unknown }[] }).rows;
      return prepared.finish(Number(row!.counted));
    };
    // A whole big table: its statistics at once, as the list's.
    const whole = await service.prepareCount(SYSTEM_ACTOR, {});
    expect('sql' in whole).toBe(false);
    expect(whole).toMatchObject({ estimated: true });
    expect((await listed({})).estimated).toBe(true);
    // A filter far above the limit (one no list above asked the planner about): counted up to
    // the limit, then the planner's estimate, as the list answers; asked again within seconds,
    // the estimate at once, without counting.
    const first = await service.prepareCount(SYSTEM_ACTOR, { activeFlag: 'Y' });
    expect('sql' in first).toBe(true);
    const estimate = await run(first);
    expect(estimate.estimated).toBe(true);
    expect(estimate.count).toBeGreaterThan(10000);
    const again = await service.prepareCount(SYSTEM_ACTOR, { activeFlag: 'Y' });
    expect(again).toEqual(estimate);
    expect((await listed({ activeFlag: 'Y' })).estimated).toBe(true);
    // A few rows: two exact counts in one statement, each the list's count.
    const bodies = [{ kind: 'RAW' }, { qty: 7 }];
    const prepared = await Promise.all(bodies.map((body) => service.prepareCount(SYSTEM_ACTOR, body)));
    const parts = prepared.map((count, index) => {
      if (!('sql' in count)) throw new Error('an exact count was expected');
      return sql`${count.sql} as ${sql.identifier(`c${index}`)}`;
    });
    const result = await engine.database.db.execute(sql`select ${sql.join(parts, sql`, `)}`);
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    const answers = await Promise.all(
      prepared.map((count, index) => ('sql' in count ? count.finish(Number(row![`c${index}`])) : count)),
    );
    expect(answers).toEqual([
      { count: 25, estimated: false },
      { count: (await listed({ qty: 7 })).count, estimated: false },
    ]);
    expect(answers[1]!.count).toBe(250);
    // Counted above the limit after all (the planner expected fewer): an estimate, at least that.
    const over = prepared[0]!;
    if (!('sql' in over)) throw new Error('an exact count was expected');
    expect(await over.finish(12000)).toEqual({ count: 12000, estimated: true });
  });
});
