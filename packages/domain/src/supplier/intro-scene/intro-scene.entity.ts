// Introduce scenes (引入场景): what introducing a supplier takes in a situation — a new supplier, a
// new category for an existing supplier, a new organisation or site, a new material or model, a
// re-introduction after a quit — as the steps it requires (qualification censor, locale
// inspection, sample trial, batch tryout, agreement signing, questionnaire), each required or
// optional. Every save of a scene counts its version on; an introduction copies the steps of the
// version it starts with and keeps them, so changing a scene changes no running introduction.
import { checkbox, defineEntity, lookup, number, text, textarea } from '@srm/kernel';

export const SCENE_TYPES = [
  'NEW_SUPPLIER',
  'NEW_CATEGORY',
  'NEW_ORG',
  'NEW_MATERIAL',
  'REINTRODUCE',
] as const;
export const INTRO_STEPS = ['CENSOR', 'INSPECTION', 'SAMPLE', 'BATCH', 'AGREEMENT', 'QUESTIONNAIRE'] as const;

export const introSceneStep = defineEntity('srmSupplierIntroSceneStep', {
  area: 'supplier',
  key: 'sceneStepId',
  parent: { entity: 'srmSupplierIntroScene', field: 'sceneId' },
  fields: {
    stepType: lookup('SRM_INTRO_STEP', { required: true, codes: INTRO_STEPS }),
    requiredFlag: checkbox({ default: 'Y' }),
    remark: text({ max: 240 }),
  },
  unique: [['sceneId', 'stepType']],
  list: {
    columns: ['stepType', 'requiredFlag', 'remark'],
    filters: ['stepType'],
    sort: [{ field: 'sceneStepId', order: 'asc' }],
  },
});

export const introScene = defineEntity('srmSupplierIntroScene', {
  area: 'supplier',
  key: 'sceneId',
  display: 'sceneName',
  fields: {
    sceneCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    sceneName: text({ required: true, max: 120 }),
    sceneType: lookup('SRM_INTRO_SCENE_TYPE', { required: true, codes: SCENE_TYPES }),
    /** Counted on by every save (the platform's). */
    sceneVersion: number({ readonly: true, precision: 0, min: 0 }),
    description: textarea({ max: 1000 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  lines: { steps: introSceneStep },
  list: {
    columns: ['sceneCode', 'sceneName', 'sceneType', 'sceneVersion', 'enabledFlag', 'lastUpdateDate'],
    filters: [{ field: 'sceneCode', op: 'prefix' }, 'sceneName', 'sceneType', 'enabledFlag'],
    sort: [{ field: 'sceneCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['sceneCode', 'sceneName', 'sceneType', 'sceneVersion', 'enabledFlag', 'description'],
      },
    ],
  },
});
