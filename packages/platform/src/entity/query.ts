// SQL conditions from the list protocol and from the actor's data scope. Only column objects of
// the derived tables and bound parameters reach the database.
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type EntityDef, type ListFilter, STATUS_FIELD, type SortSpec } from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { EntityTable } from './tables';

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function column(table: EntityTable, field: string): AnyPgColumn {
  const col = table[field] as AnyPgColumn | undefined;
  if (!col) throw new Error(`No column for ${field}`);
  return col;
}

function dbValue(entity: EntityDef, field: string, value: unknown): unknown {
  return entity.fields[field]?.kind === 'datetime' && typeof value === 'number' ? new Date(value) : value;
}

/**
 * The condition that a reference's display value (named as the row carries it) contains a
 * pattern, or undefined when the name is no such value.
 */
export type DisplayMatcher = (name: string, pattern: string) => SQL | undefined;

export function filterCondition(
  entity: EntityDef,
  table: EntityTable,
  filter: ListFilter,
  displayed?: DisplayMatcher,
): SQL {
  if (filter.op === 'anyContains') {
    const pattern = `%${escapeLike(String(filter.value))}%`;
    const conditions = (filter.fields ?? [filter.field]).map((name) => {
      if (table[name]) return ilike(column(table, name), pattern);
      const matched = displayed?.(name, pattern);
      if (!matched) throw new Error(`No column for ${name}`);
      return matched;
    });
    return or(...conditions)!;
  }
  const col = column(table, filter.field);
  switch (filter.op) {
    case 'eq':
      return eq(col, dbValue(entity, filter.field, filter.value));
    case 'in':
      return inArray(
        col,
        (filter.value as unknown[]).map((v) => dbValue(entity, filter.field, v)),
      );
    case 'overlaps':
      return sql`${col} && ${sql.param(filter.value as string[])}::varchar[]`;
    case 'contains':
      return ilike(col, `%${escapeLike(String(filter.value))}%`);
    case 'prefix':
      return ilike(col, `${escapeLike(String(filter.value))}%`);
    case 'gte':
      return gte(col, dbValue(entity, filter.field, filter.value));
    case 'lte':
      return lte(col, dbValue(entity, filter.field, filter.value));
  }
}

/** A list's order as it is sorted: the key breaks ties so that pages never overlap or skip a row. */
export function orderSpecs(entity: EntityDef, sort: readonly SortSpec[]): SortSpec[] {
  if (sort.some((spec) => spec.field === entity.key)) return [...sort];
  return [...sort, { field: entity.key, order: sort[sort.length - 1]?.order ?? 'desc' }];
}

/** The order of a document's lines wherever they are read: the line list's sort, else the key. */
export function lineOrder(line: EntityDef): readonly SortSpec[] {
  return line.list.sort?.length ? line.list.sort : [{ field: line.key, order: 'asc' }];
}

export function orderBy(entity: EntityDef, table: EntityTable, sort: readonly SortSpec[]): SQL[] {
  return orderSpecs(entity, sort).map((spec) =>
    spec.order === 'desc' ? desc(column(table, spec.field)) : asc(column(table, spec.field)),
  );
}

/**
 * The rows after an anchor row in the list's order (`specs` from orderSpecs, `anchor` the row's
 * values of those fields), as PostgreSQL sorts: nulls last ascending, first descending. An order
 * in one direction over values that cannot be null is one row comparison, which an index on
 * those columns answers as a range; any other is the expanded form (equal on the fields before,
 * after on this one).
 */
