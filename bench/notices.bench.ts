// Publishing a notice to every qualified supplier's users (issue 17): 10,000 active portal users
// (BENCH_NOTICE_USERS) of 500 qualified suppliers (BENCH_NOTICE_SUPPLIERS), seeded with bulk SQL
// beside users and suppliers outside the audience (a potential supplier's users, disabled users,
// internal users). A notice of a type without approval, addressed to ALL_QUALIFIED, is published
// the way a buyer does it: `doPublish` over HTTP, the whole action (audience resolved, receivers
// written, the notice patched, an in-app message to each receiver, the live hints). Measured on
// PGlite and on PostgreSQL when one answers (target ≤ 5 s on PostgreSQL), BENCH_NOTICE_RUNS fresh
// notices each; every run must leave exactly one ACTIVE receiver and one in-app message per user.
// On PostgreSQL the statements of the first publishing are timed one by one (where the time goes:
// the driver's client is wrapped); on both, `writeReceivers` alone is timed in a transaction that
// is rolled back. A publishing that fails is reported with the server's error; the exit code is 1.
// BENCH_DB=pglite or postgres runs one database only.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, queryRows, readJournal, runMigrations } from '@srm/db';
import { type Actor, type Platform, buildPlatform, dataApi, runSeeds } from '@srm/platform';
import { seedsNamed } from '@srm/platform/testing';
import { serverAreas } from '@srm/domain/server';
import { baseDataSeeds } from '@srm/domain/base-data/server';
import { notice } from '@srm/domain/notice';
import { writeReceivers } from '@srm/domain/notice/server';
import { migrationsDir, openBenchDatabase, openPolicy, percentile, postgresAvailable } from './lib/engine';

const USERS = Number(process.env.BENCH_NOTICE_USERS ?? 10_000);
const SUPPLIERS = Number(process.env.BENCH_NOTICE_SUPPLIERS ?? 500);
const RUNS = Number(process.env.BENCH_NOTICE_RUNS ?? 3);
const TARGET_MS = 5_000;

/** The caller openPolicy lets in (a buyer who may do everything). */
const buyer: Actor = {
  userId: 1,
  userName: 'bench',
  side: 'internal',
  supplierId: null,
  orgIds: 'all',
  categoryIds: 'all',
  locale: 'zh-CN',
};

// ------------------------------------------------------------------ statement timing (PostgreSQL)

interface Timed {
  readonly text: string;
  readonly ms: number;
}
const timed: Timed[] = [];
let profiling = false;
const clientQuery = pg.Client.prototype.query as unknown as (this: pg.Client, ...args: unknown[]) => unknown;
// Every statement of a transaction goes through a pooled client's promise-returning `query`.
(pg.Client.prototype as unknown as { query: typeof clientQuery }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const result = clientQuery.apply(this, args);
  if (profiling && result instanceof Promise) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    const started = performance.now();
    result.then(
      () => timed.push({ text, ms: performance.now() - started }),
      () => undefined,
    );
  }
  return result;
};

/** A statement's kind: its verb and table (`insert into "base_site_message"`, `select pg_notify`). */
function statementKind(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const verb = /^(\w+)/.exec(flat)?.[1]?.toLowerCase() ?? '?';
  if (verb === 'select' && flat.includes('pg_notify')) return 'select pg_notify';
  if (verb === 'insert') return `insert into ${/^insert into ("?[\w.]+"?)/i.exec(flat)?.[1] ?? '?'}`;
  if (verb === 'update') return `update ${/^update ("?[\w.]+"?)/i.exec(flat)?.[1] ?? '?'}`;
  if (verb === 'delete') return `delete from ${/^delete from ("?[\w.]+"?)/i.exec(flat)?.[1] ?? '?'}`;
  if (verb === 'select') return `select … from ${/ from ("?[\w.]+"?)/i.exec(flat)?.[1] ?? '?'}`;
  return verb;
}

// ------------------------------------------------------------------ the platform and its data

const serverErrors: string[] = [];

