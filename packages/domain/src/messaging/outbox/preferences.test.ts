// Each user's message preferences (消息接收设置, msgReceive) with a real SMTP server in this
// process: a user who switched a source's e-mail off gets that source in-app only (its e-mail
// written SUPPRESSED, 接收人已关闭) while others still get the mail; a mandatory source cannot be
// switched off and reaches even an unsubscribed address, where an optional one does not; each
// user reads and changes only their own switches.
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

type Row = Record<string, unknown>;
const RECEIVE = '/api/message/v1/baseMessageReceiveRestful';
let mailbox: Mailbox;
let server: TestServer;
const users: Record<string, number> = {};
const as = (name: string) => ({ userId: users[name]!, userName: name });

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ areas: serverAreas, smtpUrl: mailbox.url });
  for (const name of ['pref_off', 'pref_on']) {
    const saved = await server.post<Row>(api('baseUser', 'saveOrUpdate'), {
      userName: name,
      userFullName: name,
      userType: 'INTERNAL',
      email: `${name}@example.com`,
    });
    users[name] = Number(saved.body.data!.userId);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

const mine = async (name: string) =>
  (await server.post<Row[]>(`${RECEIVE}/findMine`, {}, { actor: as(name) })).body.data;
const switchTo = (name: string, sourceCode: string, emailFlag: 'Y' | 'N', language?: 'CN' | 'EN') =>
  server.post(
    `${RECEIVE}/saveMine`,
    { sourceCode, emailFlag },
    { actor: as(name), ...(language ? { language } : {}) },
  );

function tell(source: string, eventId: string) {
  return server.runtime.transaction(() =>
    server.runtime.plugins.siteMessages!.notify({
      userIds: [users.pref_off!, users.pref_on!],
      titleKey: 'message.po.releasedTitle',
      params: { number: eventId },
      source,
      email: true,
      eventId,
    }),
  );
}

const instances = (eventId: string) =>
  queryRows<{ address: string; state: string; reason: string | null }>(
    server.runtime.executor(),
    sql`select address, state_code as state, suppressed_by as reason from base_message_instance
         where dedup_key like ${`%|${eventId}|%`} order by address`,
  );

describe('message preferences', () => {
  it('lists every enabled source with my e-mail switch, and keeps mandatory ones on', async () => {
    const rows = await mine('pref_off');
    expect(rows.find((row) => row.sourceCode === 'PO_RELEASED')).toMatchObject({
      sourceName: '采购订单发布',
      category: 'OPTIONAL',
      emailFlag: 'Y',
    });
    expect(rows.find((row) => row.sourceCode === 'SCHEDULER_ALERT')).toMatchObject({ category: 'MANDATORY' });
    const mandatory = await switchTo('pref_off', 'SCHEDULER_ALERT', 'N');
    expect(mandatory.httpStatus).toBe(409);
    expect(mandatory.body.msg).toBe('“后台作业告警”是必达消息，不能关闭邮件接收');
    expect((await switchTo('pref_off', 'SCHEDULER_ALERT', 'N', 'EN')).body.msg).toContain('is mandatory');
    expect((await switchTo('pref_off', 'NO_SUCH_SOURCE', 'N')).httpStatus).toBe(404);
    expect((await switchTo('pref_off', 'PO_RELEASED', 'maybe' as 'N')).httpStatus).toBe(400);
  });

  it('sends a switched-off source in-app only to that user, and the e-mail to the others', async () => {
    expect((await switchTo('pref_off', 'PO_RELEASED', 'N')).body.status).toBe('S');
    expect((await mine('pref_off')).find((row) => row.sourceCode === 'PO_RELEASED')!.emailFlag).toBe('N');
    expect((await mine('pref_on')).find((row) => row.sourceCode === 'PO_RELEASED')!.emailFlag).toBe('Y');
    await tell('PO_RELEASED', 'pref-1');
    await mailbox.waitFor('pref_on@example.com', /pref-1/);
    // The server has the mail a moment before the dispatcher commits SENT.
    const settled = await waitFor(
      () => instances('pref-1'),
      (rows) => rows.length === 2 && rows[1]!.state !== 'SENDING',
    );
    expect(settled).toEqual([
      { address: 'pref_off@example.com', state: 'SUPPRESSED', reason: 'PREFERENCE_OFF' },
      { address: 'pref_on@example.com', state: 'SENT', reason: null },
    ]);
    expect(mailbox.mails.some((mail) => mail.to.includes('pref_off@example.com'))).toBe(false);
    // The in-app message came all the same.
    const inbox = await server.post<Row[]>(
      '/api/message/v1/baseSiteMessageRestful/findMyMessages',
      { pageRows: 10 },
      { actor: as('pref_off') },
    );
    expect(inbox.body.data.some((row) => String(row.title).includes('pref-1'))).toBe(true);
  });

  it('sends a mandatory source to an unsubscribed address, and no optional one', async () => {
    expect((await switchTo('pref_off', 'PO_RELEASED', 'Y')).body.status).toBe('S');
    const unsubscribed = await server.post(api('baseMessageUnsubscribe', 'saveOrUpdate'), {
      channel: 'EMAIL',
      address: 'PREF_OFF@example.com',
    });
    expect(unsubscribed.body.status).toBe('S');
    await tell('PO_RELEASED', 'pref-2');
    await tell('SCHEDULER_ALERT', 'pref-3');
    await waitFor(
      () => instances('pref-3'),
      (rows) => rows.length === 2 && rows.every((row) => row.state === 'SENT'),
    );
    expect((await instances('pref-2'))[0]).toEqual({
      address: 'pref_off@example.com',
      state: 'SUPPRESSED',
      reason: 'UNSUBSCRIBED',
    });
    await mailbox.waitFor('pref_off@example.com', /pref-3/);
  });
});
