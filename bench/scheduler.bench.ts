// Concurrent requests of a program that does nothing, submitted over HTTP as fast as the API takes
// them and run by the nodes' runners: on PGlite (one node in this process, BENCH_REQUESTS_PGLITE,
// default 1,000) and on PostgreSQL through two nodes sharing the database (BENCH_REQUESTS, default
// 10,000) when one answers, each node a process of its own as deployed. Prints the throughput from
// the first submit to the last completion and the queue latency (requested start → started) at
// p50 and p99. Target: ≥ 100 requests/s. Each node runs SRM_SCHEDULER_WORKERS requests at once: 8
// here unless set (the program waits on nothing, so a node's 4 by default leave its CPU to the
// submits while the queue grows; docs/benchmarks.md has both).
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { queryRows, runMigrations } from '@srm/db';
import { type Platform, SYSTEM_ACTOR } from '@srm/platform';
import { migrationsDir, openBenchDatabase, percentile, postgresAvailable } from './lib/engine';
import { benchActor, benchNode } from './lib/scheduler-areas';

const CALLERS = 16;
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
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let next = 0;
  // Kept-alive connections through node:http: the callers share the two cores with the nodes and
  // the database, and fetch() cost them about twice the CPU per call.
  const agent = new Agent({ keepAlive: true, maxSockets: CALLERS });
  const body = JSON.stringify({ programId });
  const submitOne = (address: string) =>
    new Promise<void>((resolve, reject) => {
      const call = httpRequest(
        `${address}/api/schedule/v1/baseConcurrentRequestRestful/doSubmit`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () =>
            answer.statusCode === 200 ? resolve() : reject(new Error(Buffer.concat(chunks).toString())),
          );
          answer.on('error', reject);
        },
      );
      call.on('error', reject);
      call.end(body);
    });
  const submitter = async () => {
    while (next < count) {
      const index = next++;
      await submitOne(addresses[index % addresses.length]!);
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, submitter));
  const submitted = performance.now();
  agent.destroy();
  for (;;) {
    const [row] = await queryRows<{ left: number }>(
      bench.database.db,
      sql`select count(*)::int as left from base_concurrent_request where phase_code <> 'COMPLETED'`,
    );
    if (Number(row!.left) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const done = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
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
  console.log(`${label}.submit: ${(count / ((submitted - started) / 1000)).toFixed(0)} submits/s`);
  console.log(`${label}.throughput: ${perSecond.toFixed(0)} requests/s (target ≥ 100)`);
  // On PGlite this process is the callers, the node and the database: its CPU is the request's whole cost.
  if (!children.length)
    console.log(
      `${label}.cpu: ${((cpu.user + cpu.system) / 1000 / count).toFixed(2)} ms a request (callers, node and database)`,
    );
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
