// Schedules (调度作业, baseScheduleJob): a program (or a request set) submitted once at a given time or at every
// occurrence of a 5-field cron expression in a named time zone, between optional start and end
// dates. This table is the truth: nodes turn due occurrences into requests, one request per
// occurrence (a unique key), so two nodes never run one occurrence twice. Occurrences missed
// while no node ran follow the schedule's policy: skip them, run one, or run each (capped).
import { PROGRAM_PARAMS_EDITOR } from '../program/program-param.entity';
import { checkbox, datetime, defineEntity, json, lookup, number, ref, text } from '@srm/kernel';

export const SCHEDULE_TYPES = ['ONCE', 'CRON'] as const;
export const MISSED_POLICIES = ['SKIP', 'ONCE', 'ALL'] as const;
export type MissedPolicy = (typeof MISSED_POLICIES)[number];
export const DEFAULT_SCHEDULE_ZONE = 'Asia/Shanghai';

export const scheduleJob = defineEntity('baseScheduleJob', {
  area: 'scheduler',
  service: 'schedule',
  key: 'scheduleId',
  display: 'scheduleName',
  userScoped: 'submittedBy',
  fields: {
    scheduleName: text({ required: true, max: 120 }),
    /** What each occurrence submits: a program with the values below, or a request set (one of the two). */
    programId: ref('baseConcurrentProgram', { display: 'programName' }),
    requestSetId: ref('baseRequestSet', { display: 'setName' }),
    /**
     * The parameter values each request of a program gets. A set's stages carry their own; a set's
     * schedule with date increment keeps here its values of the stages, moving on (set-values.ts).
     */
    parameters: json({ editor: PROGRAM_PARAMS_EDITOR }),
    scheduleType: lookup('BASE_SCHEDULE_TYPE', { required: true, codes: SCHEDULE_TYPES, default: 'CRON' }),
    /** ONCE: when. */
    runAt: datetime(),
    /** CRON: minute hour day-of-month month day-of-week. */
    cronExpression: text({ max: 120 }),
    timeZone: text({ required: true, max: 60, default: DEFAULT_SCHEDULE_ZONE }),
    startDate: datetime(),
    endDate: datetime(),
    /** Date parameters move on by the time between occurrences at each run (EBS). */
    incrementDates: checkbox(),
    missedPolicy: lookup('BASE_SCHEDULE_MISSED', { required: true, codes: MISSED_POLICIES, default: 'SKIP' }),
    // Ids and names as they were, not references: a reference would make users and
    // responsibilities readable to everyone who may read requests (grants follow references).
    submittedBy: number({ readonly: true, min: 0 }),
    submittedByName: text({ readonly: true, max: 120 }),
    responsibilityId: number({ readonly: true, min: 0 }),
    responsibilityName: text({ readonly: true, max: 120 }),
    /** The last occurrence turned into a request (or skipped). */
    lastOccurrenceAt: datetime({ readonly: true }),
    nextOccurrenceAt: datetime({ readonly: true, indexed: true }),
  },
  list: {
    columns: [
      'scheduleName',
      'programName',
      'requestSetName',
      'scheduleType',
      'cronExpression',
      'timeZone',
      'missedPolicy',
      'lastOccurrenceAt',
      'nextOccurrenceAt',
      'status',
    ],
    filters: [{ field: 'scheduleName', op: 'contains' }, 'programId', 'requestSetId', 'status'],
    sort: [{ field: 'scheduleId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'scheduleName',
          'programId',
          'parameters',
          'requestSetId',
          'scheduleType',
          'runAt',
          'cronExpression',
          'timeZone',
        ],
      },
      { key: 'window', fields: ['startDate', 'endDate', 'incrementDates', 'missedPolicy'] },
      {
        key: 'run',
        fields: ['submittedByName', 'responsibilityName', 'lastOccurrenceAt', 'nextOccurrenceAt'],
      },
    ],
  },
  workflow: {
    states: ['ACTIVE', 'PAUSED', 'ENDED'],
    initial: 'ACTIVE',
    editableIn: ['ACTIVE', 'PAUSED'],
    deletableIn: ['ACTIVE', 'PAUSED', 'ENDED'],
    actions: {
      doPause: { from: ['ACTIVE'], to: 'PAUSED' },
      doResume: { from: ['PAUSED'], to: 'ACTIVE' },
    },
  },
});