async function node(database: Database): Promise<Platform> {
  const platform = await buildPlatform({
    database,
    areas: serverAreas,
    policy: openPolicy,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-notices-')),
    version: 'bench',
    journal: readJournal(migrationsDir),
    jobWorkers: false,
    // The server's errors are kept, to say why a publishing failed.
    logger: {
      level: 'error',
      stream: {
        write: (line: string) => {
          const logged = JSON.parse(line) as { msg?: string; err?: { message?: string } };
          serverErrors.push(logged.err?.message ?? logged.msg ?? line);
        },
      },
    },
  });
  await platform.app.ready();
  return platform;
}

type Row = Record<string, unknown>;

async function call(platform: Platform, entity: string, action: string, body: Row): Promise<Row[] | Row> {
  const path = platform.runtime.registry.get(entity).apiPath;
  const response = await platform.app.inject({ method: 'POST', url: `${path}/${action}`, payload: body });
  const answer = response.json<{ status: string; msg: string; data: Row[] | Row }>();
  if (answer.status !== 'S') throw new Error(`${entity}.${action}: ${response.statusCode} ${answer.msg}`);
  return answer.data;
}

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, query);
  return Number(row?.n ?? 0);
}

/**
 * Base data through the seeds, then in bulk SQL: SUPPLIERS qualified and enabled suppliers with
 * USERS active portal users between them, each supplier qualified for a category at an
 * organisation; outside the audience 50 internal users, one disabled user per qualified supplier
 * and a potential supplier with 20 users.
 */
async function seed(platform: Platform): Promise<void> {
  const { runtime } = platform;
  await runSeeds(
    runtime,
    seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'categories'),
    'all',
  );
  const db = runtime.executor();
  const [ids] = await queryRows<{ org_id: number; category_id: number }>(
    db,
    sql`select (select org_id from srm_base_org where org_code = 'OU100') as org_id,
               (select category_id from srm_base_category where category_code = '0201') as category_id`,
  );
  if (!ids?.org_id || !ids.category_id) throw new Error('the base-data seeds left no OU100 or category 0201');
  await runtime.transaction(async (tx) => {
    await tx.execute(sql`
      insert into base_user (user_name, user_full_name, user_type, language_code, all_orgs_flag,
        all_categories_flag, status, creation_date, last_update_date)
      select 'buyer' || i, '采购员' || i, 'INTERNAL', 'CN', 'Y', 'Y', 'ACTIVE', now(), now()
      from generate_series(1, 50) i`);
    await tx.execute(sql`
      insert into srm_supplier_info (supplier_code, supplier_name, supplier_short_name, credit_code,
        supplier_type, contact_name, contact_mobile, contact_email, enabled_flag, status,
        creation_date, last_update_date)
      select 'S' || lpad(i::text, 6, '0'), '基准供应商' || i || '有限公司', '供应商' || i,
        '91320000BENCH' || lpad(i::text, 5, '0'), 'PRODUCTION', '联系人' || i,
        '1380000' || lpad(i::text, 4, '0'), 'sales' || i || '@supplier.example.cn', 'Y',
        case when i <= ${SUPPLIERS} then 'QUALIFIED' else 'POTENTIAL' end, now(), now()
      from generate_series(1, ${SUPPLIERS + 1}) i`);
    // User i belongs to the (i mod SUPPLIERS)-th qualified supplier.
    await tx.execute(sql`
      with qualified as (
        select supplier_id, row_number() over (order by supplier_id) - 1 as n
        from srm_supplier_info where status = 'QUALIFIED')
      insert into base_user (user_name, user_full_name, user_type, supplier_id, email, language_code,
        status, creation_date, last_update_date)
      select 'portal' || i, '供应商用户' || i, 'EXTERNAL', q.supplier_id,
        'portal' || i || '@supplier.example.cn', case when i % 10 = 0 then 'EN' else 'CN' end,
        'ACTIVE', now(), now()
      from generate_series(0, ${USERS - 1}) i join qualified q on q.n = i % ${SUPPLIERS}`);
    await tx.execute(sql`
      insert into base_user (user_name, user_full_name, user_type, supplier_id, language_code, status,
        creation_date, last_update_date)
      select 'disabled' || supplier_id, '已停用用户', 'EXTERNAL', supplier_id, 'CN', 'DISABLED', now(), now()
      from srm_supplier_info where status = 'QUALIFIED'
      union all
      select 'potential' || i, '潜在供应商用户', 'EXTERNAL',
        (select supplier_id from srm_supplier_info where status = 'POTENTIAL' limit 1), 'CN', 'ACTIVE', now(), now()
      from generate_series(1, 20) i`);
    await tx.execute(sql`
      insert into srm_supplier_category_org (supplier_id, category_id, org_id, status, creation_date,
        last_update_date)
      select supplier_id, ${ids.category_id}, ${ids.org_id}, status, now(), now() from srm_supplier_info`);
  });
  await db.execute(sql`analyze`);
}

