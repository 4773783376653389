// The two languages of the platform: the spec's lookup codes (CN, EN) and the locale tags the
// web libraries use.
export const LANGUAGE_CODES = ['CN', 'EN'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export type Locale = 'zh-CN' | 'en';

export const DEFAULT_LANGUAGE: LanguageCode = 'CN';

export function localeOf(code: string | undefined | null): Locale {
  return code?.toUpperCase() === 'EN' ? 'en' : 'zh-CN';
}

export function languageOf(locale: Locale): LanguageCode {
  return locale === 'en' ? 'EN' : 'CN';
}
