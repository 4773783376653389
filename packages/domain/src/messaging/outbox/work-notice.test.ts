// Work notices (工作通知) through the message outbox and the interfaces' outbox, over real HTTP on
// a real database, against a DingTalk and a Feishu in this process that hand out application
// tokens and take messages only with a token they issued, as those tools do: a released order
// tells the buyer's manager in DingTalk by their userid, with one token for several messages; a
// token the tool revoked is dropped on its "invalid token" answer and the retry fetches another;
// the supplier's English-speaking user hears in Feishu in English, the content sent as JSON text;
// a user who switched work notices off, or who has no id in the tool, gets none; no token or
// secret reaches the platform log.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { waitFor } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';

type Row = Record<string, unknown>;
const { call, ok, releasedOrder, server, supplierUsers, ids } = useProcurement();

const DINGTALK_APP = { key: 'ding-app-key', secret: 'ding-app-secret-0123' };
const FEISHU_APP = { id: 'cli_a1b2c3', secret: 'feishu-app-secret-4567' };

/** What each tool accepted, the tokens it handed out (the live one last) and how often. */
const dingtalk: { userIds: string; text: string; agentId: unknown }[] = [];
const feishu: { openId: string; text: string }[] = [];
const tokens: { dingtalk: string[]; feishu: string[] } = { dingtalk: [], feishu: [] };
let tools: Server;
let toolsUrl = '';

