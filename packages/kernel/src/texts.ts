// `@srm/kernel/texts`: languages, the catalogue functions, label helpers and constants, without
// the catalogues, definitions and validators the index also exports. The web app's entry and
// its login page import this entry so that they load neither zod, decimal.js nor any texts.
export * from './i18n/language';
export * from './i18n/messages';
export * from './constants';
export * from './entity/labels';
