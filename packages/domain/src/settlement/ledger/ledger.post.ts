// Posting to the ledger (往来明细): one business event of one supplier account written as
// balanced debit and credit rows, once. The account's lock orders postings, so each payable row's
// running balance follows the one before it; a posting whose key is on record already is not
// written again (a retried or doubled request posts once).
import { type Decimal, dec, sum } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { lockAccount } from '../support';
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
  const platform = ctx.system('the ledger is written by posting only (ADR 0027 §5)');
  await lockAccount(ctx, 'ledger', posting);
  const key = `${posting.sourceType}:${posting.sourceId}:${posting.event}`;
  const [done] = await platform.list(ledger, { postingKey: `${key}:1` }, { limit: 1 });
  if (done) return false;
  const [last] = await platform.list(
    ledger,
    {
      supplierId: posting.supplierId,
      orgId: posting.orgId,
      currencyId: posting.currencyId,
      accountCode: 'AP',
    },
    { orderBy: [{ field: 'ledgerId', order: 'desc' }], limit: 1 },
  );
  let balance = dec(last?.balanceAfter ?? 0);
  await platform.insert(
    ledger,
    entries.map((entry, index) => {
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
        debitAmount: debit.toNumber(),
        creditAmount: credit.toNumber(),
        balanceAfter: entry.accountCode === 'AP' ? balance.toNumber() : null,
        postingKey: `${key}:${index + 1}`,
        reversesLedgerId: entry.reverses ?? null,
        memo: posting.memo ?? null,
      };
    }),
  );
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
