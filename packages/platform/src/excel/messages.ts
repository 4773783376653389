// Messages of the export and import services and the labels of the background export entity.
import type { Catalogue } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';

export const excelMessages: Catalogue = { 'zh-CN': zhCN, en };
