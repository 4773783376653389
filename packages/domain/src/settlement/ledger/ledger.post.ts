// Posting to the ledger (往来明细): one business event of one supplier account written as
// balanced debit and credit rows, once. The account's lock orders postings, so each payable row's
// running balance follows the one before it; a posting whose key is on record already is not
// written again (a retried or doubled request posts once). Postings of one account run one after
// the other, so the work under the lock is kept to three statements: the lock, one read, one
// write of the rows with their creation entries in the audit log (ADR 0027 §9).
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Decimal, dec, sum } from '@srm/kernel';
import { type DataApi, auditLog } from '@srm/platform';
import { creationEntries, lockAccount } from '../support';
import { type LEDGER_ACCOUNTS, type LEDGER_SOURCES, ledger } from './ledger.entity';

export interface LedgerEntry {
  readonly accountCode: (typeof LEDGER_ACCOUNTS)[number];
  readonly debit?: Decimal;
  readonly credit?: Decimal;
  /** The row this entry reverses (a correction names what it corrects). */
  readonly reverses?: number;
}

export interface Posting {
  readonly supplierId: number;
  readonly orgId: number;
  readonly currencyId: number;
  readonly postingDate: string;
  readonly sourceType: (typeof LEDGER_SOURCES)[number];
  readonly sourceId: number;
  readonly sourceNumber: string | null;
  /** What happened to the document (`confirm`, `pay`, `reverse`): with the source, the posting's key. */
  readonly event: string;
  readonly memo?: string | null;
  readonly entries: readonly LedgerEntry[];
}

/** Two entries moving `amount` from one account to the other, the sides swapped when it is negative. */
export function transfer(
  debitAccount: LedgerEntry['accountCode'],
  creditAccount: LedgerEntry['accountCode'],
  amount: Decimal,
): LedgerEntry[] {
  const positive = !amount.isNegative();
  const value = amount.abs();
  return [
    { accountCode: positive ? debitAccount : creditAccount, debit: value },
    { accountCode: positive ? creditAccount : debitAccount, credit: value },
  ];
}

/**
 * Whether a posting's first row is on record, and the account's payable balance: one read under
 * the account's lock (the balance is the last payable row's, found by the account's index).
 */
async function accountState(
  ctx: DataApi,
  posting: Posting,
  firstRowKey: string,
): Promise<{ posted: boolean; balance: Decimal }> {
  const rows = ctx.runtime.table(ledger.name);
  const last = ctx.tx
    .select({ balance: rows.balanceAfter })
    .from(rows)
    .where(
      and(
        eq(rows.supplierId, posting.supplierId),
        eq(rows.orgId, posting.orgId),
        eq(rows.currencyId, posting.currencyId),
        eq(rows.accountCode, 'AP'),
      ),
    )
    .orderBy(desc(rows.ledgerId))
    .limit(1);
  const posted = ctx.tx
    .select({ one: sql`1` })
    .from(rows)
    .where(eq(rows.postingKey, firstRowKey));
  const [state] = await queryRows<{ posted: boolean; balance: string | number | null }>(
    ctx.tx,
    sql`select exists ${posted} as posted, ${last} as balance`,
  );
  return { posted: state?.posted ?? false, balance: dec(state?.balance ?? 0) };
}

/**
 * Writes the posting's rows unless its key is on record; answers whether it wrote them. Refuses
 * (a programming error) a posting whose debits and credits differ.
 */
export async function post(ctx: DataApi, posting: Posting): Promise<boolean> {
  const entries = posting.entries.filter((entry) => !(entry.debit ?? dec(0)).add(entry.credit ?? 0).isZero());
  const debits = sum(entries, (entry) => entry.debit ?? 0);
  const credits = sum(entries, (entry) => entry.credit ?? 0);
  if (!debits.eq(credits))
    throw new Error(
      `ledger: ${posting.sourceType} ${posting.sourceId} debits ${debits} ≠ credits ${credits}`,
    );
  if (!entries.length) return false;
  await lockAccount(ctx, 'ledger', posting);
  const key = `${posting.sourceType}:${posting.sourceId}:${posting.event}`;
  const account = await accountState(ctx, posting, `${key}:1`);
  if (account.posted) return false;
  let balance = account.balance;
  const made = entries.map((entry, index) => {
    const debit = entry.debit ?? dec(0);
    const credit = entry.credit ?? dec(0);
    if (entry.accountCode === 'AP') balance = balance.add(credit).sub(debit);
    return {
      postingDate: posting.postingDate,
      supplierId: posting.supplierId,
      orgId: posting.orgId,
      currencyId: posting.currencyId,
      sourceType: posting.sourceType,
      sourceId: posting.sourceId,
      sourceNumber: posting.sourceNumber,
      accountCode: entry.accountCode,
      debitAmount: debit.toFixed(),
      creditAmount: credit.toFixed(),
      balanceAfter: entry.accountCode === 'AP' ? balance.toFixed() : null,
      postingKey: `${key}:${index + 1}`,
      reversesLedgerId: entry.reverses ?? null,
      memo: posting.memo ?? null,
    };
  });
  // The ledger is written by posting only (ADR 0027 §5), its rows never edited: they are written
  // here rather than through the engine, in one statement with their creation entries.
  const rows = ctx.runtime.table(ledger.name);
  const written = ctx.tx.$with('written').as(
    ctx.tx
      .insert(rows)
      .values(
        made.map((row) => ({
          ...row,
          createdBy: ctx.actor.userId,
          creationDate: ctx.now,
          lastUpdatedBy: ctx.actor.userId,
          lastUpdateDate: ctx.now,
        })),
      )
      .returning(),
  );
  await ctx.tx
    .with(written)
    .insert(auditLog)
    .select(ctx.tx.select(creationEntries(ctx, ledger, written, Object.keys(made[0]!))).from(written));
  return true;
}

/**
 * Reverses a posting: the same rows with debit and credit swapped, each naming the row it reverses,
 * posted once under `<source>:<id>:<event>` (the original's `<of>` posting is left as it was).
 * Answers whether it wrote them (false when the original is not on record or was reversed already).
 */
export async function reversePosting(
  ctx: DataApi,
  posting: Omit<Posting, 'entries'> & { readonly of: string },
): Promise<boolean> {
  const platform = ctx.system('a reversal reads the posting it reverses');
  const prefix = `${posting.sourceType}:${posting.sourceId}:${posting.of}:`;
  const original = (
    await platform.list(
      ledger,
      { sourceType: posting.sourceType, sourceId: posting.sourceId },
      { orderBy: [{ field: 'ledgerId', order: 'asc' }] },
    )
  ).filter((row) => row.postingKey.startsWith(prefix));
  if (!original.length) return false;
  return post(ctx, {
    ...posting,
    entries: original.map((row) => ({
      accountCode: row.accountCode as LedgerEntry['accountCode'],
      debit: dec(row.creditAmount),
      credit: dec(row.debitAmount),
      reverses: row.ledgerId,
    })),
  });
}
