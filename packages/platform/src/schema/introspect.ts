// What a database's public schema is, read from the catalogue, in the same normalised form as
// the schema the definitions describe (a drizzle-kit snapshot); and their differences. The
// drift test compares a freshly migrated database with the definitions.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@srm/db';
import type { Snapshot } from './ddl';

export interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
  identity: boolean;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  /** name → `unique? (col, col)` */
  indexes: Record<string, string>;
  /** name → `(cols) → table(cols) on delete x` */
  foreignKeys: Record<string, string>;
}

export type SchemaShape = Record<string, TableShape>;

/** One spelling for a column type, whichever side wrote it. */
export function normaliseType(type: string): string {
  return type
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\(\s*/g, '(')
    .replace(/\s*,\s*/g, ',')
    .replace(/^varchar/, 'character varying')
    .replace(/^char\(/, 'character(')
    .replace(/^timestamp\((\d)\) with time zone$/, 'timestamp($1) with time zone')
    .replace(/^time$/, 'time without time zone')
    .replace(/^timestamp$/, 'timestamp without time zone');
}

function normaliseDefault(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return String(value)
    .replace(/::[a-z ]+(\(\d+\))?(\[\])?$/i, '')
    .replace(/^'(.*)'$/, '$1');
}

const deleteRules: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

export async function describeDatabase(on: Executor): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const columns = await queryRows<{
    table_name: string;
    column_name: string;
    type: string;
    not_null: boolean;
    default_value: string | null;
    identity: string;
  }>(
    on,
    sql`select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
               a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default_value, a.attidentity as identity
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid and c.relkind in ('r', 'p') and not c.relispartition
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attnum > 0 and not a.attisdropped`,
  );
  for (const column of columns) {
    const table = (shape[column.table_name] ??= {
      columns: {},
      primaryKey: [],
      indexes: {},
      foreignKeys: {},
    });
    table.columns[column.column_name] = {
      type: normaliseType(column.type),
      notNull: column.not_null,
      default: column.identity ? null : normaliseDefault(column.default_value),
      identity: column.identity !== '' && column.identity !== null,
    };
  }
  const indexes = await queryRows<{
    table_name: string;
    index_name: string;
    is_unique: boolean;
    is_primary: boolean;
    nulls_not_distinct: boolean;
    columns: string;
  }>(
    on,
    sql`select t.relname as table_name, i.relname as index_name, x.indisunique as is_unique, x.indisprimary as is_primary,
               x.indnullsnotdistinct as nulls_not_distinct,
               (select string_agg(a.attname, ',' order by k.ord)
                  from unnest(x.indkey) with ordinality as k(attnum, ord)
                  join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum) as columns
        from pg_index x
        join pg_class t on t.oid = x.indrelid
        join pg_class i on i.oid = x.indexrelid
        join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'`,
  );
  for (const index of indexes) {
    const table = shape[index.table_name];
    if (!table) continue;
    if (index.is_primary) table.primaryKey = index.columns.split(',');
    else {
      const kind = index.is_unique
        ? index.nulls_not_distinct
          ? 'unique nulls not distinct '
          : 'unique '
        : '';
      table.indexes[index.index_name] = `${kind}(${index.columns})`;
    }
  }
  const keys = await queryRows<{
    table_name: string;
    name: string;
    columns: string;
    target: string;
    target_columns: string;
    on_delete: string;
  }>(
    on,
    sql`select t.relname as table_name, c.conname as name, r.relname as target, c.confdeltype as on_delete,
               (select string_agg(a.attname, ',' order by k.ord) from unnest(c.conkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as columns,
               (select string_agg(a.attname, ',' order by k.ord) from unnest(c.confkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum) as target_columns
        from pg_constraint c
        join pg_class t on t.oid = c.conrelid
        join pg_class r on r.oid = c.confrelid
        join pg_namespace n on n.oid = t.relnamespace and n.nspname = 'public'
        where c.contype = 'f'`,
  );
  for (const key of keys) {
    const table = shape[key.table_name];
    if (!table) continue;
    table.foreignKeys[key.name] =
      `(${key.columns}) → ${key.target}(${key.target_columns}) on delete ${deleteRules[key.on_delete] ?? key.on_delete}`;
  }
  await describePartitioned(on, shape);
  return shape;
}

/**
 * A partitioned table (the platform log, migration 0080) as its definition describes it: its
 * partitions are no tables of their own (left out above), PostgreSQL requires the partition
 * columns in its primary key, and PostgreSQL 15 has no identity columns on partitioned tables, so
 * the key draws from a sequence it owns. The definition's key is the rest of the primary key, and
 * the sequence stands for its identity.
 */
