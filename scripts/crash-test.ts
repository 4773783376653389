// `npm run crash-test -- [--kills 50] [--postgres]`: kills the real server with SIGKILL at random
// moments while clients save lookup types with their values (a header and its lines), import
// materials (all or nothing: small files in the request, a big one per round as a job that
// commits batch by batch under an undo list, ADR 0015), submit requisitions for approval and
// approve them (the document's state and its approval process change together) and ask for
// background exports; after each kill it checks, with
// the server down, that every acknowledged write is there whole, that no write is there in part,
// that amcheck finds every B-tree index and every table intact, and then restarts the server on
// the same directory (or database), which must answer signed requests and leave nothing RUNNING.
// Prints one line per kill and a summary; exits 1 on the first failure. The CI test runs it with
// a few kills (scripts/crash-test.test.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { lockDirectory } from '@srm/db';
import { DEMO_PASSWORD } from '@srm/domain/demo';
import { WORK_LOCK_NAMESPACES, type WorkKind } from '@srm/platform';
import { ApiClient } from '@srm/platform/api-client';
import { type ServerProcess, killServer, startServer, stopServer } from '@srm/server/server-process';

type Row = Record<string, unknown>;
const TYPE = '/api/base/v1/baseLookupTypeRestful';
const IMPORT = '/api/export/v1/importExcelRestful';
const BACK = '/api/report/v1/baseReportBackExportRestful';
const IMPORT_ROWS = 300;
const REQUISITION = '/api/srm/v1/srmPurRequisitionHeaderRestful';
const TASK = '/api/bpm/v1/bpmTaskRestful';
/** A big import: a job, its 2000-row batches committed one by one. */
const JOB_ROWS = 6000;

export interface CrashOptions {
  kills: number;
  /** PostgreSQL URL of an empty database; the embedded database in a fresh directory when unset. */
  databaseUrl?: string;
  /**
   * The embedded database's directory as a first start left it (the test's, prepared once per
   * run); a fresh one, which the first round's start creates, when unset.
   */
  dataDir?: string;
  log?: (line: string) => void;
}

export interface CrashReport {
  kills: number;
  database: 'pglite' | 'postgres';
  savesAcknowledged: number;
  importsAcknowledged: number;
  /** Requisitions whose approval was answered (all found APPROVED, with their process ended). */
  approvalsAcknowledged: number;
  /** Big imports by how they ended (DONE, or FAILED: interrupted and undone). */
  bigImports: Record<string, number>;
  /** Of those, killed with batches committed (and undone at the next start). */
  bigImportsKilledMidway: number;
  exportsRequested: number;
  indexesChecked: number;
  seconds: number;
}

/** What the clients were told was written, and what may or may not be (sent, not answered). */
interface Ledger {
  acknowledgedTypes: Set<string>;
  pendingTypes: Set<string>;
  acknowledgedImports: Set<string>;
  pendingImports: Set<string>;
  /** Big imports accepted as jobs: prefix → import id (their outcome is read from the database). */
  jobImports: Map<string, number>;
  /** Requisitions whose submission, and whose approval, was answered S: id → the last step. */
  approvals: Map<number, 'SUBMITTED' | 'APPROVED'>;
  /** Big imports a kill found with batches committed (undone by the next start). */
  killedMidway: Set<string>;
  exports: number;
}

async function signedIn(url: string, user = 'admin'): Promise<ApiClient> {
  const client = new ApiClient(url);
  const login = await client.login(user, DEMO_PASSWORD);
  if (login.body.status !== 'S') throw new Error(`sign-in failed: ${login.body.msg}`);
  return client;
}

