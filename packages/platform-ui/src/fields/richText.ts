// The pure helpers of rich text (HTML) fields: the cleaning of pasted HTML for the editor, the
// emptiness of an editor's HTML, a link's address, and the plain text of rich text for a grid
// cell. The server cleans every rich text again at save (an allow list); the cleaning here only
// keeps the editor itself from running what a paste brings (handlers, scripts, script URLs).

/** The part of a DOM node the cleaner reads and changes (a browser's nodes fit it). */
export interface CleanableNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly childNodes: ArrayLike<CleanableNode>;
  readonly attributes?: ArrayLike<{ readonly name: string; readonly value: string }>;
  removeAttribute?(name: string): void;
  remove(): void;
}

/** Parsed HTML: the node whose content is the HTML, and its serialisation after cleaning. */
export interface ParsedHtml {
  readonly root: CleanableNode;
  html(): string;
}

export type HtmlParser = (html: string) => ParsedHtml;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements removed with their content: scripts, styles, frames, plug-ins, document metadata. */
const DROPPED_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'link',
  'meta',
  'base',
  'title',
  'noscript',
  'template',
  'svg',
  'math',
]);

/** Attributes holding a URL: kept only with a safe scheme. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'poster',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'ping',
]);

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** Inline styles that can reach a URL or run script (old IE `expression`). */
const UNSAFE_STYLE = /expression\s*\(|url\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding/i;

/**
 * A URL without a scheme (relative) or with http, https, mailto or tel. Browsers ignore spaces
 * and control characters inside a scheme (`java\tscript:`), so they are dropped before the check.
 */
export function isSafeUrl(url: string): boolean {
  let compact = '';
  for (const char of url) {
    const code = char.codePointAt(0)!;
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) compact += char;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme === undefined || SAFE_SCHEMES.has(scheme);
}

function cleanChildren(node: CleanableNode): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === TEXT_NODE) continue;
    // Comments (Office's <!--StartFragment-->), processing instructions and the like go.
    if (child.nodeType !== ELEMENT_NODE) {
      child.remove();
      continue;
    }
    if (DROPPED_ELEMENTS.has(child.nodeName.toLowerCase())) {
      child.remove();
      continue;
    }
    for (const { name, value } of Array.from(child.attributes ?? [])) {
      const attribute = name.toLowerCase();
      const unsafe =
        attribute.startsWith('on') ||
        attribute === 'srcset' ||
        (URL_ATTRIBUTES.has(attribute) && !isSafeUrl(value)) ||
        (attribute === 'style' && UNSAFE_STYLE.test(value));
      if (unsafe) child.removeAttribute?.(name);
    }
    cleanChildren(child);
  }
}

/** The browser's parser: an inert document (nothing in it loads or runs while it is cleaned). */
export const domParser: HtmlParser = (html) => {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return { root: body, html: () => body.innerHTML };
};

/**
 * Pasted HTML reduced to what the editor may hold: no script, style, frame or plug-in elements,
 * no event handler attributes, no `javascript:`/`data:` (or other non-web) URLs, no comments.
 */
export function cleanPastedHtml(html: string, parse: HtmlParser = domParser): string {
  const parsed = parse(html);
  cleanChildren(parsed.root);
  return parsed.html().trim();
}

/**
 * Whether an editor's HTML holds nothing: only line breaks, spaces and empty formatting (what
 * an editor leaves behind when everything is deleted). Images, rules and tables count.
 */
export function isEmptyRichText(html: string): boolean {
  return (
    html
      .replace(/<br\s*\/?>/gi, '')
      .replace(/<\/?(p|div|span|h[1-6]|b|strong|i|em|u|s|strike|font|blockquote|pre)(\s[^>]*)?>/gi, '')
      .replace(/&nbsp;/gi, '')
      .trim() === ''
  );
}

/** The address of a link the user typed: an absolute http(s) URL, or null for anything else. */
export function httpLink(input: string): string | null {
  const text = input.trim();
  if (!/^https?:\/\/\S+$/i.test(text)) return null;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/** Text for an HTML text node or attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  nbsp: ' ',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  amp: '&',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** The plain text of rich text on one line (a grid cell): tags dropped, whitespace collapsed. */
export function richTextPlain(html: string): string {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr|td|th|blockquote|pre|table|ul|ol)\s*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}
