// Balance confirmations on the server: a draft's save takes the ledger's snapshot of the account
// and period (opening balance, the payable postings with their running balance, the closing
// balance); submitting checks that no posting came since; the approval sends it to the supplier,
// whose answer (confirmed, or disputed with its own figure) goes back to who made it.
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { type Decimal, type NewRowOf, type RuleIssue, dec } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { LEDGER_SOURCES, ledger } from '../ledger/ledger.entity';
import { precisionOf, today } from '../support';
import { tellBuyerRcn, tellSupplierRcn } from './rcn.notify';
import { rcn, rcnLine } from './rcn.entity';

interface Account {
  readonly supplierId: number;
  readonly orgId: number;
  readonly currencyId: number;
  readonly periodStartDate: string;
  readonly periodEndDate: string;
}

interface Snapshot {
  readonly opening: Decimal;
  readonly increase: Decimal;
  readonly decrease: Decimal;
  readonly closing: Decimal;
  readonly lines: Omit<NewRowOf<typeof rcnLine>, 'rcnHeaderId'>[];
}

const isLedgerSource = (value: unknown): value is (typeof LEDGER_SOURCES)[number] =>
  LEDGER_SOURCES.some((source) => source === value);

/** The payable side of the account: its balance before the period and the period's postings. */
async function snapshotOf(ctx: DataApi, account: Account): Promise<Snapshot> {
  const table = ctx.runtime.table(ledger.name);
  const ofAccount = and(
    eq(table.accountCode, 'AP'),
    eq(table.supplierId, account.supplierId),
    eq(table.orgId, account.orgId),
    eq(table.currencyId, account.currencyId),
  );
  const [before] = await ctx.tx
    .select({ balance: sql<string>`coalesce(sum(${table.creditAmount} - ${table.debitAmount}), 0)` })
    .from(table)
    .where(and(ofAccount, lt(table.postingDate, account.periodStartDate)));
  const rows = await ctx.tx
    .select({
      postingDate: table.postingDate,
      sourceType: table.sourceType,
      sourceNumber: table.sourceNumber,
      memo: table.memo,
      debit: table.debitAmount,
      credit: table.creditAmount,
    })
    .from(table)
    .where(
      and(
        ofAccount,
        gte(table.postingDate, account.periodStartDate),
        lte(table.postingDate, account.periodEndDate),
      ),
    )
    .orderBy(asc(table.postingDate), asc(table.ledgerId));
  const places = await precisionOf(ctx, account.currencyId);
  const opening = dec(before?.balance ?? 0).toDecimalPlaces(places);
  let balance = opening;
  let increase = dec(0);
  let decrease = dec(0);
  const lines = rows.map((row, index) => {
    const credit = dec(String(row.credit ?? 0));
    const debit = dec(String(row.debit ?? 0));
    increase = increase.add(credit);
    decrease = decrease.add(debit);
    balance = balance.add(credit).sub(debit);
    return {
      lineNum: index + 1,
      postingDate: String(row.postingDate),
      sourceType: isLedgerSource(row.sourceType) ? row.sourceType : null,
      sourceNumber: row.sourceNumber,
      memo: row.memo,
      debitAmount: debit.toNumber(),
      creditAmount: credit.toNumber(),
      balanceAfter: balance.toNumber(),
    };
  });
  return { opening, increase, decrease, closing: balance, lines };
}

/** The account and period of a confirmation, once its period is whole and not in the future. */
function periodIssues(ctx: DataApi, row: Partial<Account>): RuleIssue[] {
  if (!row.periodStartDate || !row.periodEndDate) return [];
  if (row.periodEndDate < row.periodStartDate)
    return [{ field: 'periodEndDate', message: 'settlement.rcn.periodOrder' }];
  if (row.periodEndDate > today(ctx))
    return [{ field: 'periodEndDate', message: 'settlement.rcn.periodFuture' }];
  return [];
}

const accountOf = (row: {
  supplierId: number;
  orgId: number;
  currencyId: number;
  periodStartDate: string;
  periodEndDate: string;
}): Account => row;

/** Whether this save is the buyer's on a draft (the snapshot is taken again), not the supplier's answer. */
const retakes = (ctx: DataApi, status: string | null | undefined) =>
  ctx.actor.side !== 'supplier' && (!status || status === 'DRAFT' || status === 'REJECTED');

export const rcnActions = defineActions(rcn, {
  async beforeSave(ctx) {
    const { row } = ctx;
    if (!retakes(ctx, row.status)) return null;
    const issues = periodIssues(ctx, row);
    if (issues.length) return issues;
    const snapshot = await snapshotOf(ctx, accountOf(row));
    row.openingBalance = snapshot.opening.toNumber();
    row.increaseAmount = snapshot.increase.toNumber();
    row.decreaseAmount = snapshot.decrease.toNumber();
    row.closingBalance = snapshot.closing.toNumber();
    row.lineCount = snapshot.lines.length;
    return null;
  },
  async afterSave(ctx) {
    if (!retakes(ctx, ctx.row.status)) return;
    const snapshot = await snapshotOf(ctx, accountOf(ctx.row));
    await ctx.remove(
      rcnLine,
      ctx.oldLines.lines.map((line) => line.rcnLineId),
    );
    await ctx.insert(
      rcnLine,
      snapshot.lines.map((line) => ({ ...line, rcnHeaderId: ctx.id })),
    );
  },
  guards: {
    // What was saved is what is confirmed: a posting since the save asks for a new snapshot.
    async doSubmit(ctx) {
      const issues = periodIssues(ctx, ctx.row);
      if (issues.length) return issues;
      const snapshot = await snapshotOf(ctx, accountOf(ctx.row));
      const stale =
        !snapshot.closing.eq(dec(ctx.row.closingBalance ?? 0)) ||
        !snapshot.opening.eq(dec(ctx.row.openingBalance ?? 0)) ||
        snapshot.lines.length !== ctx.row.lineCount;
      return stale ? { message: 'settlement.rcn.stale', params: { number: ctx.row.rcnNumber ?? '' } } : null;
    },
    doSupplierDispute(ctx) {
      return ctx.row.supplierBalance === null
        ? { field: 'supplierBalance', message: 'settlement.rcn.supplierBalanceNeeded' }
        : null;
    },
  },
  actions: {
    doApproval: (ctx) => tellSupplierRcn(ctx, ctx.row),
    async doSupplierConfirm(ctx) {
      await ctx.patch(rcn, ctx.row.rcnHeaderId, { answeredDate: ctx.now.getTime() });
      await tellBuyerRcn(ctx, ctx.row, 'confirmed');
    },
    async doSupplierDispute(ctx) {
      await ctx.patch(rcn, ctx.row.rcnHeaderId, {
        answeredDate: ctx.now.getTime(),
        supplierComment: ctx.input.comment?.trim() || ctx.row.supplierComment,
      });
      await tellBuyerRcn(ctx, ctx.row, 'disputed');
    },
  },
});
