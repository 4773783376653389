// Hostile requests for every declared route, derived from the route inventory: each route's
// declared input (or, for the entity routes, the entity's filters and writable fields) tells
// which fields to send; each field gets every hostile shape, once with all fields hostile and
// once alone beside plausible values of the other fields (so that a check past the first bad
// field is reached too). The bad-input suites send them and expect a clear E envelope, no 5xx.
import {
  type EntityDef,
  type EntityRegistry,
  type FieldDef,
  type InputField,
  type InputSpec,
  filterableFields,
  isClientWritable,
} from '@srm/kernel';
import type { RouteInventoryEntry } from '../http/plugin';

export interface HostileRequest {
  readonly method: 'GET' | 'POST';
  /** Path and query. */
  readonly url: string;
  /** The JSON text sent (POST). */
  readonly body?: string;
  /** What was sent, for a failure's message. */
  readonly label: string;
  /**
   * `every`: every field of the route hostile at once (each field's check runs); `body`: a whole
   * hostile body, query or path; `single`: one hostile field beside plausible values.
   */
  readonly group: 'every' | 'body' | 'single';
  /** The route as the inventory lists it: `POST /api/…/:id`. */
  readonly route: string;
}

/**
 * A fixed part of the requests that still sends every hostile shape to every route: all of
 * `every`, `bodies` of the whole-body shapes per route (taken in turn), every `singleStride`-th
 * single-field request. For a suite that must stay short (CI); the full list for a long run.
 */
export function sampleHostile(
  requests: readonly HostileRequest[],
  options: { bodies: number; singleStride: number },
): HostileRequest[] {
  const bodyCount = new Map<string, number>();
  let bodyTurn = 0;
  let single = 0;
  return requests.filter((request) => {
    if (request.group === 'every') return true;
    if (request.group === 'single') return single++ % options.singleStride === 0;
    const taken = bodyCount.get(request.route) ?? 0;
    bodyTurn += 1;
    if (taken >= options.bodies || bodyTurn % 3 !== 0) return false;
    bodyCount.set(request.route, taken + 1);
    return true;
  });
}

/** Numbers JSON.stringify cannot write as sent: placeholders replaced in the text afterwards. */
const RAW_NUMBERS: Readonly<Record<string, string>> = {
  '\u0001huge\u0001': '1e400',
  '\u0001long\u0001': '123456789012345678901234567890',
};
const [HUGE, LONG] = Object.keys(RAW_NUMBERS) as [string, string];

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

/** Hostile values of one field, by name. */
export const HOSTILE_VALUES: readonly { readonly name: string; readonly value: unknown }[] = [
  { name: 'NUL in a string', value: 'x\u0000y' },
  { name: 'non-callable toString', value: { toString: 1 } },
  { name: 'non-callable valueOf', value: { valueOf: 1 } },
  { name: 'non-callable toString and valueOf', value: { toString: 1, valueOf: 1 } },
  { name: 'a number beyond a double (1e400)', value: HUGE },
  { name: 'a 30-digit integer', value: LONG },
  { name: 'a huge negative number', value: -1.7e308 },
  { name: 'an array for a scalar', value: ['x', 'y'] },
  { name: 'an array of hostile objects', value: [{ toString: 1 }, 'a\u0000'] },
  { name: 'a deeply nested object', value: nested(60) },
];

/** Whole bodies, whatever the route takes. */
const HOSTILE_BODIES: readonly { readonly name: string; readonly text: string }[] = [
  { name: '__proto__', text: '{"__proto__": {"polluted": true}}' },
  { name: 'constructor.prototype', text: '{"constructor": {"prototype": {"polluted": true}}}' },
  { name: 'toString and valueOf as fields', text: '{"toString": 1, "valueOf": {"toString": 1}}' },
  { name: 'NUL in a key', text: '{"a\\u0000b": 1}' },
  { name: 'an array', text: '[1, "x\\u0000", {"toString": 1}]' },
  { name: 'a string', text: '"x\\u0000"' },
  { name: 'a huge number', text: '1e400' },
  { name: 'nested 5000 deep', text: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
];

/** Query strings for routes that read the query (a GET) or a path's parameters. */
const HOSTILE_TEXTS: readonly string[] = ['x%00y', '1e400', '9'.repeat(40), '-1', '__proto__', 'toString'];

/** A value each kind accepts, so that one hostile field is checked beside valid ones. */
function plausible(field: InputField): unknown {
  switch (field.kind) {
    case 'refs':
      return [1];
    case 'rows':
      return [plausibleBody(field.fields)];
    case 'text':
    case 'textarea':
      return field.kind === 'text' && field.format === 'email' ? 'a@b.cn' : 'x';
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return 1;
    case 'lookup':
      return field.multi ? [field.codes?.[0] ?? 'X'] : (field.codes?.[0] ?? 'X');
    case 'ref':
      return 1;
    case 'date':
      return '2026-01-02';
    case 'month':
      return '2026-01';
    case 'time':
      return '10:00:00';
    case 'year':
      return 2026;
    case 'datetime':
      return 1767225600000;
    case 'daterange':
      return ['2026-01-01', '2026-01-02'];
    case 'datetimerange':
      return [1767225600000, 1767312000000];
    case 'checkbox':
      return field.values === 'YN' ? 'Y' : true;
    case 'attachments':
      return '1';
    case 'json':
      return {};
    case 'compute':
      return undefined;
  }
}

function plausibleBody(fields: Readonly<Record<string, InputField>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = plausible(field);
    if (value !== undefined) body[name] = value;
  }
  return body;
}

