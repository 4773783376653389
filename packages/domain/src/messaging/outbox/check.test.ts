// 消息审核 (msgInstanceCheck) with a real SMTP server in this process: a send to more recipients
// than the threshold, or any send of a source that needs a check, waits CHECKING and nothing
// goes out; a checker lets a whole send go from one of its rows (all sent, once) or stops it
// (all cancelled, never sent); a row not waiting is refused, and a supplier may not check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import {
  type Mailbox,
  api,
  sleep,
  startMailbox,
  startTestServer,
  type TestServer,
  waitFor,
} from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

type Row = Record<string, unknown>;
let mailbox: Mailbox;
let server: TestServer;
let userId = 0;

beforeAll(async () => {
  process.env.SRM_MESSAGE_CHECK_THRESHOLD = '5';
  mailbox = await startMailbox();
  server = await startTestServer({ areas: serverAreas, smtpUrl: mailbox.url });
  const saved = await server.post<Row>(api('baseUser', 'saveOrUpdate'), {
    userName: 'check_user',
    userFullName: 'check_user',
    userType: 'INTERNAL',
    email: 'check_user@example.com',
  });
  userId = Number(saved.body.data!.userId);
}, 120_000);
afterAll(async () => {
  delete process.env.SRM_MESSAGE_CHECK_THRESHOLD;
  await server?.close();
  await mailbox?.close();
});

/** A notice to `count` outside addresses, one event. */
const send = (eventId: string, count: number) =>
  server.runtime.transaction(() =>
    server.runtime.plugins.messageOutbox!.enqueue(
      Array.from({ length: count }, (_, index) => ({
        channel: 'EMAIL' as const,
        source: 'NOTICE_TEST',
        eventId,
        userId: null,
        address: `${eventId}-${index}@example.com`,
        locale: 'zh-CN' as const,
        subject: `${eventId} 通知`,
        body: `${eventId} 第 ${index} 封`,
      })),
    ),
  );

const states = (eventId: string) =>
  queryRows<{ id: number; state: string; checkedBy: number | null }>(
    server.runtime.executor(),
    sql`select instance_id::int as id, state_code as state, checked_by::int as "checkedBy"
          from base_message_instance where event_id = ${eventId} order by instance_id`,
  );
const decide = (endpoint: 'doCheckPass' | 'doCheckReject', instanceIds: number[], actor?: Row) =>
  server.post<{ count: number }>(
    api('baseMessageInstance', endpoint),
    { instanceIds },
    actor ? { actor } : {},
  );
const mailed = (eventId: string) =>
  mailbox.mails.filter((mail) => mail.to[0]!.startsWith(`${eventId}-`)).length;

describe('message check (消息审核)', () => {
  it('holds a send above the threshold until a checker lets it go, then sends each once', async () => {
    await send('big', 6);
    await send('small', 5);
    await waitFor(
      () => states('small'),
      (rows) => rows.every((row) => row.state === 'SENT'),
    );
    await sleep(500);
    expect((await states('big')).map((row) => row.state)).toEqual(Array(6).fill('CHECKING'));
    expect(mailed('big')).toBe(0);
    const [first] = await states('big');
    const passed = await decide('doCheckPass', [first!.id]);
    expect(passed.body).toMatchObject({ status: 'S', data: { count: 6 } });
    await waitFor(
      () => states('big'),
      (rows) => rows.every((row) => row.state === 'SENT'),
    );
    expect(mailed('big')).toBe(6);
    expect((await states('big')).every((row) => row.checkedBy !== null)).toBe(true);
    // Sent rows are not waiting any more.
    expect((await decide('doCheckReject', [first!.id])).httpStatus).toBe(409);
  });

  it('stops a rejected send for every recipient, for good', async () => {
    await send('rejected', 7);
    const rows = await states('rejected');
    expect(rows.every((row) => row.state === 'CHECKING')).toBe(true);
    // A supplier may not check.
    const supplier = { userId: 9100, side: 'supplier', supplierId: 1 };
    expect((await decide('doCheckReject', [rows[0]!.id], supplier)).httpStatus).toBe(403);
    expect((await decide('doCheckReject', [rows[3]!.id])).body.data.count).toBe(7);
    await sleep(800);
    expect((await states('rejected')).map((row) => row.state)).toEqual(Array(7).fill('CANCELLED'));
    expect(mailed('rejected')).toBe(0);
  });

  it('holds every send of a source that needs a check, even to one user', async () => {
    const source = await server.first<Row>('baseMessageSource', { sourceCode: 'PO_RELEASED' });
    const saved = await server.post(api('baseMessageSource', 'saveOrUpdate'), {
      sourceId: source.sourceId,
      versionNum: source.versionNum,
      sourceCode: source.sourceCode,
      sourceName: source.sourceName,
      category: source.category,
      checkFlag: 'Y',
    });
    expect(saved.body.status).toBe('S');
    await server.runtime.transaction(() =>
      server.runtime.plugins.siteMessages!.notify({
        userIds: [userId],
        titleKey: 'message.po.releasedTitle',
        params: { number: 'CHK-1' },
        source: 'PO_RELEASED',
        email: true,
        eventId: 'checked-source',
      }),
    );
    expect((await states('checked-source')).map((row) => row.state)).toEqual(['CHECKING']);
  });
});
