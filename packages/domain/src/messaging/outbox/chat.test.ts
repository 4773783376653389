// Messages to chat robots (钉钉, 飞书) through the message outbox and the interfaces' outbox, over
// real HTTP on a real database, against robots in this process that check each call's signature
// as DingTalk and Feishu do (computed here on their own) and answer as they do: a released order
// posts once to the purchasing group, with its number, even when the robot first answers "too
// fast" (a value the definition names as retry-later) and the release event is told twice; a
// config naming an interface that is not about messages is refused; a robot's interface that is
// not effective fails the message into compensation; the robot's secret is never shown.
import { createHmac } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { waitFor } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';

type Row = Record<string, unknown>;
const { call, ok, releasedOrder, server } = useProcurement();

const DINGTALK_SECRET = 'SEC0123456789abcdef';
const FEISHU_SECRET = 'feishu-signing-secret';
/** What each robot accepted, and the errcodes DingTalk answers the next posts with. */
const dingtalk: { text: string }[] = [];
const feishu: { text: string }[] = [];
const dingtalkRefusals: number[] = [];
let robots: Server;
let robotsUrl = '';

beforeAll(async () => {
  robots = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://robots');
      const body = JSON.parse(raw || '{}') as Row;
      const answer = (payload: Row) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (url.pathname === '/robot/send') {
        // DingTalk: HmacSHA256(secret, timestamp + "\n" + secret), base64, within an hour.
        const timestamp = url.searchParams.get('timestamp') ?? '';
        const expected = createHmac('sha256', DINGTALK_SECRET)
          .update(`${timestamp}\n${DINGTALK_SECRET}`)
          .digest('base64');
        if (
          url.searchParams.get('access_token') !== 'tok-purchasing' ||
          url.searchParams.get('sign') !== expected
        )
          return answer({ errcode: 310000, errmsg: 'sign not match' });
        if (Math.abs(Date.now() - Number(timestamp)) > 3_600_000)
          return answer({ errcode: 310000, errmsg: 'timestamp expired' });
        const refusal = dingtalkRefusals.shift();
        if (refusal) return answer({ errcode: refusal, errmsg: 'send too fast' });
        dingtalk.push({ text: String((body.text as Row | undefined)?.content ?? '') });
        return answer({ errcode: 0, errmsg: 'ok' });
      }
      if (url.pathname === '/open-apis/bot/v2/hook/quality') {
        // Feishu: HmacSHA256(key: timestamp + "\n" + secret, message: empty), base64.
        const expected = createHmac('sha256', `${String(body.timestamp)}\n${FEISHU_SECRET}`)
          .update('')
          .digest('base64');
        if (body.sign !== expected) return answer({ code: 19021, msg: 'sign match fail' });
        feishu.push({ text: String((body.content as Row | undefined)?.text ?? '') });
        return answer({ code: 0, msg: 'success' });
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => robots.listen(0, '127.0.0.1', resolve));
  robotsUrl = `http://127.0.0.1:${(robots.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => robots?.close(resolve));
});

/** An effective interface definition posting message instances to a robot. */
async function robotDefinition(code: string, kind: 'DINGTALK' | 'FEISHU'): Promise<Row> {
  const dingtalkShape = {
    // The robot's token goes with the encrypted parameters, not in the stored path.
    requestPath: '/robot/send',
    paramsInterceptor: 'DINGTALK_ROBOT_SIGN',
    successPath: 'errcode',
    // 130101: "send too fast", try again later.
    retryValues: '130101',
    reqMaps: [
      { lineNum: 1, targetPath: 'msgtype', sourceType: 'CONSTANT', constantValue: 'text' },
      { lineNum: 2, targetPath: 'text.content', sourceType: 'FIELD', sourcePath: 'body' },
    ],
    parameters: [
      { lineNum: 1, paramName: 'secret', secretFlag: 'Y', paramValue: DINGTALK_SECRET },
      { lineNum: 2, paramName: 'accessToken', secretFlag: 'Y', paramValue: 'tok-purchasing' },
    ],
  };
  const feishuShape = {
    requestPath: '/open-apis/bot/v2/hook/quality',
    paramsInterceptor: 'FEISHU_ROBOT_SIGN',
    successPath: 'code',
    reqMaps: [
      { lineNum: 1, targetPath: 'msg_type', sourceType: 'CONSTANT', constantValue: 'text' },
      { lineNum: 2, targetPath: 'content.text', sourceType: 'FIELD', sourcePath: 'body' },
    ],
    parameters: [{ lineNum: 1, paramName: 'secret', secretFlag: 'Y', paramValue: FEISHU_SECRET }],
  };
  const saved = await ok('baseScsiDefinition', 'saveOrUpdate', {
    definitionCode: code,
    definitionName: `群机器人 ${code}`,
    targetSystem: 'CHAT',
    businessEntity: 'baseMessageInstance',
    triggerType: 'PROGRAM',
    idempotencyKeyTemplate: `${code}-{instanceId}`,
    successValue: '0',
    retryLimit: 3,
    retryDelayMs: 200,
    retryMaxDelayMs: 1_000,
    configs: [{ envCode: 'PROD', baseUrl: robotsUrl }],
    ...(kind === 'DINGTALK' ? dingtalkShape : feishuShape),
  });
  await ok('baseScsiDefinition', 'doEffect', { definitionId: saved.definitionId });
  return saved;
}

async function sourceId(code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    server().runtime.executor(),
    sql`select source_id::int as id from base_message_source where source_code = ${code}`,
  );
  return row!.id;
}

describe('messages to chat robots', () => {
  it('a released order posts once to the DingTalk group, with its number, after a "too fast" and even told twice; the secret is never shown', async () => {
    const definition = await robotDefinition('MSG_DINGTALK_PURCHASING', 'DINGTALK');
    dingtalkRefusals.push(130101);
    const config = await ok('baseMessageConfig', 'saveOrUpdate', {
      configName: '订单发布通知采购群',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'N',
      chatInterface: 'MSG_DINGTALK_PURCHASING',
    });
    const order = await releasedOrder();
    const number = String(order.poNumber);
    await waitFor(
      async () => dingtalk.filter((post) => post.text.includes(number)),
      (posts) => posts.length === 1,
    );
    expect(dingtalkRefusals).toHaveLength(0);
    // The same release told again (the event its sender named) is no second post.
    const [event] = await queryRows<{ eventId: string }>(
      server().runtime.executor(),
      sql`select event_id as "eventId" from base_message_instance
           where channel = 'CHAT' and business_id = ${Number(order.poHeaderId)}`,
    );
    await server().runtime.transaction(() =>
      server().runtime.plugins.siteMessages!.notify({
        userIds: [],
        titleKey: 'message.po.releasedTitle',
        params: { number },
        source: 'PO_RELEASED',
        link: { entityName: 'srmPoHeader', documentId: Number(order.poHeaderId) },
        eventId: event!.eventId,
      }),
    );
    const [instance] = await queryRows<{ state: string; address: string; ref: string | null }>(
      server().runtime.executor(),
      sql`select state_code as state, address, provider_ref as ref from base_message_instance
           where channel = 'CHAT' and business_id = ${Number(order.poHeaderId)}`,
    );
    expect(instance).toMatchObject({ state: 'SENT', address: 'MSG_DINGTALK_PURCHASING' });
    expect(instance!.ref).toMatch(/^intf-outbox-\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(dingtalk.filter((post) => post.text.includes(number))).toHaveLength(1);
    const found = await ok<Row & { parameters: Row[] }>('baseScsiDefinition', 'findById', {
      definitionId: definition.definitionId,
    });
    expect(JSON.stringify(found)).not.toContain(DINGTALK_SECRET);
    expect(JSON.stringify(found)).not.toContain('tok-purchasing');
    const logged = await queryRows<{ url: string }>(
      server().runtime.executor(),
      sql`select request_url as url from base_scsi_platform_log where definition_code = 'MSG_DINGTALK_PURCHASING'`,
    );
    expect(logged.length).toBeGreaterThan(0);
    for (const { url } of logged) expect(url).not.toContain('tok-purchasing');
    const stored = await ok('baseMessageConfig', 'findById', { configId: config.configId });
    await ok('baseMessageConfig', 'saveOrUpdate', {
      configId: stored.configId,
      versionNum: stored.versionNum,
      enabledFlag: 'N',
    });
  });

  it('posts to a Feishu group signed in the body; a config naming an interface not about messages is refused', async () => {
    await robotDefinition('MSG_FEISHU_QUALITY', 'FEISHU');
    const refused = await call('baseMessageConfig', 'saveOrUpdate', {
      configName: '错误的接口',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'N',
      chatInterface: 'NO_SUCH_INTERFACE',
    });
    expect([refused.httpStatus, refused.body.status]).toEqual([400, 'E']);
    expect(refused.body.msg).toMatch(/NO_SUCH_INTERFACE/);
    await ok('baseMessageConfig', 'saveOrUpdate', {
      configName: '订单发布通知质量群',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'N',
      chatInterface: 'MSG_FEISHU_QUALITY',
    });
    const order = await releasedOrder();
    await waitFor(
      async () => feishu.filter((post) => post.text.includes(String(order.poNumber))),
      (posts) => posts.length === 1,
    );
  });

  it('a robot whose interface is no longer effective fails the message into compensation', async () => {
    const saved = await ok<Row[]>('baseScsiDefinition', 'listByPage', {
      definitionCode: 'MSG_FEISHU_QUALITY',
    });
    const effective = saved.find((row) => row.status === 'EFFECTIVE')!;
    await ok('baseScsiDefinition', 'doInvalid', { definitionId: effective.definitionId });
    const order = await releasedOrder();
    const [instance] = await waitFor(
      () =>
        queryRows<{ state: string; compenId: number | null; error: string }>(
          server().runtime.executor(),
          sql`select state_code as state, compen_id::int as "compenId", last_error as error from base_message_instance
               where channel = 'CHAT' and business_id = ${Number(order.poHeaderId)}`,
        ),
      (rows) => rows[0]?.state === 'FAILED',
    );
    expect(instance!.compenId).not.toBeNull();
    expect(instance!.error).toMatch(/MSG_FEISHU_QUALITY/);
  });
});
