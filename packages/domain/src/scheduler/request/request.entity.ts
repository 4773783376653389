// Concurrent requests (并发请求, spec submitRequest / submitRequestDetail): one run of a program
// with its parameter values, written by the platform only (submitted through doSubmit). Internal
// users see the requests they submitted; users of every organisation (administrators) see all;
// suppliers see none. Phase and status follow request-states.ts.
import { datetime, defineEntity, json, lookup, number, ref, text, attachments } from '@srm/kernel';
import { STAGE_RULES } from '../request-set/request-set.entity';
import { PHASES, STATUSES } from './request-states';

/** A stage's request of a set's run (its stage fields show on it only). */
const isStage = (row: Readonly<Record<string, unknown>>): boolean => !!row.setRequestId;

export const concurrentRequest = defineEntity('baseConcurrentRequest', {
  area: 'scheduler',
  service: 'schedule',
  key: 'requestId',
  display: 'requestNumber',
  numbering: { field: 'requestNumber', pattern: 'REQ{yyyyMMdd}{######}', gaps: true },
  writableBy: [],
  userScoped: 'submittedBy',
  fields: {
    requestNumber: text({ readonly: true, max: 30 }),
    // A request runs a program, or is the run of a request set (its stages are requests of their own).
    // Each shows only where it applies: a set's run names no program, a program's request no set.
    programId: ref('baseConcurrentProgram', {
      display: 'programName',
      appliesWhen: (row) => !row.requestSetId,
    }),
    requestSetId: ref('baseRequestSet', { display: 'setName', appliesWhen: (row) => !row.programId }),
    // Ids and names as they were, not references: a reference would make users and
    // responsibilities readable to everyone who may read requests (grants follow references).
    submittedBy: number({ required: true, min: 0 }),
    submittedByName: text({ readonly: true, max: 120 }),
    responsibilityId: number({ min: 0 }),
    responsibilityName: text({ readonly: true, max: 120 }),
    /** The parameter values, checked against the program's parameters at submit. */
    parameters: json(),
    priority: number({ required: true, min: 1, max: 99, default: 50 }),
    /** Not before this time. */
    requestedStart: datetime({ indexed: true }),
    // A schedule deleted keeps the requests it made.
    scheduleId: ref('baseScheduleJob', { display: 'scheduleName', onDelete: 'set null' }),
    /** The schedule's occurrence this request runs. */
    occurrenceAt: datetime(),
    /** `schedule@occurrence`: unique, so that no occurrence becomes two requests whichever nodes tick. */
    occurrenceKey: text({ readonly: true, unique: true, max: 60 }),
    /** The request this one resubmits. */
    parentRequestId: number({ min: 1 }),
    /** A stage's request: the set's run it belongs to (it waits until its stage comes). */
    setRequestId: number({ min: 1, indexed: true, appliesWhen: isStage }),
    stageNum: number({ min: 1, max: 999, appliesWhen: isStage }),
    /** When the set goes on after this stage (the stage's rule as it was at submit). */
    stageRule: lookup('BASE_STAGE_RULE', { codes: STAGE_RULES, appliesWhen: isStage }),
    phaseCode: lookup('BASE_REQUEST_PHASE', { required: true, codes: PHASES, default: 'PENDING' }),
    statusCode: lookup('BASE_REQUEST_STATUS', { required: true, codes: STATUSES, default: 'NORMAL' }),
    /** Runs started so far. */
    attempts: number({ required: true, min: 0, default: 0 }),
    nodeName: text({ max: 120 }),
    startedAt: datetime(),
    completedAt: datetime(),
    /** Read in the reader's language where the runner kept a message (storedMessage). */
    completionText: text({ max: 2000, message: true }),
    /** Lines of log written (the log is read with findLog). */
    logLines: number({ required: true, min: 0, default: 0 }),
    outputFile: attachments({ maxCount: 1 }),
  },
  list: {
    columns: [
      'requestNumber',
      'programName',
      'requestSetName',
      'stageNum',
      'submittedByName',
      'phaseCode',
      'statusCode',
      'requestedStart',
      'startedAt',
      'completedAt',
      'attempts',
      'completionText',
    ],
    filters: [
      { field: 'requestNumber', op: 'prefix' },
      'programId',
      'requestSetId',
      'setRequestId',
      'phaseCode',
      'statusCode',
      'scheduleId',
      'requestedStart',
    ],
    sort: [{ field: 'requestId', order: 'desc' }],
    sortable: ['requestedStart', 'startedAt', 'completedAt', 'stageNum'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'requestNumber',
          'programId',
          'requestSetId',
          'setRequestId',
          'stageNum',
          'stageRule',
          'submittedByName',
          'responsibilityName',
          'priority',
          'requestedStart',
          'scheduleId',
          'parentRequestId',
        ],
      },
      {
        key: 'run',
        fields: [
          'phaseCode',
          'statusCode',
          'attempts',
          'nodeName',
          'startedAt',
          'completedAt',
          'completionText',
          'logLines',
          'outputFile',
        ],
      },
    ],
  },
});

/** A line of a request's log, written by its handler (ctx.log), capped per request. */
export const requestLog = defineEntity('baseConcurrentRequestLog', {
  area: 'scheduler',
  service: 'schedule',
  key: 'requestLogId',
  display: 'message',
  writableBy: [],
  userScoped: 'submittedBy',
  fields: {
    requestId: ref('baseConcurrentRequest', {
      required: true,
      indexed: true,
      display: 'requestNumber',
      displayAs: 'requestNumber',
    }),
    submittedBy: number({ required: true, min: 0 }),
    attempt: number({ required: true, min: 0 }),
    level: lookup('BASE_LOG_LEVEL', { required: true, codes: ['INFO', 'WARN', 'ERROR'], default: 'INFO' }),
    loggedAt: datetime({ required: true }),
    message: text({ required: true, max: 4000, message: true }),
  },
  list: {
    columns: ['loggedAt', 'level', 'attempt', 'message'],
    sort: [{ field: 'requestLogId', order: 'asc' }],
  },
});
