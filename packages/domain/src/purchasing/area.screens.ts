// The web part of the area: its screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { purchasingScreens } from './screens';

export const purchasingWeb = defineAreaScreens('purchasing', { 'zh-CN': zhCN, en }, purchasingScreens);
