// A PDF's revisions (each incremental update ends with its own %%EOF) and what an update after a
// signature changed. A signature vouches for the bytes up to its revision's end; what a reader
// shows may still change in later updates, so each later update is read object by object and
// allowed only when it adds a signature (its field value and appearance, the form's flags, its
// validation data) and nothing else: a changed page, annotation, form value or anything else is
// a modification after signing.
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core';

export interface Revision {
  /** Offset just past this revision's %%EOF and its end-of-line, if any. */
  readonly end: number;
  /** Offset of the end of "%%EOF" itself (a ByteRange may stop here or after the EOL). */
  readonly eofEnd: number;
  /** Offset of the revision's cross-reference section. */
  readonly startxref: number;
}

const latin1 = new TextDecoder('latin1');

/** The revisions of a file, oldest first: each %%EOF right after "startxref" and an offset. */
export function findRevisions(bytes: Uint8Array): Revision[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const revisions: Revision[] = [];
  for (let at = buffer.indexOf('%%EOF'); at >= 0; at = buffer.indexOf('%%EOF', at + 5)) {
    const before = latin1.decode(bytes.subarray(Math.max(0, at - 48), at));
    const startxref = /startxref\s+(\d+)\s+$/.exec(before)?.[1];
    if (startxref === undefined) continue;
    const eofEnd = at + 5;
    const eol =
      bytes[eofEnd] === 13 && bytes[eofEnd + 1] === 10
        ? 2
        : bytes[eofEnd] === 10 || bytes[eofEnd] === 13
          ? 1
          : 0;
    revisions.push({ end: eofEnd + eol, eofEnd, startxref: Number(startxref) });
  }
  return revisions;
}

/** The revision a signed range ending at `end` closes, if it ends at one. */
export function revisionEndingAt(revisions: readonly Revision[], end: number): number {
  return revisions.findIndex((revision) => end === revision.end || end === revision.eofEnd);
}

/** What one later update did, for the signatures before it. */
export interface UpdateReport {
  /** 0-based index among the file's revisions. */
  readonly revision: number;
  readonly kind: 'signature' | 'validation-data' | 'modification';
  /** What was changed beyond adding a signature, in words (empty unless a modification). */
  readonly changes: readonly string[];
}

/** The object numbers an update writes, read from its cross-reference section. */
function updatedObjects(bytes: Uint8Array, revision: Revision, pdf: PDF): number[] | null {
  const head = latin1.decode(bytes.subarray(revision.startxref, revision.startxref + 64));
  if (head.startsWith('xref')) return xrefTableObjects(bytes, revision, pdf);
  const header = /^(\d+)\s+(\d+)\s+obj/.exec(head);
  if (!header) return null;
  const stream = pdf.getObject(PdfRef.of(Number(header[1]), Number(header[2])));
  if (!(stream instanceof PdfStream)) return null;
  return [...xrefStreamObjects(stream)].filter((number) => number !== Number(header[1]));
}

/** A classic table: subsections of "first count" and 20-byte entries, then the trailer. */
function xrefTableObjects(bytes: Uint8Array, revision: Revision, pdf: PDF): number[] | null {
  const text = latin1.decode(bytes.subarray(revision.startxref, revision.end));
  const trailerAt = text.indexOf('trailer');
  if (trailerAt < 0) return null;
  const numbers: number[] = [];
  const lines = text
    .slice(4, trailerAt)
    .trim()
    .split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length;) {
    const [first, count] = lines[i]!.trim().split(/\s+/).map(Number);
    if (first === undefined || count === undefined || !Number.isInteger(first) || !Number.isInteger(count)) {
      return null;
    }
    for (let k = 0; k < count; k++) if (first + k !== 0) numbers.push(first + k);
    i += count + 1;
  }
  // A hybrid file names a cross-reference stream too, holding the compressed objects.
  const hybrid = /\/XRefStm\s+(\d+)/.exec(text.slice(trailerAt));
  if (hybrid) {
    const at = Number(hybrid[1]);
    const header = /^(\d+)\s+(\d+)\s+obj/.exec(latin1.decode(bytes.subarray(at, at + 32)));
    const stream = header && pdf.getObject(PdfRef.of(Number(header[1]), Number(header[2])));
    if (!(stream instanceof PdfStream)) return null;
    numbers.push(...xrefStreamObjects(stream));
  }
  return numbers;
}

