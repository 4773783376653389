// Demo register invitations, one in each state: a draft with two pre-qualification questions, one
// sent from a lead (the lead is INVITED), one the company registered through (the demo
// registration of 杭州拓远智能装备), one whose link expired and one cancelled.
import { SYSTEM_ACTOR, type SeedContext, defineSeed } from '@srm/platform';

const DAY = 24 * 3600_000;

interface DemoInvite {
  readonly companyName: string;
  readonly contactName: string;
  readonly contactEmail: string;
  readonly contactMobile?: string;
  readonly inviteMessage?: string;
  readonly questions?: readonly { question: string; requiredFlag: 'Y' | 'N' }[];
}

async function putInvite(context: SeedContext, invite: DemoInvite): Promise<number> {
  const { questions = [], ...fields } = invite;
  return context.put(
    'srmSupplierRegisterInvite',
    { contactEmail: invite.contactEmail },
    { ...fields, questions: questions.map((line) => ({ ...line })) },
    { questions: ['question'] },
  );
}

export const supplierRegisterInviteSeed = defineSeed('supplier.invites', async (context) => {
  const invites = context.runtime.service('srmSupplierRegisterInvite');
  const act = (action: string, id: number, comment?: string) =>
    invites.act(SYSTEM_ACTOR, action, [id], comment ? { comment } : {}, { fromHttp: false });
  const statusOf = async (id: number) => (await invites.find(SYSTEM_ACTOR, id)).status;

  await putInvite(context, {
    companyName: '常州华锐模具有限公司',
    contactName: '周建国',
    contactEmail: 'zhoujg@huarui-mould.example.cn',
    contactMobile: '13915012866',
    inviteMessage: '我司正在寻找注塑模具供应商，诚邀贵司注册成为我司供应商。',
    questions: [
      { question: '贵司现有注塑模具年产能（套）？', requiredFlag: 'Y' },
      { question: '是否通过 IATF 16949 认证？如有请注明证书有效期。', requiredFlag: 'N' },
    ],
  });

  // A lead converted into an invitation, sent at once.
  const leads = context.runtime.service('srmSupplierLead');
  const leadId = await context.findId('srmSupplierLead', { companyName: '昆山精诚钣金科技有限公司' });
  if (leadId && (await leads.find(SYSTEM_ACTOR, leadId)).status === 'NEW')
    await leads.act(SYSTEM_ACTOR, 'doInvite', [leadId], {}, { fromHttp: false });

  const registerId = await context.findId('srmSupplierRegister', { companyName: '杭州拓远智能装备有限公司' });
  if (registerId) {
    const id = await putInvite(context, {
      companyName: '杭州拓远智能装备有限公司',
      contactName: '孙涛',
      contactEmail: 'suntao@tuoyuan-ie.example.cn',
    });
    if ((await statusOf(id)) === 'NEW') {
      await act('doSend', id);
      await act('doRegistered', id);
      await invites.writeSystemFields(SYSTEM_ACTOR, id, { registerId }, 'seed');
      await context.runtime
        .service('srmSupplierRegister')
        .writeSystemFields(SYSTEM_ACTOR, registerId, { inviteId: id }, 'seed');
    }
  }

  const expired = await putInvite(context, {
    companyName: '温岭市东升机电有限公司',
    contactName: '林海',
    contactEmail: 'linhai@dongsheng-me.example.cn',
  });
  if ((await statusOf(expired)) === 'NEW') {
    await act('doSend', expired);
    const sent = context.runtime.clock.now().getTime() - 10 * DAY;
    await invites.writeSystemFields(
      SYSTEM_ACTOR,
      expired,
      { sentDate: sent, expireDate: sent + 7 * DAY },
      'seed',
    );
    await act('doExpire', expired);
  }

  const cancelled = await putInvite(context, {
    companyName: '上海锦程物流有限公司',
    contactName: '陈敏',
    contactEmail: 'chenmin@jincheng-log.example.cn',
  });
  if ((await statusOf(cancelled)) === 'NEW') {
    await act('doSend', cancelled);
    await act('doCancel', cancelled, '对方已通过其他渠道注册，本邀请作废');
  }
});
