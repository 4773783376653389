// A .docx as its parts, read with the limits an uploaded Office zip gets (a counterparty's
// revision is hostile input), and its XML parts as DOM documents: which parts hold the text
// (the main document, headers, footers, notes, comments), found through the relationships.
import type * as XmlDomModule from '@xmldom/xmldom';
import type { Document, Element, Node } from '@xmldom/xmldom';
import type PizZipModule from 'pizzip';
import type yauzl from 'yauzl';
import { MAX_PARTS, inflateLimits } from '../excel/xlsx-zip';
import { OfficeDocumentError } from '../files/office';

/** WordprocessingML's main namespace (the `w:` prefix). */
export const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const MARKUP_COMPATIBILITY = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

/** A .docx's parts by name, in the zip's order. */
export type DocxParts = Map<string, Buffer>;

type PizZip = typeof PizZipModule;
type XmlDom = typeof XmlDomModule;

let libraries: Promise<{ yauzl: typeof yauzl; PizZip: PizZip; xml: XmlDom }> | null = null;

/** The zip and XML libraries, loaded on the first document, not at the server's start. */
function load() {
  libraries ??= Promise.all([import('yauzl'), import('pizzip'), import('@xmldom/xmldom')]).then(
    ([zip, pizzip, xml]) => ({
      yauzl: (zip.default ?? zip) as typeof yauzl,
      PizZip: (pizzip.default ?? pizzip) as PizZip,
      xml: xml as XmlDom,
    }),
  );
  return libraries;
}

/**
 * The parts of a .docx. Every part is inflated here, counted against the limits an upload of
 * this size has (yauzl stops a part that inflates past the size it declares), so that nothing
 * after this inflates more than the limits allow. Throws OfficeDocumentError `unreadable` (not a
 * zip, no main document) or `too_large`.
 */
export async function readDocx(bytes: Uint8Array): Promise<DocxParts> {
  const { yauzl } = await load();
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const limits = inflateLimits(buffer.length);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new OfficeDocumentError('unreadable');
  }
  // Errors while an entry streams reach the loop below; none may go unhandled after it.
  zip.on('error', () => undefined);
  const parts: DocxParts = new Map();
  let inflated = 0;
  try {
    if (zip.entryCount > MAX_PARTS) throw new OfficeDocumentError('too_large');
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      if (entry.fileName.endsWith('/')) continue;
      const partLimit = limits.part(entry.compressedSize);
      inflated += entry.uncompressedSize;
      if (entry.uncompressedSize > partLimit || inflated > limits.total)
        throw new OfficeDocumentError('too_large');
      const stream = await zip.openReadStreamPromise(entry);
      stream.on('error', () => undefined);
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
      parts.set(entry.fileName, Buffer.concat(chunks));
    }
  } catch (error) {
    if (error instanceof OfficeDocumentError) throw error;
    throw new OfficeDocumentError('unreadable');
  } finally {
    zip.close();
  }
  if (!parts.has('[Content_Types].xml') || !mainDocumentName(await xmlParts(), parts))
    throw new OfficeDocumentError('unreadable');
  return parts;
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (error: Error) => (cleanup(), reject(error));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

/** A PizZip holding the parts (what docxtemplater works on). */
export async function zipOf(parts: DocxParts): Promise<PizZipModule> {
  const { PizZip } = await load();
  const zip = new PizZip();
  for (const [name, content] of parts) zip.file(name, content);
  return zip;
}

