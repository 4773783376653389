export * from './i18n/language';
export * from './i18n/messages';
