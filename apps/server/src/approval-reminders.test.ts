// Reminders and escalation of approval tasks by the template's settings, with the one clock
// moved forward (no sleeps): the approver is reminded in-app and by e-mail (a real SMTP server
// in the test process) after N hours, again every M hours up to the maximum; after E hours the
// task moves to the approver's line manager, recorded in the history, who then decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@srm/platform';
import { type ApprovalServer, startApprovalServer } from './approval.testing';
import { type Mailbox, startMailbox } from '@srm/platform/testing';

type Row = Record<string, unknown>;
let server: ApprovalServer;
let mailbox: Mailbox;
const users: Record<string, number> = {};
const HOUR = 3_600_000;

const BPM = '/api/bpm/v1';
const DOC = '/api/srm/v1/testApprovalDocRestful';
const MSG = '/api/message/v1/baseSiteMessageRestful';
const as = (name: string): Partial<Actor> => ({ userId: users[name]!, userName: name, side: 'internal' });

async function ok<T = Row>(path: string, body: unknown, actor?: Partial<Actor>): Promise<T> {
  const answer = await server.post<T>(path, body, actor);
  if (answer.body.status !== 'S') throw new Error(`${path}: ${answer.httpStatus} ${answer.body.msg}`);
  return answer.body.data;
}

async function titles(name: string): Promise<string[]> {
  return (await ok<{ title: string }[]>(`${MSG}/findMyMessages`, { pageRows: 50 }, as(name))).map(
    (m) => m.title,
  );
}

const mailsTo = (name: string) => mailbox.mails.filter((mail) => mail.to.includes(`${name}@example.com`));

