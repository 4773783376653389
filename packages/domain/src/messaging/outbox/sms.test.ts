// SMS through the message outbox, over real HTTP on a real database, against an SMS gateway in
// this process that speaks Aliyun's SendSms: it checks each call's signature (computed here on its
// own, from the documented algorithm), answers what each test tells it to and counts what it
// accepted by out id. An event given twice is one SMS per recipient; a template's code, signature
// and values reach the gateway plain; a throttled gateway is tried again with the same out id; an
// invalid number fails at once into compensation; a number past its hourly allowance gets no
// more; receipts mark an SMS delivered; a phone answering TD gets no optional SMS but still its
// reset code, which the log masks once delivered; a user who switched SMS off gets none.
import { createHmac } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { aliyunSmsProvider } from '@srm/platform';
import { api, startTestServer, type TestServer, waitFor } from '@srm/platform/testing';
import { serverAreas } from '../../areas.server';

type Row = Record<string, unknown>;

const KEY_ID = 'LTAI-test-key';
const KEY_SECRET = 'test-secret/with+signs';
const TOKEN = 'sms-callback-token-0123456789';

/** What the gateway accepted, and the codes it answers the next calls with. */
const accepted: { outId: string; phone: string; templateCode: string; signName: string; params: Row }[] = [];
const calls: string[] = [];
const refusals: string[] = [];
let gateway: Server;
let server: TestServer;
const users: Record<string, number> = {};

