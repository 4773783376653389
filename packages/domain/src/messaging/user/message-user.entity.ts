// The recipient directory (消息用户, spec msgUser): one row per user with what the channels need —
// e-mail, mobile and language (kept from the user, read-only here), whether the e-mail and the
// mobile were verified by a code sent to them (a changed address is unverified again), and the
// user's ids in the chat tools (钉钉 userid, 企业微信 userid, 飞书 open_id), which administrators keep.
import { checkbox, datetime, defineEntity, lookup, ref, text } from '@srm/kernel';

export const messageUser = defineEntity('baseMessageUser', {
  area: 'messaging',
  service: 'message',
  key: 'messageUserId',
  display: 'userName',
  // Rows are the platform's (one per user); administrators write the chat ids only.
  writableBy: [],
  unique: [['userId']],
  fields: {
    userId: ref('baseUser', {
      required: true,
      display: 'userFullName',
      displayAs: 'userFullName',
      grantsRead: false,
    }),
    /** Kept from the user on every change of it. */
    userName: text({ max: 60, readonly: true }),
    supplierId: ref('srmSupplierInfo', { display: 'supplierName', readonly: true }),
    email: text({ max: 120, readonly: true }),
    mobile: text({ max: 20, readonly: true }),
    languageCode: lookup('SYSTEM_LANGUAGE', { codes: ['CN', 'EN'], readonly: true }),
    /** The user typed the code sent to this e-mail address (or mobile number). */
    emailVerifiedFlag: checkbox({ default: 'N', readonly: true }),
    emailVerifiedAt: datetime({ readonly: true }),
    mobileVerifiedFlag: checkbox({ default: 'N', readonly: true }),
    mobileVerifiedAt: datetime({ readonly: true }),
    dingtalkUserId: text({ max: 64, writableBy: ['internal'] }),
    wecomUserId: text({ max: 64, writableBy: ['internal'] }),
    feishuOpenId: text({ max: 64, writableBy: ['internal'] }),
  },
  list: {
    columns: [
      'userName',
      'userId',
      'supplierId',
      'email',
      'emailVerifiedFlag',
      'mobile',
      'mobileVerifiedFlag',
      'languageCode',
      'dingtalkUserId',
      'wecomUserId',
      'feishuOpenId',
    ],
    filters: [
      { field: 'userName', op: 'prefix' },
      'supplierId',
      { field: 'email', op: 'prefix' },
      { field: 'mobile', op: 'prefix' },
      'emailVerifiedFlag',
      'mobileVerifiedFlag',
    ],
    sort: [{ field: 'userName', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'userId',
          'userName',
          'supplierId',
          'languageCode',
          'email',
          'emailVerifiedFlag',
          'emailVerifiedAt',
          'mobile',
          'mobileVerifiedFlag',
          'mobileVerifiedAt',
        ],
      },
      { key: 'chat', fields: ['dingtalkUserId', 'wecomUserId', 'feishuOpenId'] },
    ],
  },
});
