// Purchase orders through the real application (every area's entities and hooks, the demo data,
// the approval engine) on PGlite: save an order of 500 and of 1,000 lines (material details,
// supplier library and approved supplier list checks, amounts), submit and approve it through
// its process, print 500 lines to PDF, and list order lines among 100,000.
// Targets: save ≤ 2 s, submit + approve ≤ 2 s, print ≤ 5 s, a page of lines ≤ 500 ms; an order of
// 10,000 lines saved ≤ 3 s and approved ≤ 1 s (issue 22). BENCH_DB=postgres runs it on the
// PostgreSQL server instead.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@srm/db';
import { runSeeds } from '@srm/platform';
import { domainSeeds } from '@srm/domain/server';
import { decideAll } from '@srm/platform';
import { startBenchApp } from './lib/app';
import { openBenchDatabase } from './lib/engine';

type Row = Record<string, unknown>;

function report(name: string, ms: number, target: string) {
  console.log(`${name}: ${ms.toFixed(0)} ms (${target})`);
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function main() {
  // BENCH_DB=postgres: on the PostgreSQL server (127.0.0.1:5432) instead of the embedded database.
  const bench =
    process.env.BENCH_DB === 'postgres' ? await openBenchDatabase('postgres', 'srm_bench_order') : null;
  const database = bench ? bench.database : await openDatabase({});
  const { app, runtime, url, callAs } = await startBenchApp(database, 'order');
  await runSeeds(runtime, domainSeeds, 'all');
  const id = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ id: string }>(database.db, query))[0]!.id);
  const buyerId = await id(sql`select user_id as id from base_user where user_name = 'buyer'`);
  callAs({
    userId: buyerId,
    userName: 'buyer',
    side: 'internal',
    supplierId: null,
    orgIds: 'all',
    categoryIds: 'all',
    locale: 'zh-CN',
  });
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
  const PO = '/api/srm/v1/srmPoHeaderRestful';
  const supplierId = await id(
    sql`select supplier_id as id from srm_supplier_info where credit_code = '91320505MA1NH7QX3R'`,
  );
  const orgId = await id(sql`select org_id as id from srm_base_org where org_code = 'OU100'`);
  const currencyId = await id(
    sql`select currency_id as id from srm_base_currency where currency_code = 'CNY'`,
  );
  const billTypeId = await id(
    sql`select bill_type_id as id from srm_pur_bill_type where bill_type_code = 'STD_PO'`,
  );
  const items = [
    await id(sql`select item_id as id from srm_base_item where item_code = '02010001'`),
    await id(sql`select item_id as id from srm_base_item where item_code = '02010002'`),
  ];
  const order = (count: number) => ({
    billTypeId,
    orgId,
    supplierId,
    currencyId,
    orderDate: '2026-11-21',
    buyerName: '张伟',
    lines: Array.from({ length: count }, (_, i) => ({
      lineNum: i + 1,
      itemId: items[i % 2],
      quantity: (i % 50) + 1,
      unitPriceExclTax: ((i % 997) + 1) / 100,
      taxRate: 13,
      needByDate: '2026-12-20',
    })),
  });

  const [five, saveFive] = await timed(() => post(`${PO}/saveOrUpdate`, order(500)));
  report('order.save.500lines', saveFive, '≤ 2000 ms');
  const [thousand, saveThousand] = await timed(() => post(`${PO}/saveOrUpdate`, order(1000)));
  report('order.save.1000lines', saveThousand, '≤ 2000 ms');
  const thousandId = thousand.poHeaderId as number;
  const [, submit] = await timed(() => post(`${PO}/doSubmit`, { poHeaderId: thousandId }));
  report('order.submit.1000lines', submit, '≤ 2000 ms');
  const [, approve] = await timed(() => decideAll(runtime, 'srmPoHeader', thousandId, 'approve'));
  const approved = await post(`${PO}/findById`, { poHeaderId: thousandId });
  if (approved.status !== 'APPROVED') throw new Error(`not approved: ${String(approved.status)}`);
  report('order.approve.1000lines', approve, '≤ 2000 ms');
  const [, release] = await timed(() => post(`${PO}/doRelease`, { poHeaderId: thousandId }));
  report('order.release.1000lines', release, '≤ 2000 ms');
  // Raised by issue 22: an order of 10,000 lines saved ≤ 3 s and approved ≤ 1 s.
  const [tenThousand, saveTen] = await timed(() => post(`${PO}/saveOrUpdate`, order(10_000)));
  report('order.save.10000lines', saveTen, '≤ 3000 ms (issue 22)');
  const tenThousandId = tenThousand.poHeaderId as number;
  const [, submitTen] = await timed(() => post(`${PO}/doSubmit`, { poHeaderId: tenThousandId }));
  report('order.submit.10000lines', submitTen, 'reported');
  const [, approveTen] = await timed(() => decideAll(runtime, 'srmPoHeader', tenThousandId, 'approve'));
  const approvedTen = await post(`${PO}/findById`, { poHeaderId: tenThousandId });
  if (approvedTen.status !== 'APPROVED') throw new Error(`not approved: ${String(approvedTen.status)}`);
  report('order.approve.10000lines', approveTen, '≤ 1000 ms (issue 22)');
  const [pdf, print] = await timed(() =>
    post(`${PO}/printPdf`, { poHeaderId: five.poHeaderId, layout: 'CN' }),
  );
  report(
    `order.print.500lines (${(Buffer.from(String(pdf.content), 'base64').length / 1024).toFixed(0)} KB)`,
    print,
    '≤ 5000 ms',
  );

  // 100,000 order lines: the 1,000-line order copied onto 99 more orders.
  const columns = async (table: string) =>
    (
      await queryRows<{ name: string }>(
        database.db,
        sql`select column_name as name from information_schema.columns where table_name = ${table} and is_generated = 'NEVER' and is_identity = 'NO' order by ordinal_position`,
      )
    ).map((row) => row.name);
  const headerColumns = await columns('srm_po_header');
  await database.db.execute(
    sql.raw(
      `insert into srm_po_header (${headerColumns.join(', ')}) select ${headerColumns
        .map((c) => (c === 'po_number' ? `'BENCH' || lpad(g::text, 6, '0')` : c))
        .join(', ')} from srm_po_header, generate_series(1, 99) g where po_header_id = ${thousandId}`,
    ),
  );
  const lineColumns = await columns('srm_po_line');
  await database.db.execute(
    sql.raw(
      `insert into srm_po_line (${lineColumns.join(', ')}) select ${lineColumns
        .map((c) => (c === 'po_header_id' ? 'h.po_header_id' : `l.${c}`))
        .join(
          ', ',
        )} from srm_po_line l cross join (select po_header_id from srm_po_header where po_number like 'BENCH%') h where l.po_header_id = ${thousandId}`,
    ),
  );
  await database.db.execute(sql`analyze srm_po_line`);
  const total = await id(sql`select count(*) as id from srm_po_line`);
  const LINES = '/api/srm/v1/srmPoLineRestful/listByPage';
  const pages: [string, Row][] = [
    ['first page', { pageIndex: 1, pageRows: 100 }],
    ['page 500', { pageIndex: 500, pageRows: 100 }],
    ['by order', { poHeaderId: thousandId, pageRows: 100 }],
    ['by material', { itemId: items[0], pageRows: 100 }],
    ['by need-by date', { needByDateFrom: '2026-12-01', needByDateTo: '2026-12-31', pageRows: 100 }],
  ];
  for (const [name, body] of pages) {
    await post(LINES, body);
    const times: number[] = [];
    for (let run = 0; run < 5; run++) times.push((await timed(() => post(LINES, body)))[1]);
    times.sort((a, b) => a - b);
    report(`order.lines.list.${total}rows.${name.replace(/ /g, '-')} (median of 5)`, times[2]!, '≤ 500 ms');
  }
  await app.close();
  if (bench) await bench.drop();
  else await database.close();
}

await main();
