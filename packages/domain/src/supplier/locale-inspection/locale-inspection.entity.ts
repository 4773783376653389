// Locale inspection (现场考察): an on-site audit of a supplier for a category and organisation,
// scored on a survey template's items by the inspectors named on it. 开始评分 (`doStart`) copies the
// template's items as they are (with its version) and opens one score per inspector and item; each
// inspector scores only their own (0–100, two decimals), with findings recorded beside (photos,
// severity; a private note stays internal). Submitting works out each item's mean over the
// inspectors and the total as the weighted mean of the items, which the document's bands (80 and 60
// by default) turn into PASS, CONDITIONAL or FAIL. Approval (LOCALE_INSPECTION_APPROVAL) writes the
// result into the introduction's inspection step and tells the supplier, who then reads the result,
// the items' scores and the findings — never the internal note or the inspectors' private notes.
import {
  approvalWorkflow,
  attachments,
  date,
  defineEntity,
  lookup,
  number,
  ref,
  text,
  textarea,
  internalUser,
} from '@srm/kernel';
import { stepDocumentFields } from '../supplier-intro/step-document.fields';

export const LOCALE_INSPECTION_PROCESS = 'LOCALE_INSPECTION_APPROVAL';
export const INSPECTION_RESULTS = ['PASS', 'CONDITIONAL', 'FAIL'] as const;
export const FINDING_SEVERITIES = ['MINOR', 'MAJOR', 'CRITICAL'] as const;

export const localeInspectionStaff = defineEntity('srmLocaleInspectionStaff', {
  area: 'supplier',
  key: 'inspectionStaffId',
  parent: { entity: 'srmLocaleInspection', field: 'inspectionId' },
  // The inspectors are fixed once scoring starts (their rows of scores are made then).
  rowsEditableIn: ['DRAFT'],
  fields: {
    userId: ref('baseUser', {
      required: true,
      display: 'userFullName',
      displayAs: 'inspectorName',
      grantsRead: false,
      filter: internalUser,
      editableOnlyIn: ['DRAFT'],
    }),
    /** What the inspector looks at on site (quality system, production, warehouse…). */
    focusArea: text({ max: 120 }),
  },
  unique: [['inspectionId', 'userId']],
  list: {
    columns: ['inspectorName', 'focusArea'],
    filters: ['userId'],
    sort: [{ field: 'inspectionStaffId', order: 'asc' }],
  },
});