/** The material import template, filled by `fill` for each import. */
async function importTemplate(
  client: ApiClient,
): Promise<(prefix: string, rows?: number) => Promise<Buffer>> {
  const response = await client.fetch(`${IMPORT}/downloadImportTemplate`, {
    json: { entity: 'srmBaseItem' },
  });
  const template = Buffer.from(await response.arrayBuffer());
  return async (prefix, rows = IMPORT_ROWS) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
    const at = (label: string) => headers.indexOf(label) + 1;
    for (let i = 0; i < rows; i++) {
      const row = sheet.getRow(i + 2);
      row.getCell(at('物料编码')).value = `${prefix}-${String(i).padStart(4, '0')}`;
      row.getCell(at('物料名称')).value = `崩溃测试物料${prefix}-${i}`;
      row.getCell(at('物料类型')).value = '原材料';
      row.getCell(at('计量单位')).value = '个';
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };
}

/** Clients writing until the server dies under them. */
async function workload(server: ServerProcess, round: number, ledger: Ledger): Promise<void> {
  const client = await signedIn(server.url);
  const fill = await importTemplate(client);
  const bigFile = await fill(`J${round}X`, JOB_ROWS);
  let stop = false;
  const saves = async (worker: number) => {
    for (let n = 0; !stop; n++) {
      const code = `CRASH_${round}_${worker}_${n}`;
      ledger.pendingTypes.add(code);
      const answer = await client.call(`${TYPE}/saveOrUpdate`, {
        lookupType: code,
        meaning: `崩溃测试${code}`,
        values: [
          { lookupCode: 'A', meaning: '甲' },
          { lookupCode: 'B', meaning: '乙' },
        ],
      });
      if (answer.body.status !== 'S') throw new Error(`save ${code}: ${answer.body.msg}`);
      ledger.pendingTypes.delete(code);
      ledger.acknowledgedTypes.add(code);
    }
  };
  const imports = async () => {
    for (let n = 0; !stop; n++) {
      const prefix = `K${round}X${n}`;
      const form = new FormData();
      form.append('entity', 'srmBaseItem');
      form.append('file', new Blob([await fill(prefix)]), `${prefix}.xlsx`);
      ledger.pendingImports.add(prefix);
      const answer = (await (await client.fetch(`${IMPORT}/importExcel`, { form })).json()) as Row;
      if (answer.status !== 'S') throw new Error(`import ${prefix}: ${String(answer.msg)}`);
      ledger.pendingImports.delete(prefix);
      ledger.acknowledgedImports.add(prefix);
    }
  };
  // One big import a round, started at once: the kill finds it waiting, between or inside its
  // batches, or done.
  const bigImport = async () => {
    const form = new FormData();
    form.append('entity', 'srmBaseItem');
    form.append('file', new Blob([bigFile]), `J${round}X.xlsx`);
    const answer = (await (await client.fetch(`${IMPORT}/importExcel`, { form })).json()) as Row;
    if (answer.status !== 'S') throw new Error(`big import: ${String(answer.msg)}`);
    ledger.jobImports.set(`J${round}X`, (answer.data as Row).importId as number);
  };
  // The buyer submits copies of a demo requisition, the purchasing manager approves them.
  const buyer = await signedIn(server.url, 'buyer');
  const approver = await signedIn(server.url, 'approver');
  const demo = await buyer.call<Row[]>(`${REQUISITION}/listByPage`, { pageRows: 1 });
  const sample = await buyer.call<Row>(`${REQUISITION}/findById`, {
    requisitionHeaderId: demo.body.data![0]!.requisitionHeaderId,
  });
  const copy = (n: number): Row => {
    const from = sample.body.data!;
    return {
      title: `崩溃测试申请 ${round}-${n}`,
      billTypeId: from.billTypeId,
      orgId: from.orgId,
      requesterName: from.requesterName,
      requisitionDate: from.requisitionDate,
      lines: (from.lines as Row[]).map((line) => ({
        lineNum: line.lineNum,
        itemId: line.itemId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        needByDate: line.needByDate,
      })),
    };
  };
  const approvals = async () => {
    for (let n = 0; !stop; n++) {
      const saved = await buyer.call<Row>(`${REQUISITION}/saveOrUpdate`, copy(n));
      if (saved.body.status !== 'S') throw new Error(`requisition save: ${saved.body.msg}`);
      const id = saved.body.data!.requisitionHeaderId as number;
      const submitted = await buyer.call(`${REQUISITION}/doSubmit`, { requisitionHeaderId: id });
      if (submitted.body.status !== 'S') throw new Error(`requisition submit: ${submitted.body.msg}`);
      ledger.approvals.set(id, 'SUBMITTED');
      const tasks = await approver.call<Row[]>(`${TASK}/findTodoTasks`, {
        pageIndex: 1,
        pageRows: 50,
        entityName: 'srmPurRequisitionHeader',
      });
      const task = tasks.body.data?.find((row) => row.documentId === id);
      if (!task) throw new Error(`no approval task for requisition ${id}`);
      const approved = await approver.call(`${TASK}/doApprove`, { taskId: task.taskId });
      if (approved.body.status !== 'S') throw new Error(`approve: ${approved.body.msg}`);
      ledger.approvals.set(id, 'APPROVED');
    }
  };
  const exports = async () => {
    while (!stop) {
      const answer = await client.call(`${BACK}/doBackExport`, {
        paramsValue: JSON.stringify({
          requestUrl: '/api/base/v1/baseLookupTypeRestful/listByPage',
          requestParams: { lookupType: 'CRASH_' },
          columns: [{ key: 'lookupType' }, { key: 'meaning' }],
        }),
        fileName: `crash-${round}`,
      });
      if (answer.body.status !== 'S') throw new Error(`export: ${answer.body.msg}`);
      ledger.exports++;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };
  // The kill comes at a random moment once the big import is accepted (so that it finds the
  // import waiting, in or between its batches, or done); the clients' failures after it are expected.
  const big = bigImport();
  const killAfter = 300 + Math.random() * 6000;
  const killed = big
    .catch(() => undefined)
    .then(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            stop = true;
            void killServer(server).then(resolve);
          }, killAfter),
        ),
    );
  const clients = [saves(1), saves(2), imports(), big, approvals(), exports()].map((work) =>
    work.catch((error: unknown) => {
      if (!stop) throw error;
    }),
  );
  await Promise.all([killed, ...clients]);
}

