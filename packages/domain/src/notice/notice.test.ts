// Notices over real HTTP on a real database: published to the suppliers of a category (a
// snapshot), read, confirmed and answered by each receiver on their own copy, with read receipts
// and reminders for the publisher. Supplier B never learns of a notice meant for A: not through
// the list, a copy's id, the notice's id, its file or a reply.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@srm/platform';
import {
  TEST_ACTOR_HEADER,
  api,
  runExecutable,
  seedsNamed,
  startTestServer,
  type TestServer,
} from '@srm/platform/testing';
import { serverAreas, singleApproverTemplates } from '../areas.server';
import { baseDataSeeds } from '../base-data/server';
import { remindNotifications } from './notice/remind';
import { qualifyLines } from '../domain.testing';
import { audienceWorld, testUser } from './notice.testing';

type Row = Record<string, unknown>;
let server: TestServer;
const ids = { orgA: 0, catX: 0, catY: 0, supA: 0, supB: 0, supC: 0, general: 0, policy: 0, approver: 0 };
const actors: Record<string, Partial<Actor>> = {};
let libraryB = 0;

async function call<T = Row>(
  entity: string,
  action: string,
  body: unknown,
  actor?: Partial<Actor>,
  language?: 'CN' | 'EN',
) {
  return server.post<T>(api(entity, action), body, {
    ...(actor ? { actor } : {}),
    ...(language ? { language } : {}),
  });
}
async function ok<T = Row>(
  entity: string,
  action: string,
  body: unknown,
  actor?: Partial<Actor>,
): Promise<T> {
  const answer = await call<T>(entity, action, body, actor);
  expect(answer.body.status, answer.body.msg).toBe('S');
  return answer.body.data;
}
const mine = (who: string, filters: Row = {}) =>
  ok<Row[]>('srmNoticeReceiver', 'listByPage', { pageIndex: 1, pageRows: 50, ...filters }, actors[who]);

beforeAll(async () => {
  server = await startTestServer({
    areas: serverAreas,
    seeds: seedsNamed(baseDataSeeds, 'lookups', 'currencies', 'organisations', 'categories'),
  });
  const world = await audienceWorld(server, 'noticer');
  Object.assign(ids, world.ids);
  Object.assign(actors, world.actors, { buyer: world.actors.publisher });
  libraryB = world.libraryB;
  actors.approver = await testUser(server, 'pm');
  for (const template of singleApproverTemplates(actors.approver.userId!))
    await ok('srmBaseProcessTemplate', 'saveOrUpdate', template);
  const type = (configCode: string, extra: Row) =>
    ok('srmNoticeConfig', 'saveOrUpdate', {
      configCode,
      configName: configCode,
      noticeKind: 'NOTICE',
      audience: 'SUPPLIER',
      ...extra,
    });
  ids.general = (await type('GENERAL', { confirmFlag: 'Y', replyFlag: 'Y' })).configId as number;
  ids.policy = (await type('POLICY', { approvalFlag: 'Y' })).configId as number;
}, 120_000);
afterAll(async () => server?.close());

const draft = (extra: Row = {}) =>
  ok(
    'srmNotice',
    'saveOrUpdate',
    {
      noticeKind: 'NOTICE',
      configId: ids.general,
      title: '关于品类X包装变更的通知',
      content:
        '<p onclick="steal()">自12月起请使用新包装<script>alert(1)</script><a href="javascript:alert(2)">说明</a></p>',
      targets: [{ targetType: 'SUPPLIER_CATEGORY', categoryId: ids.catX }],
      ...extra,
    },
    actors.buyer,
  );

