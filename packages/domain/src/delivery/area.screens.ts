// The web part of the area: its screens and its labels.
import { defineAreaScreens } from '@srm/platform-ui';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';
import { deliveryScreens } from './screens';

export const deliveryWeb = defineAreaScreens('delivery', { 'zh-CN': zhCN, en }, deliveryScreens);