interface Query {
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

/** The database with the server down: the embedded directory under its lock, or PostgreSQL. */
async function openOffline(dataDir: string, databaseUrl: string | undefined): Promise<Query> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    // An error on the idle connection (the database dropped at the end) is not this test's finding.
    client.on('error', () => undefined);
    await client.connect();
    return {
      query: async <T>(text: string) => (await client.query(text)).rows as T[],
      close: () => client.end(),
    };
  }
  const pgliteDir = join(dataDir, 'pglite');
  const lock = lockDirectory(pgliteDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const { amcheck } = await import('@electric-sql/pglite/contrib/amcheck');
  const db = new PGlite(pgliteDir, { extensions: { amcheck } });
  await db.waitReady;
  return {
    query: async <T>(text: string) => (await db.query<T>(text)).rows,
    close: async () => {
      await db.close();
      lock.release();
    },
  };
}

/** Every B-tree index (with all heap tuples indexed) and every table's heap, by amcheck. */
async function checkIndexes(db: Query): Promise<number> {
  await db.query('create extension if not exists amcheck');
  try {
    const indexes = await db.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
         join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
        where a.amname = 'btree' and c.relkind = 'i' and c.relpersistence <> 't' and i.indisvalid
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    for (const { name } of indexes) {
      await db.query(`select bt_index_check('${name.replace(/'/g, "''")}'::regclass, true)`);
    }
    const damaged = await db.query<{ name: string; msg: string }>(
      `select c.oid::regclass::text as name, v.msg from pg_class c
         join pg_namespace n on n.oid = c.relnamespace, lateral verify_heapam(c.oid) v
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') limit 5`,
    );
    if (damaged.length) throw new Error(`damaged tables: ${JSON.stringify(damaged)}`);
    return indexes.length;
  } finally {
    await db.query('drop extension if exists amcheck');
  }
}

