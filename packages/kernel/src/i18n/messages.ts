// Message catalogues: each area contributes a zh-CN and an en dictionary; `translate` fills
// `{name}` placeholders. Used by the server for `msg` and by the web for its texts.
import type { Locale } from './language';

export type Dictionary = Readonly<Record<string, string>>;
export type Catalogue = Readonly<Record<Locale, Dictionary>>;
export type MessageParams = Readonly<Record<string, string | number>>;

export function fillPlaceholders(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? paramText(params[name]) : whole,
  );
}

/** A parameter as text; a value that is not the string or number its type says never throws. */
function paramText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** Merges catalogues; a later one wins on a shared key. */
export function mergeCatalogues(...catalogues: Catalogue[]): Catalogue {
  const merged: Record<Locale, Record<string, string>> = { 'zh-CN': {}, en: {} };
  for (const catalogue of catalogues) {
    Object.assign(merged['zh-CN'], catalogue['zh-CN']);
    Object.assign(merged.en, catalogue.en);
  }
  return merged;
}

/** Keys present in one language and missing in the other. */
export function missingKeys(catalogue: Catalogue): { locale: Locale; key: string }[] {
  const missing: { locale: Locale; key: string }[] = [];
  for (const key of Object.keys(catalogue['zh-CN'])) {
    if (!(key in catalogue.en)) missing.push({ locale: 'en', key });
  }
  for (const key of Object.keys(catalogue.en)) {
    if (!(key in catalogue['zh-CN'])) missing.push({ locale: 'zh-CN', key });
  }
  return missing;
}

export function translate(catalogue: Catalogue, locale: Locale, key: string, params?: MessageParams): string {
  const text = catalogue[locale][key] ?? catalogue['zh-CN'][key] ?? key;
  return fillPlaceholders(text, params);
}

/**
 * One language's dictionary loaded when needed: the web loads the language it shows and nothing
 * of the other one (the server, the tests and the checks keep using whole catalogues).
 */
export type LazyCatalogue = Readonly<Record<Locale, () => Promise<Dictionary>>>;

/** The dictionary a JSON module's dynamic import gives. */
export const jsonDictionary = (module: { default: Dictionary }): Dictionary => module.default;

/** Loads one language of several lazy catalogues and merges it (a later one wins on a shared key). */
export async function loadDictionary(
  catalogues: readonly LazyCatalogue[],
  locale: Locale,
): Promise<Dictionary> {
  const dictionaries = await Promise.all(catalogues.map((catalogue) => catalogue[locale]()));
  return Object.assign({}, ...dictionaries) as Dictionary;
}

/**
 * A message kept in a text field marked `message: true`: its key and parameters, rendered in the
 * language of each reader (a request's completion text read by its submitter in English and by an
 * administrator in Chinese). A parameter may itself be a message (a status's name).
 */
export interface StoredMessage {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number | StoredMessage>>;
}

const STORED_MESSAGE = '$message';

/** The text that keeps the message in such a field. */
export function storedMessage(key: string, params?: StoredMessage['params']): string {
  return JSON.stringify({ [STORED_MESSAGE]: key, ...(params ? { params } : {}) });
}

function messageOf(value: unknown): StoredMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const key = (value as Record<string, unknown>)[STORED_MESSAGE] ?? (value as Record<string, unknown>).key;
  if (typeof key !== 'string') return null;
  const params = (value as Record<string, unknown>).params;
  return typeof params === 'object' && params !== null
    ? { key, params: params as StoredMessage['params'] }
    : { key };
}

/**
 * The stored text in the reader's language: a kept message rendered with its parameters, any
 * other text (a program's own words) as it is.
 */
export function renderStoredText(catalogue: Catalogue, locale: Locale, text: string): string {
  if (!text.startsWith(`{"${STORED_MESSAGE}"`)) return text;
  let message: StoredMessage | null;
  try {
    message = messageOf(JSON.parse(text));
  } catch {
    return text;
  }
  return message ? renderMessage(catalogue, locale, message) : text;
}

function renderMessage(catalogue: Catalogue, locale: Locale, message: StoredMessage): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params ?? {})) {
    const nested = messageOf(value);
    params[name] = nested
      ? renderMessage(catalogue, locale, nested)
      : typeof value === 'number'
        ? value
        : String(value);
  }
  return translate(catalogue, locale, message.key, params);
}
