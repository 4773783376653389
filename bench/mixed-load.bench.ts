// A working day compressed (issue 22): real server processes on PostgreSQL, a database of its own
// with MIXED_ORDERS purchase orders (MIXED_LINES_PER_ORDER lines each, the first
// MIXED_BIG_ORDERS with 50) and MIXED_REQUISITIONS requisitions seeded set-based
// (lib/mixed-seed.ts), and closed-loop users signed in as the browser signs (lib/mixed-users.ts):
// MIXED_USERS sessions over the six demo users plus MIXED_SUPPLIERS added supplier users, each
// seeing only its own orders. About 80 % reads (order, order-line, requisition and supplier lists
// with filters, orders of 50 lines, the home page's calls, the approval inbox), 15 % writes (draft
// orders and requisitions, supplier confirmations, delivery notes, receipts) and 5 % approvals
// (the buyer submits, the approver approves through the approval engine).
//
// MIXED_NODES=1, 2 or both (default): one server, then two on the same database (same
// SRM_SEAL_KEY and SRM_FILES_DIR, each request to a random node). Prints throughput,
// p50/p95/p99 per request and kind, errors (the first messages), CPU per request of the nodes and
// of the PostgreSQL backends, RSS and heap; the supplier-scope overhead (the same list as a
// supplier and as the buyer). MIXED_SOAK_MINUTES=30 then runs the mix paced at MIXED_SOAK_RATE
// (150, half the target) and samples memory and connections every 30 s.
// MIXED_SERVER=source (default: node --import tsx apps/server/src/main.ts) or dist (the build);
// MIXED_CPU_PROF=<dir> writes a CPU profile of the first node. MIXED_RATE=300 paces the measured
// runs at that many requests a second (the p99 at that load; by default the closed loop's
// saturated throughput).
// Targets: ≥ 300 requests/s on one node with p99 < 250 ms and no error; two nodes not slower;
// the supplier's list p50 within 10 % of the buyer's.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { ApiClient } from '@srm/platform/testing';
import { percentile, postgresAvailable } from './lib/engine';
import {
  ActiveStatements,
  BackendCpu,
  type MixedNode,
  TICKS_PER_SECOND,
  cpuTicks,
  loadAverage,
  probeOf,
  rssMb,
  startNode,
} from './lib/mixed-nodes';
import { CountingProxy } from './lib/mixed-pgcount';
import { seedMixed } from './lib/mixed-seed';
import {
  type Kind,
  PO,
  Pacer,
  type Row,
  type Session,
  Tally,
  type WorkData,
  Workload,
  signIn,
  spread,
} from './lib/mixed-users';
import { report } from './lib/server';

const numberOf = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ORDERS = numberOf('MIXED_ORDERS', 100_000);
const SIZES = {
  orders: ORDERS,
  linesPerOrder: numberOf('MIXED_LINES_PER_ORDER', 10),
  ordersBig: numberOf('MIXED_BIG_ORDERS', Math.min(2000, Math.ceil(ORDERS / 10))),
  requisitions: numberOf('MIXED_REQUISITIONS', Math.ceil(ORDERS / 5)),
  suppliers: numberOf('MIXED_SUPPLIERS', 20),
};
const USERS = numberOf('MIXED_USERS', 50);
const SECONDS = numberOf('MIXED_SECONDS', 60);
const WARMUP_SECONDS = numberOf('MIXED_WARMUP_SECONDS', 10);
const NODES = process.env.MIXED_NODES ?? 'both';
const SOAK_MINUTES = numberOf('MIXED_SOAK_MINUTES', 0);
const SOAK_RATE = numberOf('MIXED_SOAK_RATE', 150);
/**
 * MIXED_RATE=<requests/s>: the measured runs offer this rate (the sessions' requests spaced evenly,
 * as the soak's are) instead of every session sending its next request at once: the p99 at a
 * given load, where the closed loop's p99 is the queue of 70 sessions on a saturated server
 * (70 sessions at 300 requests/s wait 233 ms on average by Little's law, whatever the server).
 */
