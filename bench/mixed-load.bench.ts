// A working day compressed (issue 22): real server processes on PostgreSQL with MIXED_ORDERS
// purchase orders seeded (10 lines each, the first 2,000 with 50), and closed-loop virtual users
// signed in as the six demo users (MIXED_USERS sessions spread over them) plus MIXED_SUPPLIERS
// more supplier users, each request signed as the browser signs it. The mix: 80 % reads (order
// lists with filters, order lines, a 50-line order, the home page's calls, the approval inbox),
// 15 % writes (draft orders of 5–50 lines), 5 % approvals (a buyer submits a draft, an approver
// approves what is in his inbox). One node, then two nodes on the same database (each request to
// a random node). Prints throughput, p50/p95/p99 per kind, errors, the nodes' CPU per request
// and RSS, and the supplier-scope overhead (the same list as a supplier and as the buyer).
// The built server (`npm run bench` builds it). MIXED_SOAK_MINUTES=30 then runs the mix at half the target rate and prints RSS growth.
// Targets: ≥ 300 requests/s on one node with p99 < 250 ms and no error; two nodes not slower;
// the supplier's list p50 within 10 % of the buyer's.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ApiClient } from '@srm/platform/testing';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { percentile, postgresAvailable } from './lib/engine';
import { type StartedServer, startServer } from './lib/server';

const ORDERS = Number(process.env.MIXED_ORDERS ?? 100_000);
const USERS = Number(process.env.MIXED_USERS ?? 50);
const SUPPLIERS = Number(process.env.MIXED_SUPPLIERS ?? 20);
const SECONDS = Number(process.env.MIXED_SECONDS ?? 60);
const NODES = process.env.MIXED_NODES ?? 'both';
const SOAK_MINUTES = Number(process.env.MIXED_SOAK_MINUTES ?? 0);
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PO = '/api/srm/v1/srmPoHeaderRestful';
const LINES = '/api/srm/v1/srmPoLineRestful';
const TASKS = '/api/bpm/v1/bpmTaskRestful';
const TICK = 100; // clock ticks a second in /proc

type Row = Record<string, unknown>;
type Kind = 'read' | 'write' | 'approval';

interface Session {
  user: string;
  side: 'buyer' | 'approver' | 'other' | 'supplier';
  /** One client per node, sharing the session. */
  clients: ApiClient[];
  supplierId?: number;
}

