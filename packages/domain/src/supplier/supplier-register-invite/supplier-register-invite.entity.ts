// Register invitations (注册邀请, spec registerInviteList): a buyer invites a company by e-mail to
// register. The mail carries a single-use link that expires (7 days by default); the company opens
// it, finds its name and contact filled in, answers the buyer's pre-qualification questions and
// registers without a captcha (the link proves the mailbox). Sending again (doResend) issues a new
// link and voids the old one; cancelling voids it too. A lead converts into an invitation
// (srmSupplierLead doInvite). Internal only: no supplier user reaches an invitation.
//
// States: NEW (not sent yet) → SENT → REGISTERED (the link was used) | EXPIRED (by the
// SUPPLIER_INVITE_EXPIRE program, or when an expired link is opened) | CANCELLED.
import { checkbox, datetime, defineEntity, number, ref, text, textarea } from '@srm/kernel';

/** Days a link stays valid unless the buyer says otherwise. */
export const INVITE_VALID_DAYS = 7;

export const supplierRegisterInviteQuestion = defineEntity('srmSupplierRegisterInviteQuestion', {
  area: 'supplier',
  key: 'inviteQuestionId',
  parent: { entity: 'srmSupplierRegisterInvite', field: 'inviteId' },
  fields: {
    question: text({ required: true, max: 500 }),
    /** The company must answer it to register. */
    requiredFlag: checkbox({ default: 'Y' }),
  },
  list: {
    columns: ['question', 'requiredFlag'],
    sort: [{ field: 'inviteQuestionId', order: 'asc' }],
  },
});

export const supplierRegisterInvite = defineEntity('srmSupplierRegisterInvite', {
  area: 'supplier',
  key: 'inviteId',
  display: 'companyName',
  numbering: { field: 'inviteNumber', pattern: 'RI{yyyyMMdd}{####}' },
  writableBy: ['internal'],
  fields: {
    inviteNumber: text({ readonly: true, max: 30 }),
    companyName: text({ required: true, max: 200 }),
    /** Checked (GB 32100-2015) when given; the company may still correct it when registering. */
    creditCode: text({ max: 18, format: 'creditCode', indexed: true }),
    contactName: text({ required: true, max: 60 }),
    contactEmail: text({ required: true, max: 120, format: 'email', indexed: true }),
    contactMobile: text({ max: 20, format: 'mobile' }),
    /** How long the link stays valid, in days. */
    validDays: number({ required: true, min: 1, max: 30, default: INVITE_VALID_DAYS }),
    /** The buyer's words, put into the e-mail. */
    inviteMessage: textarea({ max: 1000 }),
    leadId: ref('srmSupplierLead', { readonly: true, display: 'leadNumber', displayAs: 'leadNumber' }),
    sentDate: datetime({ readonly: true }),
    expireDate: datetime({ readonly: true }),
    sendCount: number({ readonly: true, min: 0 }),
    registerId: ref('srmSupplierRegister', {
      readonly: true,
      display: 'registerNumber',
      displayAs: 'registerNumber',
    }),
    cancelReason: textarea({ readonly: true, max: 1000 }),
  },
  lines: { questions: supplierRegisterInviteQuestion },
  list: {
    columns: [
      'inviteNumber',
      'companyName',
      'creditCode',
      'contactName',
      'contactEmail',
      'status',
      'sentDate',
      'expireDate',
      'registerNumber',
      'leadNumber',
      'creationDate',
    ],
    filters: [
      { field: 'inviteNumber', op: 'prefix' },
      { field: 'companyName', op: 'contains' },
      { field: 'contactEmail', op: 'eq' },
      'status',
      'sentDate',
    ],
    sort: [{ field: 'inviteNumber', order: 'desc' }],
  },
  form: {
    sections: [
      { key: 'company', fields: ['inviteNumber', 'companyName', 'creditCode', 'leadId'] },
      { key: 'contact', fields: ['contactName', 'contactEmail', 'contactMobile'] },
      {
        key: 'sending',
        fields: [
          'validDays',
          'inviteMessage',
          'sentDate',
          'expireDate',
          'sendCount',
          'registerId',
          'cancelReason',
        ],
      },
    ],
  },
  workflow: {
    states: ['NEW', 'SENT', 'REGISTERED', 'EXPIRED', 'CANCELLED'],
    initial: 'NEW',
    statusLookup: 'SRM_REGISTER_INVITE_STATUS',
    editableIn: ['NEW'],
    deletableIn: ['NEW'],
    actions: {
      doSend: { from: ['NEW'], to: 'SENT', confirm: true },
      /** A new link, valid for validDays from now; the old one no longer opens anything. */
      doResend: { from: ['SENT', 'EXPIRED'], to: 'SENT', confirm: true },
      doCancel: { from: ['NEW', 'SENT', 'EXPIRED'], to: 'CANCELLED', needs: ['comment'], danger: true },
      /** The company registered through the link. */
      doRegistered: { from: ['SENT'], to: 'REGISTERED', system: true },
      doExpire: { from: ['SENT'], to: 'EXPIRED', system: true },
    },
  },
});
