// i18next set up for the two languages; the saved choice wins, Chinese is the default. Only the
// language shown is loaded (both hold the same keys: locales.test.ts); the other loads on a switch.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type LanguageCode, type Locale, DEFAULT_LANGUAGE, localeOf } from '@srm/kernel/texts';

const STORAGE_KEY = 'srm.language';

const texts: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  'zh-CN': () => import('./zh-CN.json'),
  en: () => import('./en.json'),
};

export function savedLanguage(): LanguageCode {
  const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
  return saved === 'EN' || saved === 'CN' ? saved : DEFAULT_LANGUAGE;
}

export function saveLanguage(code: LanguageCode): void {
  globalThis.localStorage?.setItem(STORAGE_KEY, code);
}

/** Loads a language's texts into i18next (once). */
export async function loadTexts(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', (await texts[locale]()).default);
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = localeOf(savedLanguage());
  await i18n.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng,
    fallbackLng: 'zh-CN',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
  await loadTexts(lng);
  return i18n;
}

export function currentLocale(): Locale {
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}

export { i18n };
