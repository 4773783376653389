// The web part of messaging: its screens and its labels.
import { type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import { defineAreaScreens } from '@srm/platform-ui';
import { messagingScreens } from './messaging.screens';

// Its labels, one language at a time: the workspace loads the language it shows.
const labels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};

export const messagingWeb = defineAreaScreens('messaging', labels, messagingScreens);
