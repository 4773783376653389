// Message instances (消息实例, spec msgInstance / msgHistory): one row per recipient, channel and
// event, written in the same transaction as the business change that causes it (a rolled-back
// approval sends nothing) and sent after it by the dispatcher. A dedup key (source, event,
// recipient, channel) makes an event fired twice one instance. The dispatcher commits SENDING
// before it hands the message to the channel and the outcome after; a send it lost (its node
// died) is taken again once its lease ends, with the same provider id (the e-mail Message-ID),
// never re-rendered. Written by the platform only; administrators read them and retry or cancel.
import {
  NEVER_OPENED,
  checkbox,
  datetime,
  defineEntity,
  json,
  lookup,
  number,
  ref,
  text,
  textarea,
} from '@srm/kernel';

/** INAPP: an in-app copy held for a checker (a config that needs a check added its recipient). */
export const INSTANCE_CHANNELS = ['EMAIL', 'SMS', 'CHAT', 'INAPP'] as const;

/** The channels an address may unsubscribe from (a chat group is not a person). */
export const PERSONAL_CHANNELS = ['EMAIL', 'SMS'] as const;
export type InstanceChannel = (typeof INSTANCE_CHANNELS)[number];

export const INSTANCE_STATES = [
  'CHECKING',
  'PENDING',
  'SENDING',
  'SENT',
  'RETRY_WAIT',
  'FAILED',
  'CANCELLED',
  'SUPPRESSED',
] as const;
export type InstanceState = (typeof INSTANCE_STATES)[number];

/**
 * A source switched off; an address unsubscribed from an optional source; the user switched the
 * channel off; a number that had its hour's or day's SMS already.
 */
export const SUPPRESSED_BY = ['SOURCE_DISABLED', 'UNSUBSCRIBED', 'PREFERENCE_OFF', 'RATE_LIMITED'] as const;

/** What an SMS provider's receipt said: on the phone, or not. */
export const DELIVERY_STATES = ['DELIVERED', 'UNDELIVERED'] as const;

export const messageInstance = defineEntity('baseMessageInstance', {
  area: 'messaging',
  service: 'message',
  key: 'instanceId',
  display: 'subject',
  writableBy: [],
  unique: [['dedupKey']],
  fields: {
    /** The event's source (PO_RELEASED, BPM_TASK…). */
    sourceCode: text({ required: true, max: 60, indexed: true }),
    channel: lookup('BASE_MESSAGE_CHANNEL', { required: true, codes: INSTANCE_CHANNELS }),
    recipientId: ref('baseUser', { display: 'userName' }),
    /** The e-mail address (or number) as it was when the event happened; an SMS's counts against its number's allowance. */
    address: text({ required: true, max: 240, indexed: true }),
    languageCode: text({ required: true, max: 10 }),
    subject: text({ max: 240 }),
    body: textarea(),
    /** The body is HTML (from a template, values escaped); sent with a plain-text alternative. */
    htmlFlag: checkbox({ default: 'N' }),
    /** What happened, as the sender named it: the messages of one send, checked together. */
    eventId: text({ max: 200, indexed: true }),
    /** Who let a checked send go or stopped it (消息审核), and when. */
    checkedBy: ref('baseUser', { display: 'userName' }),
    checkedAt: datetime(),
    /** source | event | recipient | channel: one instance per event and recipient. */
    dedupKey: text({ required: true, max: 300 }),
    /** The document it is about. */
    businessEntity: text({ max: 60 }),
    businessId: number({ min: 0 }),
    stateCode: lookup('BASE_MESSAGE_INSTANCE_STATE', {
      required: true,
      codes: INSTANCE_STATES,
      default: 'PENDING',
    }),
    attempts: number({ required: true, min: 0, default: 0 }),
    /** Not sent before this time (a retry's delay). */
    nextAttemptAt: datetime({ indexed: true }),
    /** A SENDING row whose lease ran out is sent again, with the same provider id. */
    leaseUntil: datetime(),
    /** Our id of it at the channel (the e-mail Message-ID, an SMS's out id), fixed at the first attempt. */
    providerId: text({ max: 200, indexed: true }),
    /** An SMS's template code and signature at the provider, and the template's values. */
    templateCode: text({ max: 60 }),
    signName: text({ max: 60 }),
    params: json(),
    /** A one-time code the message carries, sealed; its text and values show it as ******. */
    secretValue: text({ max: 500, sealed: { openedBy: NEVER_OPENED } }),
    /** Files an e-mail carries (`1,2,3`), attached when it is sent. */
    attachmentIds: text({ max: 500 }),
    /** A work notice's recipient as the chat tool knows them (钉钉 userid, 飞书 open_id): the interface's request map sends it. */
    chatId: text({ max: 64 }),
    /** The provider's own id of an SMS (its receipts name it). */
    providerRef: text({ max: 120 }),
    /** What the provider's receipt said, and when the phone had it. */
    deliveryState: lookup('BASE_MESSAGE_DELIVERY_STATE', { codes: DELIVERY_STATES }),
    deliveredAt: datetime(),
    deliveryCode: text({ max: 120 }),
    /** The last answer of the channel (an SMTP reply code). */
    lastCode: number({ min: 0 }),
    lastError: text({ max: 2000 }),
    sentAt: datetime(),
    /** Its compensation row, once it failed for good. */
    compenId: number({ min: 0 }),
    /** Why a SUPPRESSED instance is not sent. */
    suppressedBy: lookup('BASE_MESSAGE_SUPPRESSED_BY', { codes: SUPPRESSED_BY }),
  },
  list: {
    columns: [
      'instanceId',
      'sourceCode',
      'channel',
      'address',
      'chatId',
      'subject',
      'stateCode',
      'attempts',
      'lastCode',
      'lastError',
      'suppressedBy',
      'deliveryState',
      'deliveryCode',
      'nextAttemptAt',
      'sentAt',
      'languageCode',
      'businessEntity',
      'businessId',
    ],
    filters: [
      { field: 'sourceCode', op: 'prefix' },
      'channel',
      { field: 'address', op: 'prefix' },
      'stateCode',
      'deliveryState',
      'businessEntity',
      'businessId',
    ],
    sort: [{ field: 'instanceId', order: 'desc' }],
    seek: true,
  },
});
