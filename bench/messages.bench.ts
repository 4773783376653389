// E-mail through the message outbox (issue 17): a backlog of e-mails written in one transaction
// (as a notice to many suppliers' users would write them) drained by the dispatcher to a real
// SMTP server in this process, on PGlite (BENCH_MESSAGES_PGLITE, default 500) and on PostgreSQL
// (BENCH_MESSAGES, default 2,000) when one answers. Measured from the commit to the last
// instance SENT: messages per second (target ≥ 50), and each message's queue latency (commit →
// sentAt). Every message must arrive exactly once (counted by Message-ID at the server).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, queryRows, readJournal, runMigrations } from '@srm/db';
import { type Platform, buildPlatform } from '@srm/platform';
import { startMailbox } from '@srm/platform/testing';
import { serverAreas } from '@srm/domain/server';
import { migrationsDir, openBenchDatabase, percentile, postgresAvailable } from './lib/engine';

// The bench measures sending: its one big send is not held for a checker (消息审核).
process.env.SRM_MESSAGE_CHECK_THRESHOLD ??= String(Number.MAX_SAFE_INTEGER);

async function node(database: Database, smtpUrl: string): Promise<Platform> {
  const platform = await buildPlatform({
    database,
    areas: serverAreas,
    dataDir: mkdtempSync(join(tmpdir(), 'srm-bench-messages-')),
    version: 'bench',
    journal: readJournal(migrationsDir),
    jobPollingSeconds: 0.5,
    smtpUrl,
  });
  await platform.app.ready();
  return platform;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function run(kind: 'pglite' | 'postgres', count: number): Promise<void> {
  const mailbox = await startMailbox();
  const bench = await openBenchDatabase(kind, `srm_bench_messages_${process.pid}`);
  await runMigrations(bench.database, migrationsDir);
  const platform = await node(bench.database, mailbox.url);
  const { runtime } = platform;
  const started = performance.now();
  await runtime.transaction(() =>
    runtime.plugins.messageOutbox!.enqueue(
      Array.from({ length: count }, (_, index) => ({
        channel: 'EMAIL' as const,
        source: 'BENCH',
        eventId: 'notice-1',
        userId: null,
        address: `user${index}@supplier${index % 50}.example.cn`,
        locale: 'zh-CN' as const,
        subject: `公告：质量体系年度审核安排 ${index}`,
        body: '各位供应商：年度质量体系审核将于下月开始，请按附件准备资料。'.repeat(4),
      })),
    ),
  );
  const committed = performance.now();
  const committedAt = runtime.clock.now().getTime();
  for (;;) {
    const [row] = await queryRows<{ left: number }>(
      bench.database.db,
      sql`select count(*)::int as left from base_message_instance where state_code <> 'SENT'`,
    );
    if (Number(row!.left) === 0) break;
    if (performance.now() - committed > 15 * 60_000) throw new Error(`${row!.left} left after 15 min`);
    await sleep(100);
  }
  const seconds = (performance.now() - committed) / 1000;
  const sent = await queryRows<{ sent: number }>(
    bench.database.db,
    sql`select extract(epoch from sent_at) * 1000 as sent from base_message_instance`,
  );
  const latency = sent.map((row) => Number(row.sent) - committedAt);
  const ids = mailbox.mails.map((mail) => /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1] ?? '?');
  const label = `messages.${kind}`;
  console.log(`${label}.enqueue: ${count} e-mails in one transaction in ${ms(committed - started)}`);
  console.log(
    `${label}.throughput: ${(count / seconds).toFixed(0)} e-mails/s (${count} in ${seconds.toFixed(1)} s; target ≥ 50)`,
  );
  console.log(
    `${label}.queueLatency: p50 ${ms(percentile(latency, 50))}, p99 ${ms(percentile(latency, 99))} (commit → sentAt)`,
  );
  console.log(
    `${label}.delivered: ${mailbox.mails.length} received, ${new Set(ids).size} distinct Message-IDs (must both be ${count})`,
  );
  await platform.app.close();
  await bench.drop();
  await mailbox.close();
}

await run('pglite', Number(process.env.BENCH_MESSAGES_PGLITE ?? 500));
if (await postgresAvailable()) await run('postgres', Number(process.env.BENCH_MESSAGES ?? 2_000));
else console.log('messages.postgres: skipped (no PostgreSQL on 127.0.0.1:5432)');
