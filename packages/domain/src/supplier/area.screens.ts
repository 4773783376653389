// The web part of the area: its screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { supplierScreens } from './screens';

export const supplierWeb = defineAreaScreens('supplier', { 'zh-CN': zhCN, en }, supplierScreens);
