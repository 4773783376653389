// Notices and notifications (公告 / 通知, spec noticeManagement and notification): a title and a
// rich text (cleaned on the server), attachments, the dates it is shown between, pinned or not,
// and whom it goes to. Publishing resolves the audience into receivers (a snapshot) and tells
// them; withdrawing hides it from every reader at once and keeps its history; a withdrawn notice
// can be edited and published again under the same id. A type that needs approval publishes
// through NOTICE_APPROVAL. A notification also asks each receiver to answer by a deadline.
import {
  attachments,
  checkbox,
  date,
  datetime,
  defineEntity,
  lookup,
  number,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { NOTICE_KINDS } from '../notice-config/notice-config.entity';
import { noticeTarget } from './notice-target.entity';

export const NOTICE_PROCESS = 'NOTICE_APPROVAL';
/** States in which a notice may be edited (its audience too). */
export const NOTICE_EDITABLE = ['DRAFT', 'REJECTED', 'WITHDRAWN'] as const;

type Row = Readonly<Record<string, unknown>>;
/** The notice's type asks for approval before publishing (copied onto the notice at save). */
const needsApproval = (row: Row) => row.approvalFlag === 'Y';

export const notice = defineEntity('srmNotice', {
  area: 'notice',
  key: 'noticeId',
  display: 'title',
  numbering: { field: 'noticeNumber', pattern: 'NT{yyyyMMdd}{####}' },
  fields: {
    noticeNumber: text({ readonly: true, max: 30 }),
    noticeKind: lookup('SRM_NOTICE_KIND', { required: true, codes: NOTICE_KINDS, default: 'NOTICE' }),
    configId: ref('srmNoticeConfig', {
      required: true,
      display: 'configName',
      displayAs: 'noticeTypeName',
      filter: (row) => ({ status: 'ENABLED', noticeKind: String(row.noticeKind ?? 'NOTICE') }),
    }),
    title: text({ required: true, max: 200 }),
    /** Rich text (HTML), cleaned on the server at every save. */
    content: textarea({ required: true, max: 200_000, rich: true }),
    /** The content's first words as plain text (lists, homes, messages). */
    summary: text({ readonly: true, max: 240 }),
    attachmentIds: attachments({ maxCount: 20 }),
    effectiveDate: date({ profileDefault: 'today' }),
    expiryDate: date(),
    pinnedFlag: checkbox(),
    /** Copied from the type at every save. */
    approvalFlag: checkbox({ readonly: true }),
    confirmFlag: checkbox({ readonly: true }),
    replyFlag: checkbox({ readonly: true }),
    /** A notification: receivers answer by then; reminders run until they do. */
    replyDeadline: datetime(),
    publisherName: text({ max: 60, profileDefault: 'userFullName' }),
    publishedAt: datetime({ readonly: true }),
    withdrawnAt: datetime({ readonly: true }),
    /** How many times it has been published (a republished notice keeps its id). */
    publishCount: number({ readonly: true, default: 0 }),
    receiverCount: number({ readonly: true, default: 0 }),
  },
  lines: { targets: noticeTarget },
  list: {
    columns: [
      'noticeNumber',
      'title',
      'noticeTypeName',
      'pinnedFlag',
      'effectiveDate',
      'expiryDate',
      'publisherName',
      'publishedAt',
      'receiverCount',
      'status',
    ],
    filters: [
      { field: 'title', op: 'contains' },
      'configId',
      'status',
      'noticeKind',
      { field: 'noticeNumber', op: 'prefix' },
      'publishedAt',
    ],
    sort: [{ field: 'noticeId', order: 'desc' }],
    sortable: ['publishedAt', 'effectiveDate'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'noticeNumber',
          'noticeKind',
          'configId',
          'title',
          'effectiveDate',
          'expiryDate',
          'replyDeadline',
          'pinnedFlag',
          'confirmFlag',
          'replyFlag',
          'publisherName',
          'publishedAt',
          'receiverCount',
        ],
      },
      { key: 'content', fields: ['content', 'attachmentIds'] },
    ],
  },
  rules: [
    (row) =>
      row.effectiveDate && row.expiryDate && String(row.expiryDate) < String(row.effectiveDate)
        ? { field: 'expiryDate', message: 'srmNotice.expiryBeforeEffective' }
        : null,
  ],
  workflow: {
    states: ['DRAFT', 'APPROVING', 'REJECTED', 'PUBLISHED', 'WITHDRAWN'],
    initial: 'DRAFT',
    statusLookup: 'SRM_NOTICE_STATUS',
    editableIn: NOTICE_EDITABLE,
    deletableIn: ['DRAFT'],
    actions: {
      /** A type that needs approval: the process publishes it. */
      doSubmit: {
        from: NOTICE_EDITABLE,
        to: 'APPROVING',
        approval: NOTICE_PROCESS,
        offeredWhen: needsApproval,
      },
      doApproval: { from: ['APPROVING'], to: 'PUBLISHED', system: true },
      doReject: { from: ['APPROVING'], to: 'REJECTED', needs: ['comment'], system: true },
      /** A type without approval. */
      doPublish: {
        from: NOTICE_EDITABLE,
        to: 'PUBLISHED',
        confirm: true,
        offeredWhen: (row: Row) => !needsApproval(row),
      },
      /** Taken back from every reader (or the submitter's recall of the approval). */
      doWithdraw: { from: ['PUBLISHED', 'APPROVING'], to: 'WITHDRAWN', confirm: true, danger: true },
    },
  },
});
