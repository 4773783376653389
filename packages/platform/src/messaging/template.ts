// Message templates' text: `{{variable}}` placeholders and nothing else (no expressions, helpers
// or conditions: STYLE, no logic in strings). A template is checked against its source's
// variables when it is saved; values are HTML-escaped where the text is HTML (e-mail) and kept
// plain where it is not (SMS, chat, the in-app text, which the screen shows as text).

/** `{{ name }}`: a letter, then letters, digits or underscores; spaces around it allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export interface TemplateCheck {
  /** The variables the text names, in order of first use. */
  readonly variables: readonly string[];
  /** What is not a placeholder between braces (`{{a.b}}`, `{{#if x}}`, a `{{` never closed). */
  readonly malformed: readonly string[];
}

/** The placeholders of a text, and what looks like one but is not. */
export function checkTemplate(text: string): TemplateCheck {
  const variables: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER))
    if (!variables.includes(match[1]!)) variables.push(match[1]!);
  // What is left of the braces once the good placeholders are gone is malformed.
  const rest = text.replace(PLACEHOLDER, '');
  const malformed: string[] = [];
  for (const match of rest.matchAll(/\{\{[^}]{0,40}(\}\})?|\}\}/g)) malformed.push(match[0].slice(0, 44));
  return { variables, malformed };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * The text with each `{{name}}` replaced by its value (escaped for HTML when `html`); a name
 * without a value becomes empty (a template is checked at save, so only a sender's gap does).
 */
export function renderTemplate(
  text: string,
  values: Readonly<Record<string, string | number | null | undefined>>,
  html: boolean,
): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    const plain = value === null || value === undefined ? '' : String(value);
    return html ? escapeHtml(plain) : plain;
  });
}

const HTML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** A plain-text alternative of an HTML body: line breaks kept, tags dropped, entities read. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/tr|\/h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, entity: string) => HTML_ENTITIES[entity]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The template of a source for a channel and language, as the messaging area keeps them. */
export interface MessageTemplateText {
  readonly subject: string | null;
  readonly body: string;
  /** An SMS template's code and signature at the provider (SMS_123456789, 【某某科技】). */
  readonly templateCode?: string | null;
  readonly signName?: string | null;
}

/** Where the platform finds templates (the messaging area's table): `runtime.plugins.messageTemplates`. */
export interface MessageTemplates {
  /** The enabled template of this source, channel and language, or null (the senders' own text). */
  find(
    source: string,
    channel: 'EMAIL' | 'SMS' | 'CHAT',
    language: 'CN' | 'EN',
  ): Promise<MessageTemplateText | null>;
}
