// Notice types (公告配置, spec noticeConfigList): what kinds of notices and notifications there
// are, whom they go to by default, whether publishing one needs approval, whether readers must
// confirm and whether suppliers may reply. An invalidated type cannot be chosen for a new
// notice; notices that have it keep it.
import { checkbox, defineEntity, lookup, text, textarea } from '@srm/kernel';

export const NOTICE_KINDS = ['NOTICE', 'NOTIFICATION'] as const;
export const NOTICE_AUDIENCES = ['INTERNAL', 'SUPPLIER', 'BOTH'] as const;

export const noticeConfig = defineEntity('srmNoticeConfig', {
  area: 'notice',
  key: 'configId',
  display: 'configName',
  fields: {
    configCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    configName: text({ required: true, max: 60, english: 'configNameEn' }),
    configNameEn: text({ max: 120 }),
    /** 公告 (an announcement) or 通知 (asks each recipient to acknowledge or answer by a deadline). */
    noticeKind: lookup('SRM_NOTICE_KIND', { required: true, codes: NOTICE_KINDS, default: 'NOTICE' }),
    /** Whom a new notice of this type goes to until the publisher says otherwise. */
    audience: lookup('SRM_NOTICE_AUDIENCE', { required: true, codes: NOTICE_AUDIENCES, default: 'SUPPLIER' }),
    /** Publishing goes through the approval process NOTICE_APPROVAL. */
    approvalFlag: checkbox(),
    /** Readers confirm that they have read it (已阅确认). */
    confirmFlag: checkbox(),
    /** Suppliers may answer it; the answer is seen by the buyer side only. */
    replyFlag: checkbox(),
    /** Also e-mail the receivers when it is published (in-app always). */
    emailFlag: checkbox(),
    remark: textarea({ max: 500 }),
  },
  list: {
    columns: [
      'configCode',
      'configName',
      'noticeKind',
      'audience',
      'approvalFlag',
      'confirmFlag',
      'replyFlag',
      'emailFlag',
      'status',
    ],
    filters: [
      { field: 'configCode', op: 'prefix' },
      { field: 'configName', op: 'contains' },
      'noticeKind',
      'status',
    ],
    sort: [{ field: 'configCode', order: 'asc' }],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['configCode', 'configName', 'configNameEn', 'noticeKind', 'audience'] },
      { key: 'rules', fields: ['approvalFlag', 'confirmFlag', 'replyFlag', 'emailFlag', 'remark'] },
    ],
  },
  workflow: {
    states: ['ENABLED', 'INVALID'],
    initial: 'ENABLED',
    statusLookup: 'SRM_NOTICE_CONFIG_STATUS',
    editableIn: ['ENABLED', 'INVALID'],
    deletableIn: [],
    actions: {
      doEnable: { from: ['INVALID'], to: 'ENABLED', confirm: true },
      doInvalid: { from: ['ENABLED'], to: 'INVALID', confirm: true, danger: true },
    },
  },
});
