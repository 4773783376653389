// The toolkit's own texts (buttons, grid, audit log), merged by the app with the other catalogues.
import { type Catalogue, type LazyCatalogue, jsonDictionary } from '@srm/kernel/texts';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';

export const platformUiMessages: Catalogue = { 'zh-CN': zhCN, en };

/** The same texts, one language at a time (the web's workspace loads the one it shows). */
export const platformUiLabels: LazyCatalogue = {
  'zh-CN': () => import('./locales/zh-CN.json').then(jsonDictionary),
  en: () => import('./locales/en.json').then(jsonDictionary),
};
