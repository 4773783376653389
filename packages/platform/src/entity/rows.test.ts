// Reads answer what they answered when Drizzle mapped each row: the one-pass reader (driver
// rows decoded column by column) against Drizzle's own reading of the same rows, on every field
// kind and on both drivers (PGlite here, PostgreSQL with DATABASE_URL), byte for byte.
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amount,
  attachments,
  checkbox,
  compute,
  date,
  daterange,
  datetime,
  datetimerange,
  defineEntity,
  json,
  lookup,
  month,
  number,
  parseListRequest,
  price,
  quantity,
  ref,
  text,
  textarea,
  time,
  year,
} from '@srm/kernel';
import { type EngineHarness, internalAdmin, startEngine } from '../testing/engine';
import { type Row, plainRow } from './rows';

const kindTarget = defineEntity('kindTarget', {
  area: 'test',
  table: 'test_kind_target',
  key: 'targetId',
  fields: { targetName: text({ required: true, max: 60 }) },
  list: { columns: ['targetName'] },
});

const kindRow = defineEntity('kindRow', {
  area: 'test',
  table: 'test_kind_row',
  key: 'rowId',
  fields: {
    label: text({ max: 60 }),
    body: textarea({ max: 2000 }),
    count: number(),
    ratio: number({ precision: 4 }),
    qty: quantity(),
    unitPrice: price(),
    total: amount(),
    kind: lookup('TEST_KIND', { codes: ['RAW', 'FIN'] }),
    tags: lookup('TEST_TAG', { multi: true, codes: ['A', 'B'] }),
    targetId: ref('kindTarget', { display: 'targetName' }),
    due: date(),
    period: month(),
    at: time(),
    span: daterange(),
    seenAt: datetime(),
    fiscalYear: year(),
    window: datetimerange(),
    flag: checkbox(),
    done: checkbox({ values: 'boolean' }),
    files: attachments(),
    extra: json(),
    labelLength: compute('number', (row) => (typeof row.label === 'string' ? row.label.length : null)),
  },
  list: { columns: ['label', 'count', 'due'], sort: [{ field: 'rowId', order: 'asc' }] },
});

/** The same kinds as lines of a document (read with it in one statement), and a row too wide for one JSON array. */
const kindLine = defineEntity('kindLine', {
  area: 'test',
  fields: kindRow.fields,
  table: 'test_kind_line',
  key: 'lineId',
  parent: { entity: 'kindDoc', field: 'docId' },
  list: { columns: ['label'], sort: [{ field: 'count', order: 'desc' }] },
});
const WIDE_FIELDS = 130;
const kindWide = defineEntity('kindWide', {
  area: 'test',
  table: 'test_kind_wide',
  key: 'wideId',
  parent: { entity: 'kindDoc', field: 'docId' },
  fields: Object.fromEntries(
    Array.from({ length: WIDE_FIELDS }, (_, index) => [
      `v${index}`,
      index % 2 ? number({ precision: 4 }) : text({ max: 20 }),
    ]),
  ),
  list: { columns: ['v0'] },
});
const kindDoc = defineEntity('kindDoc', {
  area: 'test',
  table: 'test_kind_doc',
  key: 'docId',
  fields: { title: text({ max: 60 }) },
  lines: { kinds: kindLine, wide: kindWide, none: kindLine },
  list: { columns: ['title'] },
});

/**
 * More shown references than are joined (MAX_DISPLAY_JOINS): each display value is a scalar
 * subquery; and a document whose lines show them so too.
 */
const shownRef = (as: string) => ref('kindTarget', { display: 'targetName', displayAs: as });
const manyRefs = {
  label: text({ max: 20 }),
  firstId: shownRef('firstName'),
  secondId: shownRef('secondName'),
  thirdId: shownRef('thirdName'),
  fourthId: shownRef('fourthName'),
};
const kindManyLine = defineEntity('kindManyLine', {
  area: 'test',
  table: 'test_kind_many_line',
  key: 'manyLineId',
  parent: { entity: 'kindMany', field: 'manyId' },
  fields: manyRefs,
  list: { columns: ['label'], sort: [{ field: 'manyLineId', order: 'asc' }] },
});
const kindMany = defineEntity('kindMany', {
  area: 'test',
  table: 'test_kind_many',
  key: 'manyId',
  fields: manyRefs,
  lines: { lines: kindManyLine },
  list: { columns: ['label'], sort: [{ field: 'manyId', order: 'asc' }] },
});

