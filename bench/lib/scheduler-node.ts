// One node of the scheduler benchmark: a platform with the no-op program, on the database the
// parent names, in a process of its own as a deployed node runs (two nodes in one process shared
// one JavaScript thread: that thread, not the database, was then the bound). Prints
// `listening <port>` once it takes requests; stops on SIGTERM.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, readJournal } from '@srm/db';
import { buildPlatform } from '@srm/platform';
import { benchActor, benchPolicy, schedulerBenchAreas } from './scheduler-areas';
import { migrationsDir } from './engine';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
Object.assign(benchActor, JSON.parse(process.env.BENCH_ACTOR ?? '{}'));
const database = await openDatabase({ url, poolSize: 12 });
const platform = await buildPlatform({
  database,
  areas: schedulerBenchAreas,
  policy: benchPolicy,
  dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-sched-')),
  version: 'bench',
  journal: readJournal(migrationsDir),
  jobPollingSeconds: 0.5,
});
await platform.app.listen({ port: 0, host: '127.0.0.1' });
const address = platform.app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => {
  void platform.app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
