// The pure half of an outbound interface call: a document's fields rendered into the body an
// ERP/SAP/OA/U8 system expects (JSON, SOAP XML or a form), its answer read back, and what goes to
// the log redacted and capped. No I/O here: the engine sends what this module writes.
import {
  DEFAULT_TIME_ZONE,
  chineseCapitals,
  Decimal,
  MAX_TIMESTAMP,
  MIN_TIMESTAMP,
  dateParts,
  dec,
  isValidDate,
} from '@srm/kernel';
import { type BodyFormat, type RequestMap, type ResponseMap, type SuccessRule } from './types';

/** A field map that cannot be applied to this document: the call is not sent (error class 'mapping'). */
export class MappingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MappingError';
  }
}

type Tree = Record<string, unknown>;

function isRecord(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A defined property, not an assignment: a key named `__proto__` (from a map or an answer) then
// stays an ordinary key instead of replacing the object's prototype.
function setOwn(target: Tree, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function own(target: Tree, key: string): unknown {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value !== 'object' || value === null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

// ---------------------------------------------------------------------------------------------
// Paths

/** The value at a dot path (`a.b.c`; `lines.0.qty` or `lines[0].qty` index arrays); missing → undefined. */
export function getPath(source: unknown, path: string): unknown {
  if (path === '') return source;
  let current = source;
  for (const segment of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (isRecord(current)) {
      current = own(current, segment);
    } else {
      return undefined;
    }
  }
  return current;
}

function segmentsOf(path: string, label: string): string[] {
  const segments = path.split('.');
  if (segments.some((segment) => segment === '')) {
    throw new MappingError(`The path "${label}" has an empty segment`);
  }
  return segments;
}

/** `items[].qty` → { array: 'items', rest: 'qty' }; a path without `[]` → null. */
function splitLines(path: string, label: string): { array: string; rest: string } | null {
  const [array = '', rest = '', ...more] = path.split('[]');
  if (!path.includes('[]')) return null;
  if (more.length > 0 || array === '' || (rest !== '' && !rest.startsWith('.'))) {
    throw new MappingError(`${label} "${path}": one array level is supported, written like items[].qty`);
  }
  return { array, rest: rest.slice(1) };
}

// ---------------------------------------------------------------------------------------------
// Rendering the body

export interface RenderOptions {
  readonly parameters: Readonly<Record<string, string>>;
  readonly idempotencyKey: string;
  /** Zone that decides the calendar day of a moment (default Asia/Shanghai). */
  readonly timeZone?: string;
}

interface RenderContext {
  readonly document: Readonly<Tree>;
  readonly parameters: Readonly<Record<string, string>>;
  readonly idempotencyKey: string;
  readonly timeZone: string;
}

/**
 * The body of a call: each map writes one value (or one per line of the document) at its
 * target path. Throws MappingError when a map does not fit the document.
 */
export function renderBody(
  maps: readonly RequestMap[],
  document: Readonly<Record<string, unknown>>,
  options: RenderOptions,
): Record<string, unknown> {
  const context: RenderContext = {
    document,
    parameters: options.parameters,
    idempotencyKey: options.idempotencyKey,
    timeZone: checkedTimeZone(options.timeZone ?? DEFAULT_TIME_ZONE),
  };
  const body: Tree = {};
  const counts = lineCounts(maps, document);
  for (const map of maps) {
    const target = splitLines(map.targetPath, 'targetPath');
    if (target) {
      writeLines(body, map, target, counts.get(target.array) ?? 0, context);
    } else {
      if (map.sourceType === 'FIELD' && map.sourcePath?.includes('[]')) {
        throw new MappingError(
          `targetPath "${map.targetPath}" has no [] but sourcePath "${map.sourcePath}" reads lines`,
        );
      }
      const value = transformed(sourceValue(map, context, map.targetPath), map, map.targetPath, context);
      write(body, segmentsOf(map.targetPath, map.targetPath), value, map.targetPath);
    }
  }
  return body;
}

/** Time zones found good (building a formatter to check one took 4 % of a dispatching node's CPU). */
const knownTimeZones = new Set<string>();

function checkedTimeZone(timeZone: string): string {
  if (knownTimeZones.has(timeZone)) return timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new MappingError(`Unknown time zone "${timeZone}"`);
  }
  knownTimeZones.add(timeZone);
  return timeZone;
}

/** How many elements each target array gets: as many as the longest source list feeding it. */
function lineCounts(maps: readonly RequestMap[], document: Readonly<Tree>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const map of maps) {
    const target = splitLines(map.targetPath, 'targetPath');
    const source = map.sourceType === 'FIELD' ? splitLines(map.sourcePath ?? '', 'sourcePath') : null;
    if (!target || !source) continue;
    const lines = linesOf(document, source.array, map);
    counts.set(target.array, Math.max(counts.get(target.array) ?? 0, lines.length));
  }
  return counts;
}

function linesOf(document: Readonly<Tree>, array: string, map: RequestMap): readonly unknown[] {
  const lines = getPath(document, array);
  if (lines === undefined || lines === null) return [];
  if (!Array.isArray(lines)) {
    throw new MappingError(`sourcePath "${map.sourcePath}" of ${map.targetPath}: "${array}" is not a list`);
  }
  return lines;
}

/**
 * One value per element of the target array: from the matching line when the source reads lines,
 * else the same value in every element (a constant plant code on each item, say).
 */
function writeLines(
  body: Tree,
  map: RequestMap,
  target: { array: string; rest: string },
  count: number,
  context: RenderContext,
): void {
  const items = arrayAt(body, target.array, map.targetPath);
  const source = map.sourceType === 'FIELD' ? splitLines(map.sourcePath ?? '', 'sourcePath') : null;
  const lines = source ? linesOf(context.document, source.array, map) : [];
  const shared = source ? undefined : sourceValue(map, context, map.targetPath);
  for (let index = 0; index < count; index++) {
    const label = `${target.array}[${index}]${target.rest ? `.${target.rest}` : ''}`;
    const raw = source ? getPath(lines[index], source.rest) : shared;
    // Copied per element: a shared object would make one item's later maps write into all.
    const value = transformed(copied(raw), map, label, context);
    if (target.rest === '') {
      if (isRecord(items[index])) throw conflict(label);
      items[index] = value;
      continue;
    }
    let item = items[index];
    if (item === undefined) items[index] = item = {};
    if (!isRecord(item)) throw conflict(label);
    write(item, segmentsOf(target.rest, map.targetPath), value, label);
  }
}

function conflict(label: string): MappingError {
  return new MappingError(`targetPath "${label}" conflicts with another map's value there`);
}

/** The object at the path's parent, creating objects on the way. */
function parentOf(root: Tree, segments: readonly string[], label: string): Tree {
  let node = root;
  for (const segment of segments.slice(0, -1)) {
    const next = own(node, segment);
    if (next === undefined) {
      const created: Tree = {};
      setOwn(node, segment, created);
      node = created;
    } else if (isRecord(next)) {
      node = next;
    } else {
      throw conflict(label);
    }
  }
  return node;
}

function write(root: Tree, segments: readonly string[], value: unknown, label: string): void {
  const leaf = segments[segments.length - 1] ?? '';
  const parent = parentOf(root, segments, label);
  const existing = own(parent, leaf);
  if (isRecord(existing) || Array.isArray(existing)) throw conflict(label);
  setOwn(parent, leaf, value);
}

function arrayAt(root: Tree, path: string, label: string): unknown[] {
  const segments = segmentsOf(path, label);
  const leaf = segments[segments.length - 1] ?? '';
  const parent = parentOf(root, segments, label);
  const existing = own(parent, leaf);
  if (Array.isArray(existing)) return existing;
  if (existing !== undefined) throw conflict(label);
  const created: unknown[] = [];
  setOwn(parent, leaf, created);
  return created;
}

// A document's object or list copied into the body, so later maps writing inside it never
// change the document.
function copied(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

function sourceValue(map: RequestMap, context: RenderContext, label: string): unknown {
  switch (map.sourceType) {
    case 'FIELD':
      return copied(getPath(context.document, required(map.sourcePath, label)));
    case 'CONSTANT':
      // A constant is text and never null, so a transform always sees it.
      return map.constantValue ?? '';
    case 'PARAMETER': {
      const name = required(map.sourcePath, label);
      if (!Object.hasOwn(context.parameters, name)) {
        throw new MappingError(`${label}: unknown parameter "${name}"`);
      }
      return context.parameters[name];
    }
    case 'KEY':
      return context.idempotencyKey;
    default:
      throw new MappingError(`${label}: unknown source type ${describe(map.sourceType)}`);
  }
}

function required(sourcePath: string | null | undefined, label: string): string {
  if (!sourcePath) throw new MappingError(`${label}: the map has no sourcePath`);
  return sourcePath;
}

// ---------------------------------------------------------------------------------------------
// Transforms

function transformed(value: unknown, map: RequestMap, label: string, context: RenderContext): unknown {
  if (value === null || value === undefined) return null;
  const transform = map.transform ?? 'NONE';
  switch (transform) {
    case 'NONE':
      return value;
    case 'DATE_YMD': {
      const p = dayOf(value, label, context.timeZone);
      return `${p.yyyy}-${p.MM}-${p.dd}`;
    }
    case 'DATE_COMPACT': {
      const p = dayOf(value, label, context.timeZone);
      return `${p.yyyy}${p.MM}${p.dd}`;
    }
    case 'DATETIME_ISO':
      return isoDateTime(value, label, context.timeZone);
    case 'DECIMAL_SCALE':
      return decimalOf(value, label).toFixed(placesOf(map.transformArg, label), Decimal.ROUND_HALF_UP);
    case 'UNIT_FACTOR':
      return decimalOf(value, label).times(factorOf(map.transformArg, label)).toNumber();
    case 'CODE_MAP':
      return mappedCode(value, map.transformArg, label);
    case 'UPPER':
      return textOf(value, label).toUpperCase();
    case 'STRING':
      return textOf(value, label);
    case 'CN_CAPITALS':
      return chineseCapitals(decimalOf(value, label));
    case 'JSON_TEXT':
      // Feishu's message content is a JSON object sent as text: {"text": "…"}.
      return JSON.stringify({ [map.transformArg?.trim() || 'text']: value });
    default:
      throw new MappingError(`${label}: unknown transform ${describe(transform)}`);
  }
}

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** Calendar parts of a 'YYYY-MM-DD' date, or of a moment (epoch ms) in the business zone. */
function dayOf(value: unknown, label: string, timeZone: string): { yyyy: string; MM: string; dd: string } {
  if (typeof value === 'string' && DATE_TEXT.test(value) && isValidDate(value)) {
    return { yyyy: value.slice(0, 4), MM: value.slice(5, 7), dd: value.slice(8, 10) };
  }
  return dateParts(momentOf(value, label), timeZone);
}

function momentOf(value: unknown, label: string): number {
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= MIN_TIMESTAMP &&
    value <= MAX_TIMESTAMP
  ) {
    return value;
  }
  throw new MappingError(`${label}: ${describe(value)} is not a date (YYYY-MM-DD or epoch milliseconds)`);
}

/** Minutes the zone is ahead of UTC at the moment (dateParts gives whole seconds). */
function offsetMinutes(ms: number, timeZone: string): number {
  const p = dateParts(ms, timeZone);
  const wall = Date.UTC(
    Number(p.yyyy),
    Number(p.MM) - 1,
    Number(p.dd),
    Number(p.HH),
    Number(p.mm),
    Number(p.ss),
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** ISO 8601 with the zone's offset; a plain date is that day's midnight in the zone. */
function isoDateTime(value: unknown, label: string, timeZone: string): string {
  let ms: number;
  if (typeof value === 'string' && DATE_TEXT.test(value) && isValidDate(value)) {
    const midnightUtc = Date.parse(`${value}T00:00:00Z`);
    ms = midnightUtc - offsetMinutes(midnightUtc, timeZone) * 60000;
  } else {
    ms = momentOf(value, label);
  }
  const p = dateParts(ms, timeZone);
  return `${p.yyyy}-${p.MM}-${p.dd}T${p.HH}:${p.mm}:${p.ss}${offsetText(offsetMinutes(ms, timeZone))}`;
}

const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function decimalOf(value: unknown, label: string): Decimal {
  if (typeof value === 'number' && Number.isFinite(value)) return dec(value);
  if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) return dec(value.trim());
  throw new MappingError(`${label}: ${describe(value)} is not a number`);
}

function placesOf(arg: string | null | undefined, label: string): number {
  const places = Number(arg);
  if (!arg || !/^\d+$/.test(arg.trim()) || places > 10) {
    throw new MappingError(`${label}: DECIMAL_SCALE needs places from 0 to 10, not ${describe(arg ?? null)}`);
  }
  return places;
}

function factorOf(arg: string | null | undefined, label: string): Decimal {
  if (!arg || !DECIMAL_TEXT.test(arg.trim())) {
    throw new MappingError(`${label}: UNIT_FACTOR needs a decimal factor, not ${describe(arg ?? null)}`);
  }
  return dec(arg.trim());
}

/** `STANDARD=NB;URGENT=UB` → the code the other system uses; an unmapped code is an error. */
function mappedCode(value: unknown, arg: string | null | undefined, label: string): string {
  const codes = new Map<string, string>();
  for (const pair of (arg ?? '').split(';')) {
    if (pair.trim() === '') continue;
    const equals = pair.indexOf('=');
    if (equals < 0) throw new MappingError(`${label}: CODE_MAP pair "${pair.trim()}" has no "="`);
    codes.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
  }
  const code = textOf(value, label);
  const mapped = codes.get(code);
  if (mapped === undefined) {
    throw new MappingError(
      `${label}: code "${code}" is not in the code map (${[...codes.keys()].join(', ')})`,
    );
  }
  return mapped;
}

function textOf(value: unknown, label: string): string {
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol') {
    throw new MappingError(`${label}: ${describe(value)} is not a single value`);
  }
  return String(value);
}

// ---------------------------------------------------------------------------------------------
// Serialising

export interface SerializeOptions {
  /** XML: the element inside the SOAP Body (default 'Request'). */
  readonly rootElement?: string;
  /** XML: sent as the SOAPAction header (SOAP 1.1 carries it in HTTP, not in the envelope). */
  readonly soapAction?: string;
  /** XML: default namespace of the root element. */
  readonly namespace?: string;
}

export interface SerializedBody {
  readonly text: string;
  readonly contentType: string;
  /** Headers the format needs besides Content-Type (SOAPAction). */
  readonly headers: Record<string, string>;
}

/** The body as text for the wire, with its content type. */
export function serializeBody(
  body: Record<string, unknown>,
  format: BodyFormat,
  options: SerializeOptions = {},
): SerializedBody {
  switch (format) {
    case 'JSON':
      return { text: JSON.stringify(body), contentType: 'application/json; charset=utf-8', headers: {} };
    case 'XML':
      return {
        text: soapEnvelope(body, options),
        contentType: 'text/xml; charset=utf-8',
        headers: options.soapAction === undefined ? {} : { SOAPAction: `"${options.soapAction}"` },
      };
    case 'FORM':
      return {
        text: formText(body),
        contentType: 'application/x-www-form-urlencoded; charset=utf-8',
        headers: {},
      };
    default:
      throw new MappingError(`Unknown body format ${describe(format)}`);
  }
}

const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

function soapEnvelope(body: Tree, options: SerializeOptions): string {
  const root = options.rootElement ?? 'Request';
  const xmlns = options.namespace ? ` xmlns="${escapeXml(options.namespace, root)}"` : '';
  const inner = childElements(body);
  const content =
    inner === '' ? `<${xmlName(root)}${xmlns}/>` : `<${xmlName(root)}${xmlns}>${inner}</${root}>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}"><soapenv:Header/>` +
    `<soapenv:Body>${content}</soapenv:Body></soapenv:Envelope>`
  );
}

