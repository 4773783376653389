// The list protocol of every entity: `{ pageIndex, pageRows, orderBy?, ...searchParams }`.
// Which fields can be searched and sorted, and how each kind is compared, derive from the
// definition; anything else is refused (no free-form SQL can reach the database).
import { DEFAULT_PAGE_SIZE, MAX_PAGE_ROWS } from '../constants';
import type { MessageParams } from '../i18n/messages';
import { type EntityDef, type FilterOp, type SortSpec, STATUS_FIELD } from './define';
import { englishField, type FieldDef, refDisplayName, text } from './fields';
import { shownValue } from '../validation/validators';
import { checkValue, hasNul } from './validation';

export interface ListFilter {
  readonly field: string;
  readonly op: 'eq' | 'contains' | 'prefix' | 'in' | 'gte' | 'lte' | 'overlaps' | 'anyContains';
  readonly value: unknown;
  /** `anyContains`: the text fields of which any contains the value (`field` is the first). */
  readonly fields?: readonly string[];
}

/** The list parameter a picker searches with: any of the entity's search fields contains it. */
export const KEYWORD_PARAM = 'keyword';
/** How a keyword is checked when the first field it searches is a reference's display value. */
const KEYWORD_FIELD = text({ max: 240 });

export interface ListQuery {
  readonly pageIndex: number;
  readonly pageRows: number;
  readonly filters: readonly ListFilter[];
  readonly sort: readonly SortSpec[];
  /** Keyset paging (`list.seek`): the rows after the row of this key, in the list's order. */
  readonly after?: number;
}

export interface ListIssue {
  readonly message: string;
  readonly params?: MessageParams;
}

/** Properties of a list request that are not search parameters. */
export const PAGING_PARAMS = ['pageIndex', 'pageRows', 'pageSize', 'orderBy', 'afterKey'] as const;

function declaredOp(entity: EntityDef, name: string): FilterOp | undefined {
  for (const filter of entity.list.filters ?? []) {
    if (typeof filter === 'string' ? filter === name : filter.field === name) {
      return typeof filter === 'string' ? undefined : filter.op;
    }
  }
  return undefined;
}

/** Fields a list may be searched by: declared filters, the key, references, status, unique and indexed fields. */
export function filterableFields(entity: EntityDef): Set<string> {
  const names = new Set<string>([entity.key]);
  for (const filter of entity.list.filters ?? [])
    names.add(typeof filter === 'string' ? filter : filter.field);
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.sealed || field.kind === 'compute' || field.kind === 'json') continue;
    if (field.kind === 'ref' || field.unique || field.indexed || name === STATUS_FIELD) names.add(name);
  }
  if (entity.numbering) names.add(entity.numbering.field);
  return names;
}

// Never a sealed or internal-only field: a supplier's keyword must not probe what it may not read.
const isText = (field: FieldDef | undefined) =>
  !!field && (field.kind === 'text' || field.kind === 'textarea') && !field.sealed && !field.internalOnly;

/**
 * The reference whose display value a row carries under `name` (an order line's `poNumber` of
 * `poHeaderId`), never a sealed or internal-only one: a keyword may search it.
 */
export function displayedRef(entity: EntityDef, name: string): string | undefined {
  if (name in entity.fields) return undefined;
  for (const [refName, field] of Object.entries(entity.fields))
    if (
      field.kind === 'ref' &&
      !field.sealed &&
      !field.internalOnly &&
      refDisplayName(refName, field) === name
    )
      return refName;
  return undefined;
}

/**
 * The text fields a picker's keyword searches and its options show, codes first: the declared
 * `list.search` (which may name a reference's display value, searched in the target), else the
 * numbering field, unique text fields and text filters named …Code,
 * the display field, then text filters named …Name (at most four), and the display's English
 * counterpart. Never a sealed or internal-only field.
 */
