// Paging a long log (issue 17: "keyset paging, monthly partitions"): the message log filled with
// BENCH_LOG_ROWS rows over three months (default 1,000,000 on PostgreSQL, 200,000 on PGlite),
// listed 20 rows a page as 消息发送日志 lists it (newest first), deep pages asked for by number
// (an offset) and by key (`afterKey`, the previous page's last row). Target: a page by key at
// any depth within 2 × page 1 + 2 ms (median of 15); the offset's figures are printed beside.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, readJournal, runMigrations } from '@srm/db';
import { SYSTEM_ACTOR, buildPlatform } from '@srm/platform';
import { parseListRequest } from '@srm/kernel';
import { serverAreas } from '@srm/domain/server';
import { migrationsDir, openBenchDatabase, percentile, postgresAvailable } from './lib/engine';

const PAGE_ROWS = 20;
const DEPTHS = [1, 100, 1_000, 5_000];

async function run(kind: 'pglite' | 'postgres', rows: number): Promise<void> {
  const bench = await openBenchDatabase(kind, `srm_bench_log_paging_${process.pid}`);
  await runMigrations(bench.database, migrationsDir);
  const platform = await buildPlatform({
    database: bench.database,
    areas: serverAreas,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-log-paging-')),
    version: 'bench',
    journal: readJournal(migrationsDir),
  });
  await platform.app.ready();
  const { runtime } = platform;
  const db = bench.database.db;
  const started = performance.now();
  // Three months back from now, a row every few seconds; in slices so that PGlite keeps its memory.
  const now = Date.now();
  const span = 90 * 86_400_000;
  for (let from = 0; from < rows; from += 100_000) {
    const to = Math.min(rows, from + 100_000);
    await db.execute(
      sql`insert into base_message_log (channel, recipient, subject, content, purpose, send_status, sent_date,
            version_num, creation_date, last_update_date)
          select case when g % 5 = 0 then 'SMS' else 'EMAIL' end, 'user' || (g % 5000) || '@supplier.example.cn',
                 '订单发布通知 PO' || g, '您有新的采购订单，请及时确认交期。', 'PO_RELEASED', 'SENT',
                 to_timestamp((${now - span}::bigint + g::bigint * ${Math.floor(span / rows)}::bigint) / 1000.0), 1, now(), now()
            from generate_series(${from + 1}::int, ${to}::int) g`,
    );
  }
  await db.execute(sql`analyze base_message_log`);
  const [{ months } = { months: 0 }] = await queryRows<{ months: number }>(
    db,
    sql`select count(*)::int as months from pg_inherits where inhparent = 'base_message_log'::regclass`,
  );
  console.log(
    `# ${kind}: ${rows} log rows in ${months} partitions (filled in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const service = runtime.service('baseMessageLog');
  const entity = runtime.registry.get('baseMessageLog');
  const timed = async (body: Record<string, unknown>): Promise<number> => {
    const parsed = parseListRequest(entity, body);
    if (!parsed.ok) throw new Error(parsed.issue.message);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const at = performance.now();
      const page = await service.list(SYSTEM_ACTOR, parsed.query);
      times.push(performance.now() - at);
      if (page.rows.length !== PAGE_ROWS) throw new Error(`a page of ${page.rows.length} rows`);
    }
    return percentile(times, 50);
  };
  const first = await timed({ pageIndex: 1, pageRows: PAGE_ROWS });
  const limit = 2 * first + 2;
  let missed = false;
  for (const depth of DEPTHS.filter((page) => page * PAGE_ROWS <= rows)) {
    const byNumber = await timed({ pageIndex: depth, pageRows: PAGE_ROWS });
    // The previous page's last row, as the grid keeps it from that page's answer.
    const [anchor] =
      depth > 1
        ? await queryRows<{ id: number }>(
            db,
            sql`select message_log_id::int as id from base_message_log
                 order by sent_date desc, message_log_id desc offset ${(depth - 1) * PAGE_ROWS - 1} limit 1`,
          )
        : [];
    const byKey = anchor
      ? await timed({ pageIndex: depth, pageRows: PAGE_ROWS, afterKey: anchor.id })
      : first;
    missed ||= byKey > limit;
    console.log(
      `logPaging.${kind}.page${depth}: by key ${byKey.toFixed(1)} ms, by number ${byNumber.toFixed(1)} ms ` +
        `(target by key ≤ ${limit.toFixed(1)} ms = 2 × page 1 + 2) ${byKey <= limit ? 'ok' : 'MISSED'}`,
    );
  }
  await platform.app.close();
  await bench.drop();
  if (missed) process.exitCode = 1;
}

await run('pglite', Number(process.env.BENCH_LOG_ROWS_PGLITE ?? 200_000));
if (await postgresAvailable()) await run('postgres', Number(process.env.BENCH_LOG_ROWS ?? 1_000_000));
else console.log('logPaging.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
