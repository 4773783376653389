// The outbox (接口发送队列): one row per call an interface definition makes, written in the
// same transaction as the business action that triggers it (a rolled-back approval sends
// nothing), then sent by the dispatcher: one call in flight per ordering key, oldest first,
// retried with backoff, and never sent again once SENT. Written by the platform only.
import { datetime, defineEntity, json, lookup, number, ref, text } from '@srm/kernel';

export const OUTBOX_STATES = ['PENDING', 'SENDING', 'SENT', 'FAILED', 'CANCELLED'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const scsiOutbox = defineEntity('baseScsiOutbox', {
  area: 'interfaces',
  service: 'intf',
  key: 'outboxId',
  display: 'idempotencyKey',
  writableBy: [],
  unique: [['definitionCode', 'idempotencyKey']],
  fields: {
    definitionId: ref('baseScsiDefinition', { required: true, display: 'definitionName' }),
    definitionCode: text({ required: true, max: 40 }),
    definitionVersion: number({ required: true, min: 1 }),
    businessEntity: text({ required: true, max: 60 }),
    businessId: number({ required: true, min: 0, indexed: true }),
    businessNumber: text({ max: 60 }),
    /** The action that made the call (`doApproval`, `save`, `button`). */
    eventAction: text({ max: 60 }),
    orderingKey: text({ max: 200, indexed: true }),
    idempotencyKey: text({ required: true, max: 200 }),
    stateCode: lookup('BASE_SCSI_OUTBOX_STATE', {
      required: true,
      codes: OUTBOX_STATES,
      default: 'PENDING',
    }),
    attempts: number({ required: true, min: 0, default: 0 }),
    /** Not sent before this time (backoff, Retry-After). */
    nextAttemptAt: datetime({ indexed: true }),
    /** A SENDING row whose lease ran out (its node died) is sent again, with the same key. */
    leaseUntil: datetime(),
    nodeName: text({ max: 120 }),
    lastStatus: number({ min: 0 }),
    lastError: text({ max: 2000 }),
    sentAt: datetime(),
    /** The body as first rendered. */
    payload: json(),
    /** What interceptors keep for this call across attempts and nodes (a U8 trade id). */
    interceptorState: json(),
    /** Its compensation row, once it failed for good. */
    compenId: number({ min: 0 }),
    /** What the answer wrote back to the document. */
    writtenBack: json(),
  },
  list: {
    columns: [
      'outboxId',
      'definitionCode',
      'businessNumber',
      'stateCode',
      'attempts',
      'lastStatus',
      'lastError',
      'nextAttemptAt',
      'sentAt',
      'orderingKey',
      'idempotencyKey',
      'definitionVersion',
      'businessEntity',
    ],
    filters: [{ field: 'definitionCode', op: 'prefix' }, 'stateCode', 'businessEntity', 'businessId'],
    sort: [{ field: 'outboxId', order: 'desc' }],
  },
});
