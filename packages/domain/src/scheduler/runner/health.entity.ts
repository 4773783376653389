// What the scheduler's status tab and the scheduling errors list show: the nodes running
// requests (each registers and beats every few seconds) and the problems found in the
// background — requests that failed for good, occurrences missed or skipped, programs no node
// can run, bad stored schedules, no live node. Written by the platform only.
import { datetime, defineEntity, json, lookup, number, ref, text } from '@srm/kernel';

export const schedulerNode = defineEntity('baseSchedulerNode', {
  area: 'scheduler',
  service: 'schedule',
  key: 'nodeId',
  display: 'nodeName',
  writableBy: [],
  fields: {
    nodeName: text({ required: true, unique: true, max: 120 }),
    hostName: text({ max: 120 }),
    processId: number({ min: 0 }),
    startedAt: datetime({ required: true }),
    heartbeatAt: datetime({ required: true }),
    /** The executables this node can run. */
    executables: json(),
    /** Requests it may run at once. */
    workers: number({ required: true, min: 0 }),
  },
  list: {
    columns: ['nodeName', 'hostName', 'processId', 'startedAt', 'heartbeatAt', 'workers'],
    sort: [{ field: 'heartbeatAt', order: 'desc' }],
  },
});

export const ERROR_KINDS = [
  'REQUEST_FAILED',
  'OCCURRENCE_MISSED',
  'NO_MANAGER',
  'BAD_SCHEDULE',
  'NO_NODE',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const schedulingError = defineEntity('baseSchedulingError', {
  area: 'scheduler',
  service: 'schedule',
  key: 'schedulingErrorId',
  display: 'message',
  writableBy: [],
  fields: {
    errorKind: lookup('BASE_SCHEDULING_ERROR_KIND', { required: true, codes: ERROR_KINDS }),
    requestId: ref('baseConcurrentRequest', { display: 'requestNumber', displayAs: 'requestNumber' }),
    scheduleId: ref('baseScheduleJob', { display: 'scheduleName', onDelete: 'set null' }),
    programId: ref('baseConcurrentProgram', { display: 'programName' }),
    occurrenceAt: datetime(),
    occurredAt: datetime({ required: true, indexed: true }),
    /** Kept as a message (storedMessage): read in the reader's language. */
    message: text({ required: true, max: 2000, message: true }),
  },
  list: {
    columns: [
      'occurredAt',
      'errorKind',
      'requestNumber',
      'scheduleName',
      'programName',
      'occurrenceAt',
      'message',
    ],
    filters: ['errorKind', 'programId', 'scheduleId', 'occurredAt'],
    sort: [{ field: 'schedulingErrorId', order: 'desc' }],
  },
});
