// Server-side helpers shared by settlement's objects: today's date, a currency's precision, the
// amounts of a line computed once at that precision, a transaction-long lock per supplier account
// (what two generations or two postings for the same account wait on), and the set-based writes
// of many rows: their keys, their creation entries in the audit log, their updates.
import { type SQL, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from '@srm/db';
import {
  type AnyEntity,
  type ChangesOf,
  type Decimal,
  type Numeric,
  STATUS_FIELD,
  dec,
  formatDate,
} from '@srm/kernel';
import { type DataApi, auditLog } from '@srm/platform';
import { currency } from '../base-data';

/**
 * Today as a date field holds it: the database's moment on the business's calendar (in UTC+8 the
 * day starts eight hours before UTC's).
 */
export const today = (ctx: DataApi) => formatDate(ctx.now.getTime(), ctx.runtime.timeZone);

/** The places a currency's amounts keep (2 when the currency is unknown). */
export async function precisionOf(ctx: DataApi, currencyId: number): Promise<number> {
  const [row] = await ctx.system('a currency is master data').list(currency, { currencyId });
  return row?.precisionNum ?? 2;
}

export interface LineAmounts {
  readonly excl: Decimal;
  readonly tax: Decimal;
  readonly incl: Decimal;
  readonly priceIncl: Decimal;
}

/**
 * Quantity × price excluding tax at the currency's precision, the tax on that amount at the same
 * precision, and their sum: tax computed per line, as the statement and the invoice lines carry
 * it (the invoice's tolerance absorbs the difference to a tax computed on the total).
 */
export function lineAmounts(
  quantity: Numeric,
  priceExcl: Numeric,
  taxRate: Numeric,
  places: number,
): LineAmounts {
  const excl = dec(quantity).mul(dec(priceExcl)).toDecimalPlaces(places);
  const tax = excl.mul(dec(taxRate)).div(100).toDecimalPlaces(places);
  return {
    excl,
    tax,
    incl: excl.add(tax),
    priceIncl: dec(priceExcl).mul(dec(taxRate).div(100).add(1)).toDecimalPlaces(6),
  };
}

/**
 * Waits for, then holds until the transaction ends, the lock of one supplier account for one
 * kind of work: a second generation (or posting) for the same supplier, organisation and currency
 * starts only after the first committed, and sees what it wrote.
 */
export async function lockAccount(
  ctx: DataApi,
  work: 'generate' | 'ledger',
  account: { supplierId: number; orgId: number; currencyId?: number },
): Promise<void> {
  // Generation locks the supplier and organisation across currencies: an exclusion (which knows
  // no currency) of the same receipts waits on the same lock.
  const key =
    work === 'generate'
      ? `stl-generate:${account.supplierId}:${account.orgId}`
      : `stl-${work}:${account.supplierId}:${account.orgId}:${account.currencyId}`;
  await queryRows(ctx.tx, sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * The next key of a table's identity column for each row an `insert … select` writes, the sequence
 * looked up once for the statement (looked up per row, it cost a second over 100,000 rows).
 */
export function nextKey(table: PgTable, column: AnyPgColumn): SQL {
  return sql`nextval((select pg_get_serial_sequence(${getTableName(table)}, ${column.name})::regclass))`;
}

/** The audit log's columns, each given by an expression over the rows a statement reads. */
export type AuditColumns = Record<keyof typeof auditLog.$inferInsert, SQL | AnyPgColumn>;

/**
 * The creation entry in the audit log of each row a set-based write made, for an `insert … select`
 * over those rows (ADR 0027 §9): the entry the engine writes for a row it creates — the row and
 * its header, who, when, under which operation, the state it starts in, and the fields it was made
 * with (those left empty omitted). `row` names the written rows' columns by field.
 */
export function creationEntries(
  ctx: DataApi,
  entity: AnyEntity,
  row: Readonly<Record<string, AnyPgColumn>>,
  fields: readonly string[],
): AuditColumns {
  // Each change as JSON text, joined and read as JSON once: `concat_ws` leaves out the fields left
  // empty (their text is null), and 100,000 rows take 0.5 s where building JSON values took 1.2 s.
  const made = fields.map(
    (field) =>
      sql`'{"field":"' || ${field}::text || '","before":null,"after":' || to_json(${row[field]})::text || '}'`,
  );
  const parent = entity.parent;
  // In the table's column order: an insert from a select names every column.
  return {
    auditId: nextKey(auditLog, auditLog.auditId),
    entity: sql`${entity.name}::text`,
    recordId: row[entity.key]!,
    headerEntity: parent ? sql`${parent.entity}::text` : sql`null`,
    headerId: parent ? row[parent.field]! : sql`null`,
    action: sql`${ctx.operation}::text`,
    statusFrom: sql`null`,
    statusTo: entity.workflow ? row[STATUS_FIELD]! : sql`null`,
    comment: sql`null`,
    changes: sql`('[' || concat_ws(',', ${sql.join(made, sql`, `)}) || ']')::jsonb`,
    userId: sql`${ctx.actor.userId}::bigint`,
    userName: sql`${ctx.actor.userName}::text`,
    creationDate: sql`${ctx.now.toISOString()}::timestamptz`,
  };
}

/** A value one row takes in a set-based update: a number or decimal, a text, or empty. */
export type CellValue = Decimal | number | string | readonly string[] | null;

/** A list of texts as PostgreSQL writes an array value (`{"PRICE","TAX"}`), each element quoted. */
function arrayText(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (found) => `\\${found}`)}"`).join(',')}}`;
}

/**
 * Writes several fields on many rows, each row its own values, in one statement per call (matching
 * an invoice of 1,000 lines writes 1,000 invoice lines and 1,000 statement lines): an update from
 * a list of values, one value a cell. The statement bumps the version of each row whose values
 * change; the engine locks the rows before and audits each change (`rawUpdate`). The caller has
 * read and decided the values. Every row names the same fields.
 */
export async function setRows<E extends AnyEntity>(
  ctx: DataApi,
  entity: E,
  values: ReadonlyMap<number, Readonly<Partial<Record<keyof ChangesOf<E> & string, CellValue>>>>,
): Promise<void> {
  if (!values.size) return;
  const table = ctx.runtime.table(entity.name);
  const key = table[entity.key];
  const ids = [...values.keys()];
  const fields = Object.keys(values.get(ids[0]!)!);
  // Each value typed as its column, so that a list of empty values still has the column's type.
  const text = (value: CellValue | undefined) =>
    value === null || value === undefined ? null : Array.isArray(value) ? arrayText(value) : value.toString();
  const cell = (field: string, value: CellValue | undefined) =>
    sql`${text(value)}::${sql.raw(table[field].getSQLType())}`;
  const rows = ids.map((id) => {
    const row: Readonly<Record<string, CellValue | undefined>> = values.get(id)!;
    const cells = fields.map((field) => cell(field, row[field]));
    return sql`(${id}::bigint, ${sql.join(cells, sql`, `)})`;
  });
  const names = [entity.key, ...fields].map((field) => sql.identifier(field));
  const list = sql`(values ${sql.join(rows, sql`, `)}) as given (${sql.join(names, sql`, `)})`;
  const given = (field: string) => sql`given.${sql.identifier(field)}`;
  const changed = sql.join(
    fields.map((field) => sql`${table[field]} is distinct from ${given(field)}`),
    sql` or `,
  );
  const ifChanged = (then: SQL, otherwise: SQL) =>
    sql`case when ${changed} then ${then} else ${otherwise} end`;
  await ctx.rawUpdate(entity, ids, async (tx) => {
    await tx
      .update(table)
      .set({
        ...Object.fromEntries(fields.map((field) => [field, given(field)])),
        versionNum: ifChanged(sql`${table.versionNum} + 1`, sql`${table.versionNum}`),
        lastUpdatedBy: ifChanged(sql`${ctx.actor.userId}::bigint`, sql`${table.lastUpdatedBy}`),
        lastUpdateDate: ifChanged(sql`${ctx.now.toISOString()}::timestamptz`, sql`${table.lastUpdateDate}`),
      })
      .from(list)
      .where(eq(key, given(entity.key)));
  });
}
