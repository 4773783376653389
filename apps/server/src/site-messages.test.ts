// In-app messages (站内信) over real HTTP: the approval engine tells approvers of a new task and
// the submitter of the outcome; each reader sees only their own messages, in their language;
// marking read; addressing every user of a supplier; bad input answers a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUPPLIERS } from '@srm/domain/demo';
import type { Actor } from '@srm/platform';
import { type ApprovalServer, startApprovalServer } from './approval.testing';

type Row = Record<string, unknown>;
let server: ApprovalServer;
const users: Record<string, number> = {};
let supplierId = 0;

const MSG = '/api/message/v1/baseSiteMessageRestful';
const DOC = '/api/srm/v1/testApprovalDocRestful';
const BPM = '/api/bpm/v1';

const as = (name: string): Partial<Actor> => ({ userId: users[name]!, userName: name, side: 'internal' });

interface Message {
  messageId: number;
  title: string;
  content: string | null;
  entityName: string | null;
  documentKey: string | null;
  documentId: number | null;
  readFlag: string;
}

async function ok<T = Row>(
  path: string,
  body: unknown,
  actor?: Partial<Actor>,
  language?: 'CN' | 'EN',
): Promise<T> {
  const answer = await server.post<T>(path, body, actor, language);
  if (answer.body.status !== 'S') throw new Error(`${path}: ${answer.httpStatus} ${answer.body.msg}`);
  return answer.body.data;
}

async function inbox(name: string, language?: 'CN' | 'EN', body: Row = {}) {
  const answer = await server.post<Message[]>(
    `${MSG}/findMyMessages`,
    { pageRows: 50, ...body },
    as(name),
    language,
  );
  expect(answer.body.status).toBe('S');
  return { rows: answer.body.data, count: answer.body.page!.count };
}

async function unread(name: string): Promise<number> {
  return (await ok<{ count: number }>(`${MSG}/countUnread`, {}, as(name))).count;
}

beforeAll(async () => {
  server = await startApprovalServer();
  for (const name of ['buyer', 'boss', 'other']) {
    const row = await ok<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName: name,
      userFullName: name.toUpperCase(),
      userType: 'INTERNAL',
    });
    users[name] = row.userId as number;
  }
  const supplier = DEMO_SUPPLIERS[0]!.supplier as Row;
  supplierId = (await ok<Row>('/api/srm/v1/srmSupplierInfoRestful/saveOrUpdate', supplier))
    .supplierId as number;
  for (const name of ['supA1', 'supA2']) {
    const row = await ok<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName: name,
      userFullName: name.toUpperCase(),
      userType: 'EXTERNAL',
      supplierId,
    });
    users[name] = row.userId as number;
  }
  await ok(`${BPM}/srmBaseProcessTemplateRestful/saveOrUpdate`, {
    processKey: 'TEST_DOC_APPROVAL',
    processName: '测试审批',
    entityName: 'testApprovalDoc',
    nodes: [{ nodeNum: 1, nodeName: '经理审批', nodeNameEn: 'Manager', signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, approverType: 'USER', userId: users.boss }],
  });
}, 60_000);
afterAll(async () => server?.close());