const RATE = numberOf('MIXED_RATE', 0);
const SERVER = process.env.MIXED_SERVER === 'dist' ? 'dist' : 'source';
const CPU_PROF = process.env.MIXED_CPU_PROF ? resolve(process.env.MIXED_CPU_PROF) : undefined;
/**
 * Settings of the bench's database (`jit=off,work_mem=8MB`, or auto_explain's), to compare; none by
 * default.
 */
const PG_SETTINGS = (process.env.MIXED_PG_SETTINGS ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => pair.split('=') as [string, string]);
/** Samples the statements active on the database during each measured run and prints the top ones. */
const PG_SAMPLE = process.env.MIXED_PG_SAMPLE === '1';
/**
 * Counts the statements the servers send through a proxy (lib/mixed-pgcount.ts; it costs some
 * throughput) and, after the runs, how many each request sends, one request at a time.
 */
const PG_COUNT = process.env.MIXED_PG_COUNT === '1';
/**
 * MIXED_PG_SOCKET=<dir>: the servers reach PostgreSQL through its Unix socket in that directory
 * (Debian's /var/run/postgresql) instead of TCP on loopback, as an app node on the database's own
 * machine would be configured.
 */
const PG_SOCKET = process.env.MIXED_PG_SOCKET;
/** Keeps the database at the end (to look into it), printing its URL. */
const KEEP_DB = process.env.MIXED_KEEP_DB === '1';
/** The application name of the statement sampler's connection (its CPU is not the load's). */
const SAMPLER = 'srm-bench-sampler';
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_RATE = 300;
const TARGET_P99 = 250;
/** The states in which an order exists for its supplier (purchasing's SUPPLIER_VISIBLE_STATES). */
const SUPPLIER_VISIBLE = ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CLOSED'];

/** The same database reached through a Unix socket: `postgres://user@/name?host=<dir>`. */
function socketUrl(url: string, dir: string): string {
  const tcp = new URL(url);
  return `postgres://${tcp.username}@${tcp.pathname}?host=${encodeURIComponent(dir)}`;
}