let engine: EngineHarness;
const FILLER_ROWS = 2100;

beforeAll(async () => {
  engine = await startEngine({
    entities: [kindTarget, kindRow, kindDoc, kindLine, kindWide, kindMany, kindManyLine],
  });
  const db = engine.database.db;
  await db.execute(sql`insert into test_kind_target (target_name, version_num, creation_date, last_update_date)
    values ('目标 甲', 1, now(), now()), ('target "B" \\ b', 1, now(), now())`);
  // Every kind with ordinary, extreme and empty values, then plain rows enough for a deep page.
  await db.execute(sql`
    insert into test_kind_row (label, body, count, ratio, qty, unit_price, total, kind, tags, target_id,
      due, period, at, span, seen_at, fiscal_year, "window", flag, done, files, extra,
      version_num, creation_date, last_update_date)
    values
      ('全部 kinds', E'line one\nline "two" \\ 𝄞', 9007199254740991, 0.1234, 1.5, 99999999999.999999,
       -12345678.9, 'RAW', array['A', 'B'], 1, '2026-02-28', '2026-02', '23:59:58', '[2026-01-01,2026-01-31]',
       '2026-03-01 12:34:56.789+08', 2026, '[2026-03-01 00:00:00+00,2026-03-02 08:30:00.5+00]', 'Y', true,
       'a1,b2', '{"nested": {"list": [1, 2.5, null, "x"]}, "empty": {}}',
       7, '2026-01-01 00:00:00+00', '2026-06-30 23:59:59.999+00'),
      ('old and odd', '', -42, -0.0001, 0, 0.000001, 0, 'FIN', array[]::varchar[], 2,
       '1900-01-01', '1999-12', '00:00:00', '(2025-12-30,2026-01-02)', '1969-12-31 23:59:59.999+00', 1901,
       '["1970-01-01 00:00:00+00","1970-01-01 00:00:00.001+00"]', 'N', false, '', '[]',
       1, '1970-01-01 00:00:00+00', '2000-02-29 12:00:00+00'),
      (null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
       null, null, null, null, 1, now(), now())`);
  await db.execute(sql`
    insert into test_kind_row (label, count, total, due, seen_at, target_id, version_num, creation_date, last_update_date)
    select 'filler ' || i, i, i / 7.0, date '2026-01-01' + (i % 365), timestamptz '2026-01-01 00:00:00+00' + i * interval '1.5 second',
           case when i % 3 = 0 then null else 1 + i % 2 end, 1, now(), now()
    from generate_series(1, ${FILLER_ROWS}::int) i`);
});
afterAll(async () => engine?.close());

/** The rows as the reads answered them before: Drizzle's mapping, then each field converted. */
async function drizzleAnswers(): Promise<Row[]> {
  const db = engine.database.db;
  const table = engine.runtime.table('kindRow');
  const targets = new Map(
    (await db.select().from(engine.runtime.table('kindTarget'))).map((target) => [
      target.targetId as number,
      target.targetName as string,
    ]),
  );
  const stored = await db.select().from(table).orderBy(asc(table.rowId!));
  return stored.map((row) => {
    const plain = plainRow(kindRow, row, engine.runtime.sealer);
    const answer: Row = {};
    for (const [name, field] of Object.entries(kindRow.fields)) {
      if (field.kind === 'compute') continue;
      answer[name] = plain[name];
      if (name === 'targetId') answer.targetName = targets.get(row.targetId as number) ?? null;
    }
    for (const [name, field] of Object.entries(kindRow.fields)) {
      if (field.kind === 'compute') answer[name] = field.compute(answer);
    }
    return answer;
  });
}

