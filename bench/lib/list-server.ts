// Child process of the list benchmark: fills a line table, serves the engine over HTTP, and
// measures the same SQL run directly on the database. Speaks JSON lines on stdout.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { parseListRequest } from '@srm/kernel';
import { queryRows } from '@srm/db';
import { SYSTEM_ACTOR } from '@srm/platform';
import { benchLine } from './entities';
import { measure, openBenchDatabase, startBenchEngine } from './engine';
import { scenarios } from './list-scenarios';

const kind = process.env.BENCH_DB as 'postgres' | 'pglite';
const rows = Number(process.env.BENCH_ROWS);
const bench = await openBenchDatabase(kind, `srm_bench_list_${process.pid}`);
const { runtime, url, app } = await startBenchEngine(bench.database);
const db = bench.database.db;

const orders = 10_000;
const fillStarted = performance.now();
await db.execute(sql`
  insert into bench_order (order_number, title, status, version_num, creation_date, last_update_date)
  select 'BO' || lpad(i::text, 8, '0'), '基准订单 ' || i, 'DRAFT', 1, now(), now() from generate_series(1, ${orders}::int) i`);
for (let start = 0; start < rows; start += 200_000) {
  const end = Math.min(rows, start + 200_000) - 1;
  await db.execute(sql`
    insert into bench_line (order_id, line_num, item_code, quantity, price, line_amount, need_by_date, version_num, creation_date, last_update_date)
    select (i % ${orders}::int) + 1, i / ${orders}::int + 1, 'ITEM-' || lpad((i % 5000)::text, 4, '0'), (i % 100) + 1, (i % 997) / 10.0,
           ((i % 100) + 1) * ((i % 997) / 10.0), date '2026-01-01' + (i % 365), 1, now(), now()
    from generate_series(${start}::int, ${end}::int) i`);
}
await db.execute(sql`analyze bench_line`);
const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bench_line`)) as [
  { n: number },
];
console.log(
  JSON.stringify({ ready: true, url, rows: n, fillSeconds: (performance.now() - fillStarted) / 1000 }),
);

// Raw: the statements the service runs for each scenario, through the driver directly.
const service = runtime.service('benchLine');
const raw: Record<string, number[]> = {};
const pool = bench.url ? new pg.Pool({ connectionString: bench.url, max: 10 }) : null;
for (const scenario of scenarios) {
  const parsed = parseListRequest(benchLine, scenario.body);
  if (!parsed.ok) throw new Error(parsed.issue.message);
  const statements = await service.listStatements(SYSTEM_ACTOR, parsed.query);
  raw[scenario.name] = await measure(scenario.requests, 10, async () => {
    for (const statement of statements) {
      if (pool) await pool.query(statement.sql, statement.params);
      else await bench.database.pglite!.query(statement.sql, statement.params);
    }
  });
}
await pool?.end();
console.log(JSON.stringify({ raw }));

const stop = async () => {
  await app.close();
  await bench.drop();
  process.exit(0);
};
process.stdin.on('data', stop);
process.stdin.on('end', stop);
