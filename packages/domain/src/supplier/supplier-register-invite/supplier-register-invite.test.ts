// Register invitations: the link works once and not after it expires, sending again voids the old
// link, a cancelled invitation's link opens nothing; the company registering through the link
// answers the buyer's questions, has its e-mail confirmed by the link and needs no captcha; a lead
// converts into a sent invitation; an invitation to a company that is already a supplier or
// already invited is refused. The expiry program marks expired invitations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Mailbox,
  api,
  runExecutable,
  seedsNamed,
  startMailbox,
  startTestServer,
  type TestServer,
} from '@srm/platform/testing';
import { baseDataSeeds } from '../../base-data/server';
import { serverAreas } from '../../areas.server';
import { expireInvitations } from './supplier-register-invite.actions';

type Row = Record<string, unknown>;
const INVITE = (action: string) => api('srmSupplierRegisterInvite', action);
const REGISTER = (action: string) => api('srmSupplierRegister', action);
const DAY = 86_400_000;

let server: TestServer;
let mailbox: Mailbox;

/** Creates an invitation and sends it; answers its id and the link's token from the e-mail. */
async function sent(fields: Row): Promise<{ inviteId: number; inviteToken: string }> {
  const saved = await server.post<Row & { inviteId: number }>(INVITE('saveOrUpdate'), fields);
  expect(saved.body.status, saved.body.msg).toBe('S');
  const inviteId = saved.body.data.inviteId;
  const answer = await server.post(INVITE('doSend'), { ids: [inviteId] });
  expect(answer.body.status, answer.body.msg).toBe('S');
  return { inviteId, inviteToken: await latestToken(String(fields.contactEmail), inviteId) };
}

/** The token of the newest link mailed to an address for an invitation. */
async function latestToken(to: string, inviteId: number): Promise<string> {
  await mailbox.waitFor(to, new RegExp(`invite=${inviteId}&token=`));
  const pattern = new RegExp(`/register\\?invite=${inviteId}&token=([A-Za-z0-9_%-]+)`);
  const links = mailbox.mails
    .filter((mail) => mail.to.includes(to))
    .map((mail) => pattern.exec(mail.text)?.[1])
    .filter((token): token is string => Boolean(token));
  return decodeURIComponent(links.at(-1)!);
}

const company = {
  companyName: '无锡恒瑞精工机械有限公司',
  creditCode: '91320214MA1MXQ4B3C',
  contactName: '顾斌',
  contactEmail: 'gubin@hengrui-jg.example.cn',
  contactMobile: '13861880012',
};

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    areas: serverAreas,
    smtpUrl: mailbox.url,
    seeds: seedsNamed(baseDataSeeds, 'lookups'),
  });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