beforeAll(async () => {
  let issued = 0;
  tools = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://tools');
      const answer = (payload: Row) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const body = (raw ? JSON.parse(raw) : {}) as Row;
      switch (url.pathname) {
        case '/gettoken': {
          if (
            url.searchParams.get('appkey') !== DINGTALK_APP.key ||
            url.searchParams.get('appsecret') !== DINGTALK_APP.secret
          )
            return answer({ errcode: 40089, errmsg: '不合法的corpid或corpsecret' });
          const token = `ding-token-${++issued}`;
          tokens.dingtalk.push(token);
          return answer({ errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
        }
        case '/topapi/message/corpconversation/asyncsend_v2': {
          if (url.searchParams.get('access_token') !== tokens.dingtalk.at(-1))
            return answer({ errcode: 40014, errmsg: '不合法的access_token' });
          const msg = body.msg as { text?: { content?: string } } | undefined;
          dingtalk.push({
            userIds: String(body.userid_list),
            text: msg?.text?.content ?? '',
            agentId: body.agent_id,
          });
          return answer({ errcode: 0, errmsg: 'ok', task_id: dingtalk.length });
        }
        case '/open-apis/auth/v3/tenant_access_token/internal': {
          if (body.app_id !== FEISHU_APP.id || body.app_secret !== FEISHU_APP.secret)
            return answer({ code: 10014, msg: 'app secret invalid' });
          const token = `t-feishu-${++issued}`;
          tokens.feishu.push(token);
          return answer({ code: 0, msg: 'ok', tenant_access_token: token, expire: 7200 });
        }
        case '/open-apis/im/v1/messages': {
          if (request.headers.authorization !== `Bearer ${tokens.feishu.at(-1)}`)
            return answer({ code: 99991663, msg: 'Invalid access token for authorization' });
          if (url.searchParams.get('receive_id_type') !== 'open_id' || body.msg_type !== 'text')
            return answer({ code: 230001, msg: 'invalid request' });
          // Feishu's content is a JSON object sent as text.
          const content = JSON.parse(String(body.content)) as { text: string };
          feishu.push({ openId: String(body.receive_id), text: content.text });
          return answer({ code: 0, msg: 'success', data: { message_id: `om_${feishu.length}` } });
        }
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => tools.listen(0, '127.0.0.1', resolve));
  toolsUrl = `http://127.0.0.1:${(tools.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => tools?.close(resolve));
});

/** An effective interface definition sending message instances to one person in a tool. */
async function workNoticeDefinition(code: string, tool: 'DINGTALK' | 'FEISHU'): Promise<Row> {
  const dingtalkShape = {
    requestPath: '/topapi/message/corpconversation/asyncsend_v2',
    paramsInterceptor: 'DINGTALK_ACCESS_TOKEN',
    successPath: 'errcode',
    // 40014: the token is not valid (any more): the retry fetches another.
    retryValues: '40014,42001',
    reqMaps: [
      { lineNum: 1, targetPath: 'agent_id', sourceType: 'PARAMETER', sourcePath: 'agentId' },
      { lineNum: 2, targetPath: 'userid_list', sourceType: 'FIELD', sourcePath: 'chatId' },
      { lineNum: 3, targetPath: 'msg.msgtype', sourceType: 'CONSTANT', constantValue: 'text' },
      { lineNum: 4, targetPath: 'msg.text.content', sourceType: 'FIELD', sourcePath: 'body' },
    ],
    parameters: [
      { lineNum: 1, paramName: 'appKey', paramValue: DINGTALK_APP.key },
      { lineNum: 2, paramName: 'appSecret', secretFlag: 'Y', paramValue: DINGTALK_APP.secret },
      { lineNum: 3, paramName: 'tokenUrl', paramValue: `${toolsUrl}/gettoken` },
      { lineNum: 4, paramName: 'agentId', paramValue: '2874501' },
    ],
  };
  const feishuShape = {
    requestPath: '/open-apis/im/v1/messages?receive_id_type=open_id',
    headerInterceptor: 'FEISHU_TENANT_TOKEN',
    successPath: 'code',
    retryValues: '99991663,99991668',
    reqMaps: [
      { lineNum: 1, targetPath: 'receive_id', sourceType: 'FIELD', sourcePath: 'chatId' },
      { lineNum: 2, targetPath: 'msg_type', sourceType: 'CONSTANT', constantValue: 'text' },
      {
        lineNum: 3,
        targetPath: 'content',
        sourceType: 'FIELD',
        sourcePath: 'body',
        transform: 'JSON_TEXT',
        transformArg: 'text',
      },
    ],
    parameters: [
      { lineNum: 1, paramName: 'appId', paramValue: FEISHU_APP.id },
      { lineNum: 2, paramName: 'appSecret', secretFlag: 'Y', paramValue: FEISHU_APP.secret },
      {
        lineNum: 3,
        paramName: 'tokenUrl',
        paramValue: `${toolsUrl}/open-apis/auth/v3/tenant_access_token/internal`,
      },
    ],
  };
  const saved = await ok('baseScsiDefinition', 'saveOrUpdate', {
    definitionCode: code,
    definitionName: `工作通知 ${code}`,
    targetSystem: 'CHAT',
    businessEntity: 'baseMessageInstance',
    triggerType: 'PROGRAM',
    idempotencyKeyTemplate: `${code}-{instanceId}`,
    successValue: '0',
    retryLimit: 3,
    retryDelayMs: 200,
    retryMaxDelayMs: 1_000,
    configs: [{ envCode: 'PROD', baseUrl: toolsUrl }],
    ...(tool === 'DINGTALK' ? dingtalkShape : feishuShape),
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

async function userId(userName: string): Promise<number> {
  return Number((await server().first<Row>('baseUser', { userName })).userId);
}

/** Sets a user's id in a chat tool on 消息用户, as an administrator does. */
async function setChatId(userName: string, field: 'dingtalkUserId' | 'feishuOpenId', value: string) {
  const entry = await server().first<Row>('baseMessageUser', { userId: await userId(userName) });
  await ok('baseMessageUser', 'saveOrUpdate', {
    messageUserId: entry.messageUserId,
    versionNum: entry.versionNum,
    [field]: value,
  });
}

async function workNotices(orderId: unknown) {
  return queryRows<{ state: string; chatId: string | null; suppressedBy: string | null; userId: number }>(
    server().runtime.executor(),
    sql`select state_code as state, chat_id as "chatId", suppressed_by as "suppressedBy", recipient_id::int as "userId"
          from base_message_instance
         where channel = 'CHAT' and business_id = ${Number(orderId)} order by instance_id`,
  );
}

describe('work notices in chat tools', () => {
  it('tells the manager in DingTalk by userid with one token for several orders; a revoked token is fetched again; no secret is logged', async () => {
    await workNoticeDefinition('MSG_DINGTALK_NOTICE', 'DINGTALK');
    const refused = await call('baseMessageConfig', 'saveOrUpdate', {
      configName: '缺少接收人标识',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'N',
      workNoticeInterface: 'MSG_DINGTALK_NOTICE',
      recipients: [{ recipientType: 'USER', userId: await userId('pm') }],
    });
    expect([refused.httpStatus, refused.body.status]).toEqual([400, 'E']);
    expect(refused.body.msg).toMatch(/接收人标识/);
    await setChatId('pm', 'dingtalkUserId', 'manager0142');
    const config = await ok('baseMessageConfig', 'saveOrUpdate', {
      configName: '订单发布工作通知经理',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'N',
      workNoticeInterface: 'MSG_DINGTALK_NOTICE',
      workNoticeIdType: 'DINGTALK',
      // buyer1 has no DingTalk id: no notice for them.
      recipients: [
        { recipientType: 'USER', userId: await userId('pm') },
        { recipientType: 'USER', userId: await userId('buyer1') },
      ],
    });
    const first = await releasedOrder();
    const second = await releasedOrder();
    const numbers = [String(first.poNumber), String(second.poNumber)];
    await waitFor(
      async () => dingtalk.filter((post) => numbers.some((number) => post.text.includes(number))),
      (posts) => posts.length === 2,
    );
    expect(tokens.dingtalk).toHaveLength(1);
    expect(dingtalk.map((post) => [post.userIds, post.agentId])).toEqual([
      ['manager0142', '2874501'],
      ['manager0142', '2874501'],
    ]);
    // The tool records a post before it answers: the instance is SENT once the answer is read.
    expect(
      await waitFor(
        () => workNotices(first.poHeaderId),
        (notices) => notices.every((notice) => !['PENDING', 'SENDING', 'RETRY_WAIT'].includes(notice.state)),
      ),
    ).toEqual([{ state: 'SENT', chatId: 'manager0142', suppressedBy: null, userId: await userId('pm') }]);

    // DingTalk revokes the token (a new one issued elsewhere): the next message is answered
    // 40014, the token forgotten, and the retry sent with a fresh one.
    tokens.dingtalk.push('ding-token-elsewhere');
    const third = await releasedOrder();
    await waitFor(
      async () => dingtalk.filter((post) => post.text.includes(String(third.poNumber))),
      (posts) => posts.length === 1,
    );
    expect(tokens.dingtalk).toHaveLength(3);
    // The last call's log row is written once its answer is read, after the tool recorded it.
    const log = await waitFor(
      () =>
        queryRows<{ url: string; body: string | null; headers: unknown; answer: string | null }>(
          server().runtime.executor(),
          sql`select request_url as url, request_body as body, request_headers as headers, response_body as answer
                from base_scsi_platform_log where definition_code = 'MSG_DINGTALK_NOTICE'`,
        ),
      (rows) => rows.length >= 4,
    );
    expect(log.length).toBe(4);
    const logged = JSON.stringify(log);
    for (const secret of [...tokens.dingtalk.slice(0, 1), tokens.dingtalk[2]!, DINGTALK_APP.secret])
      expect(logged).not.toContain(secret);
    expect(logged).toContain('access_token=');
    const stored = await ok('baseMessageConfig', 'findById', { configId: config.configId });
    await ok('baseMessageConfig', 'saveOrUpdate', {
      configId: stored.configId,
      versionNum: stored.versionNum,
      enabledFlag: 'N',
    });
  });

  it("the supplier's user hears in Feishu in their language; one who switched work notices off hears nothing", async () => {
    await supplierUsers('wn');
    const english = await server().first<Row>('baseUser', { userName: 'sup_a_wn' });
    await ok('baseUser', 'saveOrUpdate', {
      userId: english.userId,
      versionNum: english.versionNum,
      languageCode: 'EN',
    });
    await setChatId('sup_a_wn', 'feishuOpenId', 'ou_supplier_a');
    await setChatId('sup_b_wn', 'feishuOpenId', 'ou_supplier_b');
    // Supplier B's user switches PO_RELEASED's work notices off (消息接收设置).
    const switched = await server().post(
      '/api/message/v1/baseMessageReceiveRestful/saveMine',
      { sourceCode: 'PO_RELEASED', chatFlag: 'N' },
      { actor: { userId: await userId('sup_b_wn'), side: 'supplier', supplierId: ids.supB } },
    );
    expect(switched.body.status, switched.body.msg).toBe('S');
    await workNoticeDefinition('MSG_FEISHU_NOTICE', 'FEISHU');
    await ok('baseMessageConfig', 'saveOrUpdate', {
      configName: '订单发布飞书通知供应商',
      sourceId: await sourceId('PO_RELEASED'),
      inAppFlag: 'N',
      workNoticeInterface: 'MSG_FEISHU_NOTICE',
      workNoticeIdType: 'FEISHU',
      recipients: [{ recipientType: 'SUPPLIER_USERS' }],
    });
    const toA = await releasedOrder(ids.supA);
    const [post] = await waitFor(
      async () => feishu.filter((sent) => sent.text.includes(String(toA.poNumber))),
      (posts) => posts.length === 1,
    );
    expect(post!.openId).toBe('ou_supplier_a');
    expect(post!.text).toMatch(new RegExp(`^New purchase order ${String(toA.poNumber)}\n.*please confirm`));
    expect(tokens.feishu).toHaveLength(1);

    const toB = await releasedOrder(ids.supB);
    expect(await workNotices(toB.poHeaderId)).toEqual([
      {
        state: 'SUPPRESSED',
        chatId: 'ou_supplier_b',
        suppressedBy: 'PREFERENCE_OFF',
        userId: await userId('sup_b_wn'),
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(feishu.filter((sent) => sent.text.includes(String(toB.poNumber)))).toHaveLength(0);
    const logged = JSON.stringify(
      await queryRows(
        server().runtime.executor(),
        sql`select request_url, request_headers, request_body from base_scsi_platform_log
             where definition_code = 'MSG_FEISHU_NOTICE'`,
      ),
    );
    expect(logged).not.toContain(tokens.feishu[0]!);
    expect(logged).not.toContain(FEISHU_APP.secret);
  });
});
