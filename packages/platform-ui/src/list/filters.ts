// The search filters of a list from its definition, and the list request body they make.
import type { EntityDef, FieldDef, FilterSpec } from '@srm/kernel';

export interface FilterItem {
  readonly name: string;
  readonly field: FieldDef;
}

export function filterItems(entity: EntityDef): FilterItem[] {
  return (entity.list.filters ?? [])
    .map((spec: FilterSpec) => (typeof spec === 'string' ? spec : spec.field))
    .filter((name) => !!entity.fields[name])
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
