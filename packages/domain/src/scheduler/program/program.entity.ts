// Concurrent programs (并发程序, spec concurrentPrograms): what a request runs. A program names an
// executable a module registered in code (never free SQL, never a shell), its ordered
// parameters, the programs it must not run beside, its priority, its output, its time limit,
// its retry policy and how long its requests are kept (docs/scheduler.md).
import { checkbox, defineEntity, lookup, number, text, textarea } from '@srm/kernel';
import { programIncompat } from './program-incompat.entity';
import { programParam } from './program-param.entity';

export const OUTPUT_TYPES = ['NONE', 'TEXT', 'CSV', 'XLSX', 'PDF'] as const;
export type OutputType = (typeof OUTPUT_TYPES)[number];

export const concurrentProgram = defineEntity('baseConcurrentProgram', {
  area: 'scheduler',
  service: 'schedule',
  key: 'programId',
  display: 'programName',
  fields: {
    programCode: text({ required: true, unique: true, max: 40, format: 'code' }),
    programName: text({ required: true, max: 120, english: 'programNameEn' }),
    programNameEn: text({ max: 120 }),
    /** The module the program belongs to (projectAndModule). */
    moduleCode: text({ max: 40 }),
    /** The executable a module registered under this name. */
    executableName: text({ required: true, max: 60, format: 'code' }),
    enabledFlag: checkbox({ default: 'Y' }),
    /** Lower runs first among waiting requests (1–99). */
    priority: number({ required: true, min: 1, max: 99, default: 50 }),
    outputType: lookup('BASE_PROGRAM_OUTPUT', { required: true, codes: OUTPUT_TYPES, default: 'NONE' }),
    /** A run longer than this is stopped and completes Terminated. */
    timeoutSeconds: number({ required: true, min: 1, max: 82800, default: 3600 }),
    /** Runs after a failure (0: none). */
    retryLimit: number({ required: true, min: 0, max: 10, default: 0 }),
    retryDelaySeconds: number({ required: true, min: 0, max: 86400, default: 10 }),
    /** Each retry waits twice as long as the one before, up to the maximum delay. */
    retryBackoff: checkbox({ default: 'Y' }),
    retryMaxDelaySeconds: number({ required: true, min: 0, max: 86400, default: 600 }),
    /** A run cut off by a stopped node may run again; otherwise it completes Error "interrupted". */
    retrySafe: checkbox(),
    /** Runs with nothing else running. */
    runAlone: checkbox(),
    /** Requests of this program may run beside each other (otherwise one at a time). */
    parallelFlag: checkbox(),
    /** Completed requests (with their logs and output) are removed after this many days. */
    retentionDays: number({ required: true, min: 1, max: 3650, default: 30 }),
    description: textarea({ max: 500 }),
  },
  lines: { params: programParam, incompatibilities: programIncompat },
  list: {
    columns: [
      'programCode',
      'programName',
      'moduleCode',
      'executableName',
      'priority',
      'outputType',
      'enabledFlag',
    ],
    filters: [
      { field: 'programCode', op: 'prefix' },
      { field: 'programName', op: 'contains' },
      'moduleCode',
      'enabledFlag',
    ],
    sort: [{ field: 'programCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'programCode',
          'programName',
          'programNameEn',
          'moduleCode',
          'executableName',
          'enabledFlag',
          'priority',
          'outputType',
        ],
      },
      {
        key: 'run',
        fields: [
          'timeoutSeconds',
          'retryLimit',
          'retryDelaySeconds',
          'retryBackoff',
          'retryMaxDelaySeconds',
          'retrySafe',
          'runAlone',
          'parallelFlag',
          'retentionDays',
        ],
      },
      { key: 'other', fields: ['description'] },
    ],
  },
});
