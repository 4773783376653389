// Transaction compensation (事务补偿, spec transactionCompen): a step after a commit that failed
// for good (an outbound interface call, a message whose channel failed, a program's declared
// undo) waits here for a person: retry it with the same payload key, compensate it (the undo
// step its producer registered on doCompensate), or ignore it with a reason. Producers add
// their behaviour to doRetry and doCompensate for their step kind; rows are written by the
// platform only. Administrators see every row, a buyer the rows of documents in his
// organisations, suppliers none.
import { datetime, defineEntity, json, lookup, number, ref, text } from '@srm/kernel';

export const STEP_KINDS = ['INTF_CALL', 'MESSAGE', 'PROGRAM'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export const transactionCompen = defineEntity('baseTransactionCompen', {
  area: 'scheduler',
  service: 'schedule',
  key: 'compenId',
  display: 'businessNumber',
  writableBy: [],
  orgScoped: 'orgId',
  fields: {
    stepKind: lookup('BASE_COMPEN_STEP', { required: true, codes: STEP_KINDS }),
    /** What failed: a definition's code, a message template… */
    stepName: text({ required: true, max: 120 }),
    businessEntity: text({ required: true, max: 60, indexed: true }),
    businessId: number({ required: true, min: 0 }),
    businessNumber: text({ max: 60 }),
    orgId: ref('srmBaseOrg', { display: 'orgName' }),
    /** The producer's own row (an outbox row's id). */
    sourceId: number({ required: true, min: 0, indexed: true }),
    idempotencyKey: text({ max: 200 }),
    /** The payload as first captured. */
    payload: json(),
    attempts: number({ required: true, min: 0, default: 0 }),
    lastError: text({ max: 2000 }),
    occurredAt: datetime({ required: true, indexed: true }),
    resolvedAt: datetime(),
  },
  list: {
    columns: [
      'occurredAt',
      'stepName',
      'businessNumber',
      'lastError',
      'attempts',
      'status',
      'orgName',
      'stepKind',
      'businessEntity',
    ],
    filters: ['stepKind', { field: 'stepName', op: 'prefix' }, 'businessEntity', 'status', 'occurredAt'],
    sort: [{ field: 'compenId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'stepKind',
          'stepName',
          'businessEntity',
          'businessNumber',
          'orgId',
          'idempotencyKey',
          'attempts',
          'occurredAt',
          'resolvedAt',
          'lastError',
        ],
      },
    ],
  },
  workflow: {
    states: ['OPEN', 'RETRYING', 'RESOLVED', 'COMPENSATED', 'IGNORED'],
    initial: 'OPEN',
    editableIn: [],
    actions: {
      doRetry: { from: ['OPEN'], to: 'RETRYING' },
      doCompensate: { from: ['OPEN'], to: 'COMPENSATED', confirm: true, danger: true },
      doIgnore: { from: ['OPEN'], to: 'IGNORED', needs: ['comment'], confirm: true },
      /** The retried step succeeded (the platform says so). */
      doResolve: { from: ['RETRYING', 'OPEN'], to: 'RESOLVED', system: true },
      /** The retried step failed again. */
      doReopen: { from: ['RETRYING'], to: 'OPEN', system: true },
    },
  },
});