describe('an invitation link', () => {
  let invite: { inviteId: number; inviteToken: string };

  it('is mailed with the buyer’s message, and opens the company’s data and questions', async () => {
    invite = await sent({
      ...company,
      inviteMessage: '诚邀贵司成为我司钣金件供应商。',
      questions: [
        { question: '年产能（万件）？', requiredFlag: 'Y' },
        { question: '主要客户？', requiredFlag: 'N' },
      ],
    });
    const [mail] = await mailbox.waitFor(company.contactEmail, /诚邀贵司成为我司钣金件供应商/);
    expect(mail).toBeTruthy();
    const row = await server.first<Row>('srmSupplierRegisterInvite', { inviteId: invite.inviteId });
    expect(row).toMatchObject({ status: 'SENT', sendCount: 1 });
    expect(Number(row.expireDate) - Number(row.sentDate)).toBe(7 * DAY);
    const opened = await server.post<Row & { questions: Row[] }>(INVITE('openInvite'), invite);
    expect(opened.body.status, opened.body.msg).toBe('S');
    expect(opened.body.data).toMatchObject({
      companyName: company.companyName,
      contactEmail: company.contactEmail,
    });
    expect(opened.body.data.questions.map((line) => line.question)).toEqual([
      '年产能（万件）？',
      '主要客户？',
    ]);
    // What the buyer keeps to itself does not reach the company.
    expect(opened.body.data).not.toHaveProperty('createdBy');
    expect(opened.body.data).not.toHaveProperty('leadId');
  });

  it('opens nothing with a wrong token, and says the same for an invitation that does not exist', async () => {
    const wrong = await server.post(INVITE('openInvite'), { ...invite, inviteToken: 'x'.repeat(43) });
    expect([wrong.httpStatus, wrong.body.msg]).toEqual([
      403,
      '邀请链接无效、已使用或已过期，请联系邀请您的采购方重新发送',
    ]);
    const none = await server.post(INVITE('openInvite'), { ...invite, inviteId: invite.inviteId + 999 });
    expect([none.httpStatus, none.body.msg]).toEqual([403, wrong.body.msg]);
  });

  it('registers the company without a captcha once its required questions are answered; then it is used up', async () => {
    const questions = (
      await server.post<{ questions: { inviteQuestionId: number }[] }>(INVITE('openInvite'), invite)
    ).body.data.questions;
    const body = { ...company, userName: 'hengrui', ...invite };
    const unanswered = await server.post(REGISTER('start'), body);
    expect([unanswered.httpStatus, unanswered.body.msg]).toEqual([400, '请回答预审问题：年产能（万件）？']);
    const started = await server.post<{ registerId: number }>(REGISTER('start'), {
      ...body,
      answers: [{ inviteQuestionId: questions[0]!.inviteQuestionId, answer: '120' }],
    });
    expect(started.body.status, started.body.msg).toBe('S');
    const registration = await server.post<Row & { answers: Row[] }>(REGISTER('findById'), {
      registerId: started.body.data.registerId,
    });
    // The link came to the invited address: no code to type.
    expect(registration.body.data).toMatchObject({ emailConfirmed: 'Y', inviteId: invite.inviteId });
    expect(registration.body.data.answers.map((line) => [line.question, line.answer])).toEqual([
      ['年产能（万件）？', '120'],
      ['主要客户？', null],
    ]);
    expect(await server.first<Row>('srmSupplierRegisterInvite', { inviteId: invite.inviteId })).toMatchObject(
      {
        status: 'REGISTERED',
        registerId: started.body.data.registerId,
      },
    );
    // Used once: the link opens nothing more, and registers no one else.
    const again = await server.post(INVITE('openInvite'), invite);
    expect(again.httpStatus).toBe(403);
    const second = await server.post(REGISTER('start'), {
      ...body,
      companyName: '另一家公司',
      creditCode: '91320214MA1MXQ4B3C',
      userName: 'another',
    });
    expect(second.httpStatus).toBe(403);
  });
});