function query(body: Record<string, unknown>) {
  const parsed = parseListRequest(kindRow, body);
  if (!parsed.ok) throw new Error(parsed.issue.message);
  return parsed.query;
}

describe('reading rows in one pass', () => {
  it('a list page answers every field kind as Drizzle read it, byte for byte', async () => {
    const expected = await drizzleAnswers();
    const { rows } = await engine.runtime.service('kindRow').list(internalAdmin, query({ pageRows: 50 }));
    expect(rows).toEqual(expected.slice(0, 50));
    expect(JSON.stringify(rows)).toBe(JSON.stringify(expected.slice(0, 50)));
    // The extremes survived: the largest safe integer, six decimals, a millisecond before 1970.
    expect(rows[0]).toMatchObject({ count: 9007199254740991, unitPrice: Number('99999999999.999999') });
    expect(rows[0]!.seenAt).toBe(Date.parse('2026-03-01T04:34:56.789Z'));
    expect(rows[1]!.seenAt).toBe(-1);
    expect(rows[1]!.span).toEqual(['2025-12-31', '2026-01-01']);
    expect(rows[0]!.window).toEqual([
      Date.parse('2026-03-01T00:00:00Z'),
      Date.parse('2026-03-02T08:30:00.5Z'),
    ]);
    expect(rows[1]!.window).toEqual([0, 1]);
    expect(rows[0]!.targetName).toBe('目标 甲');
  });

  it('a deep page (read through its keys first) and a find answer the same', async () => {
    const expected = await drizzleAnswers();
    const service = engine.runtime.service('kindRow');
    const { rows } = await service.list(internalAdmin, query({ pageRows: 20, pageIndex: 103 }));
    expect(rows).toHaveLength(20);
    expect(JSON.stringify(rows)).toBe(JSON.stringify(expected.slice(2040, 2060)));
    for (const index of [0, 1, 2, 2059]) {
      const found = await service.find(internalAdmin, expected[index]!.rowId as number);
      expect(JSON.stringify(found)).toBe(JSON.stringify(expected[index]));
    }
  });

  it('an export reads the same rows in batches', async () => {
    const expected = await drizzleAnswers();
    const batches: Row[][] = [];
    for await (const batch of engine.runtime
      .service('kindRow')
      .scan(internalAdmin, { pageRows: 1000, filters: [], sort: [{ field: 'rowId', order: 'asc' }] }, 700)) {
      batches.push(batch);
    }
    expect(batches.map((batch) => batch.length)).toEqual([700, 300, 700, 300, 103]);
    expect(JSON.stringify(batches.flat())).toBe(JSON.stringify(expected));
  });
});

