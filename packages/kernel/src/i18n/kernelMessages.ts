// The kernel's catalogue, apart from the catalogue functions so that a page that only
// translates (the web's login page) does not load the kernel's texts.
import zhCN from '../locales/zh-CN.json';
import en from '../locales/en.json';
import systemZhCN from '../system/locales/zh-CN.json';
import systemEn from '../system/locales/en.json';
import bpmZhCN from '../bpm/locales/zh-CN.json';
import bpmEn from '../bpm/locales/en.json';
import { type Catalogue, mergeCatalogues } from './messages';

/** The kernel's messages and the labels of the system entities. */
export const kernelMessages: Catalogue = mergeCatalogues(
  { 'zh-CN': zhCN, en },
  { 'zh-CN': systemZhCN, en: systemEn },
  { 'zh-CN': bpmZhCN, en: bpmEn },
);