describe('sending, again and not', () => {
  const other = {
    companyName: '常熟市宏达紧固件有限公司',
    contactName: '许明',
    contactEmail: 'xuming@hongda-fast.example.cn',
  };

  it('sending again voids the old link; a second invitation to the same address is refused', async () => {
    const first = await sent({ ...other, validDays: 3 });
    const twice = await server.post(INVITE('saveOrUpdate'), other);
    const duplicate = await server.post(INVITE('doSend'), { ids: [(twice.body.data as Row).inviteId] });
    expect([duplicate.httpStatus, duplicate.body.status]).toEqual([422, 'E']);
    expect(duplicate.body.msg).toMatch(/已有发送中的邀请 RI\d{12} 指向该企业或邮箱/);
    await server.post(INVITE('delete'), { ids: [(twice.body.data as Row).inviteId] });

    const resent = await server.post(INVITE('doResend'), { ids: [first.inviteId] });
    expect(resent.body.status, resent.body.msg).toBe('S');
    await expect.poll(() => latestToken(other.contactEmail, first.inviteId)).not.toBe(first.inviteToken);
    const token = await latestToken(other.contactEmail, first.inviteId);
    expect((await server.post(INVITE('openInvite'), first)).httpStatus).toBe(403);
    expect((await server.post(INVITE('openInvite'), { ...first, inviteToken: token })).body.status).toBe('S');
    expect(await server.first<Row>('srmSupplierRegisterInvite', { inviteId: first.inviteId })).toMatchObject({
      sendCount: 2,
    });

    // Cancelled: the link opens nothing, though its token has not expired.
    const cancelled = await server.post(INVITE('doCancel'), {
      ids: [first.inviteId],
      comment: '对方暂无合作意向',
    });
    expect(cancelled.body.status, cancelled.body.msg).toBe('S');
    expect((await server.post(INVITE('openInvite'), { ...first, inviteToken: token })).httpStatus).toBe(403);
  });

  it('a link no longer opens after its days; the program marks the invitation EXPIRED', async () => {
    const expiring = await sent({
      companyName: '张家港市永泰包装材料有限公司',
      contactName: '钱伟',
      contactEmail: 'qianwei@yongtai-pack.example.cn',
      validDays: 1,
    });
    expect(await runExecutable(server, expireInvitations)).toBe('0 expired');
    server.clock.travel(DAY + 60_000);
    expect((await server.post(INVITE('openInvite'), expiring)).httpStatus).toBe(403);
    expect(await runExecutable(server, expireInvitations)).toBe('1 expired');
    expect(
      await server.first<Row>('srmSupplierRegisterInvite', { inviteId: expiring.inviteId }),
    ).toMatchObject({
      status: 'EXPIRED',
    });
    // Sent again, it opens for another day.
    expect((await server.post(INVITE('doResend'), { ids: [expiring.inviteId] })).body.status).toBe('S');
    const token = await latestToken('qianwei@yongtai-pack.example.cn', expiring.inviteId);
    expect((await server.post(INVITE('openInvite'), { ...expiring, inviteToken: token })).body.status).toBe(
      'S',
    );
  });

  it('refuses to invite a company that is already a supplier', async () => {
    const supplier = await server.post<Row>(api('srmSupplierInfo', 'saveOrUpdate'), {
      supplierName: '南通华东精密铸造有限公司',
      creditCode: '91320600MA1P2C8L0U',
      contactName: '何平',
      contactMobile: '13962820013',
      contactEmail: 'heping@huadong-zz.example.cn',
    });
    expect(supplier.body.status, supplier.body.msg).toBe('S');
    const saved = await server.post<Row>(INVITE('saveOrUpdate'), {
      companyName: '南通华东精密铸造有限公司',
      creditCode: '91320600MA1P2C8L0U',
      contactName: '何平',
      contactEmail: 'heping@huadong-zz.example.cn',
    });
    const refused = await server.post(INVITE('doSend'), { ids: [saved.body.data.inviteId] });
    expect([refused.httpStatus, refused.body.msg]).toEqual([
      422,
      '统一社会信用代码：该企业（南通华东精密铸造有限公司）已是本平台供应商，无需邀请注册',
    ]);
  });
});

describe('a lead', () => {
  it('converts into an invitation sent to its contact, once it has an e-mail address', async () => {
    const lead = await server.post<Row & { leadId: number }>(api('srmSupplierLead', 'saveOrUpdate'), {
      companyName: '太仓市金鼎五金制品有限公司',
      leadSource: 'EXHIBITION',
      contactName: '陶军',
    });
    expect(lead.body.status, lead.body.msg).toBe('S');
    const noMail = await server.post(api('srmSupplierLead', 'doInvite'), { ids: [lead.body.data.leadId] });
    expect([noMail.httpStatus, noMail.body.msg]).toEqual([
      422,
      '联系人邮箱：邀请注册前请先填写，邀请将发到此邮箱',
    ]);
    const withMail = await server.post(api('srmSupplierLead', 'saveOrUpdate'), {
      leadId: lead.body.data.leadId,
      versionNum: lead.body.data.versionNum,
      companyName: '太仓市金鼎五金制品有限公司',
      leadSource: 'EXHIBITION',
      contactName: '陶军',
      contactEmail: 'taojun@jinding-hw.example.cn',
    });
    expect(withMail.body.status, withMail.body.msg).toBe('S');
    const invited = await server.post(api('srmSupplierLead', 'doInvite'), { ids: [lead.body.data.leadId] });
    expect(invited.body.status, invited.body.msg).toBe('S');
    const after = await server.first<Row>('srmSupplierLead', { leadId: lead.body.data.leadId });
    expect(after.status).toBe('INVITED');
    const invite = await server.first<Row>('srmSupplierRegisterInvite', { inviteId: after.inviteId });
    expect(invite).toMatchObject({
      status: 'SENT',
      leadId: lead.body.data.leadId,
      companyName: '太仓市金鼎五金制品有限公司',
    });
    await mailbox.waitFor('taojun@jinding-hw.example.cn', /register\?invite=\d+&token=/);
  });
});