async function uploadTo(noticeId: number): Promise<number> {
  const form = new FormData();
  form.append('functionId', 'srmNotice');
  form.append('businessId', String(noticeId));
  form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), '包装规范.pdf');
  const response = await fetch(`${server.url}/api/file/v2/file/upload`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actors.buyer) },
    body: form,
  });
  const body = (await response.json()) as { status: string; msg: string; data: Row[] };
  expect(body.status, body.msg).toBe('S');
  return body.data[0]!.id as number;
}
/** A file uploaded by `who` for no record yet (a reply's). */
async function uploadAs(who: string, name: string): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), name);
  const response = await fetch(`${server.url}/api/file/v2/file/upload`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actors[who]) },
    body: form,
  });
  const body = (await response.json()) as { status: string; msg: string; data: Row[] };
  expect(body.status, body.msg).toBe('S');
  return body.data[0]!.id as number;
}
const download = (fileId: number, who: string) =>
  fetch(`${server.url}/api/file/v2/file/download?id=${fileId}`, {
    method: 'POST',
    headers: { [TEST_ACTOR_HEADER]: JSON.stringify(actors[who]) },
  });

describe('notices', () => {
  let noticeId = 0;
  let fileId = 0;
  let replyFile = 0;
  const copyOf = async (who: string) => (await mine(who)).find((row) => row.noticeId === noticeId);

  it('is cleaned at save and published to the users of the suppliers qualified for the category', async () => {
    const saved = await draft();
    noticeId = saved.noticeId as number;
    expect(String(saved.content)).toBe('<p>自12月起请使用新包装<a>说明</a></p>');
    expect(saved).toMatchObject({
      summary: '自12月起请使用新包装说明',
      confirmFlag: 'Y',
      replyFlag: 'Y',
      status: 'DRAFT',
    });
    fileId = await uploadTo(noticeId);
    // A draft reaches nobody.
    expect(await copyOf('a1')).toBeUndefined();
    const [published] = await ok<Row[]>('srmNotice', 'doPublish', { noticeId }, actors.buyer);
    expect(published).toMatchObject({ status: 'PUBLISHED', receiverCount: 3, publishCount: 1 });
    for (const who of ['a1', 'a2', 'c1'])
      expect(await copyOf(who), who).toMatchObject({ title: '关于品类X包装变更的通知', status: 'ACTIVE' });
    // In-app message with a link to the reader.
    const told = await server.database.db.execute(
      sql`select count(*)::int as n from base_site_message where source = 'NOTICE_PUBLISHED' and link_route = 'notice/noticeDesc'`,
    );
    expect((told as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });

  it('supplier B learns nothing of it: list, copy, notice, file and receipts', async () => {
    expect(await mine('b1')).toEqual([]);
    const a1Copy = await copyOf('a1');
    for (const action of ['read', 'confirm'])
      expect(
        (await call('srmNoticeReceiver', action, { receiverId: a1Copy!.receiverId }, actors.b1)).httpStatus,
        action,
      ).toBe(404);
    expect(
      (await call('srmNoticeReceiver', 'findById', { receiverId: a1Copy!.receiverId }, actors.b1)).httpStatus,
    ).toBe(404);
    expect([403, 404]).toContain((await call('srmNotice', 'findById', { noticeId }, actors.b1)).httpStatus);
    expect([403, 404]).toContain((await call('srmNotice', 'receipts', { noticeId }, actors.b1)).httpStatus);
    const refused = await download(fileId, 'b1');
    expect(refused.status).not.toBe(200);
    await refused.arrayBuffer();
    const allowed = await download(fileId, 'a1');
    expect(allowed.status).toBe(200);
    expect(Buffer.from(await allowed.arrayBuffer()).toString()).toContain('%PDF');
  });

  it('concurrent opens count one first read; confirmation and reply are kept on the copy, unseen by a colleague', async () => {
    const copy = await copyOf('a1');
    const opens = await Promise.all(
      Array.from({ length: 6 }, () =>
        call<Row>('srmNoticeReceiver', 'read', { receiverId: copy!.receiverId }, actors.a1),
      ),
    );
    for (const open of opens) expect(open.body.status, open.body.msg).toBe('S');
    const firsts = new Set(opens.map((open) => (open.body.data.receiver as Row).firstReadAt));
    expect(firsts.size).toBe(1);
    expect((opens[0]!.body.data.notice as Row).content).toBe('<p>自12月起请使用新包装<a>说明</a></p>');
    await ok('srmNoticeReceiver', 'confirm', { receiverId: copy!.receiverId }, actors.a1);
    // A file of someone else's cannot be attached (c1's upload, by its id).
    const foreign = await uploadAs('c1', '别人的.pdf');
    const stolen = await call(
      'srmNoticeReceiver',
      'reply',
      { receiverId: copy!.receiverId, replyContent: '附上', replyAttachmentIds: String(foreign) },
      actors.a1,
    );
    expect(stolen.httpStatus).toBe(404);
    replyFile = await uploadAs('a1', '切换计划.pdf');
    await ok(
      'srmNoticeReceiver',
      'reply',
      {
        receiverId: copy!.receiverId,
        replyContent: '已安排，12月5日起切换',
        replyAttachmentIds: String(replyFile),
      },
      actors.a1,
    );
    expect(await copyOf('a1')).toMatchObject({
      readCount: 6,
      replyContent: '已安排，12月5日起切换',
      replyAttachmentIds: String(replyFile),
    });
    // The reply's file: a1 reads it; a1's colleague and another supplier do not.
    for (const [who, status] of [
      ['a1', 200],
      ['a2', 404],
      ['c1', 404],
      ['b1', 404],
    ] as const) {
      const answer = await download(replyFile, who);
      await answer.arrayBuffer();
      expect(answer.status, who).toBe(status);
    }
    // Colleague a2 sees only their own copy, without a1's answer.
    const colleague = await copyOf('a2');
    expect(colleague).toMatchObject({ replyContent: null, readCount: 0 });
    expect(
      (await call('srmNoticeReceiver', 'read', { receiverId: copy!.receiverId }, actors.a2)).httpStatus,
    ).toBe(404);
    const en = await call(
      'srmNoticeReceiver',
      'reply',
      { receiverId: colleague!.receiverId, replyContent: '  ' },
      actors.a2,
      'EN',
    );
    // Blanks only: missing, as a blank required input always is.
    expect([en.httpStatus, en.body]).toMatchObject([400, { status: 'E', msg: 'Reply: Required' }]);
  });

  it('the publisher sees one read, one confirmed, one reply, and reminds the rest', async () => {
    const receipts = await ok<{ totals: Row; rows: Row[] }>(
      'srmNotice',
      'receipts',
      { noticeId },
      actors.buyer,
    );
    expect(receipts.totals).toEqual({ receivers: 3, read: 1, confirmed: 1, replied: 1, waiting: 2 });
    expect(receipts.rows.find((row) => row.receiverUserId === actors.a1!.userId)).toMatchObject({
      replyContent: '已安排，12月5日起切换',
      replyAttachmentIds: String(replyFile),
      readCount: 6,
    });
    // The buyer side reads the reply's file.
    const file = await download(replyFile, 'buyer');
    await file.arrayBuffer();
    expect(file.status).toBe(200);
    const unread = await call<{ rows: Row[] }>(
      'srmNotice',
      'receipts',
      { noticeId, filter: 'UNREAD' },
      actors.buyer,
    );
    expect(unread.body.data.rows.map((row) => row.receiverUserId).sort()).toEqual(
      [actors.a2!.userId, actors.c1!.userId].sort(),
    );
    expect(unread.body.page).toEqual({ count: 2, curIndex: 1 });
    const reminded = await ok<Row>('srmNotice', 'doRemind', { noticeId }, actors.buyer);
    expect(reminded.count).toBe(2);
    expect(await copyOf('c1')).toMatchObject({ remindCount: 1 });
    expect(await copyOf('a1')).toMatchObject({ remindCount: 0 });
  });

  it('is a snapshot; withdrawing hides it at once; republishing keeps its id and the copies’ answers', async () => {
    // B is qualified for X after publishing: it does not get the notice.
    await qualifyLines(server, [libraryB]);
    expect(await mine('b1')).toEqual([]);
    await ok('srmNotice', 'doWithdraw', { noticeId }, actors.buyer);
    expect(await copyOf('a1')).toBeUndefined();
    const a1Copy = (await ok<{ rows: Row[] }>('srmNotice', 'receipts', { noticeId }, actors.buyer)).rows;
    expect(a1Copy).toEqual([]);
    const refused = await download(fileId, 'a1');
    expect(refused.status).not.toBe(200);
    await refused.arrayBuffer();
    const [again] = await ok<Row[]>('srmNotice', 'doPublish', { noticeId }, actors.buyer);
    expect(again).toMatchObject({ noticeId, publishCount: 2, receiverCount: 4 });
    expect(await copyOf('b1')).toMatchObject({ title: '关于品类X包装变更的通知' });
    expect(await copyOf('a1')).toMatchObject({ replyContent: '已安排，12月5日起切换', readCount: 6 });
  });

  it('an invalidated type cannot be used; a type needing approval publishes through the process', async () => {
    const other = await draft({ title: '旧类型公告' });
    await ok('srmNoticeConfig', 'doInvalid', { configId: ids.general });
    try {
      const fresh = await call(
        'srmNotice',
        'saveOrUpdate',
        {
          noticeKind: 'NOTICE',
          configId: ids.general,
          title: 'x',
          content: '<p>x</p>',
          targets: [{ targetType: 'ALL_QUALIFIED' }],
        },
        actors.buyer,
      );
      expect(fresh.body.status).toBe('E');
      const refused = await call('srmNotice', 'doPublish', { noticeId: other.noticeId }, actors.buyer, 'EN');
      expect(refused.httpStatus).toBe(422);
      expect(refused.body.msg).toContain('The notice type has been invalidated');
      // Notices that have the type keep it.
      expect(await ok('srmNotice', 'findById', { noticeId }, actors.buyer)).toMatchObject({
        configId: ids.general,
      });
    } finally {
      await ok('srmNoticeConfig', 'doEnable', { configId: ids.general });
    }
    const policy = await draft({
      configId: ids.policy,
      title: '采购政策更新',
      targets: [{ targetType: 'SUPPLIER', supplierId: ids.supB }],
    });
    const direct = await call('srmNotice', 'doPublish', { noticeId: policy.noticeId }, actors.buyer, 'EN');
    expect(direct.httpStatus).toBe(422);
    expect(direct.body.msg).toContain('submit it for approval');
    await ok('srmNotice', 'doSubmit', { noticeId: policy.noticeId }, actors.buyer);
    expect(await mine('b1', { title: '采购政策' })).toEqual([]);
    const tasks = await server.post<Row[]>(
      '/api/bpm/v1/bpmTaskRestful/findTodoTasks',
      { pageIndex: 1, pageRows: 50, entityName: 'srmNotice' },
      { actor: actors.approver },
    );
    const task = tasks.body.data.find((row) => row.documentId === policy.noticeId);
    const approved = await server.post(
      '/api/bpm/v1/bpmTaskRestful/doApprove',
      { taskId: task!.taskId },
      { actor: actors.approver },
    );
    expect(approved.body.status, approved.body.msg).toBe('S');
    expect(await ok('srmNotice', 'findById', { noticeId: policy.noticeId }, actors.buyer)).toMatchObject({
      status: 'PUBLISHED',
      receiverCount: 1,
    });
    expect(await mine('b1', { title: '采购政策' })).toHaveLength(1);
    expect(await mine('a1', { title: '采购政策' })).toEqual([]);
  });

  it('refuses an audience line without what it names, in the reader’s language', async () => {
    const answer = await call(
      'srmNotice',
      'saveOrUpdate',
      {
        noticeKind: 'NOTICE',
        configId: ids.general,
        title: 'x',
        content: '<p>x</p>',
        targets: [{ targetType: 'SUPPLIER_CATEGORY' }],
      },
      actors.buyer,
      'EN',
    );
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.msg).toContain('Choose who this audience line names');
  });

  it('the reminder program reminds a notification’s waiting receivers once a day until they answer', async () => {
    const survey = await ok('srmNoticeConfig', 'saveOrUpdate', {
      configCode: 'SURVEY',
      configName: '调查通知',
      noticeKind: 'NOTIFICATION',
      audience: 'SUPPLIER',
      replyFlag: 'Y',
    });
    const saved = await draft({
      noticeKind: 'NOTIFICATION',
      configId: survey.configId,
      title: '2027年产能调查',
      replyDeadline: server.clock.now().getTime() + 3 * 86_400_000,
      targets: [{ targetType: 'SUPPLIER', supplierId: ids.supA }],
    });
    await ok('srmNotice', 'doPublish', { noticeId: saved.noticeId }, actors.buyer);
    const run = () =>
      runExecutable(server, remindNotifications, { params: { everyHours: 24 }, operation: 'NOTICE_REMIND' });
    expect(await run()).toBe('2 reminded');
    // Not again within the interval.
    expect(await run()).toBe('0 reminded');
    const copy = (await mine('a1', { title: '2027年产能调查' }))[0]!;
    await ok(
      'srmNoticeReceiver',
      'reply',
      { receiverId: copy.receiverId, replyContent: '可增产20%' },
      actors.a1,
    );
    server.clock.travel(25 * 3_600_000);
    expect(await run()).toBe('1 reminded');
    expect((await mine('a2', { title: '2027年产能调查' }))[0]).toMatchObject({ remindCount: 2 });
    // Past the deadline nobody is reminded any more.
    server.clock.travel(3 * 86_400_000);
    expect(await run()).toBe('0 reminded');
  });
});

describe('notices to a supplier level', () => {
  it('reach the users of the qualified suppliers of that level only; a supplier never reads its level', async () => {
    const level = async (supplierId: number, supplierLevel: string) => {
      const row = await ok('srmSupplierInfo', 'findById', { supplierId });
      await ok('srmSupplierInfo', 'saveOrUpdate', { supplierId, versionNum: row.versionNum, supplierLevel });
    };
    await level(ids.supA, 'A');
    await level(ids.supB, 'A');
    await level(ids.supC, 'B');
    const saved = await draft({
      title: 'A 级供应商年度大会邀请',
      targets: [{ targetType: 'SUPPLIER_LEVEL', supplierLevel: 'A' }],
    });
    const [published] = await ok<Row[]>('srmNotice', 'doPublish', { noticeId: saved.noticeId }, actors.buyer);
    expect(published).toMatchObject({ status: 'PUBLISHED', receiverCount: 3 });
    const titles = async (who: string) => (await mine(who)).map((row) => row.title);
    for (const who of ['a1', 'a2', 'b1']) expect(await titles(who), who).toContain('A 级供应商年度大会邀请');
    expect(await titles('c1')).not.toContain('A 级供应商年度大会邀请');
    // The level is the buyer's: not in the supplier's own record, nor a filter it may use.
    const own = await ok('srmSupplierInfo', 'findById', { supplierId: ids.supA }, actors.a1);
    expect(own).not.toHaveProperty('supplierLevel');
    const refused = await call('srmSupplierInfo', 'listByPage', { supplierLevel: 'A' }, actors.a1);
    expect(refused.body.status).toBe('E');
    // A line of that type names its level.
    const missing = await call(
      'srmNotice',
      'saveOrUpdate',
      {
        configId: ids.general,
        noticeKind: 'NOTICE',
        title: 't',
        content: '<p>x</p>',
        targets: [{ targetType: 'SUPPLIER_LEVEL' }],
      },
      actors.buyer,
    );
    expect([missing.httpStatus, missing.body.status]).toEqual([400, 'E']);
  });
});
