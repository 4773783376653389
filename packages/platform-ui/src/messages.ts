// The toolkit's own texts (buttons, grid, audit log), merged by the app with the other catalogues.
import type { Catalogue } from '@srm/kernel';
import zhCN from './locales/zh-CN.json';
import en from './locales/en.json';

export const platformUiMessages: Catalogue = { 'zh-CN': zhCN, en };
