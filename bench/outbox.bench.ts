// Outbound-interface outbox dispatch (issue 16): a backlog of calls drained by the dispatcher to
// a counting ERP on 127.0.0.1, on PGlite (one node, BENCH_OUTBOX_PGLITE, default 1,000 rows) and
// on PostgreSQL through two nodes sharing the database (BENCH_OUTBOX, default 10,000) when one
// answers. The calls come from one effective definition on concurrent programs (trigger `save`,
// no ordering key: the rows go in parallel); the programs are created while it is a draft, then
// the dispatcher's own `enqueue` writes every call and its wake-up job in one transaction.
// Measured from that commit to the last row SENT: the throughput, each row's queue latency
// (commit → sentAt) and the dispatcher's overhead per row: the time a worker spent on it (from
// the start of the claim that took it to the end of its delivery, the SENT commit included)
// minus the ERP's own handling time (timed by wrapping the dispatcher's claim and delivery).
// Targets: ≥ 300 rows/s, p99 overhead ≤ 20 ms. SRM_INTF_WORKERS (default 8 here) workers a node;
// both PostgreSQL nodes run in this process, as in scheduler.bench.ts.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows, readJournal, runMigrations } from '@srm/db';
import { type Platform, SYSTEM_ACTOR, buildPlatform, dataApi } from '@srm/platform';
import { serverAreas } from '@srm/domain/server';
import { OutboxDispatcher, dispatcherOf } from '@srm/domain/interfaces/server';
import { migrationsDir, openBenchDatabase, percentile, postgresAvailable } from './lib/engine';

process.env.SRM_INTF_WORKERS ??= '8';
const workers = Number(process.env.SRM_INTF_WORKERS);