/** A draft notice of the bench's type addressed to every qualified supplier's users. */
async function draft(platform: Platform, configId: number, index: number): Promise<number> {
  const saved = (await call(platform, 'srmNotice', 'saveOrUpdate', {
    noticeKind: 'NOTICE',
    configId,
    title: `关于2027年度质量体系审核安排的通知（${index}）`,
    content:
      '<p>各位供应商：</p><p>年度质量体系审核将于下月开始，请按<strong>附件清单</strong>准备资料，并于审核前一周提交。</p>',
    targets: [{ targetType: 'ALL_QUALIFIED' }],
  })) as Row;
  return saved.noticeId as number;
}

// ------------------------------------------------------------------ the run

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const bench = await openBenchDatabase(kind, `srm_bench_notices_${process.pid}`);
  await runMigrations(bench.database, migrationsDir);
  const platform = await node(bench.database);
  const seedStarted = performance.now();
  await seed(platform);
  const seeded = performance.now() - seedStarted;
  const audience = await count(
    bench.database,
    sql`select count(*)::int as n from base_user u join srm_supplier_info s on s.supplier_id = u.supplier_id
        where u.status = 'ACTIVE' and u.user_type = 'EXTERNAL' and s.status = 'QUALIFIED' and s.enabled_flag = 'Y'`,
  );
  if (audience !== USERS) throw new Error(`seeded an audience of ${audience} users, not ${USERS}`);
  console.log(
    `notices.${kind}.seed: ${USERS} users of ${SUPPLIERS} qualified suppliers (+ ${SUPPLIERS + 70} outside the audience) in ${seconds(seeded)}`,
  );

  const type = (await call(platform, 'srmNoticeConfig', 'saveOrUpdate', {
    configCode: 'BENCH',
    configName: '基准公告',
    noticeKind: 'NOTICE',
    audience: 'SUPPLIER',
    approvalFlag: 'N',
  })) as Row;
  const configId = type.configId as number;

  const times: number[] = [];
  let failure: string | null = null;
  global.gc?.();
  const idleRss = process.memoryUsage().rss;
  let peakRss = idleRss;
  for (let index = 1; index <= RUNS && !failure; index++) {
    const noticeId = await draft(platform, configId, index);
    global.gc?.();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    profiling = kind === 'postgres' && index === 1;
    serverErrors.length = 0;
    const started = performance.now();
    const answer = await call(platform, 'srmNotice', 'doPublish', { noticeId }).catch(
      (error: Error) => error,
    );
    const elapsed = performance.now() - started;
    profiling = false;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    times.push(elapsed);
    if (answer instanceof Error) {
      failure = `${answer.message}; the server logged: ${serverErrors.join(' | ') || 'nothing'}`;
      console.log(`notices.${kind}.run${index}: FAILED after ${seconds(elapsed)}: ${failure}`);
      break;
    }

    // Exactly one ACTIVE receiver and one in-app message per user of the audience.
    const receivers = await count(
      bench.database,
      sql`select count(*)::int as n from srm_notice_receiver where notice_id = ${noticeId} and status = 'ACTIVE'`,
    );
    const distinct = await count(
      bench.database,
      sql`select count(distinct receiver_user_id)::int as n from srm_notice_receiver r
          join base_user u on u.user_id = r.receiver_user_id
          where r.notice_id = ${noticeId} and r.status = 'ACTIVE' and u.status = 'ACTIVE' and u.user_type = 'EXTERNAL'`,
    );
    const messages = await count(
      bench.database,
      sql`select count(*)::int as n from base_site_message
          where source = 'NOTICE_PUBLISHED' and link_query = ${`noticeId=${noticeId}`}`,
    );
    const published = (answer as Row[])[0];
    const wrong = [
      published?.status !== 'PUBLISHED' && `status ${String(published?.status)}`,
      published?.receiverCount !== USERS && `receiverCount ${String(published?.receiverCount)}`,
      receivers !== USERS && `${receivers} ACTIVE receivers`,
      distinct !== USERS && `${distinct} distinct active supplier users among them`,
      messages !== USERS && `${messages} in-app messages`,
    ].filter(Boolean);
    if (wrong.length) {
      const told = await queryRows(
        bench.database.db,
        sql`select source, link_route, link_query, event_key, count(*)::int as n from base_site_message
            group by 1, 2, 3, 4 order by 5 desc limit 5`,
      );
      throw new Error(
        `notices.${kind}: notice ${noticeId} published wrongly: ${wrong.join(', ')} (want ${USERS}); in-app messages: ${JSON.stringify(told)}`,
      );
    }
    console.log(
      `notices.${kind}.run${index}: ${seconds(elapsed)}, ${receivers} ACTIVE receivers, ${messages} in-app messages`,
    );
  }
  const target = `target ≤ 5 s${kind === 'postgres' ? '' : ' on PostgreSQL'}`;
  if (failure) {
    process.exitCode = 1;
    console.log(`publish to ${USERS} supplier users (${label}): FAILED  (${target})`);
  } else {
    const worst = Math.max(...times);
    const missed = kind === 'postgres' && worst > TARGET_MS ? '  MISSED' : '';
    console.log(
      `publish to ${USERS} supplier users (${label}): ${seconds(percentile(times, 50))} median, ${seconds(worst)} worst of ${RUNS}  (${target})${missed}`,
    );
  }
  console.log(
    `notices.${kind}.rss: ${mb(idleRss)} before, peak ${mb(peakRss)} during the publishing, ${mb(process.memoryUsage().rss)} after (the server in the bench's process${kind === 'pglite' ? ', its PGlite database too' : ''})`,
  );

  if (timed.length) {
    const total = times[0]!;
    const byKind = new Map<string, { n: number; ms: number }>();
    for (const statement of timed) {
      const key = statementKind(statement.text);
      const entry = byKind.get(key) ?? { n: 0, ms: 0 };
      entry.n++;
      entry.ms += statement.ms;
      byKind.set(key, entry);
    }
    const inStatements = timed.reduce((sum, statement) => sum + statement.ms, 0);
    console.log(
      `notices.${kind}.run1.statements: ${timed.length} statements, ${seconds(inStatements)} waiting on them, ${seconds(total - inStatements)} in Node outside them (of ${seconds(total)})`,
    );
    for (const [key, entry] of [...byKind].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8))
      console.log(`  ${(entry.ms / 1000).toFixed(3).padStart(7)} s  ${String(entry.n).padStart(4)} × ${key}`);
    timed.length = 0;
  }

  // writeReceivers alone: the audience resolved and the receivers written, then rolled back.
  const noticeId = await draft(platform, configId, RUNS + 1);
  const { runtime } = platform;
  let alone = 0;
  const rollback = new Error('rollback');
  try {
    await runtime.transaction(async (tx) => {
      const ctx = dataApi({ actor: buyer, runtime, tx, now: runtime.clock.now() }, 'bench');
      const row = await ctx.find(notice, noticeId);
      const started = performance.now();
      const written = await writeReceivers(ctx, row, [{ targetType: 'ALL_QUALIFIED' }]);
      alone = performance.now() - started;
      if (written !== USERS) throw new Error(`writeReceivers wrote ${written}, not ${USERS}`);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  console.log(
    `notices.${kind}.writeReceivers: ${USERS} receivers in ${seconds(alone)} (audience and insert, rolled back)`,
  );

  await platform.app.close();
  await bench.drop();
}

// BENCH_DB=pglite or postgres runs only that one (its RSS then owes nothing to the other run).
const only = process.env.BENCH_DB;
if (only !== 'postgres') await run('pglite');
if (only === 'pglite') console.log('notices.postgres: skipped (BENCH_DB=pglite)');
else if (await postgresAvailable()) await run('postgres');
else console.log('notices.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