/** Acknowledged writes whole, nothing in part, nothing left RUNNING once the server ran again. */
async function checkWrites(db: Query, ledger: Ledger): Promise<void> {
  const types = await db.query<{ lookup_type: string; values: number }>(
    `select t.lookup_type, count(v.*)::int as values from base_lookup_type t
       left join base_lookup_values v on v.lookup_type_id = t.lookup_type_id
      where t.lookup_type like 'CRASH\\_%' group by t.lookup_type`,
  );
  const found = new Map(types.map((t) => [t.lookup_type, t.values]));
  for (const code of ledger.acknowledgedTypes) {
    if (!found.has(code)) throw new Error(`acknowledged save lost: ${code}`);
  }
  for (const [code, values] of found) {
    if (values !== 2) throw new Error(`half-written save: ${code} has ${values} of 2 values`);
    if (!ledger.acknowledgedTypes.has(code) && !ledger.pendingTypes.has(code))
      throw new Error(`a save nobody sent: ${code}`);
  }
  // A save sent and not answered may be stored or not; once stored it must stay stored.
  for (const code of ledger.pendingTypes) if (found.has(code)) ledger.acknowledgedTypes.add(code);
  const items = await db.query<{ prefix: string; count: number }>(
    `select split_part(item_code, '-', 1) as prefix, count(*)::int as count from srm_base_item
      where item_code like 'K%X%-%' group by 1`,
  );
  const imported = new Map(items.map((i) => [i.prefix, i.count]));
  for (const prefix of ledger.acknowledgedImports) {
    if (imported.get(prefix) !== IMPORT_ROWS)
      throw new Error(`acknowledged import ${prefix}: ${imported.get(prefix) ?? 0} of ${IMPORT_ROWS} rows`);
  }
  for (const [prefix, count] of imported) {
    if (count !== IMPORT_ROWS)
      throw new Error(`half-written import ${prefix}: ${count} of ${IMPORT_ROWS} rows`);
  }
  for (const prefix of ledger.pendingImports)
    if (imported.has(prefix)) ledger.acknowledgedImports.add(prefix);
  // Approvals: a requisition and its process agree whatever the moment of the kill: SUBMITTED
  // with a RUNNING process and a pending task, APPROVED with the process ended and no pending
  // task; what was answered is there.
  const documents = await db.query<{ id: number; status: string; running: number; pending: number }>(
    `select h.requisition_header_id::int as id, h.status,
            (select count(*)::int from bpm_instance i where i.entity_name = 'srmPurRequisitionHeader'
                and i.document_id = h.requisition_header_id and i.status = 'RUNNING') as running,
            (select count(*)::int from bpm_task t where t.entity_name = 'srmPurRequisitionHeader'
                and t.document_id = h.requisition_header_id and t.status = 'PENDING') as pending
       from srm_pur_requisition_header h where h.title like '崩溃测试申请 %'`,
  );
  const byId = new Map(documents.map((d) => [d.id, d]));
  for (const d of documents) {
    const fine =
      (d.status === 'DRAFT' && !d.running && !d.pending) ||
      (d.status === 'SUBMITTED' && d.running === 1 && d.pending >= 1) ||
      (d.status === 'APPROVED' && !d.running && !d.pending);
    if (!fine) throw new Error(`requisition ${d.id} half-way: ${JSON.stringify(d)}`);
  }
  for (const [id, step] of ledger.approvals) {
    const stored = byId.get(id)?.status;
    if (step === 'APPROVED' ? stored !== 'APPROVED' : stored !== 'SUBMITTED' && stored !== 'APPROVED')
      throw new Error(`requisition ${id} was answered ${step} but is ${String(stored)}`);
  }
  // Big imports: DONE has every row and no undo list left; FAILED (its undo carried out, at the
  // latest by the start after a kill) has none; still WAITING or RUNNING, every row it has is on
  // its undo list (the next start removes them).
  for (const [prefix, importId] of ledger.jobImports) {
    const [state] = await db.query<{ status: string; rows: number; batches: number; unlisted: number }>(
      `select i.status,
              (select count(*)::int from srm_base_item where item_code like '${prefix}-%') as rows,
              (select count(*)::int from base_excel_import_batch where import_id = ${importId}) as batches,
              (select count(*)::int from srm_base_item m where m.item_code like '${prefix}-%'
                  and not exists (select 1 from base_excel_import_batch b
                                   where b.import_id = ${importId} and m.item_id = any(b.ids))) as unlisted
         from base_excel_import i where i.import_id = ${importId}`,
    );
    if (!state) throw new Error(`big import ${prefix}: its record is lost`);
    const seen = `${state.status}, ${state.rows} rows, ${state.batches} batches`;
    if (state.status === 'DONE' && (state.rows !== JOB_ROWS || state.batches))
      throw new Error(`big import ${prefix} DONE but ${seen}`);
    if (state.status === 'FAILED' && (state.rows || state.batches))
      throw new Error(`big import ${prefix} FAILED but not undone: ${seen}`);
    if ((state.status === 'RUNNING' || state.status === 'WAITING') && state.unlisted)
      throw new Error(`big import ${prefix} ${seen}: ${state.unlisted} rows not on its undo list`);
    if (state.status === 'RUNNING' && state.batches) ledger.killedMidway.add(prefix);
  }
}

