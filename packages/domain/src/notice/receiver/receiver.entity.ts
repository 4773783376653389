// A notice's receivers (公告接收人, with its viewer and reply records): one row per user the
// notice was published to, written at publishing (a snapshot of the audience). The row is the
// user's copy of the notice: it is addressed to them, so every user, supplier or buyer side,
// sees only their own rows, and only while the notice is published. It records their reads
// (first and last, how many), their confirmation and their answer; the publisher reads everyone's
// through the notice's receipts.
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

export const noticeReceiver = defineEntity('srmNoticeReceiver', {
  area: 'notice',
  key: 'receiverId',
  display: 'title',
  addressedTo: {
    field: 'receiverUserId',
    visibleIn: ['ACTIVE'],
    copiesOf: { entity: 'srmNotice', field: 'noticeId' },
  },
  // Written by publishing only; readers change their copy through its endpoints.
  writableBy: [],
  unique: [['noticeId', 'receiverUserId']],
  fields: {
    // Plain ids, not references: a reader's grant on their copies must not reach the notices,
    // users or suppliers they point at (references make their targets readable).
    noticeId: number({ required: true, indexed: true }),
    receiverUserId: number({ required: true, indexed: true }),
    /** The receiver's supplier (none for an internal user). */
    supplierId: number({ indexed: true }),
    // What the receiver's list shows, as published (copied at each publishing).
    noticeKind: lookup('SRM_NOTICE_KIND', { required: true, codes: NOTICE_KINDS }),
    configId: ref('srmNoticeConfig', { display: 'configName', displayAs: 'noticeTypeName' }),
    title: text({ required: true, max: 200 }),
    summary: text({ max: 240 }),
    pinnedFlag: checkbox(),
    effectiveDate: date(),
    expiryDate: date(),
    confirmFlag: checkbox(),
    replyFlag: checkbox(),
    replyDeadline: datetime(),
    publisherName: text({ max: 60 }),
    publishedAt: datetime({ indexed: true }),
    // The viewer record.
    firstReadAt: datetime(),
    lastReadAt: datetime(),
    readCount: number({ default: 0 }),
    confirmedAt: datetime(),
    // The reply (seen by the receiver and the buyer side only).
    replyContent: textarea({ max: 4000 }),
    /** Files the receiver sent with the reply (seen by them and the buyer side only). */
    replyAttachmentIds: attachments({ maxCount: 10 }),
    repliedAt: datetime(),
    remindCount: number({ default: 0 }),
    lastRemindedAt: datetime(),
  },
  list: {
    columns: [
      'title',
      'noticeTypeName',
      'noticeKind',
      'pinnedFlag',
      'publisherName',
      'publishedAt',
      'replyDeadline',
      'firstReadAt',
      'confirmedAt',
      'repliedAt',
    ],
    filters: [{ field: 'title', op: 'contains' }, 'noticeKind', 'configId', 'publishedAt'],
    sort: [
      { field: 'pinnedFlag', order: 'desc' },
      { field: 'publishedAt', order: 'desc' },
    ],
    sortable: ['publishedAt'],
  },
  workflow: {
    states: ['ACTIVE', 'WITHDRAWN'],
    initial: 'ACTIVE',
    statusLookup: 'SRM_NOTICE_RECEIVER_STATUS',
    editableIn: [],
    deletableIn: [],
    actions: {},
  },
});
