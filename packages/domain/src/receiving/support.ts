// Server-side helpers shared by receiving's objects: the states receipts depend on, the
// over-receipt tolerance of an organisation, and quantities written on many rows at once.
import { inArray, sql } from 'drizzle-orm';
import { type AnyEntity, type ChangesOf, type Decimal, dec, formatDate } from '@srm/kernel';
import { type DataApi } from '@srm/platform';
import { configProfile } from '../base-data';

/** Delivery note states in which goods are received against the note. */
export const RECEIVABLE_ASN_STATES: readonly string[] = ['SUBMITTED', 'RECEIVING'];
/** Order states in which goods are received against the order's lines. */
export const RECEIVABLE_ORDER_STATES: readonly string[] = ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED'];
/** The business configuration holding the over-receipt tolerance in percent (default 0). */
export const TOLERANCE_PROFILE = 'PUR_RECEIVE_TOLERANCE';
/** At most this many lines in one receipt made in one call. */
export const MAX_LINES = 2000;

/**
 * Today as a date field holds it: the database's moment on the business's calendar (in UTC+8 the
 * day starts eight hours before UTC's).
 */
export const today = (ctx: DataApi) => formatDate(ctx.now.getTime(), ctx.runtime.timeZone);

/**
 * The over-receipt tolerance in percent for an organisation: the enabled business configuration
 * `PUR_RECEIVE_TOLERANCE` of the organisation, else the company-wide one, else 0.
 */
export async function toleranceOf(ctx: DataApi, orgId: number): Promise<Decimal> {
  const profiles = await ctx.list(configProfile, { profileCode: TOLERANCE_PROFILE, enabledFlag: 'Y' });
  const chosen = profiles.find((row) => row.orgId === orgId) ?? profiles.find((row) => row.orgId === null);
  if (!chosen) return dec(0);
  try {
    const value = dec(chosen.profileValue);
    return value.isNegative() ? dec(0) : value;
  } catch {
    return dec(0);
  }
}

/**
 * Writes one quantity field on many rows, each its own value: one statement for all of them (a
 * posting of 1,000 lines moves 1,000 note lines and 1,000 order lines; a patch each would be
 * four statements a row). The engine locks the rows, bumps their versions and audits each change.
 * The caller has locked and read them before deciding the values.
 */
export async function setQuantities<E extends AnyEntity>(
  ctx: DataApi,
  entity: E,
  field: keyof ChangesOf<E> & string,
  values: ReadonlyMap<number, Decimal>,
): Promise<void> {
  if (!values.size) return;
  const table = ctx.runtime.table(entity.name);
  const key = table[entity.key];
  const ids = [...values.keys()];
  const cases = ids.map((id) => sql`when ${id} then ${values.get(id)!.toString()}::numeric`);
  await ctx.rawUpdate(entity, ids, async (tx) => {
    await tx
      .update(table)
      .set({
        [field]: sql`case ${key} ${sql.join(cases, sql` `)} end`,
        versionNum: sql`${table.versionNum} + 1`,
        lastUpdatedBy: ctx.actor.userId,
        lastUpdateDate: ctx.now,
      })
      .where(inArray(key, ids));
  });
}

/**
 * A save that leaves a document's lines as they were stored (or does not send them): the lines'
 * checks need not run again.
 */
export function linesUnchanged<L extends object>(
  after: readonly L[],
  before: readonly L[],
  key: keyof L,
): boolean {
  if (after.length !== before.length) return false;
  const stored = new Map(before.map((line) => [line[key], line]));
  return after.every((line) => {
    const old = stored.get(line[key]);
    if (!old) return false;
    const now = new Map(Object.entries(line));
    return Object.entries(old).every(
      ([name, value]) => JSON.stringify(value) === JSON.stringify(now.get(name)),
    );
  });
}
