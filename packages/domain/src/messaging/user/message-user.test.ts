// The recipient directory (msgUser) on a real server and database, with a real SMTP peer and the
// recording SMS provider: a new user has a row with their addresses, unverified; a code sent to
// the e-mail (or the mobile) and typed back verifies it, a wrong one does not, a second within a
// minute is refused; a changed address is unverified again (through the engine or behind its
// back, caught up at a node's start); administrators keep the chat ids and nothing else; a
// supplier's user reaches their own row only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import {
  type Mailbox,
  api,
  startMailbox,
  startTestServer,
  type TestServer,
  waitFor,
} from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { syncDirectory } from './message-user.actions';

type Row = Record<string, unknown>;
const PATH = '/api/message/v1/baseMessageUserRestful';
let mailbox: Mailbox;
let server: TestServer;
let userId = 0;
const as = () => ({ actor: { userId, userName: 'dir_user' } });

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ areas: serverAreas, smtpUrl: mailbox.url });
  const saved = await server.post<Row>(api('baseUser', 'saveOrUpdate'), {
    userName: 'dir_user',
    userFullName: '目录用户',
    userType: 'INTERNAL',
    email: 'dir.user@example.com',
    mobile: '13700000001',
  });
  expect(saved.body.status, saved.body.msg).toBe('S');
  userId = Number(saved.body.data!.userId);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

const directoryRow = () => server.first<Row>('baseMessageUser', { userId });

describe('the recipient directory', () => {
  it('has a row for a new user with their addresses, unverified', async () => {
    expect(await directoryRow()).toMatchObject({
      userName: 'dir_user',
      email: 'dir.user@example.com',
      mobile: '13700000001',
      emailVerifiedFlag: 'N',
      mobileVerifiedFlag: 'N',
    });
  });

  it('verifies the e-mail with the code sent to it; a wrong code or a second code within a minute is refused', async () => {
    const sent = await server.post<Row>(`${PATH}/sendVerifyCode`, { channel: 'EMAIL' }, as());
    expect(sent.body.status, sent.body.msg).toBe('S');
    const again = await server.post<{ retryAfterSeconds: number }>(
      `${PATH}/sendVerifyCode`,
      { channel: 'EMAIL' },
      as(),
    );
    expect(again.httpStatus).toBe(429);
    // The wait as data too, for the send button's countdown.
    expect(again.body.data.retryAfterSeconds).toBeGreaterThan(50);
    expect(again.body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
    const [, code] = await mailbox.waitFor('dir.user@example.com', /验证码为 (\d{6})/);
    const wrong = await server.post(
      `${PATH}/verify`,
      { channel: 'EMAIL', code: code === '000000' ? '111111' : '000000' },
      as(),
    );
    expect([wrong.httpStatus, wrong.body.msg]).toEqual([400, '验证码错误或已过期']);
    const right = await server.post<Row>(`${PATH}/verify`, { channel: 'EMAIL', code }, as());
    expect(right.body.status, right.body.msg).toBe('S');
    expect(right.body.data).toMatchObject({ emailVerifiedFlag: 'Y', mobileVerifiedFlag: 'N' });
    // Used once: the same code again is refused.
    const reused = await server.post(`${PATH}/verify`, { channel: 'EMAIL', code }, as());
    expect(reused.httpStatus).toBe(400);
  });

  it('verifies the mobile with the code the SMS carried (recorded: no provider here)', async () => {
    const sent = await server.post(`${PATH}/sendVerifyCode`, { channel: 'SMS' }, as());
    expect(sent.body.status, sent.body.msg).toBe('S');
    const [logged] = await waitFor(
      () =>
        queryRows<{ content: string }>(
          server.runtime.executor(),
          sql`select content from base_message_log where channel = 'SMS' and recipient = '13700000001'`,
        ),
      (rows) => rows.length === 1,
    );
    const code = /(\d{6})/.exec(logged!.content)![1]!;
    const right = await server.post<Row>(`${PATH}/verify`, { channel: 'SMS', code }, as());
    expect(right.body.data).toMatchObject({ emailVerifiedFlag: 'Y', mobileVerifiedFlag: 'Y' });
  });

  it('a changed address is unverified again, through the engine or behind its back; the other stays verified', async () => {
    const account = await server.first<Row>('baseUser', { userId });
    const saved = await server.post(api('baseUser', 'saveOrUpdate'), {
      userId,
      versionNum: account.versionNum,
      email: 'dir.user.new@example.com',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect(await directoryRow()).toMatchObject({
      email: 'dir.user.new@example.com',
      emailVerifiedFlag: 'N',
      mobileVerifiedFlag: 'Y',
    });
    await queryRows(
      server.runtime.executor(),
      sql`update base_user set mobile = '13700000002' where user_id = ${userId}`,
    );
    await syncDirectory(server.runtime);
    expect(await directoryRow()).toMatchObject({ mobile: '13700000002', mobileVerifiedFlag: 'N' });
  });

  it('administrators keep the chat ids and nothing else; a supplier reaches only its own row', async () => {
    const row = await directoryRow();
    // What the directory keeps of the user cannot be written here.
    const forged = await server.post(api('baseMessageUser', 'saveOrUpdate'), {
      messageUserId: row.messageUserId,
      versionNum: row.versionNum,
      emailVerifiedFlag: 'Y',
      email: 'someone.else@example.com',
    });
    expect([forged.httpStatus, forged.body.status]).toEqual([400, 'E']);
    const saved = await server.post<Row>(api('baseMessageUser', 'saveOrUpdate'), {
      messageUserId: row.messageUserId,
      versionNum: row.versionNum,
      dingtalkUserId: 'manager4451',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    expect(await directoryRow()).toMatchObject({
      dingtalkUserId: 'manager4451',
      email: 'dir.user.new@example.com',
      emailVerifiedFlag: 'N',
    });
    const supplier = { actor: { userId: 9001, userName: 'sup1', side: 'supplier' as const, supplierId: 1 } };
    expect((await server.post(api('baseMessageUser', 'listByPage'), {}, supplier)).httpStatus).toBe(403);
    const bad = await server.post(`${PATH}/sendVerifyCode`, { channel: 'CHAT' }, as());
    expect([bad.httpStatus, bad.body.status]).toEqual([400, 'E']);
  });
});
