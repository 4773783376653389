// `npm run fake-erp`: the tests' fake ERP as a process, for trying the demo's interface
// definitions by hand. Listens on 127.0.0.1:SRM_FAKE_ERP_PORT (18080); FAKE_ERP_FAIL=2 fails the
// first two calls of each path with a 500 (then answers with an ERP number), FAKE_ERP_REJECT=1
// answers 400 to the first call of each path. Prints each call it receives.
import { startFakeErp } from './fake-erp';

const port = Number(process.env.SRM_FAKE_ERP_PORT) || 18080;
const failures = Number(process.env.FAKE_ERP_FAIL) || 0;
const reject = process.env.FAKE_ERP_REJECT === '1';
const erp = await startFakeErp(port);
let printed = 0;
console.log(
  `fake ERP on ${erp.url} (fail first ${failures} calls per path${reject ? ', reject the first with 400' : ''})`,
);
setInterval(() => {
  while (printed < erp.calls.length) {
    const call = erp.calls[printed++]!;
    console.log(`${new Date(call.at).toISOString()} ${call.method} ${call.url} key=${call.key ?? '-'}`);
  }
}, 200);
// The demo definition's path (interfaces.seed.ts).
for (const path of ['/api/po']) {
  if (reject)
    erp.script(path, [{ status: 400, body: '{"code":"E","message":"物料未同步 / item not synchronised"}' }]);
  erp.script(
    path,
    Array.from({ length: failures }, () => ({ status: 500 })),
  );
}