export function searchFields(entity: EntityDef): readonly string[] {
  if (entity.list.search)
    return entity.list.search.filter((name) => isText(entity.fields[name]) || !!displayedRef(entity, name));
  const names: string[] = [];
  const add = (name: string | undefined) => {
    if (name && isText(entity.fields[name]) && !names.includes(name)) names.push(name);
  };
  add(entity.numbering?.field);
  for (const [name, field] of Object.entries(entity.fields))
    if (field.unique && /Code$/.test(name)) add(name);
  const filters = (entity.list.filters ?? []).map((filter) =>
    typeof filter === 'string' ? filter : filter.field,
  );
  for (const name of filters) if (/Code$/.test(name)) add(name);
  add(entity.display);
  for (const name of filters) if (/Name$/.test(name)) add(name);
  const shown = names.slice(0, 4);
  // The display's English is searched too (an English reader types what it reads).
  const english = englishField(entity.fields, entity.display);
  if (english && isText(entity.fields[english]) && !shown.includes(english)) shown.push(english);
  return shown;
}

/** Fields a list may be sorted by. */
export function sortableFields(entity: EntityDef): Set<string> {
  const names = filterableFields(entity);
  for (const sort of entity.list.sort ?? []) names.add(sort.field);
  for (const name of entity.list.sortable ?? []) names.add(name);
  names.add('creationDate');
  names.add('lastUpdateDate');
  for (const name of [...names]) {
    const field = entity.fields[name];
    if (!field || field.kind === 'json' || field.kind === 'daterange' || field.kind === 'datetimerange')
      names.delete(name);
    if (field?.kind === 'lookup' && field.multi) names.delete(name);
  }
  return names;
}

export function defaultSort(entity: EntityDef): readonly SortSpec[] {
  return entity.list.sort?.length ? entity.list.sort : [{ field: entity.key, order: 'desc' }];
}

const RANGE_KINDS = new Set([
  'number',
  'quantity',
  'price',
  'amount',
  'date',
  'datetime',
  'year',
  'month',
  'time',
]);