function childElements(object: Tree): string {
  return Object.entries(object)
    .map(([name, value]) => xmlElement(name, value))
    .join('');
}

/** An object nests, a list repeats the element once per item, null is an empty element. */
function xmlElement(name: string, value: unknown): string {
  xmlName(name);
  if (Array.isArray(value)) return value.map((item) => xmlElement(name, item)).join('');
  if (value === null || value === undefined) return `<${name}/>`;
  if (isRecord(value)) {
    const inner = childElements(value);
    return inner === '' ? `<${name}/>` : `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escapeXml(textOf(value, name), name)}</${name}>`;
}

const XML_NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

function xmlName(name: string): string {
  if (!XML_NAME.test(name)) throw new MappingError(`"${name}" cannot be an XML element name`);
  return name;
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
};

function escapeXmlText(text: string): string {
  return text.replace(/[&<>"'\r]/g, (char) => XML_ESCAPES[char] ?? char);
}

// XML 1.0 has no way to write most control characters, so a value holding one cannot be sent.
// eslint-disable-next-line no-control-regex
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function escapeXml(text: string, element: string): string {
  if (XML_FORBIDDEN.test(text)) {
    throw new MappingError(`<${element}>: the value holds a control character XML cannot carry`);
  }
  return escapeXmlText(text);
}

/** Nested keys flattened as `a.b`, list items as `items[0].qty`. */
function formText(body: Tree): string {
  const pairs: [string, string][] = [];
  const add = (key: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((item, index) => add(`${key}[${index}]`, item));
    else if (isRecord(value)) for (const [name, inner] of Object.entries(value)) add(`${key}.${name}`, inner);
    else pairs.push([key, value === null || value === undefined ? '' : textOf(value, key)]);
  };
  for (const [name, value] of Object.entries(body)) add(name, value);
  return new URLSearchParams(pairs).toString();
}

// ---------------------------------------------------------------------------------------------
// Reading the answer

/**
 * The answer as data: JSON parsed, XML as a tree of element names (SOAP envelope, Body and
 * namespace prefixes removed); anything else, or anything that does not parse, as its text.
 */
export function parseAnswer(text: string, contentType: string | undefined): unknown {
  const type = (contentType ?? '').toLowerCase();
  const content = text.replace(/^\uFEFF/, '').trim();
  const readers: ((content: string) => unknown)[] = [];
  if (type.includes('json')) readers.push(readJson);
  if (type.includes('xml')) readers.push(readXmlAnswer);
  // A content type that says nothing useful (or lies): the first character decides.
  if (content.startsWith('{') || content.startsWith('[')) readers.push(readJson);
  if (content.startsWith('<')) readers.push(readXmlAnswer);
  for (const read of readers) {
    const value = read(content);
    if (value !== undefined) return value;
  }
  return text;
}

function readJson(content: string): unknown {
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return undefined;
  }
}

function readXmlAnswer(content: string): unknown {
  try {
    const root = readXml(content);
    return root ? xmlAnswer(root) : undefined;
  } catch {
    // Nesting too deep for the call stack: the answer stays text.
    return undefined;
  }
}

interface XmlNode {
  readonly name: string;
  readonly children: XmlNode[];
  text: string;
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** A SOAP answer is its Body's content; any other document is `{ root: content }`. */
function xmlAnswer(root: XmlNode): unknown {
  if (localName(root.name) === 'Envelope') {
    const body = root.children.find((child) => localName(child.name) === 'Body');
    if (body) return body.children.length ? xmlValue(body) : {};
  }
  const answer: Tree = {};
  setOwn(answer, localName(root.name), xmlValue(root));
  return answer;
}

/** A leaf is its text; an element with children an object, repeated names becoming lists. */
function xmlValue(node: XmlNode): unknown {
  if (node.children.length === 0) return node.text;
  const object: Tree = {};
  for (const child of node.children) {
    const name = localName(child.name);
    const value = xmlValue(child);
    const existing = own(object, name);
    // xmlValue never returns a list itself, so a list here is a repeated name.
    if (existing === undefined) setOwn(object, name, value);
    else if (Array.isArray(existing)) existing.push(value);
    else setOwn(object, name, [existing, value]);
  }
  return object;
}

const OPEN_TAG = /<([^\s/>!?]+)(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/y;
const CLOSE_TAG = /<\/([^\s>]+)\s*>/y;
/** Markup that carries no data: declarations, processing instructions, comments, DOCTYPE. */
const SKIPPED: readonly (readonly [string, string])[] = [
  ['<?', '?>'],
  ['<!--', '-->'],
  ['<!DOCTYPE', '>'],
];

/** The element tree of a document, or null when it is not well-formed enough to read. */
function readXml(text: string): XmlNode | null {
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  let at = 0;
  while (at < text.length) {
    const open = stack[stack.length - 1];
    if (text[at] !== '<') {
      const next = text.indexOf('<', at);
      const end = next < 0 ? text.length : next;
      const chunk = text.slice(at, end);
      if (open) open.text += decodeEntities(chunk);
      else if (chunk.trim() !== '') return null;
      at = end;
      continue;
    }
    if (text.startsWith('<![CDATA[', at)) {
      const end = text.indexOf(']]>', at);
      if (end < 0 || !open) return null;
      open.text += text.slice(at + '<![CDATA['.length, end);
      at = end + 3;
      continue;
    }
    const skipped = SKIPPED.find(([start]) => text.startsWith(start, at));
    if (skipped) {
      const end = text.indexOf(skipped[1], at);
      if (end < 0) return null;
      at = end + skipped[1].length;
      continue;
    }
    if (text.startsWith('</', at)) {
      CLOSE_TAG.lastIndex = at;
      const match = CLOSE_TAG.exec(text);
      if (!match || stack.pop()?.name !== match[1]) return null;
      at = CLOSE_TAG.lastIndex;
      continue;
    }
    OPEN_TAG.lastIndex = at;
    const match = OPEN_TAG.exec(text);
    if (!match) return null;
    const node: XmlNode = { name: match[1] ?? '', children: [], text: '' };
    if (open) open.children.push(node);
    else if (root) return null;
    else root = node;
    if (match[2] !== '/') stack.push(node);
    at = OPEN_TAG.lastIndex;
  }
  return stack.length === 0 ? root : null;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

// An entity this reader does not know stays as written rather than failing the whole answer.
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (entity, name: string) => {
    if (!name.startsWith('#')) return NAMED_ENTITIES[name] ?? entity;
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** The document fields an answer fills: targetField ← value at responsePath. */
export function readResponse(maps: readonly ResponseMap[], answer: unknown): Record<string, unknown> {
  const fields: Tree = {};
  for (const map of maps) {
    const value = getPath(answer, map.responsePath);
    if (value === undefined) {
      throw new MappingError(`The answer has no value at "${map.responsePath}" (for ${map.targetField})`);
    }
    setOwn(fields, map.targetField, value);
  }
  return fields;
}

/**
 * HTTP 2xx and, when the rule names a path, the answer's value there equals `equals`; a path
 * without `equals` asks only that the value be there and not empty.
 */
export function isSuccess(status: number, answer: unknown, rule: SuccessRule): boolean {
  if (status < 200 || status > 299) return false;
  if (!rule.path) return true;
  const value = getPath(answer, rule.path);
  if (value === undefined || value === null) return false;
  if (rule.equals === undefined || rule.equals === null) return String(value) !== '';
  return String(value) === rule.equals;
}

/** `PO-{poNumber}-{versionNum}` with the values filled in; a missing value is an error. */
export function renderTemplate(template: string, values: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{([^{}]*)\}/g, (_, written: string) => {
    const name = written.trim();
    const value = name === '' ? undefined : getPath(values, name);
    if (value === undefined || value === null) {
      throw new MappingError(`The template "${template}" names {${name}}, which has no value`);
    }
    return textOf(value, `{${name}}`);
  });
}

// ---------------------------------------------------------------------------------------------
// What the log keeps

const MASK = '******';

/** A secret as it may appear in a body: raw, JSON-escaped, XML-escaped, URL- or form-encoded. */
function secretForms(secrets: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret === '') continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(escapeXmlText(secret));
    forms.add(encodeURIComponent(secret));
    forms.add(new URLSearchParams([['', secret]]).toString().slice(1));
  }
  // Longest first, so a secret holding another is masked whole.
  return [...forms].filter((form) => form !== '').sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The value of a named field masked in JSON (`"F": v`), XML (`<F>v</F>`) and forms (`F=v`). */
function maskField(text: string, field: string): string {
  const name = escapeRegExp(field);
  return text
    .replace(new RegExp(`("${name}"\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|[^,}\\]\\s]+)`, 'gi'), `$1"${MASK}"`)
    .replace(
      new RegExp(
        `(<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?(?<!/)>)[\\s\\S]*?(</(?:[\\w.-]+:)?${name}\\s*>)`,
        'gi',
      ),
      `$1${MASK}$2`,
    )
    .replace(new RegExp(`((?:^|[?&])(?:[^&=\\s]*\\.)?${name}=)[^&\\s]*`, 'gi'), `$1${MASK}`);
}

/** A body or URL fit for the log: every secret and every named field's value masked. */
export function redact(value: string, secrets: readonly string[], fields: readonly string[]): string {
  let text = value;
  for (const form of secretForms(secrets)) text = text.split(form).join(MASK);
  for (const field of fields) if (field !== '') text = maskField(text, field);
  return text;
}

/** At most maxBytes of UTF-8 (never half a character), with how much was cut. */
export function capBody(text: string, maxBytes = 256 * 1024): string {
  const limit = Math.max(0, Math.floor(maxBytes));
  // A UTF-16 unit is at most 3 UTF-8 bytes: short texts need no encoding.
  if (text.length * 3 <= limit) return text;
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= limit) return text;
  let cut = limit;
  while (cut > 0 && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut--;
  return `${new TextDecoder().decode(bytes.subarray(0, cut))}…[truncated ${bytes.length - cut} bytes]`;
}

const SENSITIVE_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-csrf-token'];

/** Headers fit for the log: credentials, cookies, CSRF tokens and anything holding a secret masked. */
export function redactHeaders(
  headers: Record<string, string>,
  secrets: readonly string[],
  extraNames: readonly string[] = [],
): Record<string, string> {
  const names = new Set([...SENSITIVE_HEADERS, ...extraNames.map((name) => name.toLowerCase())]);
  const forms = secretForms(secrets);
  const safe: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const masked = names.has(name.toLowerCase()) || forms.some((form) => value.includes(form));
    setOwn(safe, name, masked ? MASK : value);
  }
  return safe;
}
