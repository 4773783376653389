// E-mail through the message outbox, over real HTTP on a real database, against a real SMTP
// server in this process that answers what each test tells it to and counts what it accepted by
// Message-ID: an event given twice is one e-mail per recipient; a rolled-back transaction sends
// nothing; 451 twice then 250 is sent once after two retries; a 550 fails at once into
// compensation, and a retry after the fix sends it once and resolves the row; 100 failed ones
// retried from the history in one batch are sent once each; a send whose node died is taken
// again with its Message-ID; a supplier reads nothing of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import {
  type ScriptedSmtp,
  api,
  sleep,
  startScriptedSmtp,
  startTestServer,
  type TestServer,
  waitFor,
} from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';
import { messageDispatcherOf } from './dispatcher';

type Row = Record<string, unknown>;

/** Reply codes the SMTP server refuses the next messages with (451: later, 550: never). */
const refusals: number[] = [];
let smtp: ScriptedSmtp;
let server: TestServer;
const users: number[] = [];
const supplier = { userId: 9001, userName: 'sup1', side: 'supplier' as const, supplierId: 1 };

beforeAll(async () => {
  process.env.SRM_MESSAGE_RETRY_SECONDS = '0.2,0.2,0.2';
  smtp = await startScriptedSmtp(() => refusals.shift());
  server = await startTestServer({ areas: serverAreas, smtpUrl: smtp.url });
  for (const [name, language] of [
    ['mail_a', 'CN'],
    ['mail_b', 'EN'],
  ] as const) {
    const saved = await server.post<Row>(api('baseUser', 'saveOrUpdate'), {
      userName: name,
      userFullName: name,
      userType: 'INTERNAL',
      email: `${name}@example.com`,
      languageCode: language,
    });
    expect(saved.body.status).toBe('S');
    users.push(Number(saved.body.data!.userId));
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  delete process.env.SRM_MESSAGE_RETRY_SECONDS;
});

interface Instance {
  instanceId: number;
  stateCode: string;
  attempts: number;
  providerId: string | null;
  compenId: number | null;
  lastCode: number | null;
  address: string;
  subject: string;
}

function instances(source: string): Promise<Instance[]> {
  return queryRows<Instance>(
    server.runtime.executor(),
    sql`select instance_id::int as "instanceId", state_code as "stateCode", attempts::int as attempts,
               provider_id as "providerId", compen_id::int as "compenId", last_code::int as "lastCode",
               address, subject
          from base_message_instance where source_code = ${source} order by instance_id`,
  );
}

const settled = (rows: Instance[], count: number, state: string) =>
  rows.length === count && rows.every((row) => row.stateCode === state);

/** Tells users of an event in one transaction, as a hook does. */
function notify(source: string, eventId: string, userIds: readonly number[] = users) {
  return server.runtime.transaction(() =>
    server.runtime.plugins.siteMessages!.notify({
      userIds,
      titleKey: 'message.po.releasedTitle',
      params: { number: source },
      source,
      email: true,
      eventId,
    }),
  );
}

/** Queues e-mails to plain addresses (no user), as a notice to outside contacts would. */
function mailTo(source: string, count: number) {
  return server.runtime.transaction(() =>
    server.runtime.plugins.messageOutbox!.enqueue(
      Array.from({ length: count }, (_, index) => ({
        channel: 'EMAIL' as const,
        source,
        eventId: 'batch',
        userId: null,
        address: `contact${index}@example.com`,
        locale: 'zh-CN' as const,
        subject: `通知 ${index}`,
        body: `第 ${index} 封`,
      })),
    ),
  );
}

describe('e-mail through the message outbox', () => {
  it('an event given twice is one e-mail and one in-app message per recipient, in their language, each e-mail with its own Message-ID, accepted once', async () => {
    await notify('T_TWICE', 'po-1-APPROVED');
    await notify('T_TWICE', 'po-1-APPROVED');
    const inApp = await queryRows<{ userId: number }>(
      server.runtime.executor(),
      sql`select user_id::int as "userId" from base_site_message where source = 'T_TWICE' order by user_id`,
    );
    expect(inApp.map((row) => row.userId)).toEqual([...users].sort((a, b) => a - b));
    const rows = await waitFor(
      () => instances('T_TWICE'),
      (found) => settled(found, 2, 'SENT'),
    );
    expect(rows.map((row) => row.address)).toEqual(['mail_a@example.com', 'mail_b@example.com']);
    expect(rows.map((row) => row.attempts)).toEqual([1, 1]);
    // Rendered in each recipient's language when the event happened.
    expect(rows.map((row) => row.subject)).toEqual(['新采购订单 T_TWICE', 'New purchase order T_TWICE']);
    for (const row of rows) expect(smtp.accepted.get(row.providerId!)).toBe(1);
    // Another event of the same source is another e-mail.
    await notify('T_TWICE', 'po-1-CLOSED', [users[0]!]);
    await waitFor(
      () => instances('T_TWICE'),
      (found) => settled(found, 3, 'SENT'),
    );
  });

  it('a transaction rolled back after its messages were written sends nothing', async () => {
    const wakeUps = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            server.runtime.executor(),
            sql`select count(*)::int as n from pgboss.job where name = 'message-send'`,
          )
        )[0]!.n,
      );
    const before = await wakeUps();
    await expect(
      server.runtime.transaction(async () => {
        await notify('T_ROLLBACK', 'x');
        // Written, with their wake-up, inside the transaction.
        expect(await instances('T_ROLLBACK')).toHaveLength(2);
        expect(await wakeUps()).toBe(before + 1);
        throw new Error('the approval failed after notifying');
      }),
    ).rejects.toThrow('the approval failed');
    expect(await wakeUps()).toBe(before);
    await sleep(1_500);
    expect(await instances('T_ROLLBACK')).toEqual([]);
    const subjects = await queryRows<{ subject: string }>(
      server.runtime.executor(),
      sql`select subject from base_message_log where purpose = 'T_ROLLBACK'`,
    );
    expect(subjects).toEqual([]);
  });

  it('SMTP 451 twice, then 250: sent once, after two retries, each attempt logged', async () => {
    refusals.push(451, 451);
    await notify('T_451', 'e', [users[0]!]);
    const [row] = await waitFor(
      () => instances('T_451'),
      (found) => settled(found, 1, 'SENT'),
    );
    expect(row).toMatchObject({ attempts: 3, lastCode: 250, compenId: null });
    expect(smtp.seen.get(row!.providerId!)).toBe(3);
    expect(smtp.accepted.get(row!.providerId!)).toBe(1);
    const log = await queryRows<{ status: string }>(
      server.runtime.executor(),
      sql`select send_status as status from base_message_log where purpose = 'T_451' order by message_log_id`,
    );
    expect(log.map((entry) => entry.status)).toEqual(['FAILED', 'FAILED', 'SENT']);
  });

  it('SMTP 550 fails at once into compensation; a retry after the fix sends it once and resolves the row', async () => {
    refusals.push(550);
    await notify('T_550', 'e', [users[1]!]);
    const [failed] = await waitFor(
      () => instances('T_550'),
      (found) => settled(found, 1, 'FAILED'),
    );
    expect(failed).toMatchObject({ attempts: 1, lastCode: 550 });
    expect(smtp.accepted.get(failed!.providerId!)).toBeUndefined();
    const compensation = await server.first<Row>('baseTransactionCompen', {
      stepKind: 'MESSAGE',
      stepName: 'T_550',
    });
    expect(compensation).toMatchObject({ status: 'OPEN', sourceId: failed!.instanceId, attempts: 1 });
    // Its address and subject are copied there, not its body (which may hold a code).
    expect(compensation.payload).toEqual({
      address: 'mail_b@example.com',
      subject: 'New purchase order T_550',
    });
    const retried = await server.post(api('baseTransactionCompen', 'doRetry'), {
      compenId: compensation.compenId,
    });
    expect(retried.body.status).toBe('S');
    const [sent] = await waitFor(
      () => instances('T_550'),
      (found) => settled(found, 1, 'SENT'),
    );
    expect(sent!.providerId).toBe(failed!.providerId);
    expect(smtp.accepted.get(sent!.providerId!)).toBe(1);
    await waitFor(
      () => server.first<Row>('baseTransactionCompen', { compenId: compensation.compenId }),
      (row) => row.status === 'RESOLVED',
    );
  });

  it('a failed message cancelled from the history is compensated in 事务补偿 too', async () => {
    refusals.push(550);
    await notify('T_CANCEL', 'e', [users[0]!]);
    const [failed] = await waitFor(
      () => instances('T_CANCEL'),
      (found) => settled(found, 1, 'FAILED'),
    );
    const cancelled = await server.post<{ count: number }>(api('baseMessageInstance', 'doCancel'), {
      instanceIds: [failed!.instanceId],
    });
    expect(cancelled.body).toMatchObject({ status: 'S', data: { count: 1 } });
    expect((await instances('T_CANCEL'))[0]!.stateCode).toBe('CANCELLED');
    const row = await server.first<Row>('baseTransactionCompen', { compenId: failed!.compenId });
    expect(row.status).toBe('COMPENSATED');
  });

  it('100 failed messages retried in one batch from the history are sent once each', async () => {
    refusals.push(...Array.from({ length: 100 }, () => 550));
    expect(await mailTo('T_BATCH', 100)).toBe(100);
    const failed = await waitFor(
      () => instances('T_BATCH'),
      (found) => settled(found, 100, 'FAILED'),
      60_000,
    );
    const answer = await server.post<{ count: number }>(api('baseMessageInstance', 'doRetry'), {
      instanceIds: failed.map((row) => row.instanceId),
    });
    expect(answer.body).toMatchObject({ status: 'S', data: { count: 100 } });
    const sent = await waitFor(
      () => instances('T_BATCH'),
      (found) => settled(found, 100, 'SENT'),
      60_000,
    );
    for (const row of sent) expect(smtp.accepted.get(row.providerId!)).toBe(1);
    const open = await server.post<Row[]>(api('baseTransactionCompen', 'listByPage'), {
      stepKind: 'MESSAGE',
      stepName: 'T_BATCH',
      status: 'OPEN',
    });
    expect(open.body.data).toEqual([]);
    // Sent ones cannot be sent again, nor cancelled: refused with the reason, in the caller's language.
    const again = await server.post(
      api('baseMessageInstance', 'doRetry'),
      { instanceIds: [sent[0]!.instanceId] },
      { language: 'EN' },
    );
    expect([again.httpStatus, again.body.status, again.body.msg]).toEqual([
      409,
      'E',
      'Only messages that failed can be sent again',
    ]);
    const cancel = await server.post(api('baseMessageInstance', 'doCancel'), {
      instanceIds: [sent[0]!.instanceId],
    });
    expect([cancel.httpStatus, cancel.body.msg]).toEqual([409, '只有未发送或发送失败的消息可以取消']);
  });

  it('a send whose node died is taken again once its lease ends, with the same Message-ID', async () => {
    const providerId = '<srm-message-died-1@srm.local>';
    await server.runtime.transaction(async (tx) => {
      await mailTo('T_DIED', 1);
      // As a node that died after handing it to SMTP would leave it.
      await queryRows(
        tx,
        sql`update base_message_instance set state_code = 'SENDING', attempts = 1, provider_id = ${providerId},
               lease_until = ${new Date(Date.now() - 1_000)} where source_code = 'T_DIED'`,
      );
    });
    const [row] = await waitFor(
      () => instances('T_DIED'),
      (found) => settled(found, 1, 'SENT'),
    );
    expect(row).toMatchObject({ providerId, attempts: 2 });
    expect(smtp.accepted.get(providerId)).toBe(1);
    // One whose wake-up job is gone too: the sweep finds it. While its node's lease runs nobody
    // takes it; once the lease has run out (set so just before the sweep: the dispatcher's own
    // sweep every 30 s would otherwise race this one), the sweep wakes a worker for it.
    await server.runtime.transaction(async (tx) => {
      await mailTo('T_LOST', 1);
      await queryRows(
        tx,
        sql`update base_message_instance set state_code = 'SENDING', attempts = 1,
               lease_until = ${new Date(Date.now() + 60_000)} where source_code = 'T_LOST'`,
      );
      await queryRows(tx, sql`delete from pgboss.job where name = 'message-send' and state = 'created'`);
    });
    await sleep(1_000);
    expect((await instances('T_LOST'))[0]!.stateCode).toBe('SENDING');
    await queryRows(
      server.runtime.executor(),
      sql`update base_message_instance set lease_until = ${new Date(Date.now() - 1_000)}
           where source_code = 'T_LOST'`,
    );
    expect(await messageDispatcherOf(server).sweep()).toBeGreaterThanOrEqual(1);
    await waitFor(
      () => instances('T_LOST'),
      (found) => settled(found, 1, 'SENT'),
    );
  });

  it('an unsubscribed address gets no optional message but a mandatory one; a switched-off source sends nothing', async () => {
    // The sources declared in code are in the table once a node runs.
    const sources = await server.post<Row[]>(api('baseMessageSource', 'listByPage'), { pageRows: 100 });
    const byCode = new Map((sources.body.data ?? []).map((row) => [row.sourceCode, row]));
    expect(byCode.get('PO_RELEASED')).toMatchObject({ category: 'OPTIONAL', enabledFlag: 'Y' });
    expect(byCode.get('SCHEDULER_ALERT')).toMatchObject({ category: 'MANDATORY' });
    // Unsubscribed from every optional source, typed in another case.
    const unsubscribed = await server.post<Row>(api('baseMessageUnsubscribe', 'saveOrUpdate'), {
      channel: 'EMAIL',
      address: ' Mail_A@Example.com ',
      reason: '客户要求',
    });
    expect(unsubscribed.body).toMatchObject({
      status: 'S',
      data: { address: 'mail_a@example.com', sourceCode: null },
    });
    expect(unsubscribed.body.data!.unsubscribedAt).toEqual(expect.any(Number));
    await notify('PO_RELEASED', 'po-99-v1-released');
    await notify('SCHEDULER_ALERT', 'scheduling-error-99', [users[0]!]);
    const released = await waitFor(
      () => instances('PO_RELEASED'),
      (found) => found.length === 2 && found.some((row) => row.stateCode === 'SENT'),
    );
    expect(released.map((row) => [row.address, row.stateCode])).toEqual([
      ['mail_a@example.com', 'SUPPRESSED'],
      ['mail_b@example.com', 'SENT'],
    ]);
    expect(smtp.seen.has(released[0]!.providerId ?? '-')).toBe(false);
    await waitFor(
      () => instances('SCHEDULER_ALERT'),
      (found) => settled(found, 1, 'SENT'),
    );
    // Switched off: written SUPPRESSED, never sent, whoever it is for.
    const remind = byCode.get('BPM_REMIND')!;
    const off = await server.post(api('baseMessageSource', 'saveOrUpdate'), {
      sourceId: remind.sourceId,
      versionNum: remind.versionNum,
      enabledFlag: 'N',
    });
    expect(off.body.status, off.body.msg).toBe('S');
    await notify('BPM_REMIND', 'task-1-remind-1', [users[1]!]);
    const [reminded] = await instances('BPM_REMIND');
    expect(reminded).toMatchObject({ stateCode: 'SUPPRESSED', attempts: 0 });
    const [reason] = await queryRows<{ reason: string }>(
      server.runtime.executor(),
      sql`select suppressed_by as reason from base_message_instance where source_code = 'BPM_REMIND'`,
    );
    expect(reason!.reason).toBe('SOURCE_DISABLED');
    // A second unsubscribe of the same address and channel is refused, in the caller's language.
    const twice = await server.post(
      api('baseMessageUnsubscribe', 'saveOrUpdate'),
      { channel: 'EMAIL', address: 'mail_a@example.com' },
      { language: 'EN' },
    );
    expect([twice.body.status, twice.httpStatus]).toEqual(['E', 409]);
    expect(twice.body.msg).toMatch(/\S/);
  });

  it('a notice to 6,000 addresses is written in slices, beyond what one statement may carry', async () => {
    // BPM_REMIND is switched off (the test before): the instances are written, none is sent.
    const written = await server.runtime.transaction(() =>
      server.runtime.plugins.messageOutbox!.enqueue(
        Array.from({ length: 6_000 }, (_, index) => ({
          channel: 'EMAIL' as const,
          source: 'BPM_REMIND',
          eventId: 'bulk',
          userId: null,
          address: `bulk${index}@example.com`,
          locale: 'zh-CN' as const,
          subject: `催办 ${index}`,
          body: '请尽快处理',
        })),
      ),
    );
    expect(written).toBe(6_000);
    const [counted] = await queryRows<{ n: number }>(
      server.runtime.executor(),
      sql`select count(*)::int as n from base_message_instance
           where source_code = 'BPM_REMIND' and state_code = 'SUPPRESSED' and address like 'bulk%'`,
    );
    expect(Number(counted!.n)).toBe(6_000);
  });

  it('a supplier reads nothing of the history and can retry nothing', async () => {
    const [row] = await instances('T_TWICE');
    const list = await server.post(api('baseMessageInstance', 'listByPage'), {}, { actor: supplier });
    expect(list.httpStatus).toBe(403);
    const found = await server.post(
      api('baseMessageInstance', 'findById'),
      { instanceId: row!.instanceId },
      { actor: supplier },
    );
    expect(found.httpStatus).toBe(403);
    const retry = await server.post(
      api('baseMessageInstance', 'doRetry'),
      { instanceIds: [row!.instanceId] },
      { actor: supplier },
    );
    expect(retry.httpStatus).toBe(403);
  });
});
