// The approval engine: the todo list (inbox) of one approver among 100,000 pending tasks, and
// approving 1,000 pending tasks one after the other (each decision completes its process, fires
// the document's doApproval in the same transaction and tells the submitter in-app), then 1,000
// more in one batch (doBatchApprove). PGlite in memory, and PostgreSQL when one answers.
// Targets: inbox p95 ≤ 50 ms; ≥ 50 decisions per second.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { EntityRegistry, amount, defineEntity, text } from '@srm/kernel';
import { runMigrations } from '@srm/db';
import {
  ApprovalEngine,
  ApprovalQueries,
  DatabaseClock,
  EntityRuntime,
  SYSTEM_ACTOR,
  Sealer,
  SiteMessages,
  buildEntityTables,
  loadSealKey,
  processTemplateActions,
  RecordAccess,
} from '@srm/platform';
import { emptySnapshot, migrationStatements, snapshotOf } from '@srm/platform/schema';
import { messages, registry as appRegistry } from '@srm/server/schema';
import {
  measure,
  migrationsDir,
  openBenchDatabase,
  openPolicy,
  percentile,
  postgresAvailable,
} from './lib/engine';

const TASKS = Number(process.env.BENCH_TASKS ?? 100_000);
const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 1000);

const benchDoc = defineEntity('benchApprovalDoc', {
  area: 'bench',
  table: 'bench_approval_doc',
  key: 'docId',
  fields: { title: text({ required: true, max: 60 }), amount: amount() },
  list: { columns: ['title', 'amount', 'status'] },
  workflow: {
    states: ['DRAFT', 'APPROVING', 'APPROVED', 'REJECTED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'REJECTED'],
    actions: {
      doSubmit: { from: ['DRAFT', 'REJECTED'], to: 'APPROVING', approval: 'BENCH_APPROVAL' },
      doApproval: { from: ['APPROVING'], to: 'APPROVED', system: true },
      doReject: { from: ['APPROVING'], to: 'REJECTED', system: true },
    },
  },
});

async function run(kind: 'postgres' | 'pglite') {
  const bench = await openBenchDatabase(kind, `srm_bench_bpm_${process.pid}`);
  const { database } = bench;
  await runMigrations(database, migrationsDir);
  const registry = new EntityRegistry([...appRegistry.all(), benchDoc]);
  const tables = buildEntityTables(registry);
  for (const statement of await migrationStatements(
    emptySnapshot(),
    snapshotOf({ benchDoc: tables.byEntity.get('benchApprovalDoc') }),
  )) {
    await database.db.execute(sql.raw(statement));
  }
  const clock = new DatabaseClock();
  await clock.calibrate(database);
  const runtime = new EntityRuntime({
    database,
    registry,
    tables,
    clock,
    sealer: new Sealer(loadSealKey(join(mkdtempSync(join(tmpdir(), 'srm-bench-')), 'seal.key'), undefined)),
    messages: () => messages,
    timeZone: 'Asia/Shanghai',
    actions: [processTemplateActions],
  });
  const engine = new ApprovalEngine(runtime, new RecordAccess(runtime, openPolicy));
  runtime.approvals = engine;
  runtime.plugins.siteMessages = new SiteMessages(runtime);
  const queries = new ApprovalQueries(engine);
  const users = runtime.service('baseUser');
  const submitter = (await users.save(SYSTEM_ACTOR, { userName: 'bench_submitter', userFullName: '提交人' }))
    .userId as number;
  const approver = (await users.save(SYSTEM_ACTOR, { userName: 'bench_approver', userFullName: '审批人' }))
    .userId as number;
  await runtime.service('srmBaseProcessTemplate').save(SYSTEM_ACTOR, {
    processKey: 'BENCH_APPROVAL',
    processName: '基准审批',
    entityName: 'benchApprovalDoc',
    nodes: [{ nodeNum: 1, nodeName: '审批', signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, approverType: 'USER', userId: approver }],
  });

  // 1,000 documents submitted: each a process with one pending task for the approver.
  const docs = runtime.service('benchApprovalDoc');
  const as = { ...SYSTEM_ACTOR, system: false, userId: submitter, userName: 'bench_submitter' };
  const ids: number[] = [];
  for (let i = 0; i < DECISIONS; i++) {
    const doc = await docs.save(as, { title: `单据 ${i}`, amount: i });
    ids.push(doc.docId as number);
  }
  for (const id of ids) await docs.act(as, 'doSubmit', [id], {}, { fromHttp: false });

  // Other people's pending tasks, up to TASKS in all (1,000 assignees), written in bulk.
  const others = TASKS - DECISIONS;
  await database.db.execute(sql`
    insert into bpm_instance (template_id, process_key, template_version, route, entity_name, document_id,
      document_number, action, submitter_id, status, current_node, round, started_at)
    select 1, 'BENCH_APPROVAL', 1, '{"nodes":[],"skipped":[]}'::jsonb, 'benchApprovalDoc', 1000000 + g,
      'DOC' || g, 'doSubmit', ${submitter}, 'RUNNING', 0, 1, now()
    from generate_series(1, ${others}) g`);
  await database.db.execute(sql`
    insert into bpm_task (instance_id, node_index, round, node_name, assignee_id, kind, status, entity_name,
      document_id, document_number, submitter_id, created_at)
    select i.instance_id, 0, 1, '审批', 100000 + (i.document_id % 1000), 'APPROVE', 'PENDING', i.entity_name,
      i.document_id, i.document_number, i.submitter_id, now()
    from bpm_instance i where i.document_id > 1000000`);
  await database.db.execute(sql`analyze bpm_task`);
  await database.db.execute(sql`analyze bpm_instance`);

  const actor = { ...SYSTEM_ACTOR, system: false, userId: approver, userName: 'bench_approver' };
  const inbox = await measure(50, 1, async () => {
    await queries.todo(actor, { pageIndex: 1, pageRows: 20 });
  });
  const busyUser = { ...actor, userId: 100007 };
  const busyInbox = await measure(50, 1, async () => {
    await queries.todo(busyUser, { pageIndex: 1, pageRows: 20 });
  });
  const count = await queries.countTodo(actor);
  if (count !== DECISIONS) throw new Error(`expected ${DECISIONS} pending tasks, found ${count}`);
  const page = await queries.todo(actor, { pageIndex: 1, pageRows: DECISIONS });

  const started = performance.now();
  for (const task of page.rows) await engine.approve(actor, task.taskId, { comment: '同意' });
  const seconds = (performance.now() - started) / 1000;
  const approvedCount = async () =>
    Number(
      (
        (await database.db.execute(
          sql`select count(*)::int as n from bench_approval_doc where status = 'APPROVED'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n,
    );
  const n = await approvedCount();
  if (n !== DECISIONS) throw new Error(`expected ${DECISIONS} approved documents, found ${n}`);

  // 1,000 more, approved in one batch (批量审批, as doBatchApprove does).
  const more: number[] = [];
  for (let i = 0; i < DECISIONS; i++) {
    const doc = await docs.save(as, { title: `批量 ${i}`, amount: i });
    more.push(doc.docId as number);
  }
  for (const id of more) await docs.act(as, 'doSubmit', [id], {}, { fromHttp: false });
  const batch = await queries.todo(actor, { pageIndex: 1, pageRows: DECISIONS });
  const batchStarted = performance.now();
  const results = await engine.approveMany(
    actor,
    batch.rows.map((task) => task.taskId),
    { comment: '同意' },
  );
  const batchSeconds = (performance.now() - batchStarted) / 1000;
  if (results.some((result) => !result.ok) || (await approvedCount()) !== 2 * DECISIONS) {
    throw new Error('batch approval did not approve every document');
  }

  console.log(
    `approval inbox among ${TASKS} pending tasks (${kind}, 1000 own): p50 ${percentile(inbox, 50).toFixed(1)} ms, p95 ${percentile(inbox, 95).toFixed(1)} ms (target p95 ≤ 50 ms)`,
  );
  console.log(
    `approval inbox of a user with ${others / 1000} tasks (${kind}): p95 ${percentile(busyInbox, 95).toFixed(1)} ms (target ≤ 50 ms)`,
  );
  console.log(
    `approve ${DECISIONS} pending tasks one by one (${kind}, each fires doApproval): ${seconds.toFixed(1)} s, ${(DECISIONS / seconds).toFixed(0)} decisions/s (target ≥ 50/s)`,
  );
  console.log(
    `approve ${DECISIONS} pending tasks in one batch (${kind}, doBatchApprove): ${batchSeconds.toFixed(1)} s, ${(DECISIONS / batchSeconds).toFixed(0)} decisions/s (target ≥ 50/s)`,
  );
  await bench.drop();
}

await run('pglite');
if (await postgresAvailable()) await run('postgres');
else console.log('approval on postgres: skipped (no server)');
