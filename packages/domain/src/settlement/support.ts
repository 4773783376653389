// Server-side helpers shared by settlement's objects: today's date, a currency's precision, the
// amounts of a line computed once at that precision, a transaction-long lock per supplier account
// (what two generations or two postings for the same account wait on), and set-based updates of
// many rows.
import { type SQL, inArray, sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type AnyEntity, type ChangesOf, type Decimal, type Numeric, dec } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { currency } from '../base-data';

/** Today in the database's time, as a date field holds it. */
export const today = (ctx: DataApi) => ctx.now.toISOString().slice(0, 10);

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

/** A value one row takes in a set-based update: a number or decimal, a text, or empty. */
export type CellValue = Decimal | number | string | null;

/**
 * Writes several fields on many rows, each row its own values, in one statement per call (matching
 * an invoice of 1,000 lines writes 1,000 invoice lines and 1,000 statement lines). The engine locks
 * the rows, bumps their versions and audits each change (`rawUpdate`); the caller has read and
 * decided the values. Every row names the same fields.
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
  const cell = (value: CellValue | undefined) =>
    value === null || value === undefined
      ? sql`null`
      : typeof value === 'string'
        ? sql`${value}::text`
        : sql`${value.toString()}::numeric`;
  const set: Record<string, SQL> = {};
  for (const field of fields) {
    const cases = ids.map(
      (id) => sql`when ${id} then ${cell((values.get(id) as Record<string, CellValue>)[field])}`,
    );
    set[field] = sql`case ${key} ${sql.join(cases, sql` `)} end`;
  }
  await ctx.rawUpdate(entity, ids, async (tx) => {
    // The engine bumps the version of (and audits) each row the statement changed.
    await tx.update(table).set(set).where(inArray(key, ids));
  });
}