/** The fields a route takes, by name: its declared input, or its entity's. */
function fieldsOf(entry: RouteInventoryEntry, registry: EntityRegistry): Record<string, InputField> {
  const declared = entry.declared;
  if (!declared) return {};
  const body = declared.entityBody;
  if (!body) return { ...declared.input };
  const entity: EntityDef = registry.get(body.entity);
  const fields: Record<string, InputField> = {};
  if (body.as === 'list') {
    for (const name of filterableFields(entity)) {
      const field = entity.fields[name];
      if (field) fields[name] = field;
    }
    return fields;
  }
  for (const [name, field] of Object.entries(entity.fields) as [string, FieldDef][])
    if (isClientWritable(field) || name === entity.key || name === 'versionNum') fields[name] = field;
  return fields;
}

/** Lines of a save: each collection with one line of plausible values and one hostile field. */
function lineBodies(entity: EntityDef): { collection: string; fields: InputSpec }[] {
  return Object.entries(entity.lines as Record<string, EntityDef>).map(([collection, line]) => ({
    collection,
    fields: Object.fromEntries(
      Object.entries(line.fields as Record<string, FieldDef>).filter(([, field]) => isClientWritable(field)),
    ),
  }));
}

function sentHostileOnly(entry: RouteInventoryEntry, registry: EntityRegistry, name: string): boolean {
  const body = entry.declared?.entityBody;
  return !!body && body.as !== 'list' && (name === registry.get(body.entity).key || name === 'versionNum');
}

function serialise(body: unknown): string {
  let text = JSON.stringify(body);
  for (const [placeholder, raw] of Object.entries(RAW_NUMBERS))
    text = text.split(JSON.stringify(placeholder)).join(raw);
  return text;
}

/** Every hostile request for the routes of an inventory (routes under /api/ only). */
export function hostileRequests(
  inventory: readonly RouteInventoryEntry[],
  registry: EntityRegistry,
): HostileRequest[] {
  const requests: HostileRequest[] = [];
  const seen = new Set<string>();
  let route = '';
  const push = (request: Omit<HostileRequest, 'route'>) => requests.push({ ...request, route });
  for (const entry of inventory) {
    if (!entry.url.startsWith('/api/') || (entry.method !== 'GET' && entry.method !== 'POST')) continue;
    const key = `${entry.method} ${entry.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    route = key;
    const fields = fieldsOf(entry, registry);
    const names = Object.keys(fields);
    const params = [...entry.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const path = (value: string) => entry.url.replace(/:(\w+)/g, value);
    const inQuery = entry.method === 'GET' || entry.declared?.inputFrom === 'query';
    if (inQuery) {
      for (const text of HOSTILE_TEXTS) {
        const query = names.map((name) => `${encodeURIComponent(name)}=${text}`).join('&');
        push({
          method: entry.method,
          url: `${path(text)}?${query}`,
          label: `query ${text}`,
          group: 'every',
        });
        for (const name of names)
          push({
            method: entry.method,
            url: `${path('1')}?${name}=${text}&${name}=${text}`,
            label: `${name}=${text} twice`,
            group: 'single',
          });
      }
      push({
        method: entry.method,
        url: `${path('1')}?toString=1&valueOf=1&__proto__=1`,
        label: 'query keys',
        group: 'body',
      });
      if (entry.method === 'GET') continue;
    }
    if (params.length)
      for (const text of HOSTILE_TEXTS)
        push({ method: 'POST', url: path(text), body: '{}', label: `path ${text}`, group: 'body' });
    const url = path('1');
    for (const body of HOSTILE_BODIES)
      push({ method: 'POST', url, body: body.text, label: body.name, group: 'body' });
    // A save of plausible values creates a row; its key and version are only sent hostile.
    const base = plausibleBody(
      Object.fromEntries(Object.entries(fields).filter(([name]) => !sentHostileOnly(entry, registry, name))),
    );
    for (const hostile of HOSTILE_VALUES) {
      const wrap = (value: unknown) => (entry.declared?.entityBody?.as === 'batchSave' ? [value] : value);
      if (names.length) {
        const all = Object.fromEntries(names.map((name) => [name, hostile.value]));
        push({
          method: 'POST',
          url,
          body: serialise(wrap(all)),
          label: `every field: ${hostile.name}`,
          group: 'every',
        });
      }
      for (const name of names)
        push({
          method: 'POST',
          url,
          body: serialise(wrap({ ...base, [name]: hostile.value })),
          label: `${name}: ${hostile.name}`,
          group: 'single',
        });
      const listLike = entry.declared?.entityBody?.as === 'list';
      if (listLike)
        for (const name of ['pageIndex', 'pageRows', 'orderBy'])
          push({
            method: 'POST',
            url,
            body: serialise({ [name]: hostile.value }),
            label: `${name}: ${hostile.name}`,
            group: 'single',
          });
      const saved = entry.declared?.entityBody;
      if (saved && saved.as !== 'list')
        for (const { collection, fields: lineFields } of lineBodies(registry.get(saved.entity))) {
          const lineBase = plausibleBody(lineFields);
          for (const name of Object.keys(lineFields))
            push({
              method: 'POST',
              url,
              body: serialise(wrap({ ...base, [collection]: [{ ...lineBase, [name]: hostile.value }] })),
              label: `${collection}[0].${name}: ${hostile.name}`,
              group: 'single',
            });
        }
    }
  }
  return requests;
}
