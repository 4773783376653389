// Child process of the Excel benchmark: the real application (buildApp) on a fresh database
// (PostgreSQL, or in-memory PGlite with BENCH_DB=pglite) with an open policy, the lookups and
// units seeded and BENCH_ROWS suppliers inserted with SQL. Speaks JSON lines on stdout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, runMigrations } from '@srm/db';
import { type AccessPolicy, SYSTEM_ACTOR } from '@srm/platform';
import { buildApp } from '@srm/server/app';

// Not bench/lib/engine.ts: it loads drizzle-kit (~110 MB), which the server never does.
const migrationsDir = join(process.cwd(), 'packages/db/migrations');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function openBenchDatabase(kind: 'postgres' | 'pglite', name: string) {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database: Database = await openDatabase({ url: url.toString(), poolSize: 10 });
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const kind = (process.env.BENCH_DB ?? 'postgres') as 'postgres' | 'pglite';
const rows = Number(process.env.BENCH_ROWS ?? 500_000);
const bench = await openBenchDatabase(kind, `srm_bench_excel_${process.pid}`);
await runMigrations(bench.database, migrationsDir);
const dataDir = mkdtempSync(join(tmpdir(), 'srm-bench-excel-'));

const openPolicy: AccessPolicy = {
  identify: async (request) => ({
    userId: 1,
    userName: 'bench',
    side: 'internal',
    supplierId: null,
    orgIds: 'all',
    categoryIds: 'all',
    locale: request.locale,
  }),
  authorize: async () => {},
  allows: () => true,
};

const { app, runtime } = await buildApp({
  database: bench.database,
  dataDir,
  webDir: '/nonexistent',
  policy: openPolicy,
  jobPollingSeconds: 0.5,
  // Server errors (a 500 the bench would only see as its generic message) go to stderr.
  logger: { level: 'error', stream: process.stderr },
});
// What the import's materials refer to: their types and a unit.
for (const [lookupType, values] of [
  [
    'BASE_ITEM_TYPE',
    [
      ['RAW', '原材料', 'Raw material'],
      ['PART', '零部件', 'Component'],
    ],
  ],
  ['BASE_UOM_CLASS', [['QUANTITY', '数量', 'Quantity']]],
] as const) {
  await runtime.service('baseLookupType').save(SYSTEM_ACTOR, {
    lookupType,
    meaning: lookupType,
    values: values.map(([lookupCode, meaning, meaningEn]) => ({ lookupCode, meaning, meaningEn })),
  });
}
await runtime.service('srmBaseUom').save(SYSTEM_ACTOR, {
  uomCode: 'PCS',
  uomName: '个',
  uomClass: 'QUANTITY',
  precisionNum: 0,
});
const filled = performance.now();
await bench.database.db.execute(sql`
  insert into srm_supplier_info (supplier_code, supplier_name, supplier_short_name, supplier_name_en, credit_code,
    supplier_type, status, legal_person, registered_capital, capital_currency, establish_date, address,
    contact_name, contact_mobile, contact_phone, contact_email, website, enabled_flag, version_num, creation_date,
    last_update_date)
  select 'SUP' || lpad(i::text, 7, '0'), '基准供应商' || lpad(i::text, 7, '0'), '供应商' || i, 'Supplier ' || i,
    'X' || lpad(i::text, 17, '0'), (array['PRODUCTION','NON_PRODUCTION','SERVICE'])[i % 3 + 1], 'QUALIFIED',
    '法人' || (i % 1000), (i % 100000) * 10.5, 'CNY', date '2000-01-01' + (i % 9000),
    '上海市浦东新区张江路' || (i % 5000) || '号', '联系人' || (i % 300), '138' || lpad((i % 100000000)::text, 8, '0'),
    '021-' || lpad((i % 10000000)::text, 8, '0'), 's' || i || '@example.cn', 'https://s' || i || '.example.cn',
    case when i % 7 = 0 then 'N' else 'Y' end, 1, now(), now()
  from generate_series(1, ${rows}::int) i`);
await bench.database.db.execute(sql`analyze srm_supplier_info`);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(
  JSON.stringify({
    ready: true,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    rows,
    fillSeconds: (performance.now() - filled) / 1000,
  }),
);

if (process.env.BENCH_MEMORY_LOG) {
  setInterval(() => {
    const m = process.memoryUsage();
    const mb = (n: number) => Math.round(n / 1048576);
    console.error(
      `mem rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)}`,
    );
  }, 2000).unref();
}

const stop = async () => {
  await app.close();
  await bench.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.stdin.on('data', stop);
process.stdin.on('end', stop);
