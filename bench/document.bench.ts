// A document with 1,000 lines: create it, update every line, and run an action, through the
// REST API, on PGlite and on PostgreSQL. Target: ≤ 2 s each.
import { measure, openBenchDatabase, percentile, postgresAvailable, startBenchEngine } from './lib/engine';

const LINES = Number(process.env.BENCH_LINES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function post(url: string, path: string, body: unknown) {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {
    status: string;
    msg: string;
    data: Record<string, unknown> & { lines: Record<string, unknown>[] };
  };
  if (answer.status !== 'S') throw new Error(answer.msg);
  return answer.data;
}

async function run(kind: 'postgres' | 'pglite') {
  const bench = await openBenchDatabase(kind, `srm_bench_doc_${process.pid}`);
  const { app, url } = await startBenchEngine(bench.database);
  const api = '/api/srm/v1/benchOrderRestful';
  const lines = Array.from({ length: LINES }, (_, i) => ({
    lineNum: i + 1,
    itemCode: `ITEM-${String(i % 500).padStart(4, '0')}`,
    quantity: (i % 50) + 1,
    price: ((i % 997) + 1) / 100,
    needByDate: '2026-12-01',
  }));
  const create: number[] = [];
  const update: number[] = [];
  const action: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let order: Awaited<ReturnType<typeof post>> | undefined;
    create.push(
      ...(await measure(
        1,
        1,
        async () =>
          void (order = await post(url, `${api}/saveOrUpdate`, { title: `千行订单 ${run}`, lines })),
      )),
    );
    const changed = order!.lines.map((line) => ({
      lineId: line.lineId,
      quantity: (line.quantity as number) + 1,
    }));
    update.push(
      ...(await measure(
        1,
        1,
        async () =>
          void (order = await post(url, `${api}/saveOrUpdate`, {
            orderId: order!.orderId,
            versionNum: order!.versionNum,
            lines: changed,
          })),
      )),
    );
    action.push(
      ...(await measure(
        1,
        1,
        async () => void (await post(url, `${api}/doSubmit`, { orderId: order!.orderId })),
      )),
    );
  }
  const show = (name: string, times: number[]) =>
    console.log(
      `document.${kind}.${name} (${LINES} lines, median of ${RUNS}): ${(percentile(times, 50) / 1000).toFixed(2)} s (target ≤ 2 s)`,
    );
  show('create with saveOrUpdate', create);
  show('update every line with saveOrUpdate', update);
  show('action doSubmit', action);
  await app.close();
  await bench.drop();
}

await run('pglite');
if (await postgresAvailable()) await run('postgres');
else console.log('document.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