function* xrefStreamObjects(stream: PdfStream): Iterable<number> {
  const widths = (stream.getArray('W')?.toArray() ?? []).map((item) => (item as { value: number }).value);
  const rowLength = widths.reduce((sum, width) => sum + width, 0);
  const index = (stream.getArray('Index')?.toArray() ?? []).map((item) => (item as { value: number }).value);
  const sections = index.length >= 2 ? index : [0, stream.getNumber('Size')?.value ?? 0];
  const data = stream.getDecodedData();
  let row = 0;
  for (let s = 0; s + 1 < sections.length; s += 2) {
    for (let k = 0; k < sections[s + 1]!; k++, row++) {
      if ((row + 1) * rowLength > data.length) return;
      const number = sections[s]! + k;
      if (number !== 0) yield number;
    }
  }
}

/** Equal PDF values; references compare by number, streams by dictionary and bytes. */
function same(a: PdfObject | undefined, b: PdfObject | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.type !== b.type) return false;
  if (a instanceof PdfRef && b instanceof PdfRef) {
    return a.objectNumber === b.objectNumber && a.generation === b.generation;
  }
  if (a instanceof PdfArray && b instanceof PdfArray) {
    return a.length === b.length && a.toArray().every((item, i) => same(item, b.at(i)));
  }
  if (a instanceof PdfDict && b instanceof PdfDict) {
    if (changedKeys(a, b).length > 0) return false;
    return (
      !(a instanceof PdfStream && b instanceof PdfStream) || Buffer.from(a.data).equals(Buffer.from(b.data))
    );
  }
  if (a instanceof PdfString && b instanceof PdfString) {
    return Buffer.from(a.bytes).equals(Buffer.from(b.bytes));
  }
  if ('value' in a && 'value' in b) return a.value === b.value;
  return false;
}

function changedKeys(a: PdfDict, b: PdfDict): string[] {
  const keys = new Set([...a.keys(), ...b.keys()].map((key) => key.value));
  return [...keys].filter((key) => !same(a.get(key), b.get(key)));
}

function refKey(ref: PdfRef): string {
  return `${ref.objectNumber} ${ref.generation}`;
}

/** Keys a signing may set on the signature field it fills (and its widget). */
const SIGNATURE_FIELD_KEYS = new Set(['V', 'AP', 'AS', 'MK', 'DA', 'DR', 'Lock', 'SV']);
/** Keys of the interactive form a signing may change: its fields and the signature flags. */
const ACROFORM_KEYS = new Set(['Fields', 'SigFlags']);
/** Keys of the catalog a signing or validation-data update may change. */
const CATALOG_KEYS = new Set(['AcroForm', 'DSS', 'Extensions']);

/**
 * Reads one update (revision `index`, from `before` to `after`) and says whether it only adds
 * a signature (when `signed`: a signature's range ends with this revision) or validation data.
 */
export function readUpdate(
  bytes: Uint8Array,
  revision: Revision,
  index: number,
  before: PDF,
  after: PDF,
  signed: boolean,
): UpdateReport {
  const numbers = updatedObjects(bytes, revision, after);
  if (!numbers) {
    return { revision: index, kind: 'modification', changes: ['an unreadable cross-reference section'] };
  }
  const changes = new UpdateReader(before, after, signed).read(numbers);
  if (changes.length > 0) return { revision: index, kind: 'modification', changes };
  return { revision: index, kind: signed ? 'signature' : 'validation-data', changes };
}