/** Times per operation, and the errors. */
class Tally {
  readonly times = new Map<string, number[]>();
  readonly kinds = new Map<string, Kind>();
  errors = 0;
  readonly firstErrors: string[] = [];
  add(name: string, kind: Kind, ms: number): void {
    this.kinds.set(name, kind);
    (this.times.get(name) ?? this.times.set(name, []).get(name)!).push(ms);
  }
  fail(name: string, message: string): void {
    this.errors++;
    if (this.firstErrors.length < 5) this.firstErrors.push(`${name}: ${message}`);
  }
  get count(): number {
    return [...this.times.values()].reduce((sum, list) => sum + list.length, 0);
  }
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

async function seed(db: pg.Client): Promise<{ supplierIds: number[]; bigOrders: number[] }> {
  const one = async (text: string) => Number((await db.query<{ id: string }>(text)).rows[0]!.id);
  const supA = await one(`select supplier_id as id from base_user where user_name = 'sup_a'`);
  const supB = await one(`select supplier_id as id from base_user where user_name = 'sup_b'`);
  const columns = async (table: string) =>
    (
      await db.query<{ name: string }>(
        `select column_name as name from information_schema.columns where table_name = $1
           and is_generated = 'NEVER' and is_identity = 'NO' order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => row.name);
  // More suppliers, each with a user signing in with the demo password (copies of sup_a's).
  const supplierColumns = await columns('srm_supplier_info');
  const copiedSupplier: Record<string, string> = {
    supplier_code: `'MIX' || lpad(g::text, 5, '0')`,
    credit_code: `'91MIX' || lpad(g::text, 13, '0')`,
    supplier_name: `left(supplier_name, 40) || '压测' || g`,
    supplier_short_name: `left(supplier_short_name, 20) || g`,
  };
  await db.query(
    `insert into srm_supplier_info (${supplierColumns.join(', ')})
     select ${supplierColumns.map((c) => copiedSupplier[c] ?? c).join(', ')}
       from srm_supplier_info, generate_series(1, ${SUPPLIERS}) g where supplier_id = ${supA}`,
  );
  const extra = (
    await db.query<{ id: string }>(
      `select supplier_id as id from srm_supplier_info where supplier_code like 'MIX%' order by supplier_id`,
    )
  ).rows.map((row) => Number(row.id));
  const userColumns = await columns('base_user');
  for (const [index, supplierId] of extra.entries()) {
    const name = `mix_sup_${index + 1}`;
    await db.query(
      `insert into base_user (${userColumns.join(', ')})
       select ${userColumns
         .map((c) =>
           c === 'user_name'
             ? `'${name}'`
             : c === 'supplier_id'
               ? String(supplierId)
               : c === 'email'
                 ? `'${name}@example.cn'`
                 : c === 'mobile'
                   ? 'null'
                   : c,
         )
         .join(', ')} from base_user where user_name = 'sup_a'`,
    );
    await db.query(
      `insert into base_user_credential (user_id, password_hash, must_change, password_changed_at)
       select n.user_id, c.password_hash, 'N', c.password_changed_at from base_user n, base_user o
         join base_user_credential c on c.user_id = o.user_id
        where n.user_name = $1 and o.user_name = 'sup_a'`,
      [name],
    );
    const assignment = await columns('base_user_responsibility');
    await db.query(
      `insert into base_user_responsibility (${assignment.join(', ')})
       select ${assignment.map((c) => (c === 'user_id' ? '(select user_id from base_user where user_name = $1)' : `r.${c}`)).join(', ')}
         from base_user_responsibility r join base_user o on o.user_id = r.user_id where o.user_name = 'sup_a'`,
      [name],
    );
  }
  const supplierIds = [supA, supB, ...extra];
  // Orders: copies of the demo's first order of sup_a, spread over every supplier; lines: copies
  // of its first line, 10 an order (50 for the first 2,000).
  const template = await one(`select min(po_header_id) as id from srm_po_header where supplier_id = ${supA}`);
  const headerColumns = await columns('srm_po_header');
  await db.query(
    `insert into srm_po_header (${headerColumns.join(', ')})
     select ${headerColumns
       .map((c) =>
         c === 'po_number'
           ? `'MIX' || lpad(g::text, 8, '0')`
           : c === 'supplier_id'
             ? `(array[${supplierIds.join(',')}])[1 + g % ${supplierIds.length}]`
             : c === 'status'
               ? `(array['RELEASED','APPROVED','CONFIRMED','DRAFT'])[1 + g % 4]`
               : c === 'order_date'
                 ? `date '2026-01-01' + (g % 330)`
                 : c,
       )
       .join(', ')} from srm_po_header, generate_series(1, ${ORDERS}) g where po_header_id = ${template}`,
  );
  const lineColumns = await columns('srm_po_line');
  const firstLine = await one(
    `select min(po_line_id) as id from srm_po_line where po_header_id = ${template}`,
  );
  await db.query(
    `insert into srm_po_line (${lineColumns.join(', ')})
     select ${lineColumns
       .map((c) => (c === 'po_header_id' ? 'h.po_header_id' : c === 'line_num' ? 'n' : `l.${c}`))
       .join(', ')}
       from srm_po_line l
       cross join (select po_header_id, row_number() over (order by po_header_id) as rank
                     from srm_po_header where po_number like 'MIX%') h
       cross join lateral generate_series(1, case when h.rank <= 2000 then 50 else 10 end) n
      where l.po_line_id = ${firstLine}`,
  );
  // Settled before the load: the seeding's dirty pages written out and the tables vacuumed, so that
  // the checkpoint and autovacuum it would cause do not fall into the measured minute.
  await db.query('vacuum analyze');
  await db.query('checkpoint');
  const bigOrders = (
    await db.query<{ id: string }>(
      `select po_header_id as id from srm_po_header where po_number like 'MIX%' order by po_header_id limit 2000`,
    )
  ).rows.map((row) => Number(row.id));
  return { supplierIds, bigOrders };
}

async function main() {
  if (!(await postgresAvailable())) {
    console.log('mixed-load: skipped (no PostgreSQL on 127.0.0.1:5432)');
    return;
  }
  const name = `srm_bench_mixed_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
  const work = mkdtempSync(join(tmpdir(), 'srm-mixed-'));
  const nodes: StartedServer[] = [];
  const env = (node: string) => ({
    DATABASE_URL: url,
    SRM_DATA_DIR: join(work, node),
    SRM_SEAL_KEY: sealKey,
    SRM_FILES_DIR: join(work, 'files'),
    LOG_LEVEL: 'warn',
  });
  const sealKey = randomBytes(32).toString('base64');
  const db = new pg.Client({ connectionString: url });
  try {
    nodes.push(await startServer({ env: env('a'), timeoutMs: 600_000 }));
    await db.connect();
    const began = performance.now();
    const { supplierIds, bigOrders } = await seed(db);
    const [{ lines }] = (await db.query<{ lines: string }>('select count(*) as lines from srm_po_line'))
      .rows as [{ lines: string }];
    console.log(
      `# ${ORDERS} orders and ${lines} order lines seeded in ${((performance.now() - began) / 1000).toFixed(0)} s; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    const ids = async (text: string) => Number((await db.query<{ id: string }>(text)).rows[0]!.id);
    const order = {
      billTypeId: await ids(
        `select bill_type_id as id from srm_pur_bill_type where bill_type_code = 'STD_PO'`,
      ),
      orgId: await ids(`select org_id as id from srm_base_org where org_code = 'OU100'`),
      supplierId: supplierIds[0],
      currencyId: await ids(`select currency_id as id from srm_base_currency where currency_code = 'CNY'`),
      orderDate: '2026-11-21',
      buyerName: '张伟',
    };
    const items = [
      await ids(`select item_id as id from srm_base_item where item_code = '02010001'`),
      await ids(`select item_id as id from srm_base_item where item_code = '02010002'`),
    ];

    async function signIn(user: string, count: number, side: Session['side'], supplierId?: number) {
      const made: Session[] = [];
      for (let i = 0; i < count; i++) {
        const client = new ApiClient(nodes[0]!.url);
        const answer = await client.login(user, DEMO_PASSWORD);
        if (answer.body.status !== 'S') throw new Error(`${user}: ${answer.body.msg}`);
        made.push({ user, side, clients: [client], ...(supplierId ? { supplierId } : {}) });
      }
      return made;
    }
    const share = (part: number) => Math.max(1, Math.round((USERS * part) / 100));
    const sessions: Session[] = [
      ...(await signIn('buyer', share(40), 'buyer')),
      ...(await signIn('approver', share(10), 'approver')),
      ...(await signIn('finance', share(10), 'other')),
      ...(await signIn('admin', share(4), 'other')),
      ...(await signIn('sup_a', share(18), 'supplier', supplierIds[0])),
      ...(await signIn('sup_b', share(18), 'supplier', supplierIds[1])),
    ];
    for (let i = 1; i <= SUPPLIERS; i++)
      sessions.push(...(await signIn(`mix_sup_${i}`, 1, 'supplier', supplierIds[i + 1])));
    const drafts: number[] = [];
    const approvers = sessions.filter((session) => session.side === 'approver');
    // Orders each supplier sees (released to it), a hundred of each.
    const visible = new Map<number, number[]>();
    for (const supplierId of supplierIds)
      visible.set(
        supplierId,
        (
          await db.query<{ id: string }>(
            `select po_header_id as id from srm_po_header where supplier_id = $1 and status in ('RELEASED', 'CONFIRMED') limit 100`,
            [supplierId],
          )
        ).rows.map((row) => Number(row.id)),
      );

    const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
    async function call(tally: Tally, session: Session, name: string, kind: Kind, path: string, body: Row) {
      const client = pick(session.clients);
      const started = performance.now();
      try {
        const answer = await client.call<Row>(path, body);
        if (answer.body.status !== 'S') tally.fail(name, `${answer.httpStatus} ${answer.body.msg}`);
        else tally.add(name, kind, performance.now() - started);
        return answer.body.data;
      } catch (error) {
        tally.fail(name, (error as Error).message);
        return null;
      }
    }
    async function step(tally: Tally, session: Session): Promise<void> {
      const dice = Math.random() * 100;
      if (session.side === 'supplier') {
        if (dice < 40)
          await call(tally, session, 'supplier order list', 'read', `${PO}/listByPage`, {
            pageRows: 20,
            pageIndex: 1 + Math.floor(Math.random() * 20),
          });
        else if (dice < 70) {
          const own = visible.get(session.supplierId!) ?? [];
          if (own.length)
            await call(tally, session, 'supplier order findById', 'read', `${PO}/findById`, {
              poHeaderId: pick(own),
            });
        } else await call(tally, session, 'home (current user)', 'read', '/api/base/v1/auth/current', {});
        return;
      }
      if (dice < 5 && session.side === 'approver') {
        const tasks = (await call(tally, session, 'approval inbox', 'read', `${TASKS}/findTodoTasks`, {
          pageRows: 20,
        })) as Row[] | null;
        // Each session of the approver takes its own share of the inbox: two sessions of one
        // person do not decide the same task at the same moment.
        const share = approvers.indexOf(session);
        const task = tasks?.find((row) => Number(row.taskId) % approvers.length === share);
        if (task)
          await call(tally, session, 'approve', 'approval', `${TASKS}/doApprove`, {
            taskId: task.taskId,
            comment: '同意',
          });
        return;
      }
      if (dice < 5 && session.side === 'buyer' && drafts.length) {
        await call(tally, session, 'submit', 'approval', `${PO}/doSubmit`, { poHeaderId: drafts.pop() });
        return;
      }
      if (dice < 20 && session.side === 'buyer') {
        const count = 5 + Math.floor(Math.random() * 46);
        const saved = await call(tally, session, 'save order (5–50 lines)', 'write', `${PO}/saveOrUpdate`, {
          ...order,
          lines: Array.from({ length: count }, (_, i) => ({
            lineNum: i + 1,
            itemId: items[i % 2],
            quantity: (i % 50) + 1,
            unitPriceExclTax: ((i % 997) + 1) / 100,
            taxRate: 13,
            needByDate: '2026-12-20',
          })),
        });
        if (saved?.poHeaderId) drafts.push(saved.poHeaderId as number);
        return;
      }
      if (dice < 45)
        await call(tally, session, 'order list, filtered', 'read', `${PO}/listByPage`, {
          pageRows: 20,
          pageIndex: 1 + Math.floor(Math.random() * 10),
          status: pick(['RELEASED', 'APPROVED', 'CONFIRMED']),
          orderDateFrom: '2026-03-01',
          orderDateTo: '2026-10-31',
        });
      else if (dice < 60)
        await call(tally, session, 'order lines of a material', 'read', `${LINES}/listByPage`, {
          pageRows: 50,
          itemId: pick(items),
        });
      else if (dice < 80)
        await call(tally, session, 'order of 50 lines (findById)', 'read', `${PO}/findById`, {
          poHeaderId: pick(bigOrders),
        });
      else if (dice < 90) {
        await call(tally, session, 'home (current user)', 'read', '/api/base/v1/auth/current', {});
        await call(tally, session, 'home (inbox count)', 'read', `${TASKS}/countTodoTasks`, {});
      } else await call(tally, session, 'approval inbox', 'read', `${TASKS}/findTodoTasks`, { pageRows: 20 });
    }

    async function run(label: string, seconds: number, pause = 0): Promise<void> {
      const tally = new Tally();
      const before = nodes.map((node) => cpuTicks(node.pid));
      const rss: number[][] = nodes.map(() => []);
      const started = performance.now();
      const end = started + seconds * 1000;
      const sampler = setInterval(() => nodes.forEach((node, i) => rss[i]!.push(rssMb(node.pid))), 5_000);
      await Promise.all(
        sessions.map(async (session) => {
          while (performance.now() < end) {
            await step(tally, session);
            if (pause) await new Promise((resolve) => setTimeout(resolve, pause * Math.random() * 2));
          }
        }),
      );
      clearInterval(sampler);
      const elapsed = (performance.now() - started) / 1000;
      const cpu = nodes.reduce((sum, node, i) => sum + (cpuTicks(node.pid) - before[i]!), 0) / TICK;
      const requests = tally.count + tally.errors;
      const all = [...tally.times.values()].flat();
      console.log(`\n## ${label}: ${sessions.length} sessions, ${seconds} s`);
      console.log(
        `mixed.${label}.throughput: ${(requests / elapsed).toFixed(0)} requests/s, p99 ${percentile(all, 99).toFixed(0)} ms, ${tally.errors} errors (≥ 300 requests/s, p99 < 250 ms, 0 errors)`,
      );
      for (const [name, times] of [...tally.times.entries()].sort()) {
        console.log(
          `  ${tally.kinds.get(name)!.padEnd(8)} ${name.padEnd(32)} ${String(times.length).padStart(6)}  p50 ${percentile(times, 50).toFixed(0).padStart(4)}  p95 ${percentile(times, 95).toFixed(0).padStart(4)}  p99 ${percentile(times, 99).toFixed(0).padStart(5)} ms`,
        );
      }
      for (const message of tally.firstErrors) console.log(`  error: ${message}`);
      console.log(
        `mixed.${label}.server: ${((cpu * 1000) / Math.max(1, requests)).toFixed(1)} ms of node CPU per request; RSS ${rss.map((list) => `${Math.max(...list, 0).toFixed(0)} MB peak`).join(', ')} (reported)`,
      );
      console.log(`  load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
      if (SOAK_MINUTES && rss[0]!.length > 12) {
        const samples = rss[0]!.slice(Math.floor(rss[0]!.length / 6)); // after warm-up
        const n = samples.length;
        const mean = samples.reduce((a, b) => a + b, 0) / n;
        const slope =
          samples.reduce((sum, value, i) => sum + (i - (n - 1) / 2) * (value - mean), 0) /
          samples.reduce((sum, _, i) => sum + (i - (n - 1) / 2) ** 2, 0);
        const [{ connections }] = (
          await db.query<{ connections: string }>(
            'select count(*) as connections from pg_stat_activity where datname = current_database()',
          )
        ).rows as [{ connections: string }];
        console.log(
          `mixed.${label}.soak: RSS ${(slope * 120).toFixed(1)} MB per 10 minutes after warm-up, ${connections} connections at the end (flat, no error)`,
        );
      }
    }

    // Supplier scope: the same list as a supplier and as the buyer, the same rows.
    const supplier = sessions.find((session) => session.user === 'sup_a')!;
    const buyer = sessions.find((session) => session.user === 'buyer')!;
    const scoped = async (session: Session, body: Row) => {
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        const answer = await session.clients[0]!.call<Row[]>(`${PO}/listByPage`, body);
        if (answer.body.status !== 'S') throw new Error(answer.body.msg);
        if (i >= 20) times.push(performance.now() - started);
      }
      return percentile(times, 50);
    };
    const asSupplier = await scoped(supplier, { pageRows: 20, status: 'RELEASED' });
    const asBuyer = await scoped(buyer, { pageRows: 20, status: 'RELEASED', supplierId: supplierIds[0] });
    console.log(
      `mixed.supplier-scope: supplier list p50 ${asSupplier.toFixed(1)} ms, the buyer's same list p50 ${asBuyer.toFixed(1)} ms (${((asSupplier / asBuyer - 1) * 100).toFixed(0)} %; within 10 %)`,
    );

    if (NODES === '1' || NODES === 'both') await run('one-node', SECONDS);
    if (NODES === '2' || NODES === 'both') {
      nodes.push(await startServer({ env: env('b'), timeoutMs: 600_000 }));
      for (const session of sessions) {
        const other = new ApiClient(nodes[1]!.url);
        other.session = session.clients[0]!.session;
        session.clients.push(other);
      }
      await run('two-nodes', SECONDS);
    }
    if (SOAK_MINUTES) await run('soak', SOAK_MINUTES * 60, 200);
  } finally {
    await db.end().catch(() => undefined);
    for (const node of nodes) await node.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
