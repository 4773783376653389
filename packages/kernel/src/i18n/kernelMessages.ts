// The kernel's catalogue, apart from the catalogue functions so that a page that only
// translates (the web's login page) does not load the kernel's texts.
import zhCN from '../locales/zh-CN.json';
import en from '../locales/en.json';
import systemZhCN from '../system/locales/zh-CN.json';
import systemEn from '../system/locales/en.json';
import bpmZhCN from '../bpm/locales/zh-CN.json';
import bpmEn from '../bpm/locales/en.json';
import {
  type Catalogue,
  type Dictionary,
  type LazyCatalogue,
  jsonDictionary,
  mergeCatalogues,
} from './messages';

/** The kernel's messages and the labels of the system entities. */
export const kernelMessages: Catalogue = /* @__PURE__ */ mergeCatalogues(
  { 'zh-CN': zhCN, en },
  { 'zh-CN': systemZhCN, en: systemEn },
  { 'zh-CN': bpmZhCN, en: bpmEn },
);

/** The same texts, one language at a time (the web's workspace loads the one it shows). */
export const kernelLabels: LazyCatalogue = {
  'zh-CN': async () =>
    Object.assign(
      {},
      ...(await Promise.all([
        import('../locales/zh-CN.json'),
        import('../system/locales/zh-CN.json'),
        import('../bpm/locales/zh-CN.json'),
      ]).then((modules) => modules.map(jsonDictionary))),
    ) as Dictionary,
  en: async () =>
    Object.assign(
      {},
      ...(await Promise.all([
        import('../locales/en.json'),
        import('../system/locales/en.json'),
        import('../bpm/locales/en.json'),
      ]).then((modules) => modules.map(jsonDictionary))),
    ) as Dictionary,
};
