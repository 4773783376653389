// Supplier introduction (供应商引入): one supplier × category × organisation brought in under a
// scene. Starting it copies the scene's steps as they are now (the scene's version is kept) and
// puts the library line in INTRODUCING (a new line, or a quit one for a re-introduction). Each
// step records its result — PASS, CONDITIONAL (pass with rectification) or FAIL — with its date,
// comment and the document behind it (the step documents write it on approval — the
// qualification censor, the locale inspection, the sample trial, the batch trial, agreement
// signing and the questionnaire). Completing it needs
// every required step passed (or passed with conditions) and qualifies the library line: no other
// path makes a line QUALIFIED.
import { attachments, checkbox, date, defineEntity, lookup, number, ref, text, textarea } from '@srm/kernel';
import { INTRO_STEPS } from '../intro-scene/intro-scene.entity';

export const STEP_RESULTS = ['PENDING', 'PASS', 'CONDITIONAL', 'FAIL'] as const;
/** Results that let an introduction complete. */
export const PASSED_RESULTS: readonly string[] = ['PASS', 'CONDITIONAL'];
/**
 * Steps whose result only their document writes, on its approval (a qualification censor, a
 * locale inspection, a sample trial, a batch trial, the agreements signed, an accepted
 * questionnaire reply): every step there is.
 */
export const STEPS_BY_DOCUMENT: readonly string[] = [
  'CENSOR',
  'INSPECTION',
  'SAMPLE',
  'BATCH',
  'AGREEMENT',
  'QUESTIONNAIRE',
];
/** States in which an introduction runs (another of the same triple is refused). */
export const RUNNING_INTRO_STATES = ['DRAFT', 'IN_PROGRESS'] as const;

export const supplierIntroStep = defineEntity('srmSupplierIntroStep', {
  area: 'supplier',
  key: 'introStepId',
  parent: { entity: 'srmSupplierIntro', field: 'introId' },
  rowsByPlatform: true,
  fields: {
    stepType: lookup('SRM_INTRO_STEP', { required: true, codes: INTRO_STEPS, readonly: true }),
    requiredFlag: checkbox({ readonly: true }),
    result: lookup('SRM_INTRO_STEP_RESULT', { required: true, codes: STEP_RESULTS, default: 'PENDING' }),
    resultDate: date(),
    /** The step document behind the result (a censor's or an inspection's number). */
    documentRef: text({ max: 60 }),
    resultComment: textarea({ max: 1000 }),
    attachmentIds: attachments(),
  },
  list: {
    columns: [
      'stepType',
      'requiredFlag',
      'result',
      'resultDate',
      'documentRef',
      'resultComment',
      'attachmentIds',
    ],
    filters: ['stepType', 'result'],
    sort: [{ field: 'introStepId', order: 'asc' }],
  },
});

export const supplierIntro = defineEntity('srmSupplierIntro', {
  area: 'supplier',
  key: 'introId',
  display: 'introNum',
  numbering: { field: 'introNum', pattern: 'IN{yyyyMMdd}{####}' },
  fields: {
    introNum: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    categoryId: ref('srmBaseCategory', {
      required: true,
      display: 'categoryName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    sceneId: ref('srmSupplierIntroScene', {
      required: true,
      display: 'sceneName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /** The scene's version whose steps it copied when it started. */
    sceneVersion: number({ readonly: true, precision: 0, min: 0 }),
    /** The library line it introduces (set when it starts). */
    categoryOrgId: ref('srmSupplierCategoryOrg', { readonly: true, displayAs: false }),
    introReason: textarea({ max: 1000 }),
    closeComment: textarea({ max: 1000, readonly: true }),
  },
  lines: { steps: supplierIntroStep },
  list: {
    columns: [
      'introNum',
      'supplierName',
      'categoryName',
      'orgName',
      'sceneName',
      'sceneVersion',
      'status',
      'creationDate',
    ],
    filters: [{ field: 'introNum', op: 'prefix' }, 'supplierId', 'categoryId', 'orgId', 'sceneId', 'status'],
    sort: [{ field: 'introId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['introNum', 'supplierId', 'categoryId', 'orgId', 'sceneId', 'sceneVersion', 'status'],
      },
      { key: 'reason', fields: ['introReason', 'closeComment'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED'],
    initial: 'DRAFT',
    statusLookup: 'SRM_SUPPLIER_INTRO_STATUS',
    editableIn: ['DRAFT', 'IN_PROGRESS'],
    deletableIn: ['DRAFT'],
    actions: {
      /** Copies the scene's steps and puts the library line in INTRODUCING. */
      doStart: { from: ['DRAFT'], to: 'IN_PROGRESS', confirm: true },
      /** Every required step passed: the library line becomes QUALIFIED. */
      doComplete: { from: ['IN_PROGRESS'], to: 'COMPLETED', confirm: true },
      /** Ends without qualifying (a required step failed, or the buyer gives up). */
      doFail: { from: ['IN_PROGRESS'], to: 'FAILED', needs: ['comment'], danger: true },
      doCancel: { from: ['DRAFT'], to: 'CANCELLED', needs: ['comment'], danger: true },
    },
  },
});
