// Drizzle tables derived from entity definitions: one column per stored field, the key, the
// audit columns, foreign keys for references and lines, unique constraints, and an index for
// every filter and sort. drizzle-kit turns these into the committed migrations.
import { createHash } from 'node:crypto';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  type PgTableWithColumns,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  type EntityDef,
  type EntityRegistry,
  type FieldDef,
  SEALED_OPENED_FIELD,
  STATUS_FIELD,
  VERSION_FIELD,
  defaultSort,
  filterableFields,
  isStored,
  snakeCase,
} from '@srm/kernel';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EntityTable = PgTableWithColumns<any>;

/** PostgreSQL's daterange, as two inclusive 'yyyy-MM-dd' dates in the API. */
const dateRange = customType<{ data: [string, string]; driverData: string }>({
  dataType: () => 'daterange',
  toDriver: ([from, to]) => `[${from},${to}]`,
  fromDriver: (value) => {
    // Canonical form is [from,to) with an exclusive upper bound.
    const match = /^[[(](\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})[)\]]$/.exec(value);
    if (!match) return ['', ''];
    const to = new Date(`${match[2]}T00:00:00Z`);
    if (value.endsWith(')')) to.setUTCDate(to.getUTCDate() - 1);
    return [match[1]!, to.toISOString().slice(0, 10)];
  },
});

/**
 * PostgreSQL's text of a timestamp with time zone ('2026-03-01 08:00:00.5+08') in ISO 8601:
 * Date.parse takes neither the space (with an offset) nor an offset without minutes.
 */
function isoTimestamp(text: string): string {
  return text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
}

/** PostgreSQL's tstzrange, as two millisecond timestamps (both inclusive) in the API. */
const timestampRange = customType<{ data: [number, number]; driverData: string }>({
  dataType: () => 'tstzrange',
  toDriver: ([from, to]) => `[${new Date(from).toISOString()},${new Date(to).toISOString()}]`,
  fromDriver: (value) => {
    const match = /^[[(]"?([^",]+)"?,"?([^",]+)"?[)\]]$/.exec(value);
    if (!match) return [0, 0];
    return [Date.parse(isoTimestamp(match[1]!)), Date.parse(isoTimestamp(match[2]!))];
  },
});

export function columnName(name: string, field: FieldDef): string {
  return field.column ?? snakeCase(name);
}

function fieldColumn(name: string, field: FieldDef): PgColumnBuilderBase {
  const column = columnName(name, field);
  if (field.sealed) return text(column);
  switch (field.kind) {
    case 'text':
      return varchar(column, { length: field.max });
    case 'textarea':
      return text(column);
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return field.precision === 0 && field.kind === 'number'
        ? bigint(column, { mode: 'number' })
        : numeric(column, { precision: 20, scale: field.precision, mode: 'number' });
    case 'lookup':
      return field.multi ? varchar(column, { length: 60 }).array() : varchar(column, { length: 60 });
    case 'ref':
      return bigint(column, { mode: 'number' });
    case 'date':
      return date(column, { mode: 'string' });
    case 'month':
      return char(column, { length: 7 });
    case 'time':
      return time(column);
    case 'year':
      return smallint(column);
    case 'datetime':
      return timestamp(column, { withTimezone: true, precision: 3, mode: 'date' });
    case 'daterange':
      return dateRange(column);
    case 'datetimerange':
      return timestampRange(column);
    case 'checkbox':
      return field.values === 'YN' ? char(column, { length: 1 }) : boolean(column);
    case 'attachments':
      return text(column);
    case 'json':
      return jsonb(column);
    case 'compute':
      throw new Error(`${name} is computed and has no column`);
  }
}