/** RFC 3986, as the gateway's own check encodes (independent of the adapter's). */
const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/!/g, '%21')
    .replace(/'/g, '%27')
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29')
    .replace(/\*/g, '%2A');

function signatureOf(params: URLSearchParams): string {
  const canonical = [...params.entries()]
    .filter(([name]) => name !== 'Signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  return createHmac('sha1', `${KEY_SECRET}&`)
    .update(`GET&${encode('/')}&${encode(canonical)}`)
    .digest('base64');
}

beforeAll(async () => {
  gateway = createServer((request, response) => {
    const params = new URL(request.url ?? '/', 'http://gateway').searchParams;
    const answer = (status: number, body: Row) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (params.get('AccessKeyId') !== KEY_ID || params.get('Signature') !== signatureOf(params))
      return answer(400, { Code: 'SignatureDoesNotMatch', Message: 'bad signature' });
    const outId = params.get('OutId') ?? '';
    calls.push(outId);
    const refusal = refusals.shift();
    if (refusal) return answer(refusal.startsWith('isv.') ? 400 : 200, { Code: refusal, Message: refusal });
    accepted.push({
      outId,
      phone: params.get('PhoneNumbers') ?? '',
      templateCode: params.get('TemplateCode') ?? '',
      signName: params.get('SignName') ?? '',
      params: JSON.parse(params.get('TemplateParam') ?? '{}') as Row,
    });
    return answer(200, { Code: 'OK', Message: 'OK', BizId: `biz-${accepted.length}`, RequestId: 'r' });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  process.env.SRM_MESSAGE_RETRY_SECONDS = '0.2,0.2,0.2';
  process.env.SRM_SMS_PER_HOUR = '3';
  process.env.SRM_SMS_CALLBACK_TOKEN = TOKEN;
  server = await startTestServer({
    areas: serverAreas,
    sms: aliyunSmsProvider({
      accessKeyId: KEY_ID,
      accessKeySecret: KEY_SECRET,
      endpoint: `http://127.0.0.1:${port}/`,
    }),
  });
  const people = ['sms_a', 'sms_b', 'sms_retry', 'sms_bad', 'sms_limit', 'sms_td', 'sms_off'];
  for (const [index, name] of people.entries()) {
    const saved = await server.post<Row>(api('baseUser', 'saveOrUpdate'), {
      userName: name,
      userFullName: name,
      userType: 'INTERNAL',
      mobile: `1390000${String(index).padStart(4, '0')}`,
      languageCode: name === 'sms_b' ? 'EN' : 'CN',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
    users[name] = Number(saved.body.data!.userId);
  }
  // An administrator's SMS templates, with the provider's codes and signature (Aliyun sends
  // nothing without them).
  const templates: [string, 'CN' | 'EN', string, string][] = [
    ['BPM_APPROVED', 'CN', '您的{{document}} {{number}} 已审批通过', 'SMS_480000001'],
    ['BPM_APPROVED', 'EN', 'Your {{document}} {{number}} is approved', 'SMS_480000002'],
    ['PO_RELEASED', 'CN', '采购订单 {{number}} 已发布，请及时确认', 'SMS_480000003'],
    ['PASSWORD_RESET_CODE', 'CN', '验证码 {{code}}，{{minutes}} 分钟内有效', 'SMS_480000004'],
  ];
  for (const [code, languageCode, body, templateCode] of templates) {
    const [source] = await queryRows<{ id: number }>(
      server.runtime.executor(),
      sql`select source_id::int as id from base_message_source where source_code = ${code}`,
    );
    const saved = await server.post<Row>(api('baseMessageTemplate', 'saveOrUpdate'), {
      sourceId: source!.id,
      channel: 'SMS',
      languageCode,
      templateName: `${code} ${languageCode}`,
      subject: code,
      body,
      templateCode,
      signName: '示例科技',
    });
    expect(saved.body.status, saved.body.msg).toBe('S');
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => gateway?.close(resolve));
  delete process.env.SRM_MESSAGE_RETRY_SECONDS;
  delete process.env.SRM_SMS_PER_HOUR;
  delete process.env.SRM_SMS_CALLBACK_TOKEN;
});

interface Instance {
  instanceId: number;
  stateCode: string;
  attempts: number;
  providerId: string | null;
  providerRef: string | null;
  address: string;
  body: string;
  suppressedBy: string | null;
  deliveryState: string | null;
  compenId: number | null;
}

function instances(where: ReturnType<typeof sql>): Promise<Instance[]> {
  return queryRows<Instance>(
    server.runtime.executor(),
    sql`select instance_id::int as "instanceId", state_code as "stateCode", attempts::int as attempts,
               provider_id as "providerId", provider_ref as "providerRef", address, body,
               suppressed_by as "suppressedBy", delivery_state as "deliveryState", compen_id::int as "compenId"
          from base_message_instance where channel = 'SMS' and ${where} order by instance_id`,
  );
}
const ofUser = (name: string) => instances(sql`recipient_id = ${users[name]!}`);

/** Tells users of an event by SMS in one transaction, as a hook does. */
function text(source: string, eventId: string, names: readonly string[], params: Row = { number: eventId }) {
  return server.runtime.transaction(() =>
    server.runtime.plugins.siteMessages!.notify({
      userIds: names.map((name) => users[name]!),
      titleKey: 'message.po.releasedTitle',
      params: {
        number: String(params.number),
        ...(params.document ? { document: String(params.document) } : {}),
      },
      source,
      sms: true,
      eventId,
    }),
  );
}

const callback = (hook: string, body: string, token = TOKEN) =>
  fetch(`${server.url}/api/hook/v1/${hook}?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('SMS through the message outbox', () => {
  it("an event given twice is one SMS per recipient; the template's code, signature and values reach the gateway plain", async () => {
    await text('BPM_APPROVED', 'order-7-approved', ['sms_a', 'sms_b'], {
      number: 'PO<7>&1',
      document: '采购订单',
    });
    await text('BPM_APPROVED', 'order-7-approved', ['sms_a', 'sms_b'], {
      number: 'PO<7>&1',
      document: '采购订单',
    });
    const rows = await waitFor(
      () => instances(sql`source_code = 'BPM_APPROVED'`),
      (found) => found.length === 2 && found.every((row) => row.stateCode === 'SENT'),
    );
    const chinese = rows.find((row) => row.address === '13900000000')!;
    expect(chinese.body).toBe('您的采购订单 PO<7>&1 已审批通过');
    expect(chinese.providerId).toMatch(/^srm-sms-\d+-/);
    const got = accepted.filter((sms) => rows.some((row) => row.providerId === sms.outId));
    expect(got).toHaveLength(2);
    const toA = got.find((sms) => sms.phone === '13900000000')!;
    expect(toA).toMatchObject({ templateCode: 'SMS_480000001', signName: '示例科技' });
    expect(toA.params).toMatchObject({ number: 'PO<7>&1', document: '采购订单' });
    // The English user gets the English template.
    const toB = got.find((sms) => sms.phone === '13900000001')!;
    expect(toB.templateCode).toBe('SMS_480000002');
    expect(rows.find((row) => row.address === '13900000001')!.body).toBe('Your 采购订单 PO<7>&1 is approved');
    expect(rows.find((row) => row.address === '13900000001')!.providerRef).toMatch(/^biz-/);
  });

  it('a throttled gateway is tried again with the same out id: sent once after two retries', async () => {
    refusals.push('isv.BUSINESS_LIMIT_CONTROL', 'isp.SYSTEM_ERROR');
    await text('PO_RELEASED', 'order-8-released', ['sms_retry']);
    const [row] = await waitFor(
      () => ofUser('sms_retry'),
      (found) => found[0]?.stateCode === 'SENT',
    );
    expect(row!.attempts).toBe(3);
    expect(calls.filter((outId) => outId === row!.providerId)).toHaveLength(3);
    expect(accepted.filter((sms) => sms.outId === row!.providerId)).toHaveLength(1);
  });

  it('an invalid number fails at once, into compensation', async () => {
    refusals.push('isv.MOBILE_NUMBER_ILLEGAL');
    await text('PO_RELEASED', 'order-9-released', ['sms_bad']);
    const [row] = await waitFor(
      () => ofUser('sms_bad'),
      (found) => found[0]?.stateCode === 'FAILED',
    );
    expect(row!.attempts).toBe(1);
    expect(row!.compenId).not.toBeNull();
    const compensation = await server.first<Row>('baseTransactionCompen', { compenId: row!.compenId });
    expect(compensation).toMatchObject({ status: 'OPEN', stepKind: 'MESSAGE', sourceId: row!.instanceId });
  });

  it('a number gets at most its hourly allowance (3 here): the rest are suppressed, never sent', async () => {
    for (const event of ['l1', 'l2', 'l3', 'l4', 'l5'])
      await text('PO_RELEASED', `limit-${event}`, ['sms_limit']);
    const rows = await waitFor(
      () => ofUser('sms_limit'),
      (found) => found.length === 5 && found.filter((row) => row.stateCode === 'SENT').length === 3,
    );
    expect(rows.filter((row) => row.stateCode === 'SUPPRESSED').map((row) => row.suppressedBy)).toEqual([
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    expect(accepted.filter((sms) => sms.phone === rows[0]!.address)).toHaveLength(3);
  });

  it("the provider's receipts mark an SMS delivered or not; a wrong token or a body that is no array changes nothing", async () => {
    const [sent] = await ofUser('sms_a');
    const wrong = await callback(
      'smsReceipts',
      JSON.stringify([{ out_id: sent!.providerId, success: true }]),
      'not-the-token-0000000000000',
    );
    expect(wrong.status).toBe(401);
    expect((await callback('smsReceipts', '{"out_id":1}')).status).toBe(422);
    expect((await ofUser('sms_a'))[0]!.deliveryState).toBeNull();
    const answer = await callback(
      'smsReceipts',
      JSON.stringify([
        {
          phone_number: sent!.address,
          send_time: '2026-12-05 10:30:00',
          report_time: '2026-12-05 10:30:05',
          success: true,
          err_code: 'DELIVERED',
          err_msg: '用户接收成功',
          biz_id: sent!.providerRef,
          out_id: sent!.providerId,
        },
        { biz_id: (await ofUser('sms_b'))[0]!.providerRef, success: false, err_code: 'MK:0001' },
      ]),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ code: 0, msg: '成功' });
    expect((await ofUser('sms_a'))[0]!.deliveryState).toBe('DELIVERED');
    expect((await ofUser('sms_b'))[0]!.deliveryState).toBe('UNDELIVERED');
  });

  it('a phone that answers TD gets no optional SMS, but still its password-reset code, masked in the log once delivered', async () => {
    const phone = '+86 13900000005';
    const answer = await callback(
      'smsReplies',
      JSON.stringify([{ phone_number: phone, content: ' td ', send_time: '2026-12-05 10:31:00' }]),
    );
    expect(answer.status).toBe(200);
    const unsubscribed = await server.first<Row>('baseMessageUnsubscribe', {
      channel: 'SMS',
      address: '13900000005',
    });
    expect(unsubscribed).toMatchObject({ sourceCode: null });
    await text('PO_RELEASED', 'order-10-released', ['sms_td']);
    const sent = await server.post('/api/base/v1/auth/forget/sendCode', {
      userName: 'sms_td',
      channel: 'SMS',
    });
    expect(sent.body.status, sent.body.msg).toBe('S');
    const rows = await waitFor(
      () => ofUser('sms_td'),
      (found) => found.length === 2 && found.some((row) => row.stateCode === 'SENT'),
    );
    expect(rows.find((row) => row.stateCode === 'SUPPRESSED')!.suppressedBy).toBe('UNSUBSCRIBED');
    // The instance keeps the code masked (an administrator reading 消息实例 learns nobody's code);
    // the gateway got it.
    const code = rows.find((row) => row.stateCode === 'SENT')!;
    expect(code.body).toBe('验证码 ******，10 分钟内有效');
    const [stored] = await queryRows<{ params: Row; secret: string }>(
      server.runtime.executor(),
      sql`select params, secret_value as secret from base_message_instance where instance_id = ${code.instanceId}`,
    );
    expect(stored!.params).toMatchObject({ code: '******' });
    expect(stored!.secret).not.toMatch(/^\d{6}$/);
    const found = await server.post<Row>(api('baseMessageInstance', 'findById'), {
      instanceId: code.instanceId,
    });
    expect(JSON.stringify(found.body.data)).not.toMatch(/\b\d{6}\b/);
    expect(accepted.find((sms) => sms.outId === code.providerId)!.params).toMatchObject({
      code: expect.stringMatching(/^\d{6}$/),
      minutes: '10',
    });
    const log = await queryRows<{ content: string }>(
      server.runtime.executor(),
      sql`select content from base_message_log where channel = 'SMS' and recipient = '13900000005'`,
    );
    expect(log).toHaveLength(1);
    expect(log[0]!.content).not.toMatch(/\b\d{6}\b/);
    expect(log[0]!.content).toContain('******');
  });

  it("a user who switched a source's SMS off gets none of it; a mandatory source cannot be switched off", async () => {
    const actor = { actor: { userId: users.sms_off!, userName: 'sms_off' } };
    const off = await server.post(
      '/api/message/v1/baseMessageReceiveRestful/saveMine',
      { sourceCode: 'PO_RELEASED', smsFlag: 'N' },
      actor,
    );
    expect(off.body.status, off.body.msg).toBe('S');
    const mandatory = await server.post(
      '/api/message/v1/baseMessageReceiveRestful/saveMine',
      { sourceCode: 'PASSWORD_RESET_CODE', smsFlag: 'N' },
      actor,
    );
    expect(mandatory.httpStatus).toBe(409);
    const mine = await server.post<Row[]>('/api/message/v1/baseMessageReceiveRestful/findMine', {}, actor);
    expect(mine.body.data.find((row) => row.sourceCode === 'PO_RELEASED')).toMatchObject({
      emailFlag: 'Y',
      smsFlag: 'N',
    });
    await text('PO_RELEASED', 'order-11-released', ['sms_off']);
    const [row] = await ofUser('sms_off');
    expect(row).toMatchObject({ stateCode: 'SUPPRESSED', suppressedBy: 'PREFERENCE_OFF' });
  });
});
