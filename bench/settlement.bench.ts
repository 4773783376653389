// Settlement through the real application (every area's entities and hooks, the demo data) on
// PGlite, and on PostgreSQL when one answers on 127.0.0.1:5432 (BENCH_DB picks one):
//   - statement generation over 100,000 posted receipt lines of one supplier account;
//   - matching an invoice of 1,000 lines (the supplier's 提交: totals, locks, three-way match of
//     every line, the statement lines counted, the posting);
//   - 1,000 payment postings to one supplier account (balanced rows, the running balance, the
//     account's lock), ten at a time, each its own transaction.
// Targets (issue 21): ≤ 5 s, ≤ 1 s, ≤ 10 s on PostgreSQL.
// The receipts are written with SQL (the set-up, not what is measured), against a demo order.
import { sql } from 'drizzle-orm';
import { dec } from '@srm/kernel';
import { queryRows } from '@srm/db';
import { type Actor, dataApi, runSeeds } from '@srm/platform';
import { domainSeeds } from '@srm/domain/server';
import { postLedger } from '@srm/domain/settlement/server';
import { startBenchApp } from './lib/app';
import { openBenchDatabase, postgresAvailable } from './lib/engine';

type Row = Record<string, unknown>;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const bench = await openBenchDatabase(kind, 'srm_bench_settlement');
  const { database } = bench;
  const { app, runtime, url, callAs } = await startBenchApp(database, 'settlement');
  await runSeeds(runtime, domainSeeds, 'all');
  const one = async (query: ReturnType<typeof sql>) => (await queryRows<Row>(database.db, query))[0]!;
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
  const post = async (path: string, body: unknown): Promise<Row> => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { status: string; msg: string; data: Row };
    if (answer.status !== 'S') throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  // A confirmed demo order: its supplier, organisation, currency and first line.
  const order = await one(sql`
    select h.po_header_id, h.supplier_id, h.org_id, h.currency_id, l.po_line_id, l.item_id
      from srm_po_header h join srm_po_line l on l.po_header_id = h.po_header_id
     where h.status = 'CONFIRMED' order by h.po_header_id, l.line_num limit 1`);
  const supplierId = Number(order.supplier_id);
  const account = { supplierId, orgId: Number(order.org_id), currencyId: Number(order.currency_id) };
  const supplierUser = await one(
    sql`select user_id from base_user where supplier_id = ${supplierId} order by user_id limit 1`,
  );
  const supplier: Actor = {
    ...internal,
    userId: Number(supplierUser.user_id),
    userName: 'supplier',
    side: 'supplier',
    supplierId,
  };
  /** `headers` posted receipts of `lines` lines each, dated `day`, against the demo order's line. */
  const receipts = async (tag: string, day: string, headers: number, lines: number) => {
    await database.db.execute(sql`
      insert into srm_pur_receive_header
        (receive_number, receive_type, supplier_id, org_id, receive_date, status, version_num,
         creation_date, last_update_date)
      select ${tag} || g, 'RECEIVE', ${supplierId}, ${account.orgId}, ${day}::date, 'POSTED', 1, now(), now()
        from generate_series(1, ${headers}) g`);
    await database.db.execute(sql`
      insert into srm_pur_receive_line
        (receive_header_id, line_num, po_header_id, po_line_id, item_id, item_name, quantity,
         rejected_quantity, returned_quantity, written_off_quantity, version_num, creation_date,
         last_update_date)
      select h.receive_header_id, n, ${Number(order.po_header_id)}, ${Number(order.po_line_id)},
             ${Number(order.item_id)}, 'bench', 1 + (n % 7), 0, 0, 0, 1, now(), now()
        from srm_pur_receive_header h cross join generate_series(1, ${lines}) n
       where h.receive_number like ${`${tag}%`}`);
  };
  const S = '/api/srm/v1/srmStlAccountHeaderRestful';
  const I = '/api/srm/v1/srmStlInvoiceHeaderRestful';
  const generate = (day: string) =>
    post(`${S}/generate`, { ...account, periodStartDate: day, periodEndDate: day });

  // 1. Generation over 100,000 lines.
  await receipts('BENCHA', '2025-01-15', 1000, 100);
  callAs(internal);
  const [made, generateMs] = await timed(() => generate('2025-01-15'));
  const lines = Number((made as unknown as Row[])[0]!.lineCount);
  console.log(
    `settlement.${kind}.generate (${lines.toLocaleString('en')} receipt lines): ${generateMs.toFixed(0)} ms (target ≤ 5,000 ms on PostgreSQL)`,
  );

  // 2. Matching an invoice of 1,000 lines.
  await receipts('BENCHB', '2025-02-15', 10, 100);
  const [statement] = (await generate('2025-02-15')) as unknown as Row[];
  const key = { accountHeaderId: statement!.accountHeaderId };
  await post(`${S}/doSend`, key);
  callAs(supplier);
  await post(`${S}/doSupplierConfirm`, key);
  const draft = await post(`${I}/createFromStatement`, {
    ...key,
    invoiceType: 'DIGITAL',
    invoiceNumber: '24322000000099999999',
    invoiceDate: '2025-02-20',
  });
  const [, matchMs] = await timed(() => post(`${I}/doSubmit`, { invoiceId: draft.invoiceId }));
  const matched = await post(`${I}/findById`, { invoiceId: draft.invoiceId });
  console.log(
    `settlement.${kind}.match (${(matched.lines as Row[]).length.toLocaleString('en')} invoice lines, ${String(matched.status)}): ${matchMs.toFixed(0)} ms (target ≤ 1,000 ms on PostgreSQL)`,
  );

  // 3. 1,000 payment postings to one supplier account, ten at a time.
  const postings = 1000;
  let next = 0;
  const worker = async () => {
    while (next < postings) {
      const n = (next += 1);
      await runtime.transaction((tx) =>
        postLedger(dataApi({ actor: internal, runtime, tx, now: runtime.clock.now() }, 'bench'), {
          ...account,
          postingDate: '2025-03-01',
          sourceType: 'PAYMENT',
          sourceId: 900_000 + n,
          sourceNumber: `BENCH${n}`,
          event: 'pay',
          entries: [
            { accountCode: 'AP', debit: dec(100) },
            { accountCode: 'BANK', credit: dec(90) },
            { accountCode: 'DEDUCTION', credit: dec(10) },
          ],
        }),
      );
    }
  };
  const [, postMs] = await timed(() => Promise.all(Array.from({ length: 10 }, worker)));
  const check = await one(sql`
    select count(*) as rows, sum(debit_amount) as debits, sum(credit_amount) as credits
      from srm_stl_ledger where source_type = 'PAYMENT' and source_number like 'BENCH%'`);
  console.log(
    `settlement.${kind}.post (${postings.toLocaleString('en')} payments, ${String(check.rows)} rows, debits ${String(check.debits)} = credits ${String(check.credits)}): ${postMs.toFixed(0)} ms (target ≤ 10,000 ms on PostgreSQL)`,
  );
  await app.close();
  await bench.drop();
}

const only = process.env.BENCH_DB;
if (only !== 'postgres') await run('pglite');
if (only === 'pglite') console.log('settlement.postgres: skipped (BENCH_DB=pglite)');
else if (await postgresAvailable()) await run('postgres');
else console.log('settlement.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