/** PostgreSQL truncates identifiers at 63 bytes; long names keep a hash to stay unique. */
export function identifier(name: string): string {
  if (name.length <= 63) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

export function uniqueIndexName(entity: EntityDef, fields: readonly string[]): string {
  return identifier(`${entity.table}_${fields.map((f) => snakeCase(f)).join('_')}_uq`);
}

export interface EntityTables {
  /** Table of each entity, by entity name. */
  readonly byEntity: ReadonlyMap<string, EntityTable>;
  /** Unique index name → the fields it covers (to explain a violation). */
  readonly uniqueIndexes: ReadonlyMap<string, { entity: EntityDef; fields: readonly string[] }>;
}

export function buildEntityTables(registry: EntityRegistry): EntityTables {
  const byEntity = new Map<string, EntityTable>();
  const uniqueIndexes = new Map<string, { entity: EntityDef; fields: readonly string[] }>();
  // Foreign keys need the referenced table object; resolve lazily through this map.
  const tableOf = (name: string) => byEntity.get(name)!;

  for (const entity of registry.all()) {
    // Unique indexes are known eagerly: Drizzle calls the extras callback only when asked.
    const uniqueSingles = new Set(
      Object.entries(entity.fields)
        .filter(([, f]) => f.unique)
        .map(([name]) => name),
    );
    for (const name of uniqueSingles)
      uniqueIndexes.set(uniqueIndexName(entity, [name]), { entity, fields: [name] });
    for (const group of entity.unique)
      uniqueIndexes.set(uniqueIndexName(entity, group), { entity, fields: group });
    const columns: Record<string, PgColumnBuilderBase> = {};
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!isStored(field)) continue;
      if (name === entity.key) {
        columns[name] = bigint(columnName(name, field), { mode: 'number' })
          .primaryKey()
          .generatedByDefaultAsIdentity();
        continue;
      }
      if (name === VERSION_FIELD) {
        columns[name] = integer('version_num').notNull().default(1);
        continue;
      }
      if (name === 'creationDate' || name === 'lastUpdateDate') {
        columns[name] = timestamp(snakeCase(name), {
          withTimezone: true,
          precision: 3,
          mode: 'date',
        }).notNull();
        continue;
      }
      if (name === STATUS_FIELD && entity.workflow) {
        columns[name] = varchar('status', { length: 30 }).notNull().default(entity.workflow.initial);
        continue;
      }
      if (name === SEALED_OPENED_FIELD) {
        columns[name] = timestamp('sealed_opened_date', { withTimezone: true, precision: 3, mode: 'date' });
        continue;
      }
      let column = fieldColumn(name, field);
      // Required values are also enforced by the database (lines always have their header).
      if (entity.parent?.field === name || field.required)
        column = (column as ReturnType<typeof bigint>).notNull();
      columns[name] = column;
    }

    const table = pgTable(entity.table, columns, (t) => {
      const extras = [];
      const indexed = new Set<string>();
      const addIndex = (fields: string[]) => {
        const key = fields.join(',');
        if (indexed.has(key) || fields.some((f) => !t[f])) return;
        indexed.add(key);
        const [first, ...rest] = fields.map((f) => t[f]!);
        extras.push(
          index(identifier(`${entity.table}_${fields.map(snakeCase).join('_')}_idx`)).on(first!, ...rest),
        );
      };
      // Single-column indexes for every search field (but the key, fields that have a unique index,
      // and fields a declared composite index begins with: it serves them as well).
      const leading = new Set(entity.indexes.map((group) => group[0]));
      for (const name of filterableFields(entity)) {
        if (
          name === entity.key ||
          uniqueSingles.has(name) ||
          leading.has(name) ||
          !isStored(entity.fields[name]!)
        )
          continue;
        addIndex([name]);
      }
      // Composite indexes the definition declares for its own reads.
      for (const group of entity.indexes) addIndex([...group]);
      // The default order, with the key as tie-breaker, serves the first page without a sort.
      const sortFields = defaultSort(entity).map((s) => s.field);
      if (!(sortFields.length === 1 && sortFields[0] === entity.key)) {
        addIndex([...sortFields.filter((f) => f !== entity.key), entity.key]);
      }
      for (const name of uniqueSingles) {
        extras.push(uniqueIndex(uniqueIndexName(entity, [name])).on(t[name]!));
      }
      for (const group of entity.unique) {
        // A composite key with an empty part (a company-wide profile without an organisation)
        // must still be unique: NULLS NOT DISTINCT.
        const [first, ...rest] = group.map((f) => t[f]!);
        extras.push(
          unique(uniqueIndexName(entity, group))
            .on(first!, ...rest)
            .nullsNotDistinct(),
        );
      }
      for (const [name, field] of Object.entries(entity.fields)) {
        if (field.kind !== 'ref' || field.sealed) continue;
        const target = registry.find(field.entity);
        if (!target) continue;
        const targetKey = target.key;
        const fk = foreignKey({
          name: identifier(`${entity.table}_${snakeCase(name)}_fk`),
          columns: [t[name]!],
          foreignColumns: [
            (target === entity ? t[targetKey] : tableOf(target.name)[targetKey]) as AnyPgColumn,
          ],
        });
        const onDelete = field.onDelete ?? 'restrict';
        extras.push(
          onDelete === 'cascade'
            ? fk.onDelete('cascade')
            : onDelete === 'set null'
              ? fk.onDelete('set null')
              : fk,
        );
      }
      return extras;
    });
    byEntity.set(entity.name, table as EntityTable);
  }
  return { byEntity, uniqueIndexes };
}