/** The parts as .docx bytes. */
export async function writeDocx(parts: DocxParts): Promise<Buffer> {
  return (await zipOf(parts)).generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Parses and serializes XML parts (xmldom, loaded once). */
export interface XmlParts {
  parse(parts: DocxParts, name: string): Document;
  serialize(document: Document): Buffer;
}

export async function xmlParts(): Promise<XmlParts> {
  const { xml } = await load();
  const serializer = new xml.XMLSerializer();
  return {
    parse(parts, name) {
      const text = parts.get(name)?.toString('utf8');
      // OOXML has no document type declarations; one here is there to expand entities.
      if (text === undefined || /<!DOCTYPE/i.test(text)) throw new OfficeDocumentError('unreadable');
      try {
        return new xml.DOMParser({
          onError: (level, message) => {
            if (level !== 'warning') throw new Error(message);
          },
        }).parseFromString(text, 'text/xml');
      } catch {
        throw new OfficeDocumentError('unreadable');
      }
    },
    serialize: (document) => Buffer.from(serializer.serializeToString(document), 'utf8'),
  };
}

/** The element children of a node. */
export function childElements(node: Node): Element[] {
  const children: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (child.nodeType === child.ELEMENT_NODE) children.push(child as Element);
  return children;
}

/** Whether the element is `w:<name>` (one of the names). */
export function isW(node: Node | null | undefined, ...names: string[]): node is Element {
  return (
    !!node &&
    node.nodeType === node.ELEMENT_NODE &&
    (node as Element).namespaceURI === W &&
    names.includes((node as Element).localName ?? '')
  );
}

/** The `w:` elements under `root`, in document order, depth first, with their names in `names`. */
export function wElements(root: Node, names: ReadonlySet<string>): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      const element = child as Element;
      if (element.namespaceURI === W && names.has(element.localName ?? '')) found.push(element);
      visit(element);
    }
  };
  visit(root);
  return found;
}

/** Whether the node sits in an `mc:Fallback` (a copy of content for older readers). */
export function inFallback(node: Node): boolean {
  for (let at = node.parentNode; at; at = at.parentNode)
    if ((at as Element).namespaceURI === MARKUP_COMPATIBILITY && (at as Element).localName === 'Fallback')
      return true;
  return false;
}

/** The value of a `w:` attribute, or null. */
export function wAttribute(element: Element, name: string): string | null {
  return element.hasAttributeNS(W, name) ? element.getAttributeNS(W, name) : null;
}

/** `target` of a relationship of the part `from`, as a part name (no leading slash, `..` resolved). */
function resolveTarget(from: string, target: string): string {
  const segments = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments.join('/');
}

/** A part's relationships (`''` for the package's): [type's last segment, target part name]. */
function relationships(xml: XmlParts, parts: DocxParts, name: string): [string, string][] {
  const slash = name.lastIndexOf('/');
  const relsName = `${name.slice(0, slash + 1)}_rels/${name.slice(slash + 1)}.rels`;
  if (!parts.has(relsName)) return [];
  const found: [string, string][] = [];
  const list = xml.parse(parts, relsName).getElementsByTagNameNS(RELATIONSHIPS, 'Relationship');
  for (let index = 0; index < list.length; index++) {
    const relationship = list.item(index)!;
    const type = relationship.getAttribute('Type') ?? '';
    const target = relationship.getAttribute('Target');
    if (!target || relationship.getAttribute('TargetMode') === 'External') continue;
    found.push([type.slice(type.lastIndexOf('/') + 1), resolveTarget(name, target)]);
  }
  return found;
}

/** The main document's part name (`word/document.xml` as Word writes it). */
export function mainDocumentName(xml: XmlParts, parts: DocxParts): string | null {
  const main = relationships(xml, parts, '').find(([type]) => type === 'officeDocument')?.[1];
  return main && parts.has(main) ? main : null;
}

const STORY_TYPES = new Set(['header', 'footer', 'footnotes', 'endnotes', 'comments']);
const PROPERTY_TYPES = new Set(['styles', 'numbering']);

/**
 * The parts that hold the document's content, main document first: headers, footers,
 * footnotes, endnotes and comments; with `properties`, also styles and numbering (which carry
 * tracked formatting changes but no text).
 */
export function contentParts(
  xml: XmlParts,
  parts: DocxParts,
  options: { properties?: boolean } = {},
): string[] {
  const main = mainDocumentName(xml, parts);
  if (!main) return [];
  const related = relationships(xml, parts, main)
    .filter(([type]) => STORY_TYPES.has(type) || (options.properties && PROPERTY_TYPES.has(type)))
    .map(([, target]) => target)
    .filter((name) => parts.has(name));
  return [main, ...new Set(related)];
}
