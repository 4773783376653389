// listByPage over a big line table with 10 concurrent clients, next to the same SQL run
// directly through the driver: 1,000,000 rows on PostgreSQL, 100,000 on PGlite.
// Targets (PostgreSQL): p50 ≤ 1.5 × raw + 2 ms, p99 < 50 ms.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { measure, percentile, postgresAvailable } from './lib/engine';
import { scenarios } from './lib/list-scenarios';

async function run(kind: 'postgres' | 'pglite', rows: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/list-server.ts'], {
    env: { ...process.env, BENCH_DB: kind, BENCH_ROWS: String(rows) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const read = async () =>
    JSON.parse(((await lines.next()).value as string) ?? '{}') as Record<string, unknown>;
  const ready = await read();
  console.log(
    `# ${kind}: ${ready.rows} line rows (filled in ${Number(ready.fillSeconds).toFixed(1)} s), 10 concurrent clients`,
  );
  const { raw } = (await read()) as { raw: Record<string, number[]> };
  const url = `${ready.url}/api/srm/v1/benchLineRestful/listByPage`;
  for (const scenario of scenarios) {
    // Warm up, then measure.
    for (let i = 0; i < 10; i++)
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(scenario.body),
      });
    const times = await measure(scenario.requests, 10, async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(scenario.body),
      });
      const body = (await response.json()) as { status: string; msg: string };
      if (body.status !== 'S') throw new Error(body.msg);
    });
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const rawP50 = percentile(raw[scenario.name]!, 50);
    const target =
      kind === 'postgres' ? `p50 ≤ ${(1.5 * rawP50 + 2).toFixed(1)} ms, p99 < 50 ms` : 'reported';
    const verdict = kind === 'postgres' ? (p50 <= 1.5 * rawP50 + 2 && p99 < 50 ? 'ok' : 'MISSED') : '';
    console.log(
      `list.${kind}.${scenario.name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, raw p50 ${rawP50.toFixed(1)} ms (target ${target}) ${verdict}`,
    );
  }
  child.stdin!.write('stop\n');
  await new Promise((resolve) => child.once('exit', resolve));
}

if (await postgresAvailable()) await run('postgres', Number(process.env.BENCH_PG_ROWS ?? 1_000_000));
else console.log('list.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
await run('pglite', Number(process.env.BENCH_PGLITE_ROWS ?? 100_000));
