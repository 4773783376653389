// Satisfaction surveys (满意度调查): internal departments rate suppliers for a period on the
// questions of a satisfaction template (scored items with weights adding up to 100). 开始评分
// (`doStart`) copies the template's items as they are and makes a score row for every supplier,
// item and rater; each rater scores 0–100 (two decimals) only their own rows, and may leave a
// supplier they do not know unscored. 完成 (`doComplete`) works out the summary: per supplier and
// item the mean of the scores given, and per supplier the weighted mean over the items scored —
// the qualitative indicator performance evaluation may read. Internal only: suppliers see nothing.
import { date, defineEntity, internalUser, number, ref, text, textarea } from '@srm/kernel';

export const SATISFACTION_SCORE_STATES = ['SCORING'];

export const satisfactionSupplier = defineEntity('srmSatisfactionSupplier', {
  area: 'supplier',
  key: 'surveySupplierId',
  parent: { entity: 'srmSatisfactionSurvey', field: 'surveyId' },
  fields: {
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    /** The weighted mean over the items scored (on completion). */
    avgScore: number({ precision: 2, readonly: true }),
    /** Raters who scored the supplier. */
    raterCount: number({ precision: 0, readonly: true }),
  },
  unique: [['surveyId', 'supplierId']],
  list: {
    columns: ['supplierName', 'avgScore', 'raterCount'],
    filters: ['supplierId'],
    sort: [{ field: 'surveySupplierId', order: 'asc' }],
  },
});

export const satisfactionRater = defineEntity('srmSatisfactionRater', {
  area: 'supplier',
  key: 'surveyRaterId',
  parent: { entity: 'srmSatisfactionSurvey', field: 'surveyId' },
  fields: {
    userId: ref('baseUser', {
      required: true,
      display: 'userFullName',
      displayAs: 'raterName',
      grantsRead: false,
      filter: internalUser,
    }),
    /** The department the rater speaks for (质量部, 生产部…). */
    department: text({ max: 60 }),
  },
  unique: [['surveyId', 'userId']],
  list: {
    columns: ['raterName', 'department'],
    sort: [{ field: 'surveyRaterId', order: 'asc' }],
  },
});

export const satisfactionItem = defineEntity('srmSatisfactionItem', {
  area: 'supplier',
  key: 'surveyItemId',
  parent: { entity: 'srmSatisfactionSurvey', field: 'surveyId' },
  rowsByPlatform: true,
  fields: {
    lineNum: number({ precision: 0, min: 1, readonly: true }),
    itemText: text({ max: 240, readonly: true }),
    weight: number({ precision: 2, min: 0, max: 100, readonly: true }),
    guidance: text({ max: 500, readonly: true }),
  },
  unique: [['surveyId', 'lineNum']],
  list: {
    columns: ['lineNum', 'itemText', 'weight', 'guidance'],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const satisfactionScore = defineEntity('srmSatisfactionScore', {
  area: 'supplier',
  key: 'surveyScoreId',
  parent: { entity: 'srmSatisfactionSurvey', field: 'surveyId' },
  rowsByPlatform: true,
  fields: {
    supplierId: ref('srmSupplierInfo', { display: 'supplierName', readonly: true }),
    lineNum: number({ precision: 0, min: 1, readonly: true }),
    itemText: text({ max: 240, readonly: true }),
    raterId: ref('baseUser', {
      display: 'userFullName',
      displayAs: 'raterName',
      readonly: true,
      grantsRead: false,
      filter: internalUser,
    }),
    /** 0–100 with two decimals, by the rater only; empty: not rated. */
    score: number({
      precision: 2,
      min: 0,
      max: 100,
      editableIn: SATISFACTION_SCORE_STATES,
      writableByUserIn: 'raterId',
    }),
    scoreComment: text({ max: 500, editableIn: SATISFACTION_SCORE_STATES, writableByUserIn: 'raterId' }),
  },
  unique: [['surveyId', 'supplierId', 'lineNum', 'raterId']],
  list: {
    columns: ['supplierName', 'lineNum', 'itemText', 'raterName', 'score', 'scoreComment'],
    filters: ['supplierId', 'raterId'],
    sort: [{ field: 'surveyScoreId', order: 'asc' }],
  },
});

export const satisfactionSummary = defineEntity('srmSatisfactionSummary', {
  area: 'supplier',
  key: 'surveySummaryId',
  parent: { entity: 'srmSatisfactionSurvey', field: 'surveyId' },
  rowsByPlatform: true,
  fields: {
    supplierId: ref('srmSupplierInfo', { display: 'supplierName', readonly: true }),
    lineNum: number({ precision: 0, min: 1, readonly: true }),
    itemText: text({ max: 240, readonly: true }),
    avgScore: number({ precision: 2, readonly: true }),
    raterCount: number({ precision: 0, readonly: true }),
  },
  unique: [['surveyId', 'supplierId', 'lineNum']],
  list: {
    columns: ['supplierName', 'lineNum', 'itemText', 'avgScore', 'raterCount'],
    filters: ['supplierId'],
    sort: [{ field: 'surveySummaryId', order: 'asc' }],
  },
});

export const satisfactionSurvey = defineEntity('srmSatisfactionSurvey', {
  area: 'supplier',
  key: 'surveyId',
  display: 'surveyNum',
  numbering: { field: 'surveyNum', pattern: 'SS{yyyyMMdd}{####}' },
  fields: {
    surveyNum: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 120 }),
    templateId: ref('srmSurveyTemplate', {
      required: true,
      display: 'templateName',
      filter: () => ({ usage: 'SATISFACTION', status: 'ACTIVE' }),
    }),
    templateVersion: number({ readonly: true, precision: 0, min: 0 }),
    periodFrom: date({ required: true }),
    periodTo: date({ required: true }),
    dueDate: date(),
    description: textarea({ max: 2000 }),
    completedDate: date({ readonly: true }),
  },
  lines: {
    suppliers: satisfactionSupplier,
    raters: satisfactionRater,
    items: satisfactionItem,
    scores: satisfactionScore,
    summary: satisfactionSummary,
  },
  list: {
    columns: [
      'surveyNum',
      'title',
      'templateName',
      'periodFrom',
      'periodTo',
      'dueDate',
      'status',
      'completedDate',
    ],
    filters: [{ field: 'surveyNum', op: 'prefix' }, 'title', 'status', 'periodFrom'],
    sort: [{ field: 'surveyId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'surveyNum',
          'title',
          'templateId',
          'templateVersion',
          'periodFrom',
          'periodTo',
          'dueDate',
          'status',
          'completedDate',
          'description',
        ],
      },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SCORING', 'COMPLETED', 'ABOLISHED'],
    initial: 'DRAFT',
    statusLookup: 'SRM_SATISFACTION_STATUS',
    editableIn: ['DRAFT'],
    deletableIn: ['DRAFT'],
    actions: {
      doStart: { from: ['DRAFT'], to: 'SCORING', confirm: true },
      doComplete: { from: ['SCORING'], to: 'COMPLETED', confirm: true },
      doAbolish: { from: ['DRAFT'], to: 'ABOLISHED', confirm: true, danger: true },
    },
  },
});