export function seekAfter(
  entity: EntityDef,
  table: EntityTable,
  specs: readonly SortSpec[],
  anchor: readonly unknown[],
): SQL {
  const columns = specs.map((spec) => column(table, spec.field));
  const direction = specs[0]?.order ?? 'desc';
  const plain =
    specs.every((spec) => spec.order === direction) &&
    specs.every(
      (spec, index) =>
        anchor[index] !== null &&
        anchor[index] !== undefined &&
        (spec.field === entity.key || entity.fields[spec.field]?.required === true),
    );
  if (plain) {
    const left = sql.join(columns, sql`, `);
    const right = sql.join(
      anchor.map((value, index) => sql.param(value, columns[index])),
      sql`, `,
    );
    return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const after = (col: AnyPgColumn, order: SortSpec['order'], value: unknown): SQL | undefined => {
    if (order === 'asc') return value === null ? sql`false` : or(gt(col, value), isNull(col));
    return value === null ? isNotNull(col) : lt(col, value);
  };
  const terms = specs.map((spec, index) =>
    and(
      ...specs
        .slice(0, index)
        .map((_, before) =>
          anchor[before] === null ? isNull(columns[before]!) : eq(columns[before]!, anchor[before]),
        ),
      after(columns[index]!, spec.order, anchor[index] ?? null),
    ),
  );
  return or(...terms) ?? sql`false`;
}

const NONE = sql`false`;

/** What a supplier may do with an entity's rows: its own rows, read-only master data, or nothing. */
export type SupplierAccess = 'own' | 'read' | 'none';

/**
 * Conditions restricting `table` to the rows the actor may see. Lines follow their header's
 * scope; `header` resolves the header entity and table.
 */
export function scopeConditions(
  entity: EntityDef,
  table: EntityTable,
  actor: Actor,
  header: { entity: EntityDef; table: EntityTable } | undefined,
): SQL[] {
  if (actor.system) return [];
  const own = ownScope(entity, table, actor);
  if (!header || !entity.parent) return own;
  // A line owned by itself still follows the states in which its header is visible.
  const followHeader = !own.length || (actor.side === 'supplier' && !!header.entity.supplierVisibleIn);
  if (!followHeader) return own;
  const headerScope = ownScope(header.entity, header.table, actor);
  if (!headerScope.length) return own;
  const headerKey = column(header.table, header.entity.key);
  return [
    ...own,
    inArray(
      column(table, entity.parent.field),
      sql`(select ${headerKey} from ${header.table} where ${and(...headerScope)})`,
    ),
  ];
}

function ownScope(entity: EntityDef, table: EntityTable, actor: Actor): SQL[] {
  if (entity.addressedTo) {
    // An inbox: the rows addressed to the caller, on either side, whatever their permits.
    const { field, visibleIn } = entity.addressedTo;
    const mine = eq(column(table, field), actor.userId ?? -1);
    if (!visibleIn || !entity.workflow) return [mine];
    return [mine, visibleIn.length ? inArray(column(table, STATUS_FIELD), [...visibleIn]) : NONE];
  }
  if (actor.side === 'supplier') {
    if (!entity.ownedBy) return [];
    const owned = eq(column(table, entity.ownedBy), actor.supplierId ?? -1);
    // Rows in states hidden from suppliers (a draft order) do not exist for them.
    if (entity.supplierVisibleIn && entity.workflow) {
      return [
        owned,
        entity.supplierVisibleIn.length
          ? inArray(column(table, STATUS_FIELD), [...entity.supplierVisibleIn])
          : NONE,
      ];
    }
    return [owned];
  }
  const conditions: SQL[] = [];
  if (entity.orgScoped && actor.orgIds !== 'all') {
    conditions.push(actor.orgIds.length ? inArray(column(table, entity.orgScoped), [...actor.orgIds]) : NONE);
  }
  if (entity.categoryScoped && actor.categoryIds !== 'all') {
    conditions.push(
      actor.categoryIds.length ? inArray(column(table, entity.categoryScoped), [...actor.categoryIds]) : NONE,
    );
  }
  if (entity.userScoped && actor.orgIds !== 'all') {
    conditions.push(eq(column(table, entity.userScoped), actor.userId ?? -1));
  }
  return conditions;
}

export function supplierAccess(entity: EntityDef, header: EntityDef | undefined): SupplierAccess {
  if (entity.ownedBy || entity.addressedTo || (header && entity.parent && header.ownedBy)) return 'own';
  if (entity.supplierReadable || header?.supplierReadable) return 'read';
  return 'none';
}
