// Tracked changes in a Word document (ECMA-376 Part 1, §17.13.5): listed with their authors,
// and resolved: all accepted (what the contract says once the revision is agreed) or all
// rejected (what it said before), in the main document, headers, footers, notes and comments,
// and the formatting records of styles and numbering.
import type { Document, Element, Node } from '@xmldom/xmldom';
import {
  W,
  childElements,
  contentParts,
  isW,
  readDocx,
  wAttribute,
  wElements,
  writeDocx,
  xmlParts,
} from './docx-package';

export type TrackedChangeKind = 'insertion' | 'deletion' | 'moveFrom' | 'moveTo' | 'formatting';

/**
 * What a change is about: `text` (runs inserted, deleted or moved), a `paragraphMark` (a
 * paragraph split or joined), a `tableRow` or `tableCell` (added or removed); for formatting,
 * the properties of a `run`, `paragraph`, `section`, `table`, `tableRow`, `tableCell` or the
 * `numbering`.
 */
export type TrackedChangeTarget =
  | 'text'
  | 'paragraphMark'
  | 'run'
  | 'paragraph'
  | 'section'
  | 'table'
  | 'tableRow'
  | 'tableCell'
  | 'numbering';

export interface TrackedChange {
  readonly kind: TrackedChangeKind;
  readonly on: TrackedChangeTarget;
  readonly author: string;
  /** As Word writes it (ISO 8601, `2026-03-02T10:15:00Z`), or null when the change has none. */
  readonly date: string | null;
  /** The text inserted, deleted or moved (`text` changes only, else ''). */
  readonly text: string;
  /** The part the change is in (`word/document.xml`, `word/header1.xml`…). */
  readonly part: string;
}

export interface TrackedChanges {
  readonly counts: Readonly<Record<TrackedChangeKind, number>>;
  /** Everyone who made a change, in the order they first appear. */
  readonly authors: string[];
  /** In document order, part by part (main document first). */
  readonly changes: TrackedChange[];
}

const CONTENT_CHANGES: Readonly<Record<string, TrackedChangeKind>> = {
  ins: 'insertion',
  del: 'deletion',
  moveFrom: 'moveFrom',
  moveTo: 'moveTo',
};
const CELL_CHANGES: Readonly<Record<string, TrackedChangeKind>> = {
  cellIns: 'insertion',
  cellDel: 'deletion',
};
const PROPERTY_CHANGES: Readonly<Record<string, TrackedChangeTarget>> = {
  rPrChange: 'run',
  pPrChange: 'paragraph',
  sectPrChange: 'section',
  tblPrChange: 'table',
  tblPrExChange: 'table',
  tblGridChange: 'table',
  trPrChange: 'tableRow',
  tcPrChange: 'tableCell',
  numberingChange: 'numbering',
};
/** Markers that only delimit a change (a move's source and destination, tracked custom XML). */
const RANGE_MARKERS = new Set(
  ['moveFrom', 'moveTo', 'customXmlIns', 'customXmlDel', 'customXmlMoveFrom', 'customXmlMoveTo'].flatMap(
    (name) => [`${name}RangeStart`, `${name}RangeEnd`],
  ),
);
const ALL_CHANGES = new Set([
  ...Object.keys(CONTENT_CHANGES),
  ...Object.keys(CELL_CHANGES),
  ...Object.keys(PROPERTY_CHANGES),
]);

/** Where an `ins`/`del`/`moveFrom`/`moveTo` sits, which says what it changed. */
function targetOf(change: Element): 'text' | 'paragraphMark' | 'run' | 'tableRow' {
  const parent = change.parentNode;
  if (isW(parent, 'rPr')) return isW(parent.parentNode, 'pPr') ? 'paragraphMark' : 'run';
  if (isW(parent, 'trPr')) return 'tableRow';
  return 'text';
}

/** The text of runs as shown, deleted text included (`w:delText`). */
function textOf(root: Element): string {
  return wElements(root, new Set(['t', 'delText', 'tab']))
    .map((element) => (element.localName === 'tab' ? '\t' : (element.textContent ?? '')))
    .join('');
}

