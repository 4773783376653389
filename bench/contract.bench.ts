// The contract list (采购合同) over 100,000 contracts through the real application (every area's
// entities and hooks, the demo data), on PGlite and on PostgreSQL when one answers on
// 127.0.0.1:5432: the first page as the buyer opens it (sorted newest first, with the count and
// the amount total), filtered by status and by supplier, and as a supplier sees its own.
// Target (issue 20): first page ≤ 300 ms (p95). The contracts are written with SQL (the set-up,
// not what is measured).
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Actor, runSeeds } from '@srm/platform';
import { domainSeeds } from '@srm/domain/server';
import { startBenchApp } from './lib/app';
import { openBenchDatabase, percentile, postgresAvailable } from './lib/engine';

type Row = Record<string, unknown>;

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_MS = 300;

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const bench = await openBenchDatabase(kind, 'srm_bench_contract');
  const { database } = bench;
  const { app, runtime, url, callAs } = await startBenchApp(database, 'contract');
  await runSeeds(runtime, domainSeeds, 'all');
  const one = async (query: ReturnType<typeof sql>) => (await queryRows<Row>(database.db, query))[0]!;
  const demo = await one(sql`
    select supplier_id, org_id, currency_id from srm_cct_contract order by contract_id limit 1`);
  const suppliers = (
    await queryRows<Row>(database.db, sql`select supplier_id from srm_supplier_info order by supplier_id`)
  ).map((row) => Number(row.supplier_id));
  const started = performance.now();
  // Contracts spread over every supplier, state and a year and a half of end dates.
  await database.db.execute(sql`
    insert into srm_cct_contract
      (contract_number, contract_name, contract_type, source_type, org_id, supplier_id, currency_id,
       amount_excl_tax, tax_amount, amount_incl_tax, effective_from, effective_to, execution_control,
       template_version, revision_num, status, version_num, creation_date, last_update_date)
    select 'HTB' || lpad(g::text, 8, '0'), '基准合同 ' || g,
           (array['MAIN','MAIN','MAIN','SUPPLEMENT','ALTERATION'])[1 + g % 5], 'MANUAL',
           ${Number(demo.org_id)}, (${`{${suppliers.join(',')}}`}::bigint[])[1 + g % ${suppliers.length}],
           ${Number(demo.currency_id)}, 1000 + g % 9000, (1000 + g % 9000) * 0.13, (1000 + g % 9000) * 1.13,
           date '2026-01-01' + (g % 200), date '2026-06-01' + (g % 540), 'NONE', 1, 1,
           (array['DRAFT','APPROVING','APPROVED','CONFIRMING','CONFIRMED','SIGNING','EFFECTIVE','EFFECTIVE','EFFECTIVE','EXPIRED'])[1 + g % 10],
           1, now(), now()
      from generate_series(1, ${CONTRACTS}) g`);
  await database.db.execute(sql`analyze srm_cct_contract`);
  const fillSeconds = (performance.now() - started) / 1000;
  const buyer = await one(sql`select user_id from base_user where user_name = 'buyer'`);
  const internal: Actor = {
    userId: Number(buyer.user_id),
    userName: 'buyer',
    side: 'internal',
    supplierId: null,
    orgIds: 'all',
    categoryIds: 'all',
    locale: 'zh-CN',
  };
  const supplierId = suppliers[0]!;
  const supplier: Actor = { ...internal, userName: 'supplier', side: 'supplier', supplierId };
  const page = async (body: Row): Promise<number> => {
    const begun = performance.now();
    const response = await fetch(`${url}/api/srm/v1/srmCctContractRestful/listByPage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { status: string; msg: string; data: Row[] };
    if (answer.status !== 'S' || !answer.data.length) throw new Error(`listByPage: ${answer.msg}`);
    return performance.now() - begun;
  };
  console.log(
    `# ${kind}: ${CONTRACTS.toLocaleString('en')} contracts (filled in ${fillSeconds.toFixed(1)} s)`,
  );
  const cases: [string, Actor, Row][] = [
    ['buyer, first page', internal, { pageIndex: 1, pageRows: 20 }],
    ['buyer, status filter', internal, { pageIndex: 1, pageRows: 20, status: ['EFFECTIVE'] }],
    ['buyer, supplier filter', internal, { pageIndex: 1, pageRows: 20, supplierId }],
    ['buyer, sorted by end date', internal, { pageIndex: 1, pageRows: 20, orderBy: 'effectiveTo asc' }],
    ['supplier, its own', supplier, { pageIndex: 1, pageRows: 20 }],
  ];
  for (const [name, actor, body] of cases) {
    callAs(actor);
    for (let i = 0; i < 3; i++) await page(body);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await page(body));
    const p95 = percentile(times, 95);
    console.log(
      `contract.${kind}.list (${name}): p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target first page ≤ ${TARGET_MS} ms) ${p95 <= TARGET_MS ? 'ok' : 'MISSED'}`,
    );
  }
  await app.close();
  await bench.drop();
}

if (await postgresAvailable()) await run('postgres');
else console.log('contract.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
await run('pglite');