async function history(id: number) {
  return ok<{
    history: {
      action: string;
      userName: string | null;
      onBehalfOfName: string | null;
      targetUserName: string | null;
    }[];
    pendingTasks: { assigneeName: string | null }[];
  }>(`${BPM}/bpmProcessRestful/findHistory`, { entityName: 'testApprovalDoc', documentId: id });
}

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startApprovalServer({ smtpUrl: mailbox.url });
  const org = await ok<Row>('/api/srm/v1/srmBaseOrgRestful/saveOrUpdate', {
    orgCode: 'HQ',
    orgName: '总部',
    orgType: 'COMPANY',
  });
  const department = await ok<Row>('/api/base/v1/baseDepartmentRestful/saveOrUpdate', {
    departmentCode: 'PUR',
    departmentName: '采购部',
    orgId: org.orgId,
  });
  const employee = async (number: string, extra: Row = {}) =>
    (
      await ok<Row>('/api/base/v1/baseEmployeeRestful/saveOrUpdate', {
        employeeNumber: number,
        employeeName: number,
        departmentId: department.departmentId,
        ...extra,
      })
    ).employeeId as number;
  const chief = await employee('E_CHIEF');
  const boss = await employee('E_BOSS', { lineManagerId: chief });
  const buyer = await employee('E_BUYER', { lineManagerId: boss });
  for (const [name, employeeId] of [
    ['buyer', buyer],
    ['boss', boss],
    ['chief', chief],
  ] as const) {
    const row = await ok<Row>('/api/base/v1/baseUserRestful/saveOrUpdate', {
      userName: name,
      userFullName: name.toUpperCase(),
      userType: 'INTERNAL',
      employeeId,
      email: `${name}@example.com`,
      languageCode: name === 'chief' ? 'EN' : 'CN',
    });
    users[name] = row.userId as number;
  }
  await ok(`${BPM}/srmBaseProcessTemplateRestful/saveOrUpdate`, {
    processKey: 'TEST_DOC_APPROVAL',
    processName: '测试审批',
    entityName: 'testApprovalDoc',
    remindAfterHours: 4,
    remindRepeatHours: 2,
    remindMaxTimes: 2,
    escalateAfterHours: 12,
    escalateTo: 'LINE_MANAGER',
    nodes: [{ nodeNum: 1, nodeName: '经理审批', nodeNameEn: 'Manager', signMode: 'ANY' }],
    approvers: [{ nodeNum: 1, approverType: 'USER', userId: users.boss }],
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

describe('reminders and escalation', () => {
  let docId = 0;
  let docNumber = '';

  it('nothing is due before the first delay', async () => {
    const doc = await ok<Row>(`${DOC}/saveOrUpdate`, { title: 'Bearings', amount: 10 }, as('buyer'));
    docId = doc.docId as number;
    docNumber = doc.docNumber as string;
    await ok(`${DOC}/doSubmit`, { docId }, as('buyer'));
    expect(await server.reminders.sweep()).toEqual({ reminded: 0, escalated: 0 });
    server.clock.travel(3 * HOUR + 50 * 60_000);
    expect(await server.reminders.sweep()).toEqual({ reminded: 0, escalated: 0 });
    expect(mailsTo('boss')).toHaveLength(0);
  });

  it('after 4 hours the approver is reminded in-app and by e-mail, once', async () => {
    server.clock.travel(10 * 60_000);
    expect(await server.reminders.sweep()).toEqual({ reminded: 1, escalated: 0 });
    expect(await server.reminders.sweep()).toEqual({ reminded: 0, escalated: 0 });
    expect(await titles('boss')).toContain(`催办：测试审批单 ${docNumber} 等待您审批`);
    const mails = mailsTo('boss');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(docNumber);
    expect(mails[0]!.text).toContain('经理审批');
    expect((await history(docId)).history.map((step) => step.action)).toEqual(['SUBMIT', 'REMIND']);
  });

  it('again every 2 hours, at most twice', async () => {
    server.clock.travel(HOUR);
    expect(await server.reminders.sweep()).toEqual({ reminded: 0, escalated: 0 });
    server.clock.travel(HOUR);
    expect(await server.reminders.sweep()).toEqual({ reminded: 1, escalated: 0 });
    server.clock.travel(3 * HOUR);
    expect(await server.reminders.sweep()).toEqual({ reminded: 0, escalated: 0 });
    expect(mailsTo('boss')).toHaveLength(2);
  });

  it('after 12 hours the task moves to the approver’s line manager, told in their language', async () => {
    server.clock.travel(3 * HOUR);
    expect(await server.reminders.sweep()).toEqual({ reminded: 0, escalated: 1 });
    const after = await history(docId);
    expect(after.pendingTasks.map((task) => task.assigneeName)).toEqual(['CHIEF']);
    const escalation = after.history.find((step) => step.action === 'ESCALATE')!;
    expect(escalation).toMatchObject({ onBehalfOfName: 'BOSS', targetUserName: 'CHIEF' });
    const todo = await ok<{ documentId: number }[]>(`${BPM}/bpmTaskRestful/findTodoTasks`, {}, as('boss'));
    expect(todo.some((task) => task.documentId === docId)).toBe(false);
    const mails = mailsTo('chief');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/Escalated: Test approval document/);
    expect(await titles('chief')).toContain(`升级提醒：测试审批单 ${docNumber} 审批超时`);
    // Escalation happens once per task: nothing more is due now.
    expect(await server.reminders.sweep()).toEqual({ reminded: 0, escalated: 0 });
  });

  it('the manager decides; a decided task is never reminded', async () => {
    const todo = await ok<{ taskId: number; documentId: number }[]>(
      `${BPM}/bpmTaskRestful/findTodoTasks`,
      {},
      as('chief'),
    );
    const task = todo.find((row) => row.documentId === docId)!;
    await ok(`${BPM}/bpmTaskRestful/doApprove`, { taskId: task.taskId }, as('chief'));
    expect((await ok<Row>(`${DOC}/findById`, { docId })).status).toBe('APPROVED');
    server.clock.travel(48 * HOUR);
    expect(await server.reminders.sweep()).toEqual({ reminded: 0, escalated: 0 });
  });

  it('the reminder settings are checked on save', async () => {
    const answer = await server.post(`${BPM}/srmBaseProcessTemplateRestful/saveOrUpdate`, {
      processKey: 'TEST_BAD_REMIND',
      processName: '坏设置',
      entityName: 'testApprovalDoc',
      enabledFlag: 'N',
      remindAfterHours: 0,
      escalateTo: 'NOBODY',
    });
    expect(answer.httpStatus).toBe(400);
    expect(answer.body.status).toBe('E');
  });
});
