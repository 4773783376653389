// Messages people send (发送消息, spec messageList / messageListDetail): a buyer writes a title
// and a text to suppliers (every active portal user of each) and colleagues, in-app and, if
// asked, by e-mail, with files they open in 我的消息. 发送 (doSend) resolves the recipients once, a snapshot, and tells each of
// them; the sender then follows who has read it (送达情况). Only the buying side writes and reads
// these; a supplier reads its own copy in 我的消息 and learns nothing of the other recipients.
import {
  attachments,
  checkbox,
  datetime,
  defineEntity,
  internalUser,
  lookup,
  number,
  ref,
  text,
  textarea,
} from '@srm/kernel';

export const SEND_TARGET_TYPES = ['SUPPLIER', 'USER'] as const;

export const messageSendTarget = defineEntity('baseMessageSendTarget', {
  area: 'messaging',
  service: 'message',
  key: 'targetId',
  parent: { entity: 'baseMessageSend', field: 'sendId' },
  fields: {
    targetType: lookup('BASE_MESSAGE_SEND_TARGET', {
      required: true,
      codes: SEND_TARGET_TYPES,
      default: 'SUPPLIER',
    }),
    supplierId: ref('srmSupplierInfo', { display: 'supplierName' }),
    /** A colleague, picked from the user directory. */
    userId: ref('baseUser', {
      display: 'userFullName',
      displayAs: 'targetUserName',
      grantsRead: false,
      filter: internalUser,
    }),
  },
  list: { columns: ['targetType', 'supplierId', 'userId'] },
  rules: [
    (row) => {
      const field = row.targetType === 'USER' ? 'userId' : 'supplierId';
      return row[field] == null ? { field, message: 'baseMessageSendTarget.needsValue' } : null;
    },
  ],
});

export const messageSend = defineEntity('baseMessageSend', {
  area: 'messaging',
  service: 'message',
  key: 'sendId',
  display: 'title',
  fields: {
    title: text({ required: true, max: 120 }),
    content: textarea({ required: true, max: 2000 }),
    /** Files the recipients open with the message in 我的消息. */
    attachmentIds: attachments({ maxCount: 10 }),
    /** Also by e-mail, to the recipients with an address (in-app always). */
    emailFlag: checkbox(),
    sentAt: datetime({ readonly: true, indexed: true }),
    /** The users told when it was sent. */
    recipientCount: number({ readonly: true }),
  },
  lines: { targets: messageSendTarget },
  list: {
    columns: ['title', 'emailFlag', 'recipientCount', 'sentAt', 'status'],
    filters: [{ field: 'title', op: 'contains' }, 'status', 'sentAt'],
    sort: [{ field: 'sendId', order: 'desc' }],
    sortable: ['sentAt'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['title', 'content', 'attachmentIds', 'emailFlag', 'recipientCount', 'sentAt'],
      },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SENT'],
    initial: 'DRAFT',
    statusLookup: 'BASE_MESSAGE_SEND_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doSend: { from: ['DRAFT'], to: 'SENT', confirm: true },
    },
  },
});