describe('a document read with its lines in one statement', () => {
  it('answers each collection as reading its lines alone does, every kind, in line order, rows wider than one JSON array', async () => {
    const db = engine.database.db;
    await db.execute(sql`insert into test_kind_doc (title, version_num, creation_date, last_update_date)
      values ('with lines', 1, now(), now()), ('empty', 1, now(), now())`);
    await db.execute(sql`
      insert into test_kind_line (doc_id, label, body, count, ratio, qty, unit_price, total, kind, tags, target_id,
        due, period, at, span, seen_at, fiscal_year, "window", flag, done, files, extra,
        version_num, creation_date, last_update_date)
      select 1, label, body, count, ratio, qty, unit_price, total, kind, tags, target_id,
        due, period, at, span, seen_at, fiscal_year, "window", flag, done, files, extra,
        version_num, creation_date, last_update_date
      from test_kind_row where row_id <= 40`);
    const wideTable = engine.runtime.table('kindWide');
    const wide = (seed: number) => ({
      docId: 1,
      versionNum: 1,
      creationDate: new Date(),
      lastUpdateDate: new Date(),
      ...Object.fromEntries(
        Array.from({ length: WIDE_FIELDS }, (_, index) => [
          `v${index}`,
          index % 2 ? Number(`${seed}${index}.0125`) : `w${seed}-${index}`,
        ]),
      ),
    });
    await db.insert(wideTable).values([wide(1), wide(2)] as never);

    const service = engine.runtime.service('kindDoc');
    const found = await service.find(internalAdmin, 1);
    const kinds = await engine.runtime.service('kindLine').linesOf(internalAdmin, 1);
    const wides = await engine.runtime.service('kindWide').linesOf(internalAdmin, 1);
    expect(kinds).toHaveLength(40);
    // In the line list's order (count descending, nulls first), every value as the one-pass reader answers it.
    expect(kinds.map((line) => line.count).slice(0, 3)).toEqual([null, 9007199254740991, 37]);
    expect(JSON.stringify(found.kinds)).toBe(JSON.stringify(kinds));
    expect(JSON.stringify(found.none)).toBe(JSON.stringify(kinds));
    expect(wides).toHaveLength(2);
    expect(wides[1]).toMatchObject({ v129: 2129.0125, v128: 'w2-128', v1: 21.0125 });
    expect(JSON.stringify(found.wide)).toBe(JSON.stringify(wides));
    expect(found.title).toBe('with lines');

    const empty = await service.find(internalAdmin, 2);
    expect(empty).toMatchObject({ title: 'empty', kinds: [], wide: [], none: [] });
  });
});

describe('display values of more references than are joined', () => {
  it("answers each as a join would: the target's name, null for no reference, in lists, finds, lines and exports", async () => {
    const db = engine.database.db;
    await db.execute(sql`insert into test_kind_many (label, first_id, second_id, third_id, fourth_id, version_num, creation_date, last_update_date)
      values ('all', 1, 2, 2, 1, 1, now(), now()), ('none', null, null, null, null, 1, now(), now()),
             ('some', null, 1, null, 2, 1, now(), now())`);
    await db.execute(sql`insert into test_kind_many_line (many_id, label, first_id, second_id, third_id, fourth_id, version_num, creation_date, last_update_date)
      select many_id, label || ' line', second_id, first_id, fourth_id, third_id, 1, now(), now() from test_kind_many`);
    const names = new Map<number | null, string | null>([
      [1, '目标 甲'],
      [2, 'target "B" \\ b'],
      [null, null],
    ]);
    const expected = (rows: Row[]) =>
      rows.map((row) => ({
        label: row.label,
        firstName: names.get(row.firstId as number | null),
        secondName: names.get(row.secondId as number | null),
        thirdName: names.get(row.thirdId as number | null),
        fourthName: names.get(row.fourthId as number | null),
      }));
    const shown = (rows: Row[]) =>
      rows.map(({ label, firstName, secondName, thirdName, fourthName }) => ({
        label,
        firstName,
        secondName,
        thirdName,
        fourthName,
      }));
    const service = engine.runtime.service('kindMany');
    const parsed = parseListRequest(kindMany, { pageRows: 10 });
    if (!parsed.ok) throw new Error(parsed.issue.message);
    const { rows } = await service.list(internalAdmin, parsed.query);
    expect(rows.map((row) => row.label)).toEqual(['all', 'none', 'some']);
    expect(shown(rows)).toEqual(expected(rows));
    expect(rows[0]).toMatchObject({
      firstName: '目标 甲',
      secondName: 'target "B" \\ b',
      fourthName: '目标 甲',
    });
    for (const row of rows) {
      const found = await service.find(internalAdmin, row.manyId as number);
      expect(shown([found])).toEqual(expected([found]));
      const lines = found.lines as Row[];
      expect(lines.map((line) => line.label)).toEqual([`${String(row.label)} line`]);
      expect(shown(lines)).toEqual(expected(lines));
      expect(lines[0]!.firstName).toBe(found.secondName);
    }
    const batches: Row[][] = [];
    for await (const batch of service.scan(internalAdmin, { ...parsed.query, pageRows: 2 }, 1))
      batches.push(batch);
    expect(shown(batches.flat())).toEqual(shown(rows));
  });
});