function isEmptyParam(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

function defaultOp(field: FieldDef, declared: FilterOp | undefined): ListFilter['op'] {
  if (declared === 'contains' || declared === 'prefix' || declared === 'eq' || declared === 'in')
    return declared;
  if (field.kind === 'text' || field.kind === 'textarea') return 'contains';
  if (field.kind === 'lookup') return field.multi ? 'overlaps' : 'in';
  return 'eq';
}

function checkFilterValue(
  field: FieldDef,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; issue: ListIssue } {
  // A text filter is a search string, not a stored value: only its length is bounded.
  if (field.kind === 'text' || field.kind === 'textarea') {
    if (typeof value !== 'string' && typeof value !== 'number')
      return { ok: false, issue: { message: 'validation.text' } };
    const text = String(value).trim();
    if (hasNul(text)) return { ok: false, issue: { message: 'validation.text' } };
    return text.length > 200
      ? { ok: false, issue: { message: 'validation.maxLength', params: { max: 200 } } }
      : { ok: true, value: text };
  }
  const checkable = field.kind === 'lookup' ? { ...field, multi: false } : field;
  const result = checkValue(checkable, value);
  return result.ok ? result : { ok: false, issue: result.issue };
}

function parseSort(
  entity: EntityDef,
  orderBy: unknown,
): { ok: true; sort: SortSpec[] } | { ok: false; issue: ListIssue } {
  const allowed = sortableFields(entity);
  const specs: { field: unknown; order: unknown }[] = [];
  if (typeof orderBy === 'string') {
    for (const part of orderBy.split(',')) {
      const [field, order = 'asc', ...rest] = part.trim().split(/\s+/);
      if (rest.length)
        return { ok: false, issue: { message: 'list.badSort', params: { sort: part.trim().slice(0, 60) } } };
      specs.push({ field, order: order.toLowerCase() });
    }
  } else if (Array.isArray(orderBy)) {
    for (const item of orderBy) {
      if (!item || typeof item !== 'object')
        return { ok: false, issue: { message: 'list.badSort', params: { sort: '?' } } };
      const spec = item as { field?: unknown; order?: unknown };
      specs.push({
        field: spec.field,
        order: typeof spec.order === 'string' ? spec.order.toLowerCase() : 'asc',
      });
    }
  } else {
    return { ok: false, issue: { message: 'list.badSort', params: { sort: '?' } } };
  }
  if (specs.length > 5)
    return { ok: false, issue: { message: 'list.badSort', params: { sort: 'too many' } } };
  const sort: SortSpec[] = [];
  for (const spec of specs) {
    if (typeof spec.field !== 'string' || !allowed.has(spec.field)) {
      return {
        ok: false,
        issue: { message: 'list.notSortable', params: { field: shownValue(spec.field) } },
      };
    }
    if (
      spec.order !== 'asc' &&
      spec.order !== 'desc' &&
      spec.order !== 'ascend' &&
      spec.order !== 'descend'
    ) {
      return {
        ok: false,
        issue: { message: 'list.badSort', params: { sort: String(spec.order).slice(0, 20) } },
      };
    }
    sort.push({ field: spec.field, order: spec.order.startsWith('desc') ? 'desc' : 'asc' });
  }
  return { ok: true, sort };
}

function pageNumber(value: unknown, fallback: number): number | null {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

/**
 * Parses a list request. `extraParams` are search parameters the caller handles itself
 * (for example a tree's `parentOnly`), accepted without being filters.
 */
export function parseListRequest(
  entity: EntityDef,
  body: unknown,
  options: { maxPageRows?: number; extraParams?: readonly string[] } = {},
): { ok: true; query: ListQuery; extra: Record<string, unknown> } | { ok: false; issue: ListIssue } {
  if (body === undefined || body === null) body = {};
  if (typeof body !== 'object' || Array.isArray(body))
    return { ok: false, issue: { message: 'validation.object' } };
  const params = body as Record<string, unknown>;
  const pageIndex = pageNumber(params.pageIndex, 1);
  const pageRows = pageNumber(params.pageRows ?? params.pageSize, DEFAULT_PAGE_SIZE);
  const maxRows = options.maxPageRows ?? MAX_PAGE_ROWS;
  if (pageIndex === null || pageIndex > 1_000_000)
    return { ok: false, issue: { message: 'list.badPageIndex' } };
  if (pageRows === null || pageRows > maxRows)
    return { ok: false, issue: { message: 'list.badPageRows', params: { max: maxRows } } };
  // Only a list that pages by key reads it; elsewhere it is ignored like any paging hint.
  const after =
    entity.list.seek && !isEmptyParam(params.afterKey) ? pageNumber(params.afterKey, 1) : undefined;
  if (after === null) return { ok: false, issue: { message: 'list.badAfterKey' } };

  let sort: readonly SortSpec[] = defaultSort(entity);
  if (!isEmptyParam(params.orderBy)) {
    const parsed = parseSort(entity, params.orderBy);
    if (!parsed.ok) return parsed;
    sort = parsed.sort;
  }

  const filterable = filterableFields(entity);
  const filters: ListFilter[] = [];
  const extra: Record<string, unknown> = {};
  for (const [param, value] of Object.entries(params)) {
    if ((PAGING_PARAMS as readonly string[]).includes(param)) continue;
    if (options.extraParams?.includes(param)) {
      extra[param] = value;
      continue;
    }
    if (param === KEYWORD_PARAM && !filterable.has(param)) {
      const fields = searchFields(entity);
      if (!fields.length)
        return { ok: false, issue: { message: 'list.unknownFilter', params: { field: param } } };
      if (isEmptyParam(value)) continue;
      const checked = checkFilterValue(entity.fields[fields[0]!] ?? KEYWORD_FIELD, value);
      if (!checked.ok)
        return {
          ok: false,
          issue: { message: 'list.badFilter', params: { field: param, reason: checked.issue.message } },
        };
      if (checked.value === '') continue;
      filters.push({ field: fields[0]!, op: 'anyContains', value: checked.value, fields });
      continue;
    }
    let name = param;
    let bound: 'gte' | 'lte' | null = null;
    if (!filterable.has(param)) {
      const match = /^(.+)(From|To)$/.exec(param);
      if (match && filterable.has(match[1]!)) {
        name = match[1]!;
        bound = match[2] === 'From' ? 'gte' : 'lte';
      } else {
        return { ok: false, issue: { message: 'list.unknownFilter', params: { field: param.slice(0, 60) } } };
      }
    }
    if (isEmptyParam(value)) continue;
    const field = entity.fields[name]!;
    if (bound) {
      if (!RANGE_KINDS.has(field.kind))
        return { ok: false, issue: { message: 'list.unknownFilter', params: { field: param } } };
      const checked = checkFilterValue(field, value);
      if (!checked.ok)
        return {
          ok: false,
          issue: { message: 'list.badFilter', params: { field: name, reason: checked.issue.message } },
        };
      filters.push({ field: name, op: bound, value: checked.value });
      continue;
    }
    const op = defaultOp(field, declaredOp(entity, name));
    if (Array.isArray(value) && RANGE_KINDS.has(field.kind) && value.length === 2 && op === 'eq') {
      for (const [index, item] of value.entries()) {
        if (isEmptyParam(item)) continue;
        const checked = checkFilterValue(field, item);
        if (!checked.ok)
          return {
            ok: false,
            issue: { message: 'list.badFilter', params: { field: name, reason: checked.issue.message } },
          };
        filters.push({ field: name, op: index === 0 ? 'gte' : 'lte', value: checked.value });
      }
      continue;
    }
    if (op === 'in' || op === 'overlaps' || (Array.isArray(value) && op === 'eq')) {
      const items = Array.isArray(value)
        ? value
        : typeof value === 'string' && op !== 'eq'
          ? value.split(',')
          : [value];
      if (items.length > 1000)
        return { ok: false, issue: { message: 'validation.tooMany', params: { max: 1000 } } };
      const values: unknown[] = [];
      for (const item of items) {
        const checked = checkFilterValue(field, item);
        if (!checked.ok)
          return {
            ok: false,
            issue: { message: 'list.badFilter', params: { field: name, reason: checked.issue.message } },
          };
        if (checked.value !== null) values.push(checked.value);
      }
      if (values.length)
        filters.push({ field: name, op: op === 'overlaps' ? 'overlaps' : 'in', value: values });
      continue;
    }
    const checked = checkFilterValue(field, value);
    if (!checked.ok)
      return {
        ok: false,
        issue: { message: 'list.badFilter', params: { field: name, reason: checked.issue.message } },
      };
    if (checked.value === null || checked.value === '') continue;
    filters.push({ field: name, op, value: checked.value });
  }
  return {
    ok: true,
    query: { pageIndex, pageRows, filters, sort, ...(after === undefined ? {} : { after }) },
    extra,
  };
}

/** Evaluates a parsed list query on rows in memory (the reference model of the property tests). */
export function matchesFilters(
  row: Readonly<Record<string, unknown>>,
  filters: readonly ListFilter[],
): boolean {
  return filters.every((filter) => {
    const value = row[filter.field];
    switch (filter.op) {
      case 'eq':
        return value === filter.value;
      case 'in':
        return (filter.value as unknown[]).includes(value);
      case 'overlaps':
        return Array.isArray(value) && value.some((item) => (filter.value as unknown[]).includes(item));
      case 'contains':
        return typeof value === 'string' && value.toLowerCase().includes(String(filter.value).toLowerCase());
      case 'anyContains':
        return (filter.fields ?? [filter.field]).some((name) => {
          const text = row[name];
          return typeof text === 'string' && text.toLowerCase().includes(String(filter.value).toLowerCase());
        });
      case 'prefix':
        return (
          typeof value === 'string' && value.toLowerCase().startsWith(String(filter.value).toLowerCase())
        );
      case 'gte':
        return (
          value !== null &&
          value !== undefined &&
          (value as number | string) >= (filter.value as number | string)
        );
      case 'lte':
        return (
          value !== null &&
          value !== undefined &&
          (value as number | string) <= (filter.value as number | string)
        );
    }
  });
}
