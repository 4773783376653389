// Survey templates (调查模板): the items a locale inspection scores, the bank questions a
// questionnaire asks and the items a satisfaction survey rates. A template has a usage, lines
// in order — an item or question, its type, its weight — and a version every save counts on: a
// document made from it copies the lines of that version and keeps them, so editing the template
// changes nothing already made. 失效 (`doInvalidate`) takes it out of use; 启用 (`doEnable`)
// brings it back; 复制 (`doCopy`) starts a new template from it.
import { checkbox, defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';

export const SURVEY_USAGES = ['INSPECTION', 'QUESTIONNAIRE', 'SATISFACTION'] as const;
export const QUESTION_TYPES = ['SCORE', 'SINGLE', 'MULTIPLE', 'TEXT', 'NUMBER', 'FILE'] as const;

export const surveyTemplateLine = defineEntity('srmSurveyTemplateLine', {
  area: 'supplier',
  key: 'templateLineId',
  parent: { entity: 'srmSurveyTemplate', field: 'templateId' },
  fields: {
    lineNum: number({ required: true, precision: 0, min: 1, max: 999 }),
    /** A questionnaire's question from the bank (its text, type and options come with it). */
    questionId: ref('srmSurveyQuestion', {
      display: 'questionCode',
      displayAs: 'questionCode',
      brings: ['questionText', 'questionType', 'guidance'],
      filter: () => ({ status: 'ACTIVE' }),
    }),
    /** The item scored or the question asked. */
    questionText: text({ required: true, max: 240 }),
    questionType: lookup('SRM_SURVEY_QUESTION_TYPE', {
      required: true,
      codes: QUESTION_TYPES,
      default: 'SCORE',
    }),
    /** Weight of a scored item in the total (a locale inspection's weighted mean). */
    weight: number({ precision: 2, min: 0, max: 100 }),
    requiredFlag: checkbox({ default: 'Y' }),
    /** What the inspector looks at, how to score (guidance shown beside the item). */
    guidance: text({ max: 500 }),
  },
  unique: [['templateId', 'lineNum']],
  list: {
    columns: [
      'lineNum',
      'questionCode',
      'questionText',
      'questionType',
      'weight',
      'requiredFlag',
      'guidance',
    ],
    filters: ['questionType'],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const surveyTemplate = defineEntity('srmSurveyTemplate', {
  area: 'supplier',
  key: 'templateId',
  display: 'templateName',
  fields: {
    templateCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    templateName: text({ required: true, max: 120 }),
    usage: lookup('SRM_SURVEY_USAGE', { required: true, codes: SURVEY_USAGES, default: 'INSPECTION' }),
    /** Counted on by every save (the platform's). */
    templateVersion: number({ readonly: true, precision: 0, min: 0 }),
    description: textarea({ max: 1000 }),
  },
  lines: { lines: surveyTemplateLine },
  list: {
    columns: ['templateCode', 'templateName', 'usage', 'templateVersion', 'status', 'lastUpdateDate'],
    filters: [{ field: 'templateCode', op: 'prefix' }, 'templateName', 'usage', 'status'],
    sort: [{ field: 'templateCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['templateCode', 'templateName', 'usage', 'templateVersion', 'status', 'description'],
      },
    ],
  },
  workflow: {
    states: ['ACTIVE', 'INVALID'],
    initial: 'ACTIVE',
    statusLookup: 'SRM_SURVEY_TEMPLATE_STATUS',
    editableIn: ['ACTIVE'],
    deletableIn: [],
    actions: {
      doInvalidate: { from: ['ACTIVE'], to: 'INVALID', confirm: true, danger: true },
      doEnable: { from: ['INVALID'], to: 'ACTIVE', confirm: true },
      /** A new active template with the same usage and lines, code …_COPY (…_COPY2, …). */
      doCopy: { from: ['ACTIVE', 'INVALID'], confirm: true },
    },
  },
});
