// The web part of the area: its screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { agreementsScreens } from './screens';

export const agreementsWeb = defineAreaScreens('agreements', { 'zh-CN': zhCN, en }, agreementsScreens);
