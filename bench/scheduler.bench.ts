// Concurrent requests of a program that does nothing, submitted as fast as the API takes them and
// run by the nodes' runners: on PGlite (one node, BENCH_REQUESTS_PGLITE, default 1,000) and on
// PostgreSQL through two nodes sharing the database (BENCH_REQUESTS, default 10,000) when one
// answers. Prints the throughput from the first submit to the last completion and the queue
// latency (requested start → started) at p50 and p99. Target: ≥ 100 requests/s.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { defineArea } from '@srm/kernel';
import { type Database, openDatabase, queryRows, readJournal, runMigrations } from '@srm/db';
import {
  type AccessPolicy,
  type Platform,
  SYSTEM_ACTOR,
  buildPlatform,
  defineServerArea,
} from '@srm/platform';
import { serverAreas } from '@srm/domain/server';
import { migrationsDir, openBenchDatabase, percentile, postgresAvailable } from './lib/engine';

const noopArea = defineServerArea(
  defineArea({
    name: 'benchNoop',
    entities: [],
    messages: { 'zh-CN': {}, en: {} },
    directories: [],
    menus: [],
  }),
  { executables: { BENCH_NOOP: async () => 'ok' } },
);
const areas = [...serverAreas, noopArea];

async function node(database: Database, policy: AccessPolicy): Promise<Platform> {
  const platform = await buildPlatform({
    database,
    areas,
    policy,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-sched-')),
    version: 'bench',
    journal: readJournal(migrationsDir),
    jobPollingSeconds: 0.5,
  });
  await platform.app.ready();
  return platform;
}

async function run(kind: 'pglite' | 'postgres', count: number): Promise<void> {
  const bench = await openBenchDatabase(kind, `srm_bench_sched_${process.pid}`);
  await runMigrations(bench.database, migrationsDir);
  const actor = { userId: 0, responsibilityId: 0 };
  const policy: AccessPolicy = {
    identify: async () => ({
      userId: actor.userId,
      userName: 'bench',
      side: 'internal',
      supplierId: null,
      orgIds: 'all',
      categoryIds: 'all',
      locale: 'zh-CN',
      responsibilityId: actor.responsibilityId,
    }),
    authorize: async () => {},
    allows: () => true,
  };
  const first = await node(bench.database, policy);
  const second =
    kind === 'postgres' ? await node(await openDatabase({ url: bench.url!, poolSize: 12 }), policy) : null;
  const save = (entity: string, row: Record<string, unknown>) =>
    first.runtime.service(entity).save(SYSTEM_ACTOR, row) as Promise<Record<string, unknown>>;
  actor.userId = (await save('baseUser', { userName: 'bench', userFullName: 'bench', userType: 'INTERNAL' }))
    .userId as number;
  actor.responsibilityId = (
    await save('baseResponsibility', {
      responsibilityCode: 'BENCH',
      responsibilityName: 'bench',
      side: 'INTERNAL',
    })
  ).responsibilityId as number;
  const programId = (
    await save('baseConcurrentProgram', {
      programCode: 'BENCH_NOOP',
      programName: 'no-op',
      executableName: 'BENCH_NOOP',
      parallelFlag: 'Y',
    })
  ).programId as number;
  await save('baseRequestGroup', {
    groupCode: 'BENCH',
    groupName: 'bench',
    maxActivePerUser: 0,
    programs: [{ lineNum: 1, programId }],
    responsibilities: [{ lineNum: 1, responsibilityId: actor.responsibilityId }],
  });
  const nodes = second ? [first, second] : [first];
  const started = performance.now();
  let next = 0;
  const submitter = async () => {
    while (next < count) {
      const index = next++;
      const answer = await nodes[index % nodes.length]!.app.inject({
        method: 'POST',
        url: '/api/schedule/v1/baseConcurrentRequestRestful/doSubmit',
        payload: { programId },
      });
      if (answer.statusCode !== 200) throw new Error(answer.body);
    }
  };
  await Promise.all(Array.from({ length: 16 }, submitter));
  const submitted = performance.now();
  for (;;) {
    const [row] = await queryRows<{ left: number }>(
      bench.database.db,
      sql`select count(*)::int as left from base_concurrent_request where phase_code <> 'COMPLETED'`,
    );
    if (Number(row!.left) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = performance.now();
  const rows = await queryRows<{ latency: number; node: string; status: string }>(
    bench.database.db,
    sql`select extract(epoch from (started_at - requested_start)) * 1000 as latency, node_name as node, status_code as status
          from base_concurrent_request`,
  );
  const latencies = rows.map((row) => Number(row.latency));
  const perSecond = count / ((done - started) / 1000);
  const label = `scheduler.${kind}${second ? '.2-nodes' : ''}`;
  console.log(
    `${label}.requests: ${count} (${rows.filter((row) => row.status === 'NORMAL').length} Normal, nodes ${new Set(rows.map((row) => row.node)).size})`,
  );
  console.log(`${label}.submit: ${(count / ((submitted - started) / 1000)).toFixed(0)} submits/s`);
  console.log(`${label}.throughput: ${perSecond.toFixed(0)} requests/s (target ≥ 100)`);
  console.log(
    `${label}.queueLatency: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );
  for (const platform of nodes) await platform.app.close();
  if (second) await second.runtime.database.close().catch(() => undefined);
  await bench.drop();
}

await run('pglite', Number(process.env.BENCH_REQUESTS_PGLITE ?? 1000));
if (await postgresAvailable()) await run('postgres', Number(process.env.BENCH_REQUESTS ?? 10_000));
else console.log('scheduler.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
