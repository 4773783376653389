// Request sets (请求集, EBS's request sets): programs run one stage after another as one request.
// Each stage is a program with fixed parameter values and the rule for going on: the next stage
// starts when this one completed Normal, or when it completed at all. A set is submitted by a user
// who may submit every program in it (docs/scheduler.md, ADR 0017 §9).
import { PROGRAM_PARAMS_EDITOR } from '../program/program-param.entity';
import { checkbox, defineEntity, json, lookup, number, ref, text, textarea } from '@srm/kernel';

export const STAGE_RULES = ['ON_NORMAL', 'ON_ANY'] as const;
export type StageRule = (typeof STAGE_RULES)[number];

export const requestSetStage = defineEntity('baseRequestSetStage', {
  area: 'scheduler',
  service: 'schedule',
  key: 'setStageId',
  display: 'programId',
  parent: { entity: 'baseRequestSet', field: 'requestSetId' },
  unique: [['requestSetId', 'stageNum']],
  fields: {
    requestSetId: ref('baseRequestSet', { required: true, onDelete: 'cascade' }),
    /** Stages run in this order. */
    stageNum: number({ required: true, min: 1, max: 999, sequence: { step: 1 } }),
    programId: ref('baseConcurrentProgram', { required: true, display: 'programName' }),
    /** The stage's parameter values, checked against the program's parameters at save and at submit. */
    parameters: json({ editor: PROGRAM_PARAMS_EDITOR }),
    /** When the next stage starts: after this one completed Normal, or after it completed at all. */
    stageRule: lookup('BASE_STAGE_RULE', { required: true, codes: STAGE_RULES, default: 'ON_NORMAL' }),
  },
  list: { columns: ['stageNum', 'programId', 'stageRule', 'parameters'] },
});

export const requestSet = defineEntity('baseRequestSet', {
  area: 'scheduler',
  service: 'schedule',
  key: 'requestSetId',
  display: 'setName',
  fields: {
    setCode: text({ required: true, unique: true, max: 40, format: 'code' }),
    setName: text({ required: true, max: 120, english: 'setNameEn' }),
    setNameEn: text({ max: 120 }),
    enabledFlag: checkbox({ default: 'Y' }),
    /** Lower runs first among waiting requests (1–99); the stages' requests run at this priority. */
    priority: number({ required: true, min: 1, max: 99, default: 50 }),
    description: textarea({ max: 500 }),
  },
  lines: { stages: requestSetStage },
  list: {
    columns: ['setCode', 'setName', 'priority', 'enabledFlag'],
    filters: [{ field: 'setCode', op: 'prefix' }, { field: 'setName', op: 'contains' }, 'enabledFlag'],
    sort: [{ field: 'setCode', order: 'asc' }],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['setCode', 'setName', 'setNameEn', 'priority', 'enabledFlag', 'description'] },
    ],
  },
});
