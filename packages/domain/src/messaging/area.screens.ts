// The web part of messaging: its screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { DOCUMENT_FIELD_EDITOR, USER_FIELD_EDITOR } from './config/config.entity';
import { messagingScreens } from './messaging.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const messagingWeb = defineAreaScreens('messaging', labels, messagingScreens, {
  fieldEditors: {
    [USER_FIELD_EDITOR]: () =>
      import('./config/DocumentFieldSelect').then((module) => ({ default: module.UserFieldSelect })),
    [DOCUMENT_FIELD_EDITOR]: () =>
      import('./config/DocumentFieldSelect').then((module) => ({ default: module.AnyFieldSelect })),
  },
});
