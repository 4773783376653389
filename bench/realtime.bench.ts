// The websocket hub (issue 17): 1,000 open sockets (BENCH_SOCKETS), half on each of two nodes of
// one PostgreSQL database (one node on PGlite), and 5,000 in-app messages (BENCH_SOCKET_MESSAGES)
// written through node one in transactions of 100 recipients, as fast as they commit. Measured
// per message: from the start of its transaction to the frame at the recipient's socket (p50,
// p99; target p99 ≤ 1 s), and the memory the sockets take (the heap they add, both ends; the
// process's RSS: the nodes and the clients share this process). Run with --expose-gc for steadier heap figures. Every socket must get exactly its messages.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { type Database, openDatabase, readJournal, runMigrations } from '@srm/db';
import { type Platform, REALTIME_PATH, type RealtimeHub, buildPlatform } from '@srm/platform';
import { serverAreas } from '@srm/domain/server';
import { migrationsDir, openBenchDatabase, openPolicy, percentile, postgresAvailable } from './lib/engine';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000);
const MESSAGES = Number(process.env.BENCH_SOCKET_MESSAGES ?? 5_000);
const PER_TRANSACTION = 100;

async function node(database: Database): Promise<{ platform: Platform; url: string }> {
  const platform = await buildPlatform({
    database,
    areas: serverAreas,
    policy: openPolicy,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-realtime-')),
    version: 'bench',
    journal: readJournal(migrationsDir),
    jobWorkers: false,
  });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const address = platform.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { platform, url: `ws://127.0.0.1:${port}${REALTIME_PATH}` };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const bench = await openBenchDatabase(kind, `srm_bench_realtime_${process.pid}`);
  await runMigrations(bench.database, migrationsDir);
  const one = await node(bench.database);
  const second = kind === 'postgres' ? await openDatabase({ url: bench.url!, poolSize: 4 }) : null;
  const two = second ? await node(second) : one;
  const nodes = [one, two];

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  // User i's socket is on node i % 2; its frames' arrival times, in order.
  const arrivals = new Map<number, number[]>();
  const sockets: WebSocket[] = [];
  for (let start = 1; start <= SOCKETS; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, SOCKETS - start + 1) }, async (_, offset) => {
        const userId = start + offset;
        const target = nodes[userId % 2]!;
        const hub = target.platform.runtime.plugins.realtime as RealtimeHub;
        const ticket = await hub.issueTicket(userId);
        const socket = new WebSocket(`${target.url}?ticket=${ticket}`);
        const times: number[] = [];
        arrivals.set(userId, times);
        socket.on('message', (data) => {
          if (String(data).includes('"message"')) times.push(performance.now());
        });
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        sockets.push(socket);
      }),
    );
  }
  global.gc?.();
  const heapSockets = process.memoryUsage().heapUsed - heapBefore;
  const rss = process.memoryUsage().rss;

  // Round r tells users (r * 100 … r * 100 + 99) mod SOCKETS.
  const { runtime } = one.platform;
  const rounds = Math.ceil(MESSAGES / PER_TRANSACTION);
  const startedAt: number[] = [];
  const expected = new Map<number, number[]>();
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    const userIds = Array.from(
      { length: PER_TRANSACTION },
      (_, i) => ((round * PER_TRANSACTION + i) % SOCKETS) + 1,
    );
    for (const userId of userIds) {
      const list = expected.get(userId) ?? [];
      list.push(round);
      expected.set(userId, list);
    }
    startedAt.push(performance.now());
    await runtime.transaction(() =>
      runtime.plugins.siteMessages!.notify({
        userIds,
        titleKey: 'realtime.upgradeRequired',
        source: 'BENCH',
      }),
    );
  }
  const written = performance.now() - started;
  const deadline = performance.now() + 60_000;
  const total = () => [...arrivals.values()].reduce((sum, times) => sum + times.length, 0);
  while (total() < rounds * PER_TRANSACTION && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const latency: number[] = [];
  let wrong = 0;
  for (const [userId, rounds] of expected) {
    const times = arrivals.get(userId) ?? [];
    if (times.length !== rounds.length) wrong++;
    rounds.forEach((round, index) => {
      if (times[index] !== undefined) latency.push(times[index] - startedAt[round]!);
    });
  }
  const label = `realtime.${kind}`;
  const nodesText = kind === 'postgres' ? '2 nodes' : '1 node';
  console.log(
    `${label}.sockets: ${SOCKETS} open on ${nodesText}; heap +${mb(heapSockets)} for them, process RSS ${mb(rss)} (servers and clients in one process)`,
  );
  console.log(
    `${label}.written: ${rounds * PER_TRANSACTION} messages in ${rounds} transactions in ${ms(written)} (${((rounds * PER_TRANSACTION) / (written / 1000)).toFixed(0)}/s)`,
  );
  console.log(
    `${label}.delivery: p50 ${ms(percentile(latency, 50))}, p99 ${ms(percentile(latency, 99))} (transaction start → frame; target p99 ≤ 1000 ms)`,
  );
  console.log(
    `${label}.delivered: ${total()} frames for ${rounds * PER_TRANSACTION} messages; sockets with a wrong count: ${wrong} (must be 0)`,
  );
  for (const socket of sockets) socket.terminate();
  if (two !== one) await two.platform.app.close();
  await one.platform.app.close();
  await second?.close();
  await bench.drop();
}

await run('pglite');
if (await postgresAvailable()) await run('postgres');
else console.log('realtime.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
