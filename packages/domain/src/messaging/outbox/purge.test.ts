// PURGE_MESSAGE_LOG on a real database: log rows older than the kept days go, newer ones stay —
// a month partition wholly older is dropped, old rows of the DEFAULT partition deleted in
// batches; finished instances (sent, cancelled, suppressed) older than that go, while failed,
// waiting and checked ones stay whatever their age; more rows than one batch go in several
// transactions; the months ahead are made ready.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { runExecutable, startTestServer, type TestServer } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { logPartitions, monthStart, partitionName } from '@srm/platform';
import { MESSAGE_LOG, PURGE_BATCH, purgeMessageLog } from './purge';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ areas: serverAreas });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(server.runtime.executor(), query))[0]!.n);

describe('PURGE_MESSAGE_LOG', () => {
  it('keeps the days it is told: older log rows and finished instances go, the rest stays', async () => {
    const now = server.clock.now().getTime();
    const old = new Date(now - 40 * 86_400_000);
    const recent = new Date(now - 5 * 86_400_000);
    // More old log rows than one batch, and a few recent ones.
    await queryRows(
      server.runtime.executor(),
      sql`insert into base_message_log (channel, recipient, subject, content, purpose, send_status, sent_date,
            version_num, creation_date, last_update_date)
          select 'EMAIL', 'purge' || g || '@example.com', 'old', 'x', 'PURGE_TEST', 'SENT', ${old}::timestamptz, 1, ${old}::timestamptz, ${old}::timestamptz
            from generate_series(1, ${PURGE_BATCH + 7}) g
          union all
          select 'SMS', '1390000' || lpad(g::text, 4, '0'), 'recent', 'x', 'PURGE_TEST', 'SENT', ${recent}::timestamptz, 1, ${recent}::timestamptz, ${recent}::timestamptz
            from generate_series(1, 3) g`,
    );
    const states = ['SENT', 'CANCELLED', 'SUPPRESSED', 'FAILED', 'PENDING', 'CHECKING', 'RETRY_WAIT'];
    for (const [index, state] of states.entries())
      for (const [age, at] of [
        ['old', old],
        ['recent', recent],
      ] as const)
        await queryRows(
          server.runtime.executor(),
          sql`insert into base_message_instance (source_code, channel, address, language_code, subject, body,
                event_id, dedup_key, state_code, attempts, version_num, creation_date, last_update_date)
              values ('PURGE_TEST', 'EMAIL', ${`p${index}@example.com`}, 'CN', ${age}, 'x', ${`${state}-${age}`},
                      ${`PURGE_TEST|${state}|${age}`}, ${state}, 1, 1, ${at}::timestamptz, ${at}::timestamptz)`,
        );
    // A month long past kept in a partition of its own (as the program leaves them): dropped whole.
    const longAgo = monthStart(new Date(now), -8);
    const expired = partitionName(MESSAGE_LOG, longAgo);
    await server.runtime.executor().execute(
      sql.raw(`create table ${expired} partition of base_message_log
                 for values from ('${longAgo.toISOString()}') to ('${monthStart(longAgo, 1).toISOString()}')`),
    );
    await queryRows(
      server.runtime.executor(),
      sql`insert into base_message_log (channel, recipient, subject, purpose, send_status, sent_date,
            version_num, creation_date, last_update_date)
          select 'EMAIL', 'gone' || g || '@example.com', 'month', 'PURGE_TEST', 'SENT', ${new Date(longAgo.getTime() + 86_400_000)}::timestamptz,
                 1, now(), now() from generate_series(1, 20) g`,
    );
    const result = await runExecutable(server, purgeMessageLog, { params: { keepDays: 30 } });
    expect(result).toBe(`1 log partitions dropped, ${PURGE_BATCH + 7} log rows, 3 instances removed`);
    const months = (await logPartitions(MESSAGE_LOG, server.runtime.executor())).map((p) => p.name);
    expect(months).not.toContain(expired);
    for (const offset of [0, 1, 2])
      expect(months).toContain(partitionName(MESSAGE_LOG, monthStart(server.clock.now(), offset)));
    expect(
      await count(sql`select count(*)::int as n from base_message_log where purpose = 'PURGE_TEST'`),
    ).toBe(3);
    const left = await queryRows<{ state: string; age: string }>(
      server.runtime.executor(),
      sql`select state_code as state, subject as age from base_message_instance
           where source_code = 'PURGE_TEST' order by instance_id`,
    );
    expect(left.filter((row) => row.age === 'old').map((row) => row.state)).toEqual([
      'FAILED',
      'PENDING',
      'CHECKING',
      'RETRY_WAIT',
    ]);
    expect(left.filter((row) => row.age === 'recent')).toHaveLength(states.length);
  });
});
