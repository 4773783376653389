// The search filters of a list from its definition, the list request body they make, and the
// filters a list screen is opened with (its tab's parameters: a home's card opens a list filtered).
import type { EntityDef, FieldDef, FilterSpec, Side } from '@srm/kernel';

export interface FilterItem {
  readonly name: string;
  readonly field: FieldDef;
}

/** The list's filters; a supplier's user gets none on a field kept from them (the server refuses it). */
export function filterItems(entity: EntityDef, side?: Side): FilterItem[] {
  return (entity.list.filters ?? [])
    .map((spec: FilterSpec) => (typeof spec === 'string' ? spec : spec.field))
    .filter((name) => !!entity.fields[name])
    .filter((name) => side !== 'supplier' || !entity.fields[name]!.internalOnly)
    .map((name) => ({ name, field: entity.fields[name]! }));
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every((item) => item === null || item === undefined || item === ''));

/** Filter values with the empty ones left out; text is trimmed. */
export function cleanFilters(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (isEmpty(value)) continue;
    clean[name] = typeof value === 'string' ? value.trim() : value;
  }
  return clean;
}

export interface ListState {
  readonly filters: Readonly<Record<string, unknown>>;
  readonly pageIndex: number;
  readonly pageRows: number;
  readonly orderBy?: string;
}

export function listBody(state: ListState): Record<string, unknown> {
  return {
    ...state.filters,
    pageIndex: state.pageIndex,
    pageRows: state.pageRows,
    ...(state.orderBy ? { orderBy: state.orderBy } : {}),
  };
}

/**
 * Filters as a screen's parameters, to open a list filtered to them (a home's work card): a list
 * of codes and the two ends of a range are joined by commas. `filtersFromParams` reads them back.
 */
export function filterParams(filters: Readonly<Record<string, unknown>>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === null || value === undefined) continue;
    params[name] = Array.isArray(value)
      ? value.map((item: unknown) => (item === null || item === undefined ? '' : String(item))).join(',')
      : String(value);
  }
  return params;
}

function paramValue(field: FieldDef, text: string): unknown {
  switch (field.kind) {
    case 'lookup': {
      const codes = text.split(',').filter(Boolean);
      return codes.length > 1 ? codes : codes[0];
    }
    case 'ref':
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount': {
      const number = Number(text);
      return text.trim() !== '' && Number.isFinite(number) ? number : undefined;
    }
    case 'date':
    case 'datetime':
    case 'month':
    case 'year':
    case 'time': {
      const end = (part: string | undefined) => {
        if (!part) return null;
        return field.kind === 'datetime' || field.kind === 'year' ? Number(part) : part;
      };
      const [from, to] = text.split(',');
      return [end(from), end(to)];
    }
    case 'checkbox':
      return field.values === 'YN' ? text : text === 'true';
    default:
      return text;
  }
}

/**
 * The filters a list screen was opened with: the parameters named after the entity's declared
 * filters (others, such as menuId and respId, are not filters), each read by its field's kind.
 */
export function filtersFromParams(entity: EntityDef, params: URLSearchParams): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const { name, field } of filterItems(entity)) {
    const text = params.get(name);
    if (text === null || text === '') continue;
    const value = paramValue(field, text);
    if (value !== undefined) filters[name] = value;
  }
  return filters;
}
