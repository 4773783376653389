// Concurrent requests of a program that does nothing, submitted over HTTP as fast as the API takes
// them and run by the nodes' runners: on PGlite (one node in this process, BENCH_REQUESTS_PGLITE,
// default 1,000) and on PostgreSQL through two nodes sharing the database (BENCH_REQUESTS, default
// 10,000) when one answers, each node a process of its own as deployed. Prints the throughput from
// the first submit to the last completion and the queue latency (requested start → started) at
// p50 and p99. Target: ≥ 100 requests/s. Each node runs SRM_SCHEDULER_WORKERS requests at once: 8
// here unless set (the program waits on nothing, so a node's 4 by default leave its CPU to the
// submits while the queue grows; docs/benchmarks.md has both).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { queryRows, runMigrations } from '@srm/db';
import { type Platform, SYSTEM_ACTOR } from '@srm/platform';
import {
  type BenchDatabase,
  migrationsDir,
  openBenchDatabase,
  percentile,
  postgresAvailable,
} from './lib/engine';
import { postOffThread } from './lib/post-thread';
import { benchActor, benchNode } from './lib/scheduler-areas';

const CALLERS = 16;

/** CPU time of this process's main thread so far (Linux: /proc; -1 elsewhere), in ms. */
function mainThreadCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime (fields 14 and 15 of the line), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return -1;
  }
}
process.env.SRM_SCHEDULER_WORKERS ??= '8';

/** The bench's user, responsibility, program and the request group granting it; answers the program. */
async function setUp(platform: Platform): Promise<number> {
  const save = (entity: string, row: Record<string, unknown>) =>
    platform.runtime.service(entity).save(SYSTEM_ACTOR, row) as Promise<Record<string, unknown>>;
  benchActor.userId = (
    await save('baseUser', { userName: 'bench', userFullName: 'bench', userType: 'INTERNAL' })
  ).userId as number;
  benchActor.responsibilityId = (
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
    responsibilities: [{ lineNum: 1, responsibilityId: benchActor.responsibilityId }],
  });
  return programId;
}

/** A node process on the database at `url`; answers its address once it listens. */
async function nodeProcess(url: string): Promise<{ child: ChildProcess; address: string }> {
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: a CPU profile of each node process, written when it stops.
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      join(import.meta.dirname, 'lib/scheduler-node.ts'),
    ],
    {
      env: {
        ...process.env,
        BENCH_DATABASE_URL: url,
        BENCH_ACTOR: JSON.stringify(benchActor),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  for await (const line of createInterface({ input: child.stdout! })) {
    const port = /^listening (\d+)$/.exec(line)?.[1];
    if (port) return { child, address: `http://127.0.0.1:${port}` };
  }
  throw new Error(`a bench node exited (${child.exitCode}) before it listened`);
}

/**
 * Counts the passes through the embedded engine (each a batch of protocol messages: a statement,
 * a BEGIN, a COMMIT, or several of them together) until stop(); null on PostgreSQL.
 */
function countPasses(database: BenchDatabase['database']): { stop(): number } | null {
  const client = database.pglite as unknown as
    { execProtocolStream: (...args: unknown[]) => unknown } | undefined;
  if (!client) return null;
  const through = client.execProtocolStream;
  let passes = 0;
  client.execProtocolStream = (...args) => {
    passes++;
    return through.apply(client, args);
  };
  return {
    stop() {
      client.execProtocolStream = through;
      return passes;
    },
  };
}

async function run(kind: 'pglite' | 'postgres', count: number): Promise<void> {
  const bench = await openBenchDatabase(kind, `srm_bench_sched_${process.pid}`);
  await runMigrations(bench.database, migrationsDir);
  // On PGlite the one node runs here (the database is this process's); on PostgreSQL this process
  // only sets up, and two node processes run the requests.
  const local = await benchNode(bench.database, kind === 'pglite');
  const programId = await setUp(local);
  const children = kind === 'postgres' ? [await nodeProcess(bench.url!), await nodeProcess(bench.url!)] : [];
  if (children.length) await local.app.close();
  const addresses = children.length
    ? children.map((child) => child.address)
    : [await local.app.listen({ port: 0, host: '127.0.0.1' })];
  // The callers post from a thread of their own (bench/lib/post-thread.ts): a node's clients are
  // browsers elsewhere, not code on its event loop.
  const body = JSON.stringify({ programId });
  const posts = Array.from({ length: count }, (_, index) => ({
    url: `${addresses[index % addresses.length]!}/api/schedule/v1/baseConcurrentRequestRestful/doSubmit`,
    headers: { 'content-type': 'application/json' },
    body,
  }));
  const passes = countPasses(bench.database);
  const started = performance.now();
  const cpuBefore = mainThreadCpuMs();
  const { posted, seconds: submitSeconds } = await postOffThread(posts, CALLERS);
  const refused = posted.find((answer) => answer.httpStatus !== 200);
  if (refused)
    throw new Error(
      `a submit was refused: ${refused.httpStatus} ${JSON.stringify(refused.body ?? refused.error)}`,
    );
  for (;;) {
    const [row] = await queryRows<{ left: number }>(
      bench.database.db,
      sql`select count(*)::int as left from base_concurrent_request where phase_code <> 'COMPLETED'`,
    );
    if (Number(row!.left) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = performance.now();
  const cpu = cpuBefore < 0 ? -1 : mainThreadCpuMs() - cpuBefore;
  const passed = passes?.stop() ?? 0;
  const rows = await queryRows<{ latency: number; node: string; status: string }>(
    bench.database.db,
    sql`select extract(epoch from (started_at - requested_start)) * 1000 as latency, node_name as node, status_code as status
          from base_concurrent_request`,
  );
  const latencies = rows.map((row) => Number(row.latency));
  const perSecond = count / ((done - started) / 1000);
  const label = `scheduler.${kind}${children.length ? `.${children.length}-nodes` : ''}`;
  console.log(
    `${label}.requests: ${count} (${rows.filter((row) => row.status === 'NORMAL').length} Normal, nodes ${new Set(rows.map((row) => row.node)).size}, ${process.env.SRM_SCHEDULER_WORKERS} workers a node)`,
  );
  console.log(`${label}.submit: ${(count / submitSeconds).toFixed(0)} submits/s`);
  console.log(`${label}.throughput: ${perSecond.toFixed(0)} requests/s (target ≥ 100)`);
  // On PGlite this process's main thread is the node and the database: its CPU is a request's cost.
  if (!children.length && cpu >= 0)
    console.log(
      `${label}.cpu: ${(cpu / count).toFixed(2)} ms a request (node and database: the main thread)`,
    );
  // A figure the machine's speed does not move: the trips into the engine a request takes.
  if (passes)
    console.log(`${label}.passes: ${(passed / count).toFixed(1)} passes through the engine a request`);
  console.log(
    `${label}.queueLatency: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`,
  );
  for (const { child } of children) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (!children.length) await local.app.close();
  await bench.drop();
}

await run('pglite', Number(process.env.BENCH_REQUESTS_PGLITE ?? 1000));
if (await postgresAvailable()) await run('postgres', Number(process.env.BENCH_REQUESTS ?? 10_000));
else console.log('scheduler.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