/**
 * Nothing RUNNING that no process runs. With a server up (PostgreSQL), work it picked up since
 * its start is RUNNING and rightly so: it holds the item's lease lock (`WorkLease`), and only
 * items without one count.
 */
async function checkNothingRunning(db: Query, serverUp = false): Promise<void> {
  const orphan = (kind: WorkKind, id: string) =>
    serverUp
      ? `and not exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.granted
           and l.database = (select oid from pg_database where datname = current_database())
           and l.classid = ${WORK_LOCK_NAMESPACES[kind]} and l.objid = ${id} and l.objsubid = 2)`
      : '';
  const which = await db.query<Row>(
    `select 'import' as kind, import_id as id, last_update_date as at from base_excel_import
      where status = 'RUNNING' ${orphan('import', 'import_id')}
     union all
     select 'export', report_back_export_id, last_update_date from base_report_back_export
      where export_status = 'RUNNING' ${orphan('export', 'report_back_export_id')}`,
  );
  if (which.length)
    throw new Error(
      `${which.length} imports or exports still RUNNING, run by nobody: ${JSON.stringify(which)}`,
    );
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? console.log;
  const started = Date.now();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'srm-crash-'));
  const env = {
    SRM_DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    SRM_JOB_POLL_SECONDS: '1',
    LOG_LEVEL: 'error',
  };
  const ledger: Ledger = {
    acknowledgedTypes: new Set(),
    pendingTypes: new Set(),
    acknowledgedImports: new Set(),
    pendingImports: new Set(),
    jobImports: new Map(),
    approvals: new Map(),
    killedMidway: new Set(),
    exports: 0,
  };
  let indexes = 0;
  let bigImports: Record<string, number> | undefined;
  let running: ServerProcess | undefined;
  try {
    for (let round = 1; round <= options.kills; round++) {
      const server = (running = await startServer(env));
      if (round > 1) {
        // The restarted server answers signed requests and has failed what the kill interrupted.
        const client = await signedIn(server.url);
        const list = await client.call(`${TYPE}/listByPage`, { lookupType: 'CRASH_' });
        if (list.body.status !== 'S') throw new Error(`signed list after restart: ${list.body.msg}`);
        const check = await openOfflineThroughServer(server, dataDir, options.databaseUrl);
        if (check) {
          try {
            await checkNothingRunning(check, true);
          } finally {
            await check.close();
          }
        }
      }
      await workload(server, round, ledger);
      const db = await openOffline(dataDir, options.databaseUrl);
      try {
        await checkWrites(db, ledger);
        indexes = await checkIndexes(db);
      } finally {
        await db.close();
      }
      // Sent and not answered: either outcome is right, but from now on it is what is stored.
      ledger.pendingTypes.clear();
      ledger.pendingImports.clear();
      log(
        `kill ${round}/${options.kills}: ${ledger.acknowledgedTypes.size} saves, ${ledger.acknowledgedImports.size} imports, ${[...ledger.approvals.values()].filter((step) => step === 'APPROVED').length} approvals acknowledged and intact; ${indexes} indexes checked`,
      );
    }
    const last = (running = await startServer(env));
    // The big imports a kill left waiting run now: let them end before the last checks.
    const client = await signedIn(last.url);
    const deadline = Date.now() + 300_000;
    for (const importId of ledger.jobImports.values()) {
      for (;;) {
        const status = await client.call<Row>(`${IMPORT}/importStatus`, { importId });
        const state = status.body.data?.status;
        if (state === 'DONE' || state === 'FAILED') break;
        if (Date.now() > deadline) throw new Error(`big import ${importId} still ${String(state)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const db = await openOfflineThroughServer(last, dataDir, options.databaseUrl);
    if (db) {
      try {
        await checkNothingRunning(db, true);
      } finally {
        await db.close();
      }
    }
    await stopServer(last);
    const final = await openOffline(dataDir, options.databaseUrl);
    try {
      await checkNothingRunning(final);
      await checkWrites(final, ledger);
      const outcomes = await final.query<{ status: string; count: number }>(
        `select status, count(*)::int as count from base_excel_import group by status`,
      );
      bigImports = Object.fromEntries(outcomes.map((o) => [o.status, o.count]));
    } finally {
      await final.close();
    }
  } finally {
    // A failure may come while a server runs: it is stopped before its directory goes.
    if (running && running.child.exitCode === null) await killServer(running);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
  return {
    kills: options.kills,
    database: options.databaseUrl ? 'postgres' : 'pglite',
    savesAcknowledged: ledger.acknowledgedTypes.size,
    importsAcknowledged: ledger.acknowledgedImports.size,
    approvalsAcknowledged: [...ledger.approvals.values()].filter((step) => step === 'APPROVED').length,
    bigImports: bigImports ?? {},
    bigImportsKilledMidway: ledger.killedMidway.size,
    exportsRequested: ledger.exports,
    indexesChecked: indexes,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/**
 * A second connection while the server runs: PostgreSQL allows it; the embedded database is
 * the server's alone (checked offline after the next kill instead), so null.
 */
async function openOfflineThroughServer(
  _server: ServerProcess,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<Query | null> {
  return databaseUrl ? openOffline(dataDir, databaseUrl) : null;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const postgres = args.includes('--postgres');
  const killsAt = args.indexOf('--kills');
  const kills = killsAt >= 0 ? Number(args[killsAt + 1]) : postgres ? 20 : 50;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (postgres) {
    const base = process.env.DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
    const name = `srm_crash_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    admin.on('error', (error) => console.error('crash test: the admin connection failed:', error.message));
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  try {
    const report = await runCrashTest({ kills, databaseUrl });
    console.log(
      `crash test: ${report.kills} unclean stops (kill -9) survived on ${report.database}; ` +
        `${report.savesAcknowledged} acknowledged saves and ${report.importsAcknowledged} acknowledged imports ` +
        `(${IMPORT_ROWS} rows each) all intact, none half-written; ${report.approvalsAcknowledged} acknowledged ` +
        `approvals, every requisition in step with its process; big imports (${JOB_ROWS} rows, batches ` +
        `committed one by one): ${JSON.stringify(report.bigImports)}, ${report.bigImportsKilledMidway} killed with batches committed and undone; ${report.exportsRequested} exports requested, ` +
        `none left RUNNING; amcheck: ${report.indexesChecked} indexes and every table intact; ${report.seconds} s`,
    );
  } finally {
    await dropDatabase?.();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*[/\\]/, ''))) {
  main().catch((error: unknown) => {
    console.error('crash test FAILED:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
