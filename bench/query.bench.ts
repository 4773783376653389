// The embedded database's cost of one small query through Drizzle, as every engine read and write
// pays it: CPU per query (process.cpuUsage, so a busy machine slows the figure less than a clock
// would) for `select 1`, one 10-column row by key, and an update in its own transaction. The
// platform hands PGlite Drizzle's date and time parsers once instead of with every query
// (packages/db/src/connection.ts): docs/benchmarks.md, "One query on the embedded database".
import { sql } from 'drizzle-orm';
import { openDatabase } from '@srm/db';
import { report } from './lib/server';

const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 3000);

const database = await openDatabase({});
const { db } = database;
await db.execute(sql`create table bench_row (id int primary key, a text, b text, c int, d timestamptz,
  e numeric, f text, g date, h int, i int)`);
await db.execute(sql`insert into bench_row select n, 'a' || n, 'b', n, now(), 1.5, 'f', current_date, 1, 2
  from generate_series(1, 40) n`);

/** CPU µs per call of `work`, after a warm-up. */
async function cpuPerCall(work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 300; i++) await work();
  const start = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / RUNS;
}

const select = await cpuPerCall(() => db.execute(sql`select 1`));
const row = await cpuPerCall(() => db.execute(sql`select * from bench_row where id = ${7}`));
const update = await cpuPerCall(() =>
  db.transaction((tx) => tx.execute(sql`update bench_row set c = c + 1 where id = ${7}`)),
);
await database.close();

report('query.pglite.select1', `${select.toFixed(0)} µs CPU`, '≤ 300 µs');
report('query.pglite.rowByKey', `${row.toFixed(0)} µs CPU`, '≤ 500 µs');
report('query.pglite.updateInTransaction', `${update.toFixed(0)} µs CPU`, '≤ 800 µs');
