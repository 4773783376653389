// Start-up: time from process start to the first successful health answer, on a fresh data
// directory (a copy of the demo snapshot made by the build, ADR 0008; without one: initdb,
// migrations, demo data) and on an existing one, and the server's memory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, memoryOf, report, startServer } from './lib/server';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const fresh: number[] = [];
const existing: number[] = [];
const rss: number[] = [];
for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'srm-bench-start-'));
  const env = { SRM_DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    const first = await startServer({ env });
    fresh.push(first.readyMs);
    await first.stop();
    const second = await startServer({ env });
    existing.push(second.readyMs);
    await new Promise((resolve) => setTimeout(resolve, 500));
    rss.push(memoryOf(second.pid).rssMb);
    await second.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
report('startup.fresh-data-dir (median of ' + runs + ')', `${(median(fresh) / 1000).toFixed(2)} s`, '≤ 10 s');
report(
  'startup.existing-data-dir (median of ' + runs + ')',
  `${(median(existing) / 1000).toFixed(2)} s`,
  '≤ 3 s',
);
report('startup.server-rss-after-start', `${Math.round(Math.max(...rss))} MB`, '≤ 500 MB');