class UpdateReader {
  readonly changes: string[] = [];
  readonly #resolveBefore: (ref: PdfRef) => PdfObject | null;
  readonly #resolveAfter: (ref: PdfRef) => PdfObject | null;
  readonly #pageOf = new Map<string, number>();
  readonly #annotsOf = new Map<string, number>();

  constructor(
    private readonly before: PDF,
    private readonly after: PDF,
    private readonly signed: boolean,
  ) {
    this.#resolveBefore = (ref) => before.getObject(ref);
    this.#resolveAfter = (ref) => after.getObject(ref);
    after.getPages().forEach((page, pageIndex) => {
      this.#pageOf.set(refKey(page.ref), pageIndex + 1);
      const annots = page.dict.getRef('Annots');
      if (annots) this.#annotsOf.set(refKey(annots), pageIndex + 1);
    });
  }

  read(numbers: readonly number[]): string[] {
    const trailerBefore = this.before.context.info.trailer;
    const trailerAfter = this.after.context.info.trailer;
    const root = trailerAfter.getRef('Root');
    if (!root || !same(trailerBefore.get('Root'), root)) {
      this.changes.push('the document catalog was replaced');
    }
    if (!same(trailerBefore.get('Encrypt'), trailerAfter.get('Encrypt'))) {
      this.changes.push('the encryption changed');
    }
    const sizeBefore = trailerBefore.getNumber('Size')?.value ?? 0;
    for (const number of numbers) {
      const ref = PdfRef.of(number, 0);
      const old = this.#resolveBefore(ref);
      if (old) this.#readChange(ref, old, this.#resolveAfter(ref));
      // A fresh number is reachable only through changed objects, which are read here; a
      // number in use before (a free entry given an object) may be referenced already.
      else if (number < sizeBefore) this.changes.push(`object ${number}: a free object number was reused`);
    }
    return this.changes;
  }

  /** One object the update rewrote: what it is decides what it may change. */
  #readChange(ref: PdfRef, old: PdfObject, now: PdfObject | null) {
    const key = refKey(ref);
    const catalog = this.after.getCatalog();
    const root = this.after.context.info.trailer.getRef('Root');
    const acroFormRef = catalog.getRef('AcroForm');
    const fieldsRef = catalog.getDict('AcroForm', this.#resolveAfter)?.getRef('Fields');
    const dssRef = catalog.getRef('DSS');
    if (!now) {
      this.changes.push(`object ${ref.objectNumber}: deleted`);
      return;
    }
    if (same(old, now) || (dssRef && key === refKey(dssRef))) return;
    const annotsOfPage = this.#annotsOf.get(key);
    if (annotsOfPage !== undefined) {
      this.#addsSignatures(old, now, `the annotations of page ${annotsOfPage}`);
      return;
    }
    if (fieldsRef && key === refKey(fieldsRef)) {
      this.#addsSignatures(old, now, 'the form fields');
      return;
    }
    if (!(old instanceof PdfDict) || !(now instanceof PdfDict)) {
      this.changes.push(`object ${ref.objectNumber}: changed`);
      return;
    }
    const page = this.#pageOf.get(key);
    if (root && key === refKey(root)) this.#catalog(old, now, acroFormRef === undefined);
    else if (acroFormRef && key === refKey(acroFormRef)) this.#acroForm(old, now);
    else if (page !== undefined) this.#page(old, now, page);
    else if (this.#isSignatureWidget(now, this.#resolveAfter)) this.#signatureField(old, now);
    else {
      const keys = changedKeys(old, now).join(', ') || 'content';
      this.changes.push(`object ${ref.objectNumber}${describe(now)}: ${keys} changed`);
    }
  }

  #catalog(old: PdfDict, now: PdfDict, formInside: boolean) {
    const keys = changedKeys(old, now);
    const others = keys.filter((name) => !CATALOG_KEYS.has(name));
    if (others.length) this.changes.push(`the document catalog: ${others.join(', ')} changed`);
    // A form kept inside the catalog (or added now) is read as the form.
    if (keys.includes('AcroForm') && formInside) {
      this.#acroForm(
        old.getDict('AcroForm', this.#resolveBefore),
        now.getDict('AcroForm', this.#resolveAfter),
      );
    }
  }

  #acroForm(old: PdfDict | undefined, now: PdfDict | undefined) {
    if (!now) {
      this.changes.push('the form was removed');
      return;
    }
    const keys = changedKeys(old ?? new PdfDict(), now);
    const others = keys.filter((name) => !ACROFORM_KEYS.has(name));
    if (others.length) this.changes.push(`the form: ${others.join(', ')} changed`);
    if (keys.includes('Fields')) {
      this.#addsSignatures(old?.get('Fields'), now.get('Fields'), 'the form fields');
    }
  }

