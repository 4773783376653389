// i18next set up for the two languages; the saved choice wins, Chinese is the default.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type LanguageCode, type Locale, DEFAULT_LANGUAGE, localeOf } from '@srm/kernel/texts';
import zhCN from './zh-CN.json';
import en from './en.json';

const STORAGE_KEY = 'srm.language';

export function savedLanguage(): LanguageCode {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return saved === 'EN' || saved === 'CN' ? saved : DEFAULT_LANGUAGE;
}

export function saveLanguage(code: LanguageCode): void {
  globalThis.localStorage?.setItem(STORAGE_KEY, code);
}

export async function initI18n(): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    lng: localeOf(savedLanguage()),
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
  return i18n;
}

export function currentLocale(): Locale {
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}

export { i18n };