export const localeInspectionItem = defineEntity('srmLocaleInspectionItem', {
  area: 'supplier',
  key: 'inspectionItemId',
  parent: { entity: 'srmLocaleInspection', field: 'inspectionId' },
  rowsByPlatform: true,
  fields: {
    lineNum: number({ precision: 0, min: 1, readonly: true }),
    itemText: text({ max: 240, readonly: true }),
    weight: number({ precision: 2, min: 0, max: 100, readonly: true }),
    guidance: text({ max: 500, readonly: true }),
    /** The inspectors' mean, worked out on submit. */
    averageScore: number({ precision: 2, min: 0, max: 100, readonly: true }),
  },
  list: {
    columns: ['lineNum', 'itemText', 'weight', 'averageScore', 'guidance'],
    filters: ['lineNum'],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const localeInspectionScore = defineEntity('srmLocaleInspectionScore', {
  area: 'supplier',
  key: 'inspectionScoreId',
  parent: { entity: 'srmLocaleInspection', field: 'inspectionId' },
  rowsByPlatform: true,
  fields: {
    lineNum: number({ precision: 0, min: 1, readonly: true }),
    itemText: text({ max: 240, readonly: true }),
    inspectorId: ref('baseUser', {
      display: 'userFullName',
      displayAs: 'inspectorName',
      readonly: true,
      grantsRead: false,
      filter: internalUser,
    }),
    /** 0–100 with two decimals, by the inspector only. */
    score: number({ precision: 2, min: 0, max: 100, writableByUserIn: 'inspectorId' }),
    scoreComment: text({ max: 500, writableByUserIn: 'inspectorId' }),
  },
  unique: [['inspectionId', 'lineNum', 'inspectorId']],
  list: {
    columns: ['lineNum', 'itemText', 'inspectorName', 'score', 'scoreComment'],
    filters: ['inspectorId', 'lineNum'],
    sort: [{ field: 'inspectionScoreId', order: 'asc' }],
  },
});

export const localeInspectionRecord = defineEntity('srmLocaleInspectionRecord', {
  area: 'supplier',
  key: 'inspectionRecordId',
  parent: { entity: 'srmLocaleInspection', field: 'inspectionId' },
  fields: {
    findingText: text({ required: true, max: 500 }),
    severity: lookup('SRM_INSPECTION_SEVERITY', {
      required: true,
      codes: FINDING_SEVERITIES,
      default: 'MINOR',
    }),
    /** Photos and evidence. */
    attachmentIds: attachments(),
    /** The inspector's own remark, never shown to the supplier. */
    privateNote: text({ max: 500, internalOnly: true }),
  },
  list: {
    columns: ['findingText', 'severity', 'attachmentIds', 'privateNote'],
    filters: ['severity'],
    sort: [{ field: 'inspectionRecordId', order: 'asc' }],
  },
});

export const localeInspection = defineEntity('srmLocaleInspection', {
  area: 'supplier',
  key: 'inspectionId',
  display: 'inspectionNum',
  numbering: { field: 'inspectionNum', pattern: 'LI{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  // The supplier reads the result once it is approved.
  supplierVisibleIn: ['APPROVED'],
  fields: {
    inspectionNum: text({ readonly: true, max: 30 }),
    ...stepDocumentFields({ editableOnlyIn: ['DRAFT'] }),
    templateId: ref('srmSurveyTemplate', {
      editableOnlyIn: ['DRAFT'],
      required: true,
      display: 'templateName',
      filter: () => ({ usage: 'INSPECTION', status: 'ACTIVE' }),
    }),
    /** The template's version whose items it copied when scoring began. */
    templateVersion: number({ readonly: true, precision: 0, min: 0 }),
    inspectionDate: date({ required: true }),
    siteAddress: text({ max: 240 }),
    /** From this total up: PASS. */
    passScore: number({ required: true, precision: 2, min: 0, max: 100, default: 80 }),
    /** From this total up (below the pass score): CONDITIONAL; below it: FAIL. */
    conditionalScore: number({ required: true, precision: 2, min: 0, max: 100, default: 60 }),
    totalScore: number({ readonly: true, precision: 2, min: 0, max: 100 }),
    inspectionResult: lookup('SRM_INSPECTION_RESULT', { codes: INSPECTION_RESULTS, readonly: true }),
    /** What the supplier reads: the conclusion and what to rectify. */
    summary: textarea({ max: 2000 }),
    /** By when a conditional pass is to be rectified. */
    rectifyDueDate: date(),
    internalNote: textarea({ max: 2000, internalOnly: true }),
    attachmentIds: attachments(),
  },
  lines: {
    inspectors: localeInspectionStaff,
    items: localeInspectionItem,
    scores: localeInspectionScore,
    records: localeInspectionRecord,
  },
  list: {
    columns: [
      'inspectionNum',
      'supplierName',
      'categoryName',
      'orgName',
      'introNum',
      'inspectionDate',
      'totalScore',
      'inspectionResult',
      'status',
      'createdBy',
    ],
    filters: [
      { field: 'inspectionNum', op: 'prefix' },
      'supplierId',
      'categoryId',
      'orgId',
      'inspectionResult',
      'status',
    ],
    sort: [{ field: 'inspectionId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'inspectionNum',
          'introId',
          'supplierId',
          'categoryId',
          'orgId',
          'templateId',
          'templateVersion',
          'inspectionDate',
          'siteAddress',
          'status',
        ],
      },
      {
        key: 'result',
        fields: [
          'passScore',
          'conditionalScore',
          'totalScore',
          'inspectionResult',
          'rectifyDueDate',
          'summary',
          'internalNote',
          'attachmentIds',
        ],
      },
    ],
  },
  workflow: approvalWorkflow(LOCALE_INSPECTION_PROCESS, {
    statusLookup: 'SRM_LOCALE_INSPECTION_STATUS',
    states: ['SCORING', 'ABOLISHED'],
    submitFrom: ['SCORING', 'REJECTED'],
    withdrawTo: 'SCORING',
    editableIn: ['DRAFT', 'SCORING', 'REJECTED'],
    actions: {
      /** Copies the template's items and opens a score per inspector and item. */
      doStart: { from: ['DRAFT'], to: 'SCORING', confirm: true },
      doAbolish: { from: ['DRAFT', 'SCORING', 'REJECTED'], to: 'ABOLISHED', confirm: true, danger: true },
    },
  }),
});
