// The web part of the area: its screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { baseDataScreens } from './screens';

export const baseDataWeb = defineAreaScreens('base-data', { 'zh-CN': zhCN, en }, baseDataScreens);
