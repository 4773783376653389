// Questionnaires (调查问卷): a buyer builds one from a questionnaire template, names the suppliers
// it goes to (the objects) and a due date, and publishes it: the template's bank questions, with
// their options and points, are copied onto it as they are that day (the template's version is
// kept), and each supplier gets a reply (srmQuestionnaireReply) to fill in its portal. Editing the
// template or the bank afterwards changes nothing published. A recipient row may name a running
// introduction of its supplier: accepting that reply writes the introduction's 调查问卷 step (通过
// at the pass score or above). 完成 (`doComplete`) closes it once every submitted reply is
// reviewed; replies never submitted are closed with it.
import { date, defineEntity, lookup, number, ref, text, textarea, checkbox } from '@srm/kernel';
import { QUESTION_TYPES } from '../survey-template/survey-template.entity';

export const REPLY_STATES = ['OPEN', 'SUBMITTED', 'RETURNED', 'ACCEPTED', 'CLOSED'] as const;

export const questionnaireQuestion = defineEntity('srmQuestionnaireQuestion', {
  area: 'supplier',
  key: 'questionLineId',
  parent: { entity: 'srmQuestionnaire', field: 'questionnaireId' },
  rowsByPlatform: true,
  fields: {
    questionNum: number({ required: true, precision: 0, min: 1, max: 999, readonly: true }),
    questionText: text({ required: true, max: 240, readonly: true }),
    questionType: lookup('SRM_SURVEY_QUESTION_TYPE', {
      required: true,
      codes: QUESTION_TYPES,
      readonly: true,
    }),
    requiredFlag: checkbox({ readonly: true }),
    /** The most the question scores (a choice: its best option, or all its options). */
    maxPoints: number({ precision: 2, min: 0, readonly: true }),
    guidance: text({ max: 500, readonly: true }),
  },
  unique: [['questionnaireId', 'questionNum']],
  list: {
    columns: ['questionNum', 'questionText', 'questionType', 'requiredFlag', 'maxPoints', 'guidance'],
    sort: [{ field: 'questionNum', order: 'asc' }],
  },
});

export const questionnaireOption = defineEntity('srmQuestionnaireOption', {
  area: 'supplier',
  key: 'questionOptionId',
  parent: { entity: 'srmQuestionnaire', field: 'questionnaireId' },
  rowsByPlatform: true,
  fields: {
    questionNum: number({ required: true, precision: 0, min: 1, max: 999, readonly: true }),
    optionNum: number({ required: true, precision: 0, min: 1, max: 99, readonly: true }),
    optionText: text({ required: true, max: 240, readonly: true }),
    points: number({ precision: 2, min: 0, readonly: true }),
  },
  unique: [['questionnaireId', 'questionNum', 'optionNum']],
  list: {
    columns: ['questionNum', 'optionNum', 'optionText', 'points'],
    sort: [
      { field: 'questionNum', order: 'asc' },
      { field: 'optionNum', order: 'asc' },
    ],
  },
});

export const questionnaireObject = defineEntity('srmQuestionnaireObject', {
  area: 'supplier',
  key: 'objectId',
  parent: { entity: 'srmQuestionnaire', field: 'questionnaireId' },
  fields: {
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    /** A running introduction of the supplier whose 调查问卷 step this reply decides. */
    introId: ref('srmSupplierIntro', {
      display: 'introNum',
      displayAs: 'introNum',
      filter: (row) => ({ supplierId: row.supplierId }),
      offer: { status: 'IN_PROGRESS' },
    }),
    /** The supplier's reply, made when the questionnaire is published. */
    replyId: ref('srmQuestionnaireReply', { display: 'replyNum', displayAs: 'replyNum', readonly: true }),
    replyStatus: lookup('SRM_QUESTIONNAIRE_REPLY_STATUS', { codes: REPLY_STATES, readonly: true }),
    totalScore: number({ precision: 2, readonly: true }),
    submittedDate: date({ readonly: true }),
  },
  unique: [['questionnaireId', 'supplierId']],
  list: {
    columns: ['supplierName', 'introNum', 'replyNum', 'replyStatus', 'totalScore', 'submittedDate'],
    filters: ['supplierId', 'replyStatus'],
    sort: [{ field: 'objectId', order: 'asc' }],
  },
});

export const questionnaire = defineEntity('srmQuestionnaire', {
  area: 'supplier',
  key: 'questionnaireId',
  display: 'questionnaireNum',
  numbering: { field: 'questionnaireNum', pattern: 'QN{yyyyMMdd}{####}' },
  fields: {
    questionnaireNum: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 120 }),
    templateId: ref('srmSurveyTemplate', {
      required: true,
      display: 'templateName',
      filter: () => ({ usage: 'QUESTIONNAIRE', status: 'ACTIVE' }),
    }),
    /** The template's version the questions were copied from (on publishing). */
    templateVersion: number({ readonly: true, precision: 0, min: 0 }),
    dueDate: date({ required: true }),
    /** The most a reply can score. */
    totalPoints: number({ precision: 2, readonly: true }),
    /** The score an accepted reply needs to pass an introduction's 调查问卷 step. */
    passScore: number({ precision: 2, min: 0 }),
    /** What the suppliers read above the questions. */
    description: textarea({ max: 2000 }),
    publishedDate: date({ readonly: true }),
    completedDate: date({ readonly: true }),
  },
  lines: { questions: questionnaireQuestion, options: questionnaireOption, objects: questionnaireObject },
  list: {
    columns: [
      'questionnaireNum',
      'title',
      'templateName',
      'templateVersion',
      'dueDate',
      'totalPoints',
      'status',
      'publishedDate',
      'createdBy',
    ],
    filters: [{ field: 'questionnaireNum', op: 'prefix' }, 'title', 'templateId', 'status', 'dueDate'],
    sort: [{ field: 'questionnaireId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'questionnaireNum',
          'title',
          'templateId',
          'templateVersion',
          'dueDate',
          'totalPoints',
          'passScore',
          'status',
          'publishedDate',
          'completedDate',
          'description',
        ],
      },
    ],
  },
  workflow: {
    states: ['DRAFT', 'PUBLISHED', 'COMPLETED', 'ABOLISHED'],
    initial: 'DRAFT',
    statusLookup: 'SRM_QUESTIONNAIRE_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doPublish: { from: ['DRAFT'], to: 'PUBLISHED', confirm: true },
      doComplete: { from: ['PUBLISHED'], to: 'COMPLETED', confirm: true },
      doAbolish: { from: ['DRAFT'], to: 'ABOLISHED', confirm: true, danger: true },
    },
  },
});
