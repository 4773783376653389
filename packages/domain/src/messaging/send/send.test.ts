// Messages people write (messageList, baseMessageSendRestful/doSend) on a real server and
// database with a real SMTP peer: a buyer writes to supplier A and a colleague; every active user
// of A and the colleague are told in-app once, and by e-mail; supplier B's users are not; the
// text and its file arrive as written; 送达情况 shows who read it; a supplier reaches none of it,
// and another supplier not its file.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { withCreditCodeCheck } from '@srm/kernel';
import { TEST_ACTOR_HEADER } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';

type Row = Record<string, unknown>;
const { ids, call, ok, mail, server } = useProcurement({ mail: true });
const SEND = 'baseMessageSend';
const SITE = '/api/message/v1/baseSiteMessageRestful';

async function user(userName: string, extra: Row): Promise<number> {
  return (await ok('baseUser', 'saveOrUpdate', { userName, userFullName: userName, ...extra }))
    .userId as number;
}

/** Uploads a file to the send, as the default test caller (the sender). */
async function attach(sendId: number): Promise<number> {
  const form = new FormData();
  form.append('functionId', SEND);
  form.append('businessId', String(sendId));
  form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), '放假安排.pdf');
  const response = await fetch(`${server().url}/api/file/v2/file/upload`, { method: 'POST', body: form });
  const body = (await response.json()) as { status: string; msg: string; data: Row[] };
  expect(body.status, body.msg).toBe('S');
  return body.data[0]!.id as number;
}

async function download(fileId: number, actor: Row): Promise<number> {
  const response = await fetch(`${server().url}/api/file/v2/file/download?id=${fileId}`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actor) },
  });
  await response.arrayBuffer();
  return response.status;
}

async function told(sendId: unknown): Promise<number[]> {
  const rows = await queryRows<{ userId: number }>(
    server().runtime.executor(),
    sql`select user_id::int as "userId" from base_site_message
         where event_key = ${`MESSAGE_SEND|send-${Number(sendId)}`} order by user_id`,
  );
  return rows.map((row) => row.userId);
}

