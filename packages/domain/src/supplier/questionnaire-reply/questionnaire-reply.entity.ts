// Questionnaire replies (问卷答复): one per supplier of a published questionnaire, made by the
// platform with the questions and options as published. The supplier answers in its portal —
// ticks options, writes text, numbers and scores, attaches files — saves drafts and submits by the
// due date; the buyer reviews it (审核, `doAccept`) or returns it with a comment (`doReturn`), which
// opens it to the supplier again. Choice answers score the points of the options chosen, a score
// answer its own value; the reviewer scores text, number and file answers up to their points.
import { attachments, checkbox, date, defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';
import { QUESTION_TYPES } from '../survey-template/survey-template.entity';
import { REPLY_STATES } from '../questionnaire/questionnaire.entity';
import { REVIEWED_TYPES } from '../survey-question/survey-question.entity';

/** The supplier answers while the reply is open or returned. */
export const ANSWER_STATES = ['OPEN', 'RETURNED'];
/** The buyer reviews a submitted reply. */
export const REVIEW_STATES = ['SUBMITTED'];

const supplierAnswer = { writableBy: ['supplier'] as const };
/** The field applies to answers of these question types only. */
const typed =
  (...types: readonly string[]) =>
  (row: Readonly<Record<string, unknown>>) =>
    types.includes(String(row.questionType));
/** The buyer's review: on a submitted reply only, never while the supplier answers. */
const review = { writableBy: ['internal'] as const, editableOnlyIn: REVIEW_STATES };

export const questionnaireAnswer = defineEntity('srmQuestionnaireAnswer', {
  area: 'supplier',
  key: 'answerId',
  parent: { entity: 'srmQuestionnaireReply', field: 'replyId' },
  rowsByPlatform: true,
  writableBy: ['supplier'],
  fields: {
    questionNum: number({ required: true, precision: 0, min: 1, max: 999, readonly: true }),
    questionText: text({ required: true, max: 240, readonly: true }),
    questionType: lookup('SRM_SURVEY_QUESTION_TYPE', {
      required: true,
      codes: QUESTION_TYPES,
      readonly: true,
    }),
    requiredFlag: checkbox({ readonly: true }),
    maxPoints: number({ precision: 2, min: 0, readonly: true }),
    guidance: text({ max: 500, readonly: true }),
    answerText: textarea({ max: 2000, ...supplierAnswer, appliesWhen: typed('TEXT') }),
    answerNumber: number({
      precision: 2,
      min: -1e12,
      max: 1e12,
      ...supplierAnswer,
      appliesWhen: typed('NUMBER', 'SCORE'),
    }),
    answerFileIds: attachments({ ...supplierAnswer, appliesWhen: typed('FILE') }),
    /** What the reviewer gives a text, number or file answer (up to the question's points). */
    reviewPoints: number({
      precision: 2,
      min: 0,
      max: 100,
      ...review,
      appliesWhen: typed(...REVIEWED_TYPES),
    }),
    /** What the answer scores (the platform's). */
    points: number({ precision: 2, readonly: true }),
  },
  unique: [['replyId', 'questionNum']],
  list: {
    columns: [
      'questionNum',
      'questionText',
      'questionType',
      'requiredFlag',
      'maxPoints',
      'answerText',
      'answerNumber',
      'answerFileIds',
      'reviewPoints',
      'points',
    ],
    sort: [{ field: 'questionNum', order: 'asc' }],
  },
});

export const questionnaireChoice = defineEntity('srmQuestionnaireChoice', {
  area: 'supplier',
  key: 'choiceId',
  parent: { entity: 'srmQuestionnaireReply', field: 'replyId' },
  rowsByPlatform: true,
  writableBy: ['supplier'],
  fields: {
    questionNum: number({ required: true, precision: 0, min: 1, max: 999, readonly: true }),
    questionText: text({ required: true, max: 240, readonly: true }),
    questionType: lookup('SRM_SURVEY_QUESTION_TYPE', {
      required: true,
      codes: QUESTION_TYPES,
      readonly: true,
    }),
    optionNum: number({ required: true, precision: 0, min: 1, max: 99, readonly: true }),
    optionText: text({ required: true, max: 240, readonly: true }),
    points: number({ precision: 2, min: 0, readonly: true }),
    /** Ticked by the supplier: one option of a single choice, any of a multiple choice. */
    chosenFlag: checkbox({ default: 'N', ...supplierAnswer }),
  },
  unique: [['replyId', 'questionNum', 'optionNum']],
  list: {
    columns: [
      'questionNum',
      'questionText',
      'questionType',
      'optionNum',
      'optionText',
      'points',
      'chosenFlag',
    ],
    rowSpan: ['questionNum', 'questionText', 'questionType'],
    sort: [
      { field: 'questionNum', order: 'asc' },
      { field: 'optionNum', order: 'asc' },
    ],
  },
});

export const questionnaireReply = defineEntity('srmQuestionnaireReply', {
  area: 'supplier',
  key: 'replyId',
  display: 'replyNum',
  numbering: { field: 'replyNum', pattern: 'QR{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: [...REPLY_STATES],
  // Made by publishing a questionnaire; the supplier writes its answers, the buyer its review.
  writableBy: ['supplier'],
  fields: {
    replyNum: text({ readonly: true, max: 30 }),
    questionnaireId: ref('srmQuestionnaire', {
      required: true,
      display: 'questionnaireNum',
      displayAs: 'questionnaireNum',
      readonly: true,
    }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName', readonly: true }),
    title: text({ max: 120, readonly: true }),
    instructions: textarea({ max: 2000, readonly: true }),
    dueDate: date({ readonly: true }),
    totalPoints: number({ precision: 2, readonly: true }),
    /** What the answers score so far (the platform's, on every save and review). */
    totalScore: number({ precision: 2, readonly: true }),
    /** The supplier's remark on its answers. */
    replyNote: textarea({ max: 1000, ...supplierAnswer }),
    submittedDate: date({ readonly: true }),
    /** The reviewer's comment (why it went back, or on accepting); the supplier reads it. */
    reviewComment: textarea({ max: 2000, ...review }),
    reviewedDate: date({ readonly: true }),
  },
  lines: { answers: questionnaireAnswer, choices: questionnaireChoice },
  list: {
    columns: [
      'replyNum',
      'questionnaireNum',
      'title',
      'supplierName',
      'dueDate',
      'status',
      'totalScore',
      'totalPoints',
      'submittedDate',
      'reviewedDate',
    ],
    filters: [{ field: 'replyNum', op: 'prefix' }, 'questionnaireId', 'supplierId', 'status', 'dueDate'],
    sort: [{ field: 'replyId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'replyNum',
          'questionnaireId',
          'title',
          'supplierId',
          'dueDate',
          'status',
          'totalScore',
          'totalPoints',
          'submittedDate',
          'instructions',
          'replyNote',
        ],
      },
      { key: 'review', fields: ['reviewedDate', 'reviewComment'] },
    ],
  },
  workflow: {
    states: [...REPLY_STATES],
    initial: 'OPEN',
    statusLookup: 'SRM_QUESTIONNAIRE_REPLY_STATUS',
    editableIn: ANSWER_STATES,
    deletableIn: [],
    actions: {
      doSubmit: { from: ['OPEN', 'RETURNED'], to: 'SUBMITTED', side: 'supplier', confirm: true },
      doAccept: { from: ['SUBMITTED'], to: 'ACCEPTED', confirm: true },
      doReturn: { from: ['SUBMITTED'], to: 'RETURNED', needs: ['comment'], danger: true },
      /** Closed with its questionnaire, never submitted. */
      doClose: { from: ['OPEN', 'RETURNED'], to: 'CLOSED', system: true },
    },
  },
});