interface RunResult {
  rate: number;
  p99: number;
  errors: number;
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
  const sealKey = randomBytes(32).toString('base64');
  const proxy = PG_COUNT ? new CountingProxy(new URL(url).hostname, Number(new URL(url).port || 5432)) : null;
  let serversUrl = PG_SOCKET ? socketUrl(url, PG_SOCKET) : url;
  const env = (node: string) => ({
    DATABASE_URL: node === 'setup' ? url : serversUrl,
    SRM_DATA_DIR: join(work, node),
    SRM_SEAL_KEY: sealKey,
    SRM_FILES_DIR: join(work, 'files'),
  });
  const nodes: MixedNode[] = [];
  const db = new pg.Client({ connectionString: url });
  const start = async (label: string, profile = false) => {
    mkdirSync(join(work, label), { recursive: true });
    const node = await startNode({
      label,
      env: env(label),
      mode: SERVER,
      cpuProfDir: profile ? CPU_PROF : undefined,
    });
    nodes.push(node);
    return node;
  };
  try {
    console.log(
      `# mixed load: ${SIZES.orders} orders, ${SIZES.linesPerOrder} lines each (${SIZES.ordersBig} with 50), ${SIZES.requisitions} requisitions, ${USERS} demo-user sessions + ${SIZES.suppliers} supplier users, ${SECONDS} s a run, server from ${SERVER === 'dist' ? 'apps/server/dist' : 'the sources (tsx)'}, PostgreSQL over ${PG_SOCKET ? `its Unix socket in ${PG_SOCKET}` : 'TCP on loopback'}; load average ${loadAverage()}`,
    );
    // A first server makes the schema and the demo company; the seeding copies its documents.
    let began = performance.now();
    const setup = await start('setup');
    console.log(
      `# first start (migrations, demo data): ${((performance.now() - began) / 1000).toFixed(0)} s`,
    );
    await db.connect();
    began = performance.now();
    const seeded = await seedMixed(db, SIZES);
    console.log(
      `# seeded ${SIZES.orders} orders, ${seeded.orderLines} order lines, ${seeded.noteLines} delivery-note and ${seeded.receiptLines} receipt lines, ${SIZES.requisitions} requisitions, ${seeded.requisitionLines} requisition lines, ${seeded.supplierIds.length} suppliers in ${((performance.now() - began) / 1000).toFixed(0)} s (vacuum and checkpoint included); load average ${loadAverage()}`,
    );
    await setup.stop();
    nodes.splice(nodes.indexOf(setup), 1);
    for (const [setting, value] of PG_SETTINGS) {
      if (!/^[a-z_.]+$/.test(setting)) throw new Error(`MIXED_PG_SETTINGS: ${setting}?`);
      await admin.query(`alter database ${name} set ${setting} = '${value.replace(/'/g, "''")}'`);
    }
    if (PG_SETTINGS.length)
      console.log(`# database settings: ${PG_SETTINGS.map((pair) => pair.join(' = ')).join(', ')}`);

    const data = await workData(db, seeded.supplierIds, SIZES.ordersBig);
    if (proxy) serversUrl = Object.assign(new URL(url), { port: String(await proxy.listen()) }).toString();
    const first = await start('a', Boolean(CPU_PROF));
    const [supA, supB, ...added] = seeded.supplierIds as [number, number, ...number[]];
    const share = (part: number) => Math.max(1, Math.round((USERS * part) / 100));
    const sessions: Session[] = [];
    const sign = async (user: string, count: number, role: Session['role'], supplierId?: number) => {
      for (let i = 0; i < count; i++) sessions.push(await signIn(first.url, user, role, supplierId));
    };
    await sign('buyer', share(40), 'buyer');
    await sign('approver', share(10), 'approver');
    await sign('finance', share(10), 'finance');
    await sign('admin', share(4), 'admin');
    await sign('sup_a', share(18), 'supplier', supA);
    await sign('sup_b', share(18), 'supplier', supB);
    for (const [index, supplierId] of added.entries())
      await sign(`mix_sup_${index + 1}`, 1, 'supplier', supplierId);
    const roles = ['buyer', 'approver', 'finance', 'admin', 'supplier']
      .map((role) => `${sessions.filter((session) => session.role === role).length} ${role}`)
      .join(', ');
    const workload = new Workload(data, sessions);

    await isolation(db, sessions);
    await scopeOverhead(sessions, supA);

    const ownPid = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

    async function measure(label: string, seconds: number, target: RunResult | null): Promise<RunResult> {
      workload.pacer = RATE ? new Pacer(RATE) : null;
      if (WARMUP_SECONDS) await workload.run(new Tally(), WARMUP_SECONDS);
      const tally = new Tally();
      const backends = new BackendCpu(db, name, ownPid, SAMPLER);
      await backends.sample();
      const before = nodes.map((node) => cpuTicks(node.pid) ?? 0);
      const benchBefore = process.cpuUsage();
      const peak = nodes.map(() => 0);
      const sampler = setInterval(() => {
        nodes.forEach((node, i) => (peak[i] = Math.max(peak[i]!, rssMb(node.pid))));
        void backends.sample().catch(() => undefined);
      }, 2_000);
      const loadBefore = loadAverage();
      const databaseBefore = await databaseStats(db, name);
      const tablesBefore = await tableStats(db);
      const sentBefore = proxy?.statements ?? 0;
      const statements = PG_SAMPLE
        ? new ActiveStatements(new pg.Client({ connectionString: url, application_name: SAMPLER }), name)
        : null;
      if (statements) {
        await statements.connect();
        statements.start();
      }
      const elapsed = await workload.run(tally, seconds);
      workload.pacer = null;
      clearInterval(sampler);
      await statements?.stop();
      await backends.sample();
      nodes.forEach((node, i) => (peak[i] = Math.max(peak[i]!, rssMb(node.pid))));
      const nodeSeconds =
        nodes.reduce((sum, node, i) => sum + ((cpuTicks(node.pid) ?? 0) - before[i]!), 0) / TICKS_PER_SECOND;
      const benchUsage = process.cpuUsage(benchBefore);
      const databaseAfter = await databaseStats(db, name);
      const tablesAfter = await tableStats(db);
      const sent = (proxy?.statements ?? 0) - sentBefore;
      const requests = tally.requests;
      const all = tally.all();
      const result = { rate: requests / elapsed, p99: percentile(all, 99), errors: tally.errors };
      const per = (cpuSeconds: number) => ((cpuSeconds * 1000) / Math.max(1, requests)).toFixed(1);

      console.log(
        `\n## ${label}: ${sessions.length} sessions (${roles}), ${RATE ? `paced at ${RATE} requests/s, ` : ''}${elapsed.toFixed(0)} s after ${WARMUP_SECONDS} s of warm-up; load average ${loadBefore} before`,
      );
      report(
        `mixed.${label}.throughput`,
        `${result.rate.toFixed(0)} requests/s${RATE ? ` of ${RATE} offered` : ''}`,
        target ? `≥ ${target.rate.toFixed(0)} requests/s, one node's` : `≥ ${TARGET_RATE} requests/s`,
      );
      report(`mixed.${label}.p99`, `${result.p99.toFixed(0)} ms over all requests`, `< ${TARGET_P99} ms`);
      report(`mixed.${label}.errors`, `${result.errors} of ${requests} requests`, '0');
      const share = (kind: Kind) => ((tally.of(kind).count * 100) / Math.max(1, requests)).toFixed(1);
      report(
        `mixed.${label}.mix`,
        `reads ${share('read')} %, writes ${share('write')} %, approvals ${share('approval')} %`,
        '80 / 15 / 5 %',
      );
      console.log(`  ${'kind'.padEnd(9)}${'request'.padEnd(36)}${'count'.padStart(6)}  errors`);
      for (const kind of ['read', 'write', 'approval'] as const) {
        const { count, times } = tally.of(kind);
        console.log(
          `  ${kind.padEnd(9)}${'(all)'.padEnd(36)}${String(count).padStart(6)}  ${String(count - times.length).padStart(6)}  ${spread(times)}`,
        );
        for (const [request, times] of [...tally.times.entries()].sort())
          if (tally.kinds.get(request) === kind)
            console.log(
              `  ${''.padEnd(9)}${request.padEnd(36)}${String(times.length).padStart(6)}  ${String(tally.errorsByName.get(request) ?? 0).padStart(6)}  ${spread(times)}`,
            );
        for (const [request, n] of tally.errorsByName)
          if (tally.kinds.get(request) === kind && !tally.times.has(request))
            console.log(`  ${''.padEnd(9)}${request.padEnd(36)}${'0'.padStart(6)}  ${String(n).padStart(6)}`);
      }
      for (const message of tally.firstErrors) console.log(`  error: ${message}`);
      report(
        `mixed.${label}.cpu`,
        `nodes ${per(nodeSeconds)} ms + PostgreSQL backends ${per(backends.seconds())} ms per request (load generator ${per((benchUsage.user + benchUsage.system) / 1e6)} ms)`,
        'reported',
      );
      const perRequest = (key: keyof DatabaseStats) =>
        ((databaseAfter[key] - databaseBefore[key]) / Math.max(1, requests)).toFixed(1);
      report(
        `mixed.${label}.database`,
        `${proxy ? `${(sent / Math.max(1, requests)).toFixed(1)} statements, ` : ''}${perRequest('transactions')} transactions, ${perRequest('rowsRead')} rows read, ${perRequest('rowsWritten')} rows written, ${perRequest('blocks')} buffer blocks (${perRequest('blocksRead')} read) per request`,
        'reported',
      );
      console.log('  tables most read (rows per request: by sequential scans, fetched by index; scans):');
      for (const [table, after] of [...tablesAfter]
        .map(([table, after]): [string, TableStats] => {
          const was = tablesBefore.get(table);
          return [
            table,
            {
              seqRows: after.seqRows - (was?.seqRows ?? 0),
              indexRows: after.indexRows - (was?.indexRows ?? 0),
              seqScans: after.seqScans - (was?.seqScans ?? 0),
              indexScans: after.indexScans - (was?.indexScans ?? 0),
            },
          ];
        })
        .sort(([, a], [, b]) => b.seqRows + b.indexRows - (a.seqRows + a.indexRows))
        .slice(0, 8)) {
        const each = (value: number) => (value / Math.max(1, requests)).toFixed(1);
        console.log(
          `  ${table.padEnd(34)}${each(after.seqRows).padStart(9)} seq ${each(after.indexRows).padStart(9)} index   ${each(after.seqScans)} seq and ${each(after.indexScans)} index scans`,
        );
      }
      report(
        `mixed.${label}.memory`,
        nodes
          .map((node, i) => {
            const probe = probeOf(node);
            return `node ${node.label} RSS ${peak[i]!.toFixed(0)} MB peak${probe ? `, heap ${probe.heapUsedMb.toFixed(0)} of ${probe.heapTotalMb.toFixed(0)} MB` : ''}`;
          })
          .join('; '),
        'reported',
      );
      if (statements) {
        console.log(
          '  statements most often active on the database (backends running it on average, share):',
        );
        for (const top of statements.top(10))
          console.log(
            `  ${top.backends.toFixed(2).padStart(6)} ${(top.share * 100).toFixed(0).padStart(3)} %  ${top.query}`,
          );
      }
      console.log(`  load average ${loadAverage()} at the end`);
      return result;
    }

    let one: RunResult | null = null;
    // MIXED_SECONDS=0 leaves the measured runs out (a soak alone).
    if ((NODES === '1' || NODES === 'both') && SECONDS > 0) one = await measure('one-node', SECONDS, null);
    if (NODES === '2' || NODES === 'both') {
      const second = await start('b');
      for (const session of sessions) {
        const other = new ApiClient(second.url);
        other.session = session.clients[0]!.session;
        session.clients.push(other);
      }
      const two = SECONDS > 0 ? await measure('two-nodes', SECONDS, one) : null;
      if (one && two)
        report(
          'mixed.two-nodes.vs-one',
          `${two.rate.toFixed(0)} against ${one.rate.toFixed(0)} requests/s (${((two.rate / one.rate - 1) * 100).toFixed(0)} %)`,
          'not slower',
        );
    }
    if (proxy) {
      const idleBefore = proxy.statements;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const background = (proxy.statements - idleBefore) / 5;
      const tally = new Tally();
      workload.counter = proxy;
      await workload.census(tally, 3);
      workload.counter = null;
      console.log(
        `\n## statements per request and its time, one request at a time (the nodes' background jobs: ${background.toFixed(1)} statements/s)`,
      );
      for (const [request, counts] of [...tally.statements.entries()].sort()) {
        const alone = tally.times.get(request) ?? [];
        console.log(
          `  ${tally.kinds.get(request)!.padEnd(9)}${request.padEnd(36)}${String(counts.length).padStart(4)}  ${(counts.reduce((a, b) => a + b, 0) / counts.length).toFixed(1).padStart(6)} statements (${Math.min(...counts)}–${Math.max(...counts)})${alone.length ? `, p50 ${percentile(alone, 50).toFixed(1)} ms alone` : ''}`,
        );
      }
    }
    if (SOAK_MINUTES) {
      workload.pacer = new Pacer(SOAK_RATE);
      await soak(workload, nodes, db, name);
    }
    for (const node of nodes) {
      const lines = node.stderrLines();
      if (lines.length)
        console.log(
          `# node ${node.label} wrote ${lines.length} lines on stderr, first: ${lines[0]!.slice(0, 300)}`,
        );
    }
  } finally {
    await db.end().catch(() => undefined);
    for (const node of nodes) await node.stop();
    await proxy?.close();
    if (CPU_PROF) console.log(`# CPU profile of node a in ${CPU_PROF}`);
    if (KEEP_DB) console.log(`# database kept: ${url}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

interface DatabaseStats {
  transactions: number;
  rowsRead: number;
  rowsWritten: number;
  blocks: number;
  blocksRead: number;
}

/** The database's counters (pg_stat_database), summed over its backends. */
async function databaseStats(db: pg.Client, database: string): Promise<DatabaseStats> {
  const [row] = (
    await db.query<Record<keyof DatabaseStats, string>>(
      `select xact_commit + xact_rollback as "transactions", tup_returned + tup_fetched as "rowsRead",
              tup_inserted + tup_updated + tup_deleted as "rowsWritten", blks_hit + blks_read as "blocks",
              blks_read as "blocksRead"
         from pg_stat_database where datname = $1`,
      [database],
    )
  ).rows;
  return Object.fromEntries(
    Object.entries(row!).map(([key, value]) => [key, Number(value)]),
  ) as unknown as DatabaseStats;
}

interface TableStats {
  seqRows: number;
  indexRows: number;
  seqScans: number;
  indexScans: number;
}

/** Each table's reads so far (pg_stat_user_tables): rows by sequential scans and fetched by index. */
async function tableStats(db: pg.Client): Promise<Map<string, TableStats>> {
  const { rows } = await db.query<Record<keyof TableStats | 'table', string>>(
    `select relname as "table", seq_tup_read as "seqRows", coalesce(idx_tup_fetch, 0) as "indexRows",
            seq_scan as "seqScans", coalesce(idx_scan, 0) as "indexScans"
       from pg_stat_user_tables`,
  );
  return new Map(
    rows.map((row) => [
      row.table,
      {
        seqRows: Number(row.seqRows),
        indexRows: Number(row.indexRows),
        seqScans: Number(row.seqScans),
        indexScans: Number(row.indexScans),
      },
    ]),
  );
}

/** What the workload needs of the seeded database: ids, and per supplier orders to work on. */
async function workData(db: pg.Client, supplierIds: number[], ordersBig: number): Promise<WorkData> {
  const id = async (text: string) => Number((await db.query<{ id: string }>(text)).rows[0]!.id);
  const ids = async (text: string) =>
    (await db.query<{ id: string }>(text)).rows.map((row) => Number(row.id));
  const perSupplier = async (where: string, limit: number) => {
    const map = new Map<number, number[]>(supplierIds.map((supplierId) => [supplierId, []]));
    const rows = await db.query<{ supplier: string; id: string }>(
      `select supplier_id as supplier, po_header_id as id from (
         select supplier_id, po_header_id,
                row_number() over (partition by supplier_id order by random()) as rank
           from srm_po_header where po_number like 'MIX%' and ${where}) ranked
        where rank <= ${limit}`,
    );
    for (const row of rows.rows) map.get(Number(row.supplier))?.push(Number(row.id));
    return map;
  };
  const orgId = await id(`select org_id as id from srm_base_org where org_code = 'OU100'`);
  return {
    supplierIds,
    orderHeader: {
      billTypeId: await id(
        `select bill_type_id as id from srm_pur_bill_type where bill_type_code = 'STD_PO'`,
      ),
      orgId,
      supplierId: supplierIds[0],
      currencyId: await id(`select currency_id as id from srm_base_currency where currency_code = 'CNY'`),
      orderDate: '2026-11-21',
      buyerName: '张伟',
    },
    orderItems: await ids(
      `select item_id as id from srm_base_item where item_code in ('02010001', '02010002') order by item_code`,
    ),
    requisitionHeader: {
      title: '装配线物料申请',
      billTypeId: await id(
        `select bill_type_id as id from srm_pur_bill_type where bill_type_code = 'STD_PR'`,
      ),
      orgId,
      requesterName: '张伟',
      requisitionDate: '2026-11-20',
    },
    items: await ids(`select item_id as id from srm_base_item order by item_code`),
    storageLocationId: await id(
      `select l.storage_location_id as id from srm_base_storage_location l
         join srm_base_org o on o.org_id = l.org_id where o.org_code = 'P110' and l.location_code = 'RM01'`,
    ),
    bigOrders: await ids(
      `select po_header_id as id from srm_po_header where po_number like 'MIX%' order by po_header_id limit ${ordersBig}`,
    ),
    toConfirm: await perSupplier(`status = 'RELEASED'`, 5000),
    toShip: await perSupplier(`status = 'CONFIRMED'`, 5000),
    visible: await perSupplier(`status in ('RELEASED', 'CONFIRMED', 'CLOSED')`, 200),
  };
}

/**
 * Each supplier user's order list holds its own orders only, as many as the database has visible
 * to it; another supplier's order is refused.
 */
async function isolation(db: pg.Client, sessions: Session[]): Promise<void> {
  const users = new Map<string, Session>();
  for (const session of sessions) if (session.supplierId) users.set(session.user, session);
  let foreign = 0;
  let countsRight = 0;
  let refused = 0;
  const others = [...users.values()].map((session) => session.supplierId!);
  for (const session of users.values()) {
    const client = session.clients[0]!;
    const list = await client.call<Row[]>(`${PO}/listByPage`, { pageIndex: 1, pageRows: 100 });
    if (list.body.status !== 'S') throw new Error(`${session.user}: ${list.body.msg}`);
    foreign += list.body.data.filter((row) => row.supplierId !== session.supplierId).length;
    const expected = (
      await db.query<{ n: string }>(
        `select count(*) as n from srm_po_header where supplier_id = $1 and status = any($2)`,
        [session.supplierId, SUPPLIER_VISIBLE],
      )
    ).rows[0]!.n;
    if (list.body.page?.count === Number(expected)) countsRight++;
    const other = others.find((supplierId) => supplierId !== session.supplierId)!;
    const theirs = (
      await db.query<{ id: string }>(
        `select po_header_id as id from srm_po_header where supplier_id = $1 and status = 'RELEASED' limit 1`,
        [other],
      )
    ).rows[0]!.id;
    const answer = await client.call(`${PO}/findById`, { poHeaderId: Number(theirs) });
    if (answer.body.status !== 'S') refused++;
  }
  report(
    'mixed.scope.isolation',
    `${users.size} supplier users: ${foreign} rows of another supplier, ${countsRight} of ${users.size} lists counting exactly their visible orders, ${refused} of ${users.size} another supplier's order refused`,
    `0, all, all`,
  );
}

/**
 * The supplier-scope overhead: the same list, same page size and rows, as sup_a (its confirmed
 * orders) and as the buyer (the confirmed orders filtered to sup_a), alternated, the first 10 %
 * of each left out.
 */
async function scopeOverhead(sessions: Session[], supplierId: number): Promise<void> {
  const supplier = sessions.find((session) => session.user === 'sup_a')!.clients[0]!;
  const buyer = sessions.find((session) => session.user === 'buyer')!.clients[0]!;
  const asSupplier: number[] = [];
  const asBuyer: number[] = [];
  const counts = new Set<number>();
  const rounds = 300;
  const time = async (client: ApiClient, body: Row, into: number[], keep: boolean) => {
    const started = performance.now();
    const answer = await client.call<Row[]>(`${PO}/listByPage`, body);
    if (answer.body.status !== 'S') throw new Error(answer.body.msg);
    if (keep) into.push(performance.now() - started);
    counts.add(answer.body.page?.count ?? -1);
  };
  for (let i = 0; i < rounds; i++) {
    const keep = i >= rounds / 10;
    const supplierCall = () => time(supplier, { status: 'CONFIRMED', pageRows: 20 }, asSupplier, keep);
    const buyerCall = () => time(buyer, { status: 'CONFIRMED', supplierId, pageRows: 20 }, asBuyer, keep);
    if (i % 2) {
      await supplierCall();
      await buyerCall();
    } else {
      await buyerCall();
      await supplierCall();
    }
  }
  const s = percentile(asSupplier, 50);
  const b = percentile(asBuyer, 50);
  report(
    'mixed.supplier-scope',
    `supplier p50 ${s.toFixed(1)} ms, the buyer's same list p50 ${b.toFixed(1)} ms (${s >= b ? '+' : ''}${((s / b - 1) * 100).toFixed(0)} %; ${[...counts].join(' / ')} orders, 20 a page, ${asSupplier.length} requests each, no other load; load average ${loadAverage()})`,
    'within 10 %',
  );
}

/** Least-squares slope of values sampled at times (seconds), per second. */
function slope(points: { t: number; value: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mt = points.reduce((sum, p) => sum + p.t, 0) / n;
  const mv = points.reduce((sum, p) => sum + p.value, 0) / n;
  const top = points.reduce((sum, p) => sum + (p.t - mt) * (p.value - mv), 0);
  const bottom = points.reduce((sum, p) => sum + (p.t - mt) ** 2, 0);
  return top / bottom;
}

/**
 * The soak: the mix paced at MIXED_SOAK_RATE for MIXED_SOAK_MINUTES; every 30 s the nodes' lowest
 * RSS and heap of those 30 s and the database's connections by state. Memory growth is the
 * least-squares slope of those after the warm-up (the first third, at most 5 minutes), in MB per
 * 10 minutes.
 */
async function soak(workload: Workload, nodes: MixedNode[], db: pg.Client, database: string): Promise<void> {
  const seconds = SOAK_MINUTES * 60;
  const warmup = Math.min(300, seconds / 3);
  const tally = new Tally();
  const samples: { t: number; rss: number[]; heap: number[]; connections: number }[] = [];
  let maxConnections = 0;
  let states = '';
  const started = performance.now();
  console.log(
    `\n## soak: ${workload.sessionCount} sessions paced at ${SOAK_RATE} requests/s for ${SOAK_MINUTES} min on ${nodes.length} node(s); load average ${loadAverage()}`,
  );
  // The lowest RSS and heap of each 30 s (read every 5 s): the floor the garbage collector comes
  // back to, steadier than one reading on its saw-tooth.
  const floor = { rss: nodes.map(() => Infinity), heap: nodes.map(() => Infinity) };
  const look = () =>
    nodes.forEach((node, i) => {
      floor.rss[i] = Math.min(floor.rss[i]!, rssMb(node.pid));
      floor.heap[i] = Math.min(floor.heap[i]!, probeOf(node)?.heapUsedMb ?? Infinity);
    });
  const sample = async () => {
    const t = (performance.now() - started) / 1000;
    look();
    const byState = (
      await db.query<{ state: string | null; n: string }>(
        `select coalesce(state, 'none') as state, count(*) as n from pg_stat_activity where datname = $1 group by 1 order by 1`,
        [database],
      )
    ).rows;
    const connections = byState.reduce((sum, row) => sum + Number(row.n), 0) - 1; // the bench's own
    maxConnections = Math.max(maxConnections, connections);
    states = byState.map((row) => `${row.state} ${row.n}`).join(', ');
    const rss = [...floor.rss];
    const heap = [...floor.heap];
    floor.rss.fill(Infinity);
    floor.heap.fill(Infinity);
    samples.push({ t, rss, heap, connections });
    console.log(
      `  ${(t / 60).toFixed(1).padStart(5)} min: RSS ${rss.map((v) => v.toFixed(0)).join(' / ')} MB, heap ${heap.map((v) => v.toFixed(0)).join(' / ')} MB (lowest of the 30 s), ${connections} connections (${states}; the bench's own included), ${tally.requests} requests, ${tally.errors} errors; load average ${loadAverage()}`,
    );
  };
  await sample();
  const looker = setInterval(look, 5_000);
  const timer = setInterval(() => void sample().catch(() => undefined), 30_000);
  const elapsed = await workload.run(tally, seconds);
  clearInterval(timer);
  clearInterval(looker);
  await sample();
  const after = samples.filter((s) => s.t >= warmup);
  const growth = (of: (s: (typeof samples)[number]) => number) =>
    (slope(after.map((s) => ({ t: s.t, value: of(s) }))) * 600).toFixed(1);
  report(
    'mixed.soak.memory',
    nodes
      .map(
        (node, i) =>
          `node ${node.label}: RSS ${growth((s) => s.rss[i]!)} MB, heap ${growth((s) => s.heap[i]!)} MB per 10 minutes`,
      )
      .join('; ') + ` after ${(warmup / 60).toFixed(0)} min of warm-up`,
    'flat',
  );
  report(
    'mixed.soak.throughput',
    `${(tally.requests / elapsed).toFixed(0)} requests/s, ${spread(tally.all())}`,
    `${SOAK_RATE} requests/s paced`,
  );
  report('mixed.soak.errors', `${tally.errors} of ${tally.requests} requests`, '0');
  for (const message of tally.firstErrors) console.log(`  error: ${message}`);
  report(
    'mixed.soak.connections',
    `${maxConnections} at most to the database from ${nodes.length} node(s) (last: ${states})`,
    'bounded by the pools',
  );
}

await main();
