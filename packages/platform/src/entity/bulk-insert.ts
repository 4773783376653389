// Many rows in one statement with one parameter per column: `insert … select … from unnest(…)`
// over text arrays, cast to the columns' types in SQL. A 10,000-line order's 200,000 values were
// 200,000 parameters, each built into the query and sent on its own (most of an approval's time
// on the embedded database went there); as arrays they are twenty.
import { getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '@srm/db';

/** From this many rows on, an insert goes through `unnest`. */
export const BULK_ROWS = 100;

/** A value as PostgreSQL's text input of its column's type; null stays null. */
function asText(column: AnyPgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const driver: unknown = column.mapToDriverValue(value);
  if (driver === null || driver === undefined) return null;
  if (driver instanceof Date) return driver.toISOString();
  if (typeof driver === 'object') return JSON.stringify(driver);
  return String(driver);
}

/** A text[] literal: every element quoted, `"` and `\` escaped, NULL unquoted. */
function arrayLiteral(texts: readonly (string | null)[]): string {
  return `{${texts.map((text) => (text === null ? 'NULL' : `"${text.replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;
}

/**
 * Inserts `values` (objects keyed by the table's property names, as drizzle's `values` takes
 * them) in one statement; answers the `returning` column of each row, in the rows' order. Null
 * when the rows cannot go this way (they name different columns, or an array column), for the
 * caller to insert them as usual.
 */
export async function bulkInsert(
  tx: Executor,
  table: PgTable,
  values: readonly Record<string, unknown>[],
  returning: AnyPgColumn,
): Promise<unknown[] | null> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const given = (row: Record<string, unknown>) =>
    Object.keys(row)
      .filter((key) => row[key] !== undefined)
      .sort();
  const keys = given(values[0]!);
  const signature = keys.join(',');
  if (keys.some((key) => !columns[key] || columns[key].dataType === 'array')) return null;
  if (values.some((row) => given(row).join(',') !== signature)) return null;
  const aliases = keys.map((_, index) => sql.raw(`c${index}`));
  const arrays = keys.map(
    (key) => sql`${arrayLiteral(values.map((row) => asText(columns[key]!, row[key])))}::text[]`,
  );
  const casts = keys.map((key, index) => sql`${aliases[index]!}::${sql.raw(columns[key]!.getSQLType())}`);
  const rows = await queryRows<{ returned: unknown }>(
    tx,
    sql`insert into ${table} (${sql.join(
      keys.map((key) => sql.identifier(columns[key]!.name)),
      sql`, `,
    )})
        select ${sql.join(casts, sql`, `)}
          from unnest(${sql.join(arrays, sql`, `)}) with ordinality as u(${sql.join(aliases, sql`, `)}, ord)
         order by ord
        returning ${sql.identifier(returning.name)} as returned`,
  );
  return rows.map((row) => row.returned);
}
