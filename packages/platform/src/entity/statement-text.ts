// The texts of the engine's most frequent writes, built once per table and column list and then
// only given their values: an audit insert and an update of one row at its version ran at every
// write, and Drizzle took each apart and assembled it again (its query building was about a tenth
// of a scheduler request's CPU on the embedded engine). The values go through each column's own
// mapping to the driver, as Drizzle's would.
import { SQL, getTableColumns, getTableName, is } from 'drizzle-orm';
import { type AnyPgColumn, type PgTable, getTableConfig } from 'drizzle-orm/pg-core';

/** A table's qualified name and its columns by property name. */
interface TableShape {
  readonly name: string;
  readonly columns: Readonly<Record<string, AnyPgColumn>>;
  /** Texts built so far, by what they are of. */
  readonly texts: Map<string, string>;
}

const shapes = new WeakMap<PgTable, TableShape>();

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

function shapeOf(table: PgTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const { schema } = getTableConfig(table);
    const name = `${schema ? `${quoted(schema)}.` : ''}${quoted(getTableName(table))}`;
    shape = { name, columns: getTableColumns(table) as Record<string, AnyPgColumn>, texts: new Map() };
    shapes.set(table, shape);
  }
  return shape;
}

function columnOf(shape: TableShape, field: string): AnyPgColumn {
  const column = shape.columns[field];
  if (!column) throw new Error(`${shape.name} has no column for ${field}`);
  return column;
}

/** A column's name in the database (a raw row's key for it). */
export function columnName(table: PgTable, field: string): string {
  return columnOf(shapeOf(table), field).name;
}

/** Whether a row's values include an SQL expression (such a write goes through Drizzle). */
export function hasExpression(values: Readonly<Record<string, unknown>>): boolean {
  return Object.values(values).some((value) => is(value, SQL));
}

/** A value as the column's driver value (null stays null), as Drizzle binds it. */
export function driverValue(column: AnyPgColumn, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapToDriverValue(value);
}

/** Texts kept per table at most (row counts and column lists vary little; more are built anew). */
const KEPT_TEXTS = 200;

function kept(shape: TableShape, key: string, build: () => string): string {
  let text = shape.texts.get(key);
  if (text === undefined) {
    text = build();
    if (shape.texts.size < KEPT_TEXTS) shape.texts.set(key, text);
  }
  return text;
}

/**
 * `insert into t (c1, …) values ($1, …), (…) [returning r]` of rows that all give the fields
 * `fields` (in that order), with the parameters in row order.
 */
export function insertStatement(
  table: PgTable,
  fields: readonly string[],
  rows: readonly Readonly<Record<string, unknown>>[],
  returning?: string,
): { sql: string; params: unknown[] } {
  const shape = shapeOf(table);
  const columns = fields.map((field) => columnOf(shape, field));
  const answer = returning ? ` returning ${quoted(columnOf(shape, returning).name)}` : '';
  const sql = kept(shape, `insert:${rows.length}:${fields.join(',')}:${returning ?? ''}`, () => {
    const tuples = rows.map(
      (_, row) => `(${columns.map((_, index) => `$${row * columns.length + index + 1}`).join(', ')})`,
    );
    return `insert into ${shape.name} (${columns.map((column) => quoted(column.name)).join(', ')}) values ${tuples.join(', ')}${answer}`;
  });
  const params: unknown[] = [];
  for (const row of rows)
    for (const [index, field] of fields.entries()) params.push(driverValue(columns[index]!, row[field]));
  return { sql, params };
}

/**
 * `update t set c1 = $1, … where key = $k and version = $v returning key`: one row changed where
 * its version is still `version`.
 */
export function updateAtVersionStatement(
  table: PgTable,
  keyField: string,
  versionField: string,
  values: Readonly<Record<string, unknown>>,
  id: number,
  version: number,
): { sql: string; params: unknown[] } {
  const shape = shapeOf(table);
  const fields = Object.keys(values).filter((field) => values[field] !== undefined);
  const columns = fields.map((field) => columnOf(shape, field));
  const key = columnOf(shape, keyField);
  const versionColumn = columnOf(shape, versionField);
  const sql = kept(shape, `update:${keyField}:${versionField}:${fields.join(',')}`, () => {
    const set = columns.map((column, index) => `${quoted(column.name)} = $${index + 1}`).join(', ');
    const at = columns.length;
    return `update ${shape.name} set ${set} where ${quoted(key.name)} = $${at + 1} and ${quoted(versionColumn.name)} = $${at + 2} returning ${quoted(key.name)}`;
  });
  const params = fields.map((field, index) => driverValue(columns[index]!, values[field]));
  params.push(driverValue(key, id), driverValue(versionColumn, version));
  return { sql, params };
}
