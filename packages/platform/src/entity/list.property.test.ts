// listByPage against a reference model: random filters, sorts and pages over random rows give
// exactly the rows an in-memory evaluation of the same parsed query gives, by page number and
// walking page after page by key (afterKey), over nullable fields sorted both ways.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListQuery, matchesFilters, parseListRequest } from '@srm/kernel';
import { type EngineHarness, startEngine } from '../testing/engine';
import { testEntities, testItem } from '../testing/fixtures';

type Row = Record<string, unknown>;
const ITEM = '/api/srm/v1/testItemRestful';
const letters = 'abcdefgh';

let engine: EngineHarness;
let rows: Row[] = [];

const rowArbitrary = fc.record({
  code: fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 6 }),
  qty: fc.option(
    fc.integer({ min: -5000, max: 5000 }).map((n) => n / 100),
    { nil: null },
  ),
  kind: fc.option(fc.constantFrom('RAW', 'SEMI', 'FIN'), { nil: null }),
  dueDate: fc.option(
    fc.integer({ min: 0, max: 60 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10)),
    { nil: null },
  ),
  activeFlag: fc.constantFrom('Y', 'N'),
  seenAt: fc.option(
    fc.integer({ min: 0, max: 1000 }).map((m) => Date.UTC(2026, 5, 1) + m * 60_000),
    { nil: null },
  ),
});

beforeAll(async () => {
  engine = await startEngine({ entities: testEntities });
  const sample = fc.sample(rowArbitrary, { numRuns: 120, seed: 20261121 });
  const saved = await engine.post<{ data: Row[] }>(`${ITEM}/doBatchSaveOrUpdate`, sample);
  rows = saved.body.data;
  expect(rows).toHaveLength(120);
});
afterAll(async () => engine?.close());

/** PostgreSQL's order: nulls last ascending, first descending; the key breaks ties. */
function compare(query: ListQuery) {
  const sort = [...query.sort];
  if (!sort.some((s) => s.field === 'itemId'))
    sort.push({ field: 'itemId', order: sort[sort.length - 1]?.order ?? 'desc' });
  return (a: Row, b: Row) => {
    for (const { field, order } of sort) {
      const x = a[field];
      const y = b[field];
      if (x === y) continue;
      const direction = order === 'asc' ? 1 : -1;
      if (x === null || x === undefined) return direction;
      if (y === null || y === undefined) return -direction;
      return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };
}

const filterValues = fc.record({
  code: fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 2 }),
  // A picker's keyword: any search field (here the code, the display field) contains it.
  keyword: fc.string({ unit: fc.constantFrom(...letters.toUpperCase()), minLength: 1, maxLength: 2 }),
  kind: fc.subarray(['RAW', 'SEMI', 'FIN'], { minLength: 1 }),
  qtyFrom: fc.integer({ min: -60, max: 60 }),
  qtyTo: fc.integer({ min: -60, max: 60 }),
  dueDate: fc
    .tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }))
    .map(([a, b]) =>
      [Math.min(a, b), Math.max(a, b)].map((d) =>
        new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10),
      ),
    ),
  activeFlag: fc.constantFrom('Y', 'N'),
  seenAtFrom: fc.integer({ min: 0, max: 1000 }).map((m) => Date.UTC(2026, 5, 1) + m * 60_000),
});

/** At most two filters at a time, so that most queries return rows worth comparing. */
const requestArbitrary = fc
  .tuple(
    filterValues,
    fc.subarray(
      ['code', 'keyword', 'kind', 'qtyFrom', 'qtyTo', 'dueDate', 'activeFlag', 'seenAtFrom'] as const,
      { maxLength: 2 },
    ),
    fc.tuple(
      fc.constantFrom('code', 'qty', 'kind', 'dueDate', 'activeFlag', 'seenAt', 'itemId'),
      fc.constantFrom('asc', 'desc'),
    ),
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: 5, max: 40 }),
  )
  .map(([values, chosen, [field, order], pageIndex, pageRows]) => ({
    ...Object.fromEntries(chosen.map((key) => [key, values[key]])),
    orderBy: `${field} ${order}`,
    pageIndex,
    pageRows,
  }));