describe('messages people write', () => {
  it('tell every active user of the suppliers named and the colleagues, once, in-app and by e-mail, and show who read them; another supplier hears nothing', async () => {
    const a1 = await user('send_a1', {
      userType: 'EXTERNAL',
      supplierId: ids.supA,
      email: 'a1@hengda.example',
    });
    const a2 = await user('send_a2', { userType: 'EXTERNAL', supplierId: ids.supA });
    const b1 = await user('send_b1', {
      userType: 'EXTERNAL',
      supplierId: ids.supB,
      email: 'b1@ruifeng.example',
    });
    const colleague = await user('send_x', { userType: 'INTERNAL', email: 'x@buyer.example' });
    const title = '春节放假 {x} <b>安排</b>';
    const content = '2 月 8 日至 2 月 17 日仓库不收货，请提前安排送货。';
    const draft = await ok(SEND, 'saveOrUpdate', {
      title,
      content,
      emailFlag: 'Y',
      targets: [
        { targetType: 'SUPPLIER', supplierId: ids.supA },
        { targetType: 'USER', userId: colleague },
        // Named twice: told once.
        { targetType: 'USER', userId: colleague },
      ],
    });
    expect(draft.status).toBe('DRAFT');
    const key = { sendId: draft.sendId };
    const fileId = await attach(draft.sendId as number);
    await ok(SEND, 'saveOrUpdate', { ...key, versionNum: draft.versionNum, attachmentIds: String(fileId) });
    await ok(SEND, 'doSend', key);
    const sent = await ok(SEND, 'findById', key);
    expect(sent.status).toBe('SENT');
    expect(sent.recipientCount).toBe(3);
    expect(typeof sent.sentAt).toBe('number');
    expect(await told(draft.sendId)).toEqual([a1, a2, colleague].sort((x, y) => x - y));
    expect(await told(draft.sendId)).not.toContain(b1);

    // The text arrives as written, in-app and by e-mail.
    const asA1 = { userId: a1, userName: 'send_a1', side: 'supplier' as const, supplierId: ids.supA };
    const mine = await server().post<Row[]>(
      `${SITE}/findMyMessages`,
      { pageIndex: 1, pageRows: 50 },
      { actor: asA1 },
    );
    const copy = mine.body.data.find((row) => row.source === 'MESSAGE_SEND')!;
    expect(copy.title).toBe(title);
    expect(copy.content).toBe(content);
    // Its file goes with it: A's users read it, supplier B's do not.
    expect(copy.attachmentIds).toBe(String(fileId));
    expect(await download(fileId, asA1)).toBe(200);
    const asB1 = { userId: b1, userName: 'send_b1', side: 'supplier' as const, supplierId: ids.supB };
    expect(await download(fileId, asB1)).toBe(404);
    await mail().waitFor('a1@hengda.example', /仓库不收货/);
    await mail().waitFor('x@buyer.example', /仓库不收货/);
    expect(mail().mails.some((sent) => sent.to.includes('b1@ruifeng.example'))).toBe(false);
    // The e-mail carries the file: its bytes, base64 in the mail.
    const mailToA1 = mail().mails.find((sent) => sent.to.includes('a1@hengda.example'))!;
    expect(mailToA1.raw).toContain(Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'));

    // 送达情况: three recipients unread; once A1 reads it, A1 shows read with the time.
    type Delivery = {
      userId: number;
      userName: string;
      supplierName: string | null;
      readFlag: string;
      readDate: number | null;
      emailState: string | null;
    };
    const before = await ok<Delivery[]>(SEND, 'deliveries', key);
    expect(before.map((row) => [row.userName, row.readFlag])).toEqual(
      expect.arrayContaining([
        ['send_a1', 'N'],
        ['send_a2', 'N'],
        ['send_x', 'N'],
      ]),
    );
    expect(before).toHaveLength(3);
    expect(before.find((row) => row.userName === 'send_x')!.supplierName).toBeNull();
    expect(before.find((row) => row.userName === 'send_a1')!.emailState).not.toBeNull();
    expect(before.find((row) => row.userName === 'send_a2')!.emailState).toBeNull();
    const read = await server().post(`${SITE}/doRead`, { messageIds: [copy.messageId] }, { actor: asA1 });
    expect(read.body.status).toBe('S');
    const after = await ok<Delivery[]>(SEND, 'deliveries', key);
    const a1Row = after.find((row) => row.userName === 'send_a1')!;
    expect(a1Row.readFlag).toBe('Y');
    expect(typeof a1Row.readDate).toBe('number');

    // The same inbox through the instances' endpoints: A2 counts its own, cannot mark A1's, reads all.
    const INSTANCE = '/api/message/v1/baseMessageInstanceRestful';
    const asA2 = { userId: a2, userName: 'send_a2', side: 'supplier' as const, supplierId: ids.supA };
    const unread = async () =>
      (await server().post<{ count: number }>(`${INSTANCE}/countUnread`, {}, { actor: asA2 })).body.data
        .count;
    const before2 = await unread();
    expect(before2).toBeGreaterThanOrEqual(1);
    const others = await server().post<{ count: number }>(
      `${INSTANCE}/doRead`,
      { messageIds: [copy.messageId] },
      { actor: asA2 },
    );
    expect([others.httpStatus, others.body.msg]).toEqual([200, '']);
    expect(others.body.data.count).toBe(0);
    expect(await unread()).toBe(before2);
    const all = await server().post<{ count: number }>(`${INSTANCE}/doReadAll`, {}, { actor: asA2 });
    expect(all.body.data.count).toBe(before2);
    expect(await unread()).toBe(0);

    // Sent once: again is refused, and the draft is no longer edited.
    expect((await call(SEND, 'doSend', key)).body.status).toBe('E');
    expect(await told(draft.sendId)).toHaveLength(3);
    const edit = await call(SEND, 'saveOrUpdate', { ...key, versionNum: sent.versionNum, title: '改标题' });
    expect(edit.body.status).toBe('E');

    // A supplier reaches none of it: not the list, the message, nor who else got it.
    for (const [action, body] of [
      ['listByPage', {}],
      ['findById', key],
      ['deliveries', key],
    ] as const)
      expect((await call(SEND, action, body, asA1)).httpStatus).toBe(403);
  });

  it('is not sent without recipients, nor to suppliers without an active account', async () => {
    const empty = await ok(SEND, 'saveOrUpdate', { title: '无对象', content: '正文', targets: [] });
    const refused = await call(SEND, 'doSend', { sendId: empty.sendId });
    expect([refused.httpStatus, refused.body.status]).toEqual([422, 'E']);
    expect(refused.body.msg).toMatch(/请先添加接收对象/);
    const lonely = await ok('srmSupplierInfo', 'saveOrUpdate', {
      supplierName: '无账号供应商',
      creditCode: withCreditCodeCheck('91320505MA1T9901X'),
      contactName: '某人',
      contactMobile: '13800000000',
      contactEmail: 'nobody@example.cn',
    });
    const nobody = await ok(SEND, 'saveOrUpdate', {
      title: '无账号',
      content: '正文',
      targets: [{ targetType: 'SUPPLIER', supplierId: lonely.supplierId }],
    });
    const answer = await call(SEND, 'doSend', { sendId: nobody.sendId });
    expect(answer.body.status).toBe('E');
    expect(answer.body.msg).toMatch(/没有可接收消息的用户/);
    expect((await ok(SEND, 'findById', { sendId: nobody.sendId })).status).toBe('DRAFT');
  });
});
