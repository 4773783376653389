// The question bank (题库): questions a questionnaire asks suppliers, each with a type — single or
// multiple choice, text, number, score, file — and, for a choice, its options with the points
// each is worth. A questionnaire template names bank questions; publishing a questionnaire copies
// them, options and points included, so changing the bank afterwards changes nothing published.
// 失效 (`doInvalidate`) keeps a question out of new templates; 启用 (`doEnable`) brings it back.
import { checkbox, defineEntity, lookup, number, text } from '@srm/kernel';
import { QUESTION_TYPES } from '../survey-template/survey-template.entity';

/** Types answered by choosing options (scored by the options' points). */
export const CHOICE_TYPES: readonly string[] = ['SINGLE', 'MULTIPLE'];
/** Types a reviewer scores (up to the question's points). */
export const REVIEWED_TYPES: readonly string[] = ['TEXT', 'NUMBER', 'FILE'];

export const surveyQuestionOption = defineEntity('srmSurveyQuestionOption', {
  area: 'supplier',
  key: 'optionId',
  parent: { entity: 'srmSurveyQuestion', field: 'questionId' },
  fields: {
    optionNum: number({ required: true, precision: 0, min: 1, max: 99 }),
    optionText: text({ required: true, max: 240 }),
    /** What choosing it scores (0–100, two decimals). */
    points: number({ required: true, precision: 2, min: 0, max: 100, default: 0 }),
  },
  unique: [['questionId', 'optionNum']],
  list: {
    columns: ['optionNum', 'optionText', 'points'],
    sort: [{ field: 'optionNum', order: 'asc' }],
  },
});

export const surveyQuestion = defineEntity('srmSurveyQuestion', {
  area: 'supplier',
  key: 'questionId',
  display: 'questionText',
  fields: {
    questionCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    questionText: text({ required: true, max: 240 }),
    questionType: lookup('SRM_SURVEY_QUESTION_TYPE', {
      required: true,
      codes: QUESTION_TYPES,
      default: 'SINGLE',
    }),
    /** A group to find it by (质量, 环境, 产能…). */
    questionGroup: text({ max: 60 }),
    /**
     * The most a reviewer may give a text, number or file answer, or the top of a score's scale;
     * a choice is worth its best option (single) or all its options (multiple).
     */
    maxPoints: number({ precision: 2, min: 0, max: 100 }),
    requiredFlag: checkbox({ default: 'Y' }),
    /** What the supplier is told under the question. */
    guidance: text({ max: 500 }),
  },
  lines: { options: surveyQuestionOption },
  list: {
    columns: [
      'questionCode',
      'questionText',
      'questionType',
      'questionGroup',
      'maxPoints',
      'requiredFlag',
      'status',
    ],
    filters: [
      { field: 'questionCode', op: 'prefix' },
      'questionText',
      'questionType',
      'questionGroup',
      'status',
    ],
    sort: [{ field: 'questionCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'questionCode',
          'questionText',
          'questionType',
          'questionGroup',
          'maxPoints',
          'requiredFlag',
          'status',
          'guidance',
        ],
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
    },
  },
});