describe('in-app messages', () => {
  let docId = 0;
  let docNumber = '';

  it('a submission tells the approver, in the reader’s language, with a link to the document', async () => {
    const created = await ok<Row>(`${DOC}/saveOrUpdate`, { title: 'Bearings', amount: 10 }, as('buyer'));
    docId = created.docId as number;
    docNumber = created.docNumber as string;
    expect(await unread('boss')).toBe(0);
    await ok(`${DOC}/doSubmit`, { docId }, as('buyer'));
    expect(await unread('boss')).toBe(1);
    const cn = await inbox('boss');
    expect(cn.rows[0]!.title).toBe(`待审批：测试审批单 ${docNumber}`);
    expect(cn.rows[0]!.content).toContain('经理审批');
    expect(cn.rows[0]).toMatchObject({
      entityName: 'testApprovalDoc',
      documentKey: 'docId',
      documentId: docId,
    });
    const en = await inbox('boss', 'EN');
    expect(en.rows[0]!.title).toBe(`To approve: Test approval document ${docNumber}`);
    expect(en.rows[0]!.content).toContain('"Manager"');
    // Nobody else is told, and nobody reads another user's messages.
    expect((await inbox('other')).count).toBe(0);
    expect((await inbox('buyer')).count).toBe(0);
  });

  it('marking read: only my own messages change; the count follows', async () => {
    const [message] = (await inbox('boss')).rows;
    const foreign = await ok<{ count: number }>(
      `${MSG}/doRead`,
      { messageIds: [message!.messageId] },
      as('other'),
    );
    expect(foreign.count).toBe(0);
    expect(await unread('boss')).toBe(1);
    const mine = await ok<{ count: number }>(
      `${MSG}/doRead`,
      { messageIds: String(message!.messageId) },
      as('boss'),
    );
    expect(mine.count).toBe(1);
    expect(await unread('boss')).toBe(0);
    expect((await inbox('boss', 'CN', { readFlag: 'N' })).count).toBe(0);
    expect((await inbox('boss', 'CN', { readFlag: 'Y' })).rows[0]!.readFlag).toBe('Y');
  });

  it('a rejection tells the submitter with the approver’s comment', async () => {
    const list = await ok<{ taskId: number; documentId: number }[]>(
      `${BPM}/bpmTaskRestful/findTodoTasks`,
      {},
      as('boss'),
    );
    const task = list.find((row) => row.documentId === docId)!;
    await ok(`${BPM}/bpmTaskRestful/doReject`, { taskId: task.taskId, comment: '单价过高' }, as('boss'));
    const { rows } = await inbox('buyer');
    expect(rows[0]!.title).toBe(`已驳回：测试审批单 ${docNumber}`);
    expect(rows[0]!.content).toContain('单价过高');
    expect(rows[0]!.content).toContain('BOSS');
    await ok(`${MSG}/doReadAll`, {}, as('buyer'));
    expect(await unread('buyer')).toBe(0);
  });

  it('an approval tells the submitter', async () => {
    await ok(`${DOC}/doSubmit`, { docId }, as('buyer'));
    const list = await ok<{ taskId: number; documentId: number }[]>(
      `${BPM}/bpmTaskRestful/findTodoTasks`,
      {},
      as('boss'),
    );
    const task = list.find((row) => row.documentId === docId)!;
    await ok(`${BPM}/bpmTaskRestful/doApprove`, { taskId: task.taskId }, as('boss'));
    const { rows } = await inbox('buyer', 'EN');
    expect(rows[0]!.title).toBe(`Approved: Test approval document ${docNumber}`);
    expect(await unread('buyer')).toBe(1);
  });

  it('addressed to a supplier, every user of that supplier gets it, and no one else', async () => {
    const notified = await server.runtime.plugins.siteMessages!.notify({
      supplierId,
      titleKey: 'message.bpm.approvedTitle',
      params: { document: { key: 'entity.testApprovalDoc' }, number: 'X-1' },
      link: { route: 'supplierPendingList', query: { tab: 1 } },
      source: 'TEST',
    });
    expect(notified.sort()).toEqual([users.supA1, users.supA2].sort());
    for (const name of ['supA1', 'supA2']) {
      const { rows } = await inbox(name);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ title: '已审批通过：测试审批单 X-1', entityName: null });
      expect((rows[0] as unknown as Row).linkRoute).toBe('supplierPendingList');
      expect((rows[0] as unknown as Row).linkQuery).toBe('tab=1');
    }
    expect((await inbox('other')).count).toBe(0);
  });

  it('many at once: each message to its own recipients, an event told again to nobody', async () => {
    const messages = server.runtime.plugins.siteMessages!;
    const batch = [
      {
        supplierId,
        titleKey: 'message.bpm.approvedTitle',
        params: { document: { key: 'entity.testApprovalDoc' }, number: 'B-1' },
        source: 'TEST_BATCH',
        eventId: 'b-1',
      },
      {
        userIds: [users.other!],
        titleKey: 'message.bpm.approvedTitle',
        params: { document: { key: 'entity.testApprovalDoc' }, number: 'B-2' },
        source: 'TEST_BATCH',
        eventId: 'b-2',
      },
    ];
    const told = await messages.notifyMany(batch);
    expect(told.map((ids) => [...ids].sort())).toEqual([[users.supA1, users.supA2].sort(), [users.other]]);
    const titles = async (name: string) => (await inbox(name)).rows.map((row) => row.title);
    expect(await titles('supA1')).toContain('已审批通过：测试审批单 B-1');
    expect(await titles('supA1')).not.toContain('已审批通过：测试审批单 B-2');
    expect(await titles('other')).toEqual(['已审批通过：测试审批单 B-2']);
    // The same events again (a program run twice on one day): nobody gets a second copy.
    await messages.notifyMany(batch);
    expect((await titles('supA2')).filter((title) => title.endsWith('B-1'))).toHaveLength(1);
    expect(await titles('other')).toEqual(['已审批通过：测试审批单 B-2']);
  });

  it('bad input answers a clear message, never a 500', async () => {
    for (const body of [
      { messageIds: [] },
      { messageIds: 'a,b' },
      { messageIds: [-1] },
      { messageIds: { x: 1 } },
    ]) {
      const answer = await server.post(`${MSG}/doRead`, body, as('boss'), 'EN');
      expect(answer.httpStatus).toBe(400);
      expect(answer.body.msg).toBe('Invalid value for messageIds');
    }
    const page = await server.post(`${MSG}/findMyMessages`, { pageRows: 5000 }, as('boss'));
    expect(page.httpStatus).toBe(400);
    const flag = await server.post(`${MSG}/findMyMessages`, { readFlag: 'X' }, as('boss'));
    expect(flag.httpStatus).toBe(400);
  });

  it('unread first; deleting is for me only: gone from my list and count, not from another’s', async () => {
    const sent = await server.runtime.transaction(() =>
      server.runtime.plugins.siteMessages!.notify({
        userIds: [users.boss!, users.other!],
        titleKey: 'message.bpm.approvedTitle',
        params: { document: { key: 'entity.testApprovalDoc' }, number: 'DEL-1' },
        source: 'TEST_DELETE',
      }),
    );
    expect(sent).toHaveLength(2);
    const before = await inbox('boss');
    // The new unread one comes before the older read one.
    expect(before.rows[0]!.readFlag).toBe('N');
    expect(before.rows.map((row) => row.readFlag)).toEqual(
      [...before.rows.map((row) => row.readFlag)].sort(),
    );
    const fresh = before.rows[0]!;
    const unreadBefore = await unread('boss');
    const foreign = await ok<{ count: number }>(
      `${MSG}/doDelete`,
      { messageIds: [fresh.messageId] },
      as('other'),
    );
    expect(foreign.count).toBe(0);
    const mine = await ok<{ count: number }>(
      `${MSG}/doDelete`,
      { messageIds: [fresh.messageId] },
      as('boss'),
    );
    expect(mine.count).toBe(1);
    const after = await inbox('boss');
    expect(after.rows.map((row) => row.messageId)).not.toContain(fresh.messageId);
    expect(after.count).toBe(before.count - 1);
    expect(await unread('boss')).toBe(unreadBefore - 1);
    // The other recipient keeps theirs.
    expect((await inbox('other')).rows.some((row) => row.title.includes('DEL-1'))).toBe(true);
  });
});