async function describePartitioned(on: Executor, shape: SchemaShape): Promise<void> {
  const partitioned = await queryRows<{ table_name: string; columns: string }>(
    on,
    sql`select c.relname as table_name,
               (select string_agg(a.attname, ',') from pg_attribute a
                 where a.attrelid = p.partrelid and a.attnum = any(p.partattrs::int2[])) as columns
        from pg_partitioned_table p
        join pg_class c on c.oid = p.partrelid
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'`,
  );
  for (const { table_name: name, columns } of partitioned) {
    const table = shape[name];
    if (!table) continue;
    const keys = new Set(columns.split(','));
    table.primaryKey = table.primaryKey.filter((column) => !keys.has(column));
    for (const column of Object.values(table.columns)) {
      if (!column.identity && /^nextval\(/.test(column.default ?? '')) {
        column.identity = true;
        column.default = null;
      }
    }
  }
}

interface SnapshotTable {
  name: string;
  columns: Record<
    string,
    {
      name: string;
      type: string;
      primaryKey: boolean;
      notNull: boolean;
      default?: unknown;
      identity?: unknown;
    }
  >;
  indexes: Record<string, { name: string; columns: { expression: string }[]; isUnique: boolean }>;
  foreignKeys: Record<
    string,
    { name: string; tableTo: string; columnsFrom: string[]; columnsTo: string[]; onDelete?: string }
  >;
  compositePrimaryKeys: Record<string, { columns: string[] }>;
  uniqueConstraints: Record<string, { name: string; columns: string[]; nullsNotDistinct: boolean }>;
}

export function describeSnapshot(snapshot: Snapshot): SchemaShape {
  const shape: SchemaShape = {};
  for (const table of Object.values(snapshot.tables as Record<string, SnapshotTable>)) {
    const described: TableShape = { columns: {}, primaryKey: [], indexes: {}, foreignKeys: {} };
    for (const column of Object.values(table.columns)) {
      described.columns[column.name] = {
        type: normaliseType(column.type),
        notNull: column.notNull,
        default: column.identity ? null : normaliseDefault(column.default),
        identity: !!column.identity,
      };
      if (column.primaryKey) described.primaryKey.push(column.name);
    }
    for (const key of Object.values(table.compositePrimaryKeys)) described.primaryKey = key.columns;
    for (const index of Object.values(table.indexes)) {
      described.indexes[index.name] =
        `${index.isUnique ? 'unique ' : ''}(${index.columns.map((c) => c.expression).join(',')})`;
    }
    for (const constraint of Object.values(table.uniqueConstraints ?? {})) {
      const kind = constraint.nullsNotDistinct ? 'unique nulls not distinct ' : 'unique ';
      described.indexes[constraint.name] = `${kind}(${constraint.columns.join(',')})`;
    }
    for (const key of Object.values(table.foreignKeys)) {
      described.foreignKeys[key.name] =
        `(${key.columnsFrom.join(',')}) → ${key.tableTo}(${key.columnsTo.join(',')}) on delete ${key.onDelete ?? 'no action'}`;
    }
    shape[table.name] = described;
  }
  return shape;
}

/** Human-readable differences; empty when the two shapes are the same. */
export function schemaDifferences(expected: SchemaShape, actual: SchemaShape): string[] {
  const differences: string[] = [];
  for (const [name, table] of Object.entries(expected)) {
    const other = actual[name];
    if (!other) {
      differences.push(`table ${name} is missing`);
      continue;
    }
    const compare = (what: string, a: Record<string, unknown>, b: Record<string, unknown>) => {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        const left = JSON.stringify(a[key]);
        const right = JSON.stringify(b[key]);
        if (left !== right)
          differences.push(`${name}: ${what} ${key}: expected ${left ?? 'none'}, found ${right ?? 'none'}`);
      }
    };
    compare('column', table.columns, other.columns);
    compare('index', table.indexes, other.indexes);
    compare('foreign key', table.foreignKeys, other.foreignKeys);
    if (table.primaryKey.join(',') !== other.primaryKey.join(',')) {
      differences.push(
        `${name}: primary key (${table.primaryKey.join(',')}) ≠ (${other.primaryKey.join(',')})`,
      );
    }
  }
  for (const name of Object.keys(actual))
    if (!expected[name]) differences.push(`table ${name} is not described by any definition`);
  return differences;
}