function changesIn(document: Document, part: string): TrackedChange[] {
  return wElements(document, ALL_CHANGES).map((element) => {
    const name = element.localName ?? '';
    const author = wAttribute(element, 'author') ?? '';
    const date = wAttribute(element, 'date');
    if (name in CONTENT_CHANGES) {
      const on = targetOf(element);
      return {
        kind: CONTENT_CHANGES[name]!,
        on,
        author,
        date,
        text: on === 'text' ? textOf(element) : '',
        part,
      };
    }
    if (name in CELL_CHANGES)
      return { kind: CELL_CHANGES[name]!, on: 'tableCell', author, date, text: '', part };
    return { kind: 'formatting', on: PROPERTY_CHANGES[name]!, author, date, text: '', part };
  });
}

/** The tracked changes of a .docx. Throws OfficeDocumentError `unreadable` or `too_large`. */
export async function trackedChanges(bytes: Uint8Array): Promise<TrackedChanges> {
  const parts = await readDocx(bytes);
  const xml = await xmlParts();
  const changes = contentParts(xml, parts, { properties: true }).flatMap((name) =>
    changesIn(xml.parse(parts, name), name),
  );
  const counts = { insertion: 0, deletion: 0, moveFrom: 0, moveTo: 0, formatting: 0 };
  for (const change of changes) counts[change.kind]++;
  return { counts, authors: [...new Set(changes.map((change) => change.author))], changes };
}

function remove(node: Node): void {
  node.parentNode?.removeChild(node);
}

/** Replaces an element by its children. */
function unwrap(element: Element): void {
  const parent = element.parentNode;
  if (!parent) return;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  parent.removeChild(element);
}

/** Whether the node is still in its document (not inside something removed). */
function attached(node: Node): boolean {
  let at: Node | null = node;
  while (at.parentNode) at = at.parentNode;
  return at.nodeType === at.DOCUMENT_NODE;
}

function closest(node: Node, name: string): Element | null {
  for (let at = node.parentNode; at; at = at.parentNode) if (isW(at, name)) return at;
  return null;
}

function renameW(element: Element, name: string): void {
  const renamed = element.ownerDocument!.createElementNS(
    W,
    `${element.prefix ? `${element.prefix}:` : ''}${name}`,
  );
  for (const attribute of Array.from({ length: element.attributes.length }, (_, at) =>
    element.attributes.item(at)!,
  ))
    renamed.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
  while (element.firstChild) renamed.appendChild(element.firstChild);
  element.parentNode?.replaceChild(renamed, element);
}

/** Whether a paragraph shows anything: a run with more than its properties. */
function hasContent(paragraph: Element): boolean {
  return wElements(paragraph, new Set(['r'])).some((run) =>
    childElements(run).some((child) => !isW(child, 'rPr')),
  );
}

const NOT_CONTENT = new Set([
  'bookmarkStart',
  'bookmarkEnd',
  'commentRangeStart',
  'commentRangeEnd',
  'proofErr',
]);

/**
 * A paragraph whose mark is gone joins the next paragraph (one before a table, or the last of
 * its cell, stays). The joined paragraph keeps the properties of the first of the two that shows
 * anything: a deleted heading before a clause leaves the clause as it was, a clause whose
 * following paragraph was emptied keeps its own.
 */
function joinNext(paragraph: Element): void {
  if (!attached(paragraph)) return;
  let next = paragraph.nextSibling;
  while (next && (next.nodeType !== next.ELEMENT_NODE || isW(next, ...NOT_CONTENT))) next = next.nextSibling;
  if (!isW(next, 'p')) return;
  const own = childElements(paragraph).find((child) => isW(child, 'pPr'));
  const theirs = childElements(next).find((child) => isW(child, 'pPr'));
  if (own && !hasContent(next) && hasContent(paragraph)) {
    // The section break the removed mark carried goes with it; the one of the next stays.
    for (const section of childElements(own).filter((child) => isW(child, 'sectPr'))) remove(section);
    const nextSection = theirs && childElements(theirs).find((child) => isW(child, 'sectPr'));
    if (nextSection)
      own.insertBefore(nextSection, childElements(own).find((child) => isW(child, 'pPrChange')) ?? null);
    if (theirs) next.replaceChild(own, theirs);
    else next.insertBefore(own, next.firstChild);
  } else if (own) remove(own);
  const anchor = childElements(next).find((child) => !isW(child, 'pPr')) ?? null;
  while (paragraph.firstChild) next.insertBefore(paragraph.firstChild, anchor);
  remove(paragraph);
}

