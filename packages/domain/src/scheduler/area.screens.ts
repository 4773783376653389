// The web part of background work: its screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { PROGRAM_PARAMS_EDITOR } from './program/program-param.entity';
import { schedulerScreens } from './scheduler.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const schedulerWeb = defineAreaScreens('scheduler', labels, schedulerScreens, {
  // A program's parameter values on a schedule's form and in a request set's stages.
  fieldEditors: { [PROGRAM_PARAMS_EDITOR]: () => import('./program/ParamValuesInput') },
});
