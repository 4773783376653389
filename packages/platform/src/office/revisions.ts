// Comparing two revisions of a contract paragraph by paragraph: the text of each paragraph of
// the main document, and a diff of two lists of paragraphs (longest common subsequence), with
// a removed and an added paragraph that resemble each other shown as one changed paragraph.
import type { Element } from '@xmldom/xmldom';
import { OfficeDocumentError } from '../files/office';
import { inFallback, isW, mainDocumentName, readDocx, wElements, xmlParts } from './docx-package';
import { resolveChanges } from './tracked-changes';

export interface ParagraphOptions {
  /**
   * `accepted` (the default): the text with every tracked change accepted, as the document
   * will read once agreed; `original`: with every change rejected, as it read before them.
   */
  readonly changes?: 'accepted' | 'original';
}

/** What a run shows, as plain text; field codes and text boxes (paragraphs of their own) are left out. */
function paragraphText(paragraph: Element): string {
  let text = '';
  const visit = (node: Element) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      const element = child as Element;
      if (element.localName === 'Fallback') continue;
      if (isW(element, 't')) text += element.textContent ?? '';
      else if (isW(element, 'tab', 'ptab')) text += '\t';
      else if (isW(element, 'br', 'cr')) text += '\n';
      else if (isW(element, 'noBreakHyphen')) text += '-';
      else if (!isW(element, 'txbxContent', 'instrText')) visit(element);
    }
  };
  visit(paragraph);
  return text;
}

/**
 * The plain text of every paragraph of the main document, in order (table cells' paragraphs
 * row by row, text boxes' after the paragraph they are anchored in). Empty paragraphs are kept:
 * filter them out to compare wording only. Throws OfficeDocumentError `unreadable` or `too_large`.
 */
export async function docxParagraphs(bytes: Uint8Array, options: ParagraphOptions = {}): Promise<string[]> {
  const parts = await readDocx(bytes);
  const xml = await xmlParts();
  const main = mainDocumentName(xml, parts);
  if (!main) throw new OfficeDocumentError('unreadable');
  const document = xml.parse(parts, main);
  resolveChanges(document, options.changes === 'original' ? 'reject' : 'accept');
  return wElements(document, new Set(['p']))
    .filter((paragraph) => !inFallback(paragraph))
    .map(paragraphText);
}

export type ParagraphDiff =
  | { readonly kind: 'same'; readonly before: string; readonly after: string }
  | { readonly kind: 'changed'; readonly before: string; readonly after: string }
  | { readonly kind: 'removed'; readonly before: string }
  | { readonly kind: 'added'; readonly after: string };

/** How alike two paragraphs are, 0 to 1: the Dice coefficient of their character pairs (works for Chinese, which has no spaces). */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const pairs = new Map<string, number>();
  for (let at = 0; at < a.length - 1; at++) {
    const pair = a.slice(at, at + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let shared = 0;
  for (let at = 0; at < b.length - 1; at++) {
    const pair = b.slice(at, at + 2);
    const left = pairs.get(pair) ?? 0;
    if (left > 0) {
      shared++;
      pairs.set(pair, left - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

/** A removed and an added paragraph at the same place are one changed paragraph from this similarity on. */
const CHANGED_FROM = 0.5;
/** Past this many candidate pairs in one gap, the gap is shown as removed, then added. */
const MAX_PAIRINGS = 250_000;

/**
 * The paragraphs between two common ones: each removed one is paired, in order, with the next
 * added one that resembles it; the added ones it passes over come first.
 */
function gap(removed: readonly string[], added: readonly string[], out: ParagraphDiff[]): void {
  if (removed.length * added.length > MAX_PAIRINGS) {
    for (const before of removed) out.push({ kind: 'removed', before });
    for (const after of added) out.push({ kind: 'added', after });
    return;
  }
  let next = 0;
  for (const before of removed) {
    let match = next;
    while (match < added.length && similarity(before, added[match]!) < CHANGED_FROM) match++;
    if (match === added.length) {
      out.push({ kind: 'removed', before });
      continue;
    }
    for (; next < match; next++) out.push({ kind: 'added', after: added[next]! });
    out.push({ kind: 'changed', before, after: added[match]! });
    next = match + 1;
  }
  for (; next < added.length; next++) out.push({ kind: 'added', after: added[next]! });
}

/**
 * The paragraph-level difference of two revisions, in reading order: paragraphs the same in
 * both, removed, added, or changed (a removed and an added one that resemble each other).
 * Paragraphs are equal when their text is. The longest common subsequence is computed on what
 * remains once the common start and end are set aside: time and memory grow with the product
 * of the differing paragraphs (2,000 × 2,000 take 8 MB).
 */
export function compareParagraphs(before: readonly string[], after: readonly string[]): ParagraphDiff[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  const a = before.slice(start, before.length - end);
  const b = after.slice(start, after.length - end);
  // lengths[i * (m + 1) + j]: the common subsequence of a[i..] and b[j..].
  const n = a.length;
  const m = b.length;
  const lengths = n * m ? new (Math.min(n, m) < 65_535 ? Uint16Array : Uint32Array)((n + 1) * (m + 1)) : null;
  if (lengths)
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lengths[i * (m + 1) + j] =
          a[i] === b[j]
            ? lengths[(i + 1) * (m + 1) + j + 1]! + 1
            : Math.max(lengths[(i + 1) * (m + 1) + j]!, lengths[i * (m + 1) + j + 1]!);
  const out: ParagraphDiff[] = before
    .slice(0, start)
    .map((text) => ({ kind: 'same', before: text, after: text }));
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      gap(removed.splice(0), added.splice(0), out);
      out.push({ kind: 'same', before: a[i]!, after: b[j]! });
      i++;
      j++;
    } else if (j === m || (i < n && lengths![(i + 1) * (m + 1) + j]! >= lengths![i * (m + 1) + j + 1]!))
      removed.push(a[i++]!);
    else added.push(b[j++]!);
  }
  gap(removed, added, out);
  for (const text of before.slice(before.length - end)) out.push({ kind: 'same', before: text, after: text });
  return out;
}
