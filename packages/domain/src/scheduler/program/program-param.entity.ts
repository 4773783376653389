// A parameter of a concurrent program, in order: its name (the key of the value in a request),
// its label, its kind, whether it is required, its default (a literal or a named rule) and the
// values it may take (a lookup type, or an entity whose rows it names).
import { checkbox, defineEntity, json, lookup, number, ref, text } from '@srm/kernel';

export const PARAM_KINDS = ['TEXT', 'NUMBER', 'DATE', 'DATETIME', 'LOOKUP', 'REF', 'YN'] as const;
export type ParamKind = (typeof PARAM_KINDS)[number];
/** Defaults by rule: none, the literal in defaultValue, today, the month's first day, the submitter's organisation. */
export const PARAM_DEFAULTS = ['NONE', 'LITERAL', 'TODAY', 'MONTH_START', 'USER_ORG'] as const;
export type ParamDefault = (typeof PARAM_DEFAULTS)[number];
/** The web input of a program's parameter values (a schedule's, a request set stage's), by its row's `programId`. */
export const PROGRAM_PARAMS_EDITOR = 'programParams';

export const programParam = defineEntity('baseConcurrentProgramParam', {
  area: 'scheduler',
  service: 'schedule',
  key: 'programParamId',
  display: 'paramName',
  parent: { entity: 'baseConcurrentProgram', field: 'programId' },
  unique: [['programId', 'paramName']],
  fields: {
    programId: ref('baseConcurrentProgram', { required: true, onDelete: 'cascade' }),
    lineNum: number({ required: true, min: 1, max: 999, sequence: { step: 1 } }),
    paramName: text({ required: true, max: 40, format: 'code' }),
    paramLabel: text({ required: true, max: 60, english: 'paramLabelEn' }),
    paramLabelEn: text({ max: 60 }),
    paramKind: lookup('BASE_PROGRAM_PARAM_KIND', { required: true, codes: PARAM_KINDS, default: 'TEXT' }),
    requiredFlag: checkbox(),
    defaultType: lookup('BASE_PROGRAM_PARAM_DEFAULT', {
      required: true,
      codes: PARAM_DEFAULTS,
      default: 'NONE',
    }),
    defaultValue: text({ max: 200 }),
    /** LOOKUP: the lookup type whose codes are the values. */
    lookupType: text({ max: 60 }),
    /** REF: the entity whose rows' ids are the values (the submitter must be able to read the row). */
    refEntity: text({ max: 60 }),
    /**
     * REF: only rows with these field values (`{"status":"CONFIRMED"}`): checked against the
     * entity's fields at save, offered by the picker and checked again at submit.
     */
    refFilter: json(),
  },
  list: {
    columns: [
      'lineNum',
      'paramName',
      'paramLabel',
      'paramKind',
      'requiredFlag',
      'defaultType',
      'defaultValue',
      'lookupType',
      'refEntity',
      'refFilter',
    ],
  },
});