describe('listByPage equals the reference model', () => {
  it('for random filters, sorts and pages', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request) => {
        const parsed = parseListRequest(testItem, request);
        if (!parsed.ok) throw new Error(parsed.issue.message);
        const query = parsed.query;
        const expected = rows
          .filter((row) => matchesFilters(row, query.filters))
          .sort(compare(query))
          .slice((query.pageIndex - 1) * query.pageRows, query.pageIndex * query.pageRows)
          .map((row) => row.itemId);
        const { body } = await engine.post<{ data: Row[]; page: { count: number } }>(
          `${ITEM}/listByPage`,
          request,
        );
        if (expected.length) nonEmpty++;
        expect(body.data.map((row) => row.itemId)).toEqual(expected);
        expect(body.page.count).toBe(rows.filter((row) => matchesFilters(row, query.filters)).length);
      }),
      { numRuns: 200, seed: 42 },
    );
    // The property only means something when most queries answer rows.
    expect(nonEmpty).toBeGreaterThan(100);
  });

  const sortField = fc.constantFrom('code', 'qty', 'kind', 'dueDate', 'activeFlag', 'seenAt', 'itemId');
  const direction = fc.constantFrom('asc', 'desc');
  const walkArbitrary = fc
    .tuple(
      filterValues,
      fc.subarray(['code', 'kind', 'qtyFrom', 'activeFlag'] as const, { maxLength: 1 }),
      fc.array(fc.tuple(sortField, direction), { minLength: 1, maxLength: 2 }),
      fc.integer({ min: 3, max: 25 }),
    )
    .map(([values, chosen, sorts, pageRows]) => ({
      ...Object.fromEntries(chosen.map((key) => [key, values[key]])),
      orderBy: [...new Map(sorts)].map(([field, order]) => `${field} ${order}`).join(', '),
      pageRows,
    }));

  it('walking page after page by afterKey gives every row once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(walkArbitrary, async (request) => {
        const parsed = parseListRequest(testItem, { ...request, pageIndex: 1 });
        if (!parsed.ok) throw new Error(parsed.issue.message);
        const matching = rows.filter((row) => matchesFilters(row, parsed.query.filters));
        const expected = matching.sort(compare(parsed.query)).map((row) => row.itemId);
        const walked: unknown[] = [];
        let afterKey: number | undefined;
        for (let pageIndex = 1; pageIndex <= 60; pageIndex++) {
          const { body } = await engine.post<{ data: Row[]; page: { count: number; nextKey?: number } }>(
            `${ITEM}/listByPage`,
            { ...request, pageIndex, ...(afterKey === undefined ? {} : { afterKey }) },
          );
          expect(body.page.count).toBe(expected.length);
          walked.push(...body.data.map((row) => row.itemId));
          afterKey = body.page.nextKey;
          if (afterKey === undefined) break;
        }
        expect(walked).toEqual(expected);
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('refuses an afterKey that is not a key, and pages by number when its row is gone', async () => {
    const bad = await engine.post<{ status: string }>(`${ITEM}/listByPage`, {
      afterKey: 'x; drop',
      pageIndex: 2,
    });
    expect([bad.httpStatus, bad.body.status]).toEqual([400, 'E']);
    // The key decides, not the number: after page 1's last row is page 2, whatever pageIndex says.
    const first = await engine.post<{ data: Row[]; page: { nextKey?: number } }>(`${ITEM}/listByPage`, {
      pageIndex: 1,
      pageRows: 10,
    });
    expect(first.body.page.nextKey).toBe(first.body.data[9]!.itemId);
    const after = await engine.post<{ data: Row[] }>(`${ITEM}/listByPage`, {
      pageIndex: 1,
      pageRows: 10,
      afterKey: first.body.page.nextKey,
    });
    const byNumber = await engine.post<{ data: Row[] }>(`${ITEM}/listByPage`, { pageIndex: 2, pageRows: 10 });
    const gone = await engine.post<{ data: Row[] }>(`${ITEM}/listByPage`, {
      pageIndex: 2,
      pageRows: 10,
      afterKey: 987_654_321,
    });
    expect(after.body.data.map((row) => row.itemId)).toEqual(byNumber.body.data.map((row) => row.itemId));
    expect(gone.body.data.map((row) => row.itemId)).toEqual(byNumber.body.data.map((row) => row.itemId));
  });
});
