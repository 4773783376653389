// 定稿 through the real application and its job queue (issue 20: "conversion throughput with
// CPU-count parallel jobs"): BENCH_FINALIZE contracts (8 by default) confirmed by the supplier,
// each with the demo's generated .docx, are finalized one request after the other as the buyer
// presses 定稿; the `contract-finalize` workers (as many as the machine has cores) convert them
// with LibreOffice, add the signature fields and move them to SIGNING. Printed: how long the
// requests took (the press answers before the conversion), the throughput until the last one is
// SIGNING, and each contract's time from the press to SIGNING (from its audit trail). No target:
// LibreOffice starts once per conversion (docs/office-documents.md has the conversion figures).
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { runSeeds } from '@srm/platform';
import { domainSeeds } from '@srm/domain/server';
import { startBenchApp } from './lib/app';
import { openBenchDatabase, percentile } from './lib/engine';

type Row = Record<string, unknown>;

const COUNT = Number(process.env.BENCH_FINALIZE ?? 8);
/** The demo contract whose generated document every copy carries (contract.seed.ts). */
const DEMO_CONTRACT = '恒达钣金支架框架采购合同';

const bench = await openBenchDatabase('pglite', 'srm_bench_finalize');
const { database } = bench;
const { app, runtime, url, callAs } = await startBenchApp(database, 'finalize', { jobWorkers: true });
await runSeeds(runtime, domainSeeds, 'all');

const rows = (query: ReturnType<typeof sql>) => queryRows<Row>(database.db, query);
const [demo] = await rows(sql`
  select c.contract_id, d.contract_document_id from srm_cct_contract c
    join srm_cct_contract_document d on d.contract_id = c.contract_id and d.document_kind = 'GENERATED'
   where c.contract_name = ${DEMO_CONTRACT} order by d.version_no desc limit 1`);
if (!demo) throw new Error(`The demo contract ${DEMO_CONTRACT} has no generated document`);
const columns = async (table: string, leaveOut: string[]) =>
  (
    await rows(sql`select column_name from information_schema.columns
                    where table_name = ${table} and is_generated = 'NEVER' and identity_generation is null
                    order by ordinal_position`)
  )
    .map((row) => String(row.column_name))
    .filter((name) => !leaveOut.includes(name));

// Copies of the demo contract, confirmed by the supplier and not yet finalized (the set-up, not
// what is measured), each with a copy of the generated document's line naming the same file.
const contractColumns = await columns('srm_cct_contract', [
  'contract_number',
  'status',
  'finalized_sha256',
  'party_a_signed_date',
  'party_b_signed_date',
  'party_a_signer',
  'party_b_signer',
  'date_signed',
  'source_key',
  'sign_flow_id',
  'paper_signed_flag',
  'signed_scan_ids',
]);
const list = sql.raw(contractColumns.join(', '));
const copies = await rows(sql`
  insert into srm_cct_contract (${list}, contract_number, status)
  select ${list}, 'HTF' || lpad(g::text, 6, '0'), 'CONFIRMED'
    from srm_cct_contract, generate_series(1, ${COUNT}) g
   where contract_id = ${Number(demo.contract_id)}
  returning contract_id`);
const ids = copies.map((row) => Number(row.contract_id));
const documentColumns = await columns('srm_cct_contract_document', ['contract_id']);
const documentList = sql.raw(documentColumns.join(', '));
await database.db.execute(sql`
  insert into srm_cct_contract_document (contract_id, ${documentList})
  select c, ${documentList} from srm_cct_contract_document, unnest(${`{${ids.join(',')}}`}::bigint[]) c
   where contract_document_id = ${Number(demo.contract_document_id)}`);

const [buyer] = await rows(sql`select user_id from base_user where user_name = 'buyer'`);
callAs({
  userId: Number(buyer!.user_id),
  userName: 'buyer',
  side: 'internal',
  supplierId: null,
  orgIds: 'all',
  categoryIds: 'all',
  locale: 'zh-CN',
});
const pressed: number[] = [];
const started = performance.now();
for (const contractId of ids) {
  const begun = performance.now();
  const response = await fetch(`${url}/api/srm/v1/srmCctContractRestful/doFinalize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ contractId }),
  });
  const answer = (await response.json()) as { status: string; msg: string };
  if (answer.status !== 'S') throw new Error(`doFinalize ${contractId}: ${answer.msg}`);
  pressed.push(performance.now() - begun);
}
const idList = sql.raw(ids.join(','));
for (;;) {
  const [left] = await rows(
    sql`select count(*)::int as n from srm_cct_contract where contract_id in (${idList}) and status = 'FINALIZING'`,
  );
  if (Number(left!.n) === 0) break;
  if (performance.now() - started > 15 * 60_000) throw new Error(`${String(left!.n)} still FINALIZING`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const seconds = (performance.now() - started) / 1000;
const outcomes = await rows(sql`
  select status, count(*)::int as n from srm_cct_contract where contract_id in (${idList}) group by status`);
const latencies = (
  await rows(sql`
    select extract(epoch from max(creation_date) filter (where action = 'doFinalizeDone')
                            - max(creation_date) filter (where action = 'doFinalize')) * 1000 as ms
      from base_audit_log where entity = 'srmCctContract' and record_id in (${idList})
     group by record_id`)
)
  .map((row) => Number(row.ms))
  .filter((ms) => Number.isFinite(ms));
const signing = outcomes.find((row) => row.status === 'SIGNING');
console.log(
  `contract.finalize: ${COUNT} finalizations in ${seconds.toFixed(1)} s = ${((COUNT / seconds) * 60).toFixed(1)}/min ` +
    `with ${availableParallelism()} workers; ${Number(signing?.n ?? 0)} SIGNING ` +
    `(${outcomes.map((row) => `${String(row.status)} ${String(row.n)}`).join(', ')}); ` +
    `press answered p50 ${percentile(pressed, 50).toFixed(0)} ms, p95 ${percentile(pressed, 95).toFixed(0)} ms; ` +
    `press → SIGNING p50 ${percentile(latencies, 50).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms ` +
    `(load ${loadavg()[0]!.toFixed(1)}; no target: one LibreOffice start per conversion)`,
);
await app.close();
await bench.drop();