  #page(old: PdfDict, now: PdfDict, page: number) {
    const keys = changedKeys(old, now);
    const others = keys.filter((name) => name !== 'Annots');
    if (others.length) this.changes.push(`page ${page}: ${others.join(', ')} changed`);
    if (keys.includes('Annots')) {
      this.#addsSignatures(old.get('Annots'), now.get('Annots'), `the annotations of page ${page}`);
    }
  }

  /** The field signed by this update may take its value and appearance; no other field changes. */
  #signatureField(old: PdfDict, now: PdfDict) {
    const others = changedKeys(old, now).filter((name) => !SIGNATURE_FIELD_KEYS.has(name));
    if (others.length) this.changes.push(`a signature field: ${others.join(', ')} changed`);
    if (!this.signed || !this.#becomesSigned(old, now)) {
      this.changes.push('a signature field other than the one signed changed');
    }
  }

  /** Old entries kept; every new one the widget of a field signed by this update. */
  #addsSignatures(old: PdfObject | undefined, now: PdfObject | undefined, what: string) {
    const previous = items(old, this.#resolveBefore);
    const current = items(now, this.#resolveAfter);
    if (!previous.every((item) => current.some((candidate) => same(item, candidate)))) {
      this.changes.push(`${what}: entries were removed`);
    }
    for (const item of current.filter((entry) => !previous.some((candidate) => same(entry, candidate)))) {
      const dict = item instanceof PdfRef ? this.#resolveAfter(item) : item;
      const signedNow =
        dict instanceof PdfDict &&
        this.#isSignatureWidget(dict, this.#resolveAfter) &&
        fieldOf(dict, this.#resolveAfter).has('V');
      if (!this.signed || !signedNow) {
        this.changes.push(`${what}: something else than a signature was added`);
      }
    }
  }

  #isSignatureWidget(dict: PdfObject, resolve: (ref: PdfRef) => PdfObject | null): boolean {
    return dict instanceof PdfDict && fieldOf(dict, resolve).getName('FT')?.value === 'Sig';
  }

  #becomesSigned(old: PdfDict, now: PdfDict): boolean {
    return !fieldOf(old, this.#resolveBefore).has('V') && fieldOf(now, this.#resolveAfter).has('V');
  }
}

/** The field of a widget: itself when merged, else its parent. */
function fieldOf(dict: PdfDict, resolve: (ref: PdfRef) => PdfObject | null): PdfDict {
  return dict.has('FT') ? dict : (dict.getDict('Parent', resolve) ?? dict);
}

function items(value: PdfObject | undefined, resolve: (ref: PdfRef) => PdfObject | null): PdfObject[] {
  const array = value instanceof PdfRef ? resolve(value) : value;
  return array instanceof PdfArray ? array.toArray() : [];
}

function describe(object: PdfDict): string {
  const type = object.get('Subtype') ?? object.get('Type');
  return type instanceof PdfName ? ` (${type.value})` : '';
}