/** The ERP: answers every call at once as the fake ERP's `ok` does, counting documents per key. */
async function startErp() {
  const handled = new Map<string, { received: number; answered: number; attempts: number }>();
  const server = createServer((request, response) => {
    const received = performance.now();
    request.resume();
    request.on('end', () => {
      const key = String(request.headers['idempotency-key'] ?? '');
      const seen = handled.get(key);
      const body = JSON.stringify({ code: '0', data: { erpNo: `ERP-${handled.size + (seen ? 0 : 1)}` } });
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
      });
      response.end(body);
      handled.set(key, { received, answered: performance.now(), attempts: (seen?.attempts ?? 0) + 1 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handled,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Per-row timings of the dispatcher's workers, taken around its (private) claim and delivery:
 * the claim's start and end, and the end of the delivery (after the SENT commit).
 */
const timings = new Map<number, { claimStart: number; claimEnd: number; delivered?: number }>();
type Claimed = { outboxId: number }[];
const internals = OutboxDispatcher.prototype as unknown as {
  claim(limit: number): Promise<Claimed>;
  deliver(row: { outboxId: number }): Promise<void>;
};
const claim = internals.claim;
const deliver = internals.deliver;
const drain = OutboxDispatcher.prototype.drain;
/** Drains running at once, over both nodes (the loops, and drains asked for while they all run). */
const draining = { now: 0, most: 0 };
OutboxDispatcher.prototype.drain = async function (this: OutboxDispatcher) {
  draining.most = Math.max(draining.most, ++draining.now);
  try {
    await drain.call(this);
  } finally {
    draining.now--;
  }
};
internals.claim = async function (this: unknown, limit: number) {
  const claimStart = performance.now();
  const rows = await claim.call(this, limit);
  const claimEnd = performance.now();
  for (const row of rows) timings.set(row.outboxId, { claimStart, claimEnd });
  return rows;
};
internals.deliver = async function (this: unknown, row: { outboxId: number }) {
  try {
    await deliver.call(this, row);
  } finally {
    const timing = timings.get(row.outboxId);
    if (timing) timing.delivered = performance.now();
  }
};

async function node(database: Database): Promise<Platform> {
  const platform = await buildPlatform({
    database,
    areas: serverAreas,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-outbox-')),
    version: 'bench',
    journal: readJournal(migrationsDir),
    jobPollingSeconds: 0.5,
  });
  await platform.app.ready();
  return platform;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const spread = (values: number[]) => `p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`;

async function run(kind: 'pglite' | 'postgres', count: number): Promise<void> {
  timings.clear();
  const erp = await startErp();
  const bench = await openBenchDatabase(kind, `srm_bench_outbox_${process.pid}`);
  await runMigrations(bench.database, migrationsDir);
  const first = await node(bench.database);
  const second =
    kind === 'postgres' ? await node(await openDatabase({ url: bench.url!, poolSize: 12 })) : null;
  const nodes = second ? [first, second] : [first];
  const { runtime } = first;

  // The business rows, while the definition is a draft: no calls yet.
  const definition = (await runtime.service('baseScsiDefinition').save(SYSTEM_ACTOR, {
    definitionCode: 'BENCH_SYNC',
    definitionName: 'bench',
    businessEntity: 'baseConcurrentProgram',
    triggerAction: 'save',
    requestPath: '/sync',
    idempotencyKeyTemplate: '{programCode}-{versionNum}',
    retryLimit: 3,
    retryDelayMs: 100,
    configs: [{ envCode: 'PROD', baseUrl: erp.url }],
    reqMaps: [
      { lineNum: 1, targetPath: 'code', sourceType: 'FIELD', sourcePath: 'programCode' },
      { lineNum: 2, targetPath: 'version', sourceType: 'FIELD', sourcePath: 'versionNum' },
    ],
  })) as { definitionId: number };
  const programs = runtime.service('baseConcurrentProgram');
  const ids: number[] = [];
  for (let start = 0; start < count; start += 1000) {
    const created = await programs.createMany(
      SYSTEM_ACTOR,
      Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
        programCode: `BENCH_${start + i}`,
        programName: `bench ${start + i}`,
        executableName: 'PURGE_REQUESTS',
      })),
    );
    if (!('ids' in created)) throw new Error(JSON.stringify(created.issues.slice(0, 3)));
    ids.push(...created.ids);
  }
  await runtime
    .service('baseScsiDefinition')
    .act(SYSTEM_ACTOR, 'doEffect', [definition.definitionId], {}, { fromHttp: false });

  // Every call and its wake-up job, in one transaction.
  const enqueueStarted = performance.now();
  await runtime.transaction(async (tx) => {
    const data = dataApi({ actor: SYSTEM_ACTOR, runtime, tx, now: runtime.clock.now() }, 'bench.enqueue');
    const dispatcher = dispatcherOf(data);
    dispatcher.forget();
    const trigger = (await dispatcher.triggers(tx)).find((found) => found.definitionCode === 'BENCH_SYNC');
    if (!trigger) throw new Error('the definition is not effective');
    const entity = runtime.registry.get('baseConcurrentProgram');
    for (const id of ids) await dispatcher.enqueue(data, trigger, entity, id, 'save');
  });
  const committed = performance.now();
  const committedAt = runtime.clock.now().getTime();
  draining.most = draining.now;
  for (;;) {
    const [row] = await queryRows<{ left: number }>(
      bench.database.db,
      sql`select count(*)::int as left from base_scsi_outbox where state_code in ('PENDING', 'SENDING')`,
    );
    if (Number(row!.left) === 0) break;
    if (performance.now() - committed > 15 * 60_000) throw new Error(`${row!.left} rows left after 15 min`);
    await sleep(100);
  }
  const done = performance.now();
  const mostDraining = draining.most;
  const wakeUps = sql`select count(*) filter (where state = 'created')::int as queued,
                             count(*) filter (where state = 'active')::int as active
                        from pgboss.job where name = 'scsi-outbox'`;
  const [left] = await queryRows<{ queued: number; active: number }>(bench.database.db, wakeUps);

  const rows = await queryRows<{
    id: number;
    key: string;
    state: string;
    attempts: number;
    node: string;
    sent: number;
  }>(
    bench.database.db,
    sql`select outbox_id as id, idempotency_key as key, state_code as state, attempts, node_name as node,
               extract(epoch from sent_at) * 1000 as sent
          from base_scsi_outbox`,
  );
  const logs = await queryRows<{ id: number; duration: number }>(
    bench.database.db,
    sql`select outbox_id as id, duration_ms as duration from base_scsi_platform_log where error_class is null`,
  );
  const [jobs] = await queryRows<{ jobs: number }>(
    bench.database.db,
    sql`select count(*)::int as jobs from pgboss.job where name = 'scsi-outbox'`,
  );
  const logDuration = new Map(logs.map((log) => [Number(log.id), Number(log.duration)]));
  const queueLatency: number[] = [];
  const overhead: number[] = [];
  const parts = { claim: [] as number[], toErp: [] as number[], erp: [] as number[], finish: [] as number[] };
  const client: number[] = [];
  for (const row of rows) {
    if (row.state !== 'SENT') continue;
    queueLatency.push(Number(row.sent) - committedAt);
    const timing = timings.get(Number(row.id));
    const call = erp.handled.get(row.key);
    if (!timing?.delivered || !call) continue;
    const own = call.answered - call.received;
    overhead.push(timing.delivered - timing.claimStart - own);
    parts.claim.push(timing.claimEnd - timing.claimStart);
    parts.toErp.push(call.received - timing.claimEnd);
    parts.erp.push(own);
    parts.finish.push(timing.delivered - call.answered);
    const duration = logDuration.get(Number(row.id));
    if (duration !== undefined) client.push(duration - own);
  }
  const sent = rows.filter((row) => row.state === 'SENT').length;
  const perSecond = count / ((done - committed) / 1000);
  const label = `outbox.${kind}${second ? '.2-nodes' : ''}`;
  const effects = [...erp.handled.values()];
  console.log(
    `${label}.rows: ${count} (${sent} SENT, ${rows.length - sent} not; ERP: ${effects.length} documents, ` +
      `${effects.reduce((sum, call) => sum + call.attempts, 0)} calls; nodes ${new Set(rows.map((row) => row.node)).size} ` +
      `of ${nodes.length}, ${workers} workers each; ${jobs?.jobs ?? '?'} wake-up jobs)`,
  );
  console.log(
    `${label}.concurrency: at most ${mostDraining} drains at once (${workers} loops a node, ${nodes.length} node(s); ` +
      `a drain asked for while they all run returns at once); ${left?.queued ?? '?'} wake-up jobs still queued at the last SENT`,
  );
  console.log(`${label}.enqueue: ${((committed - enqueueStarted) / 1000).toFixed(1)} s in one transaction`);
  console.log(
    `outbox dispatch (${kind}, ${second ? 'two nodes' : 'one node'}, ${count} rows): ${perSecond.toFixed(0)} rows/s ` +
      `(target ≥ 300) · p99 overhead ${ms(percentile(overhead, 99))} (target ≤ 20 ms)`,
  );
  console.log(
    `${label}.overhead: ${spread(overhead)} (claim start → SENT committed, minus the ERP's own time)`,
  );
  console.log(
    `${label}.parts: claim ${spread(parts.claim)} · claimed → at the ERP ${spread(parts.toErp)} · ` +
      `ERP ${spread(parts.erp)} · answered → SENT committed ${spread(parts.finish)}`,
  );
  console.log(`${label}.httpClient: ${spread(client)} (platform log durationMs minus the ERP's own time)`);
  console.log(`${label}.queueLatency: ${spread(queueLatency)} (enqueue commit → sentAt)`);

  // The wake-up jobs left have nothing to send (every row is SENT): dropped, and the running ones
  // waited for. Left queued, the workers would still be running them through the calls below.
  async function dropWakeUps() {
    await queryRows(
      bench.database.db,
      sql`delete from pgboss.job where name = 'scsi-outbox' and state = 'created'`,
    );
    for (let waited = 0; waited < 300; waited++) {
      const [still] = await queryRows<{ queued: number; active: number }>(bench.database.db, wakeUps);
      if (!Number(still!.queued) && !Number(still!.active)) break;
      await sleep(100);
    }
  }
  await dropWakeUps();

  // Then calls one at a time, as actions make them (a program saved every 25 ms, its call written
  // by the trigger in the save's transaction): the dispatcher's overhead when it is not saturated.
  const trickle = Number(process.env.BENCH_OUTBOX_TRICKLE ?? 200);
  const trickleIds: number[] = [];
  const savedAt = new Map<number, number>();
  for (let i = 0; i < trickle; i++) {
    const saved = await programs.save(SYSTEM_ACTOR, {
      programCode: `TRICKLE_${i}`,
      programName: `trickle ${i}`,
      executableName: 'PURGE_REQUESTS',
    });
    const id = Number((saved as { programId: number }).programId);
    trickleIds.push(id);
    savedAt.set(id, performance.now());
    await sleep(25);
  }
  for (let waited = 0; ; waited++) {
    const [row] = await queryRows<{ left: number }>(
      bench.database.db,
      sql`select count(*)::int as left from base_scsi_outbox where state_code in ('PENDING', 'SENDING')`,
    );
    if (Number(row!.left) === 0) break;
    if (waited > 1200) throw new Error(`${row!.left} trickle rows left after 2 min`);
    await sleep(100);
  }
  const trickleRows = await queryRows<{ id: number; key: string; business: number }>(
    bench.database.db,
    sql`select outbox_id as id, idempotency_key as key, business_id as business from base_scsi_outbox
         where idempotency_key like 'TRICKLE_%' and state_code = 'SENT'`,
  );
  const light: number[] = [];
  const wakeToSent: number[] = [];
  for (const row of trickleRows) {
    const timing = timings.get(Number(row.id));
    const call = erp.handled.get(row.key);
    if (!timing?.delivered || !call) continue;
    light.push(timing.delivered - timing.claimStart - (call.answered - call.received));
    wakeToSent.push(timing.delivered - savedAt.get(Number(row.business))!);
  }
  console.log(
    `outbox dispatch one at a time (${kind}, ${trickleRows.length} of ${trickle} calls, a save every 25 ms): ` +
      `p99 overhead ${ms(percentile(light, 99))} (target ≤ 20 ms)`,
  );
  console.log(
    `${label}.trickle.overhead: ${spread(light)} (claim start → SENT committed, minus the ERP's own time)`,
  );
  console.log(
    `${label}.trickle.saveToSent: ${spread(wakeToSent)} (the save's commit → SENT committed, wake-up included)`,
  );

  // No job completes after its node's connection closed.
  await dropWakeUps();
  for (const platform of nodes) await platform.app.close();
  if (second) await second.runtime.database.close().catch(() => undefined);
  await bench.drop();
  await erp.close();
}

await run('pglite', Number(process.env.BENCH_OUTBOX_PGLITE ?? 1000));
if (await postgresAvailable()) await run('postgres', Number(process.env.BENCH_OUTBOX ?? 10_000));
else console.log('outbox.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