/** What restoring old properties keeps of the current ones, and whether the old go before them. */
const KEPT_ON_RESTORE: Readonly<Record<string, { names: readonly string[]; oldFirst: boolean }>> = {
  pPrChange: { names: ['rPr', 'sectPr'], oldFirst: true },
  sectPrChange: { names: ['headerReference', 'footerReference'], oldFirst: false },
};

/** Puts back the properties a formatting change recorded (`w:rPrChange` holds the old `w:rPr`…). */
function restoreProperties(change: Element): void {
  const holder = change.parentNode as Element | null;
  const old = childElements(change)[0];
  if (!holder || !old || change.localName === 'numberingChange') return remove(change);
  const kept = KEPT_ON_RESTORE[change.localName ?? ''] ?? { names: [], oldFirst: true };
  for (const child of childElements(holder))
    if (child === change || !kept.names.some((name) => isW(child, name))) remove(child);
  const anchor = kept.oldFirst ? holder.firstChild : null;
  while (old.firstChild) holder.insertBefore(old.firstChild, anchor);
}

/**
 * Resolves every tracked change of an XML part in place: `accept` keeps insertions (unwrapped)
 * and drops deletions with their text, `reject` the other way round; a move is a deletion at
 * its source and an insertion at its destination. Formatting records are dropped when accepted
 * and put back when rejected.
 */
export function resolveChanges(document: Document, decision: 'accept' | 'reject'): void {
  const joins: Element[] = [];
  for (const element of wElements(document, ALL_CHANGES)) {
    if (!attached(element)) continue;
    const name = element.localName ?? '';
    if (name in PROPERTY_CHANGES) continue;
    const inserted = name === 'ins' || name === 'moveTo' || name === 'cellIns';
    const kept = inserted === (decision === 'accept');
    if (name in CELL_CHANGES) {
      if (kept) remove(element);
      else remove(closest(element, 'tc') ?? element);
      continue;
    }
    switch (targetOf(element)) {
      case 'text':
        if (kept) unwrap(element);
        else remove(element);
        break;
      case 'paragraphMark':
        if (!kept) joins.push(closest(element, 'p')!);
        remove(element);
        break;
      case 'run':
        remove(kept ? element : (closest(element, 'r') ?? element));
        break;
      case 'tableRow':
        remove(kept ? element : (closest(element, 'tr') ?? element));
        break;
    }
  }
  for (const element of wElements(document, new Set(Object.keys(PROPERTY_CHANGES)))) {
    if (decision === 'accept') remove(element);
    else if (attached(element)) restoreProperties(element);
  }
  // A vertical merge changed with tracking on: the merge as it now is stays either way.
  for (const element of wElements(document, new Set([...RANGE_MARKERS, 'cellMerge']))) remove(element);
  for (const element of wElements(document, new Set(['delText', 'delInstrText']))) {
    // Accepted, deleted text left outside a deletion goes too; rejected, it is text again.
    if (decision === 'accept') remove(element);
    else renameW(element, element.localName === 'delText' ? 't' : 'instrText');
  }
  for (const paragraph of joins) joinNext(paragraph);
}

async function resolveAll(bytes: Uint8Array, decision: 'accept' | 'reject'): Promise<Buffer> {
  const parts = await readDocx(bytes);
  const xml = await xmlParts();
  for (const name of contentParts(xml, parts, { properties: true })) {
    const document = xml.parse(parts, name);
    resolveChanges(document, decision);
    parts.set(name, xml.serialize(document));
  }
  return writeDocx(parts);
}

/**
 * The document with every tracked change accepted: insertions kept, deletions gone (with their
 * `w:delText`), moves made, formatting records dropped; no `w:ins`, `w:del` or `w:moveFrom`
 * left. Throws OfficeDocumentError `unreadable` or `too_large`.
 */
export function acceptAllChanges(bytes: Uint8Array): Promise<Buffer> {
  return resolveAll(bytes, 'accept');
}

/** The document as it was before its tracked changes: every change rejected. */
export function rejectAllChanges(bytes: Uint8Array): Promise<Buffer> {
  return resolveAll(bytes, 'reject');
}
