// One node of the scheduler benchmark: a platform with the no-op program, on the database the
// parent names, in a process of its own as a deployed node runs (not two nodes on one JavaScript
// thread). Prints `listening <port>` once it takes requests; stops on SIGTERM.
import { openDatabase } from '@srm/db';
import { benchActor, benchNode } from './scheduler-areas';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
Object.assign(benchActor, JSON.parse(process.env.BENCH_ACTOR ?? '{}'));
const database = await openDatabase({ url, poolSize: 12 });
const platform = await benchNode(database);
await platform.app.listen({ port: 0, host: '127.0.0.1' });
const address = platform.app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => {
  void platform.app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
