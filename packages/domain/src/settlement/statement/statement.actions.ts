// Statements on the server. Sending tells the supplier; cancelling a draft frees its receipt lines
// for the next generation. The supplier confirms (every line it has not disputed is confirmed and
// the statement posts to its account once) or disputes lines, each with a reason. The buyer
// decides each disputed line: REMOVE takes it off (the receipt line is excluded for now, with the
// statement named, so the next generation does not bring it back), ADJUST_PRICE keeps it and adds
// an adjustment line at the price difference for the supplier to confirm, REJECT holds to it with
// an answer. Answers given as the action's input count as if saved first.
import { type ChangesOf, type ReadRowOf, type RowOf, type RuleIssue, dec } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { receive, receiveLine } from '../../receiving';
import { excludeBill } from '../exclude/exclude.entity';
import { excludeLine } from '../exclude/exclude-line.entity';
import { post, transfer } from '../ledger/ledger.post';
import { lineAmounts, precisionOf, today } from '../support';
import { statement } from './statement.entity';
import { retotal } from './statement.generate';
import { statementLine } from './statement-line.entity';
import { tellBuyer, tellSupplierAnswered, tellSupplierSent } from './statement.notify';

type Statement = RowOf<typeof statement>;
type Line = ReadRowOf<typeof statementLine>;

interface SupplierAnswer {
  readonly accountLineId: number;
  readonly supplierAnswer?: string | null;
  readonly disputeReason?: string | null;
}
interface BuyerDecision {
  readonly accountLineId: number;
  readonly buyerDecision?: string | null;
  readonly adjustedPrice?: number | null;
  readonly buyerAnswer?: string | null;
}

const counts = (line: Line) => line.lineConfirmStatus !== 'REMOVED';
const blank = (value: string | null | undefined) => !value?.trim();

/** The statement's lines with the answers of the input laid over them (a line of another statement is refused). */
async function withInput<A extends { accountLineId: number }>(
  ctx: DataApi,
  headerId: number,
  given: readonly A[] | null | undefined,
): Promise<{ lines: Line[]; issues: RuleIssue[] }> {
  const lines = await ctx.lines(statementLine, headerId);
  const byId = new Map(lines.map((line, index) => [line.accountLineId, index]));
  const issues: RuleIssue[] = [];
  const merged = [...lines];
  for (const answer of given ?? []) {
    const index = byId.get(answer.accountLineId);
    if (index === undefined) {
      issues.push({ message: 'settlement.statement.notOnStatement', params: { id: answer.accountLineId } });
      continue;
    }
    const { accountLineId: _id, ...fields } = answer;
    merged[index] = { ...merged[index]!, ...fields } as Line;
  }
  return { lines: merged, issues };
}

function confirmIssues(lines: readonly Line[]): RuleIssue[] {
  const disputed = lines.filter(
    (line) => counts(line) && line.lineConfirmStatus === 'PENDING' && line.supplierAnswer === 'DISPUTE',
  );
  return disputed.length
    ? [
        {
          message: 'settlement.statement.disputeNotConfirm',
          params: { lines: disputed.map((l) => l.lineNum).join(', ') },
        },
      ]
    : [];
}

function disputeIssues(lines: readonly Line[]): RuleIssue[] {
  const disputed = lines.filter((line) => line.supplierAnswer === 'DISPUTE');
  if (!disputed.length) return [{ message: 'settlement.statement.noDispute' }];
  const issues: RuleIssue[] = [];
  for (const line of disputed) {
    if (line.lineConfirmStatus !== 'PENDING')
      issues.push({ message: 'settlement.statement.disputeSettled', params: { line: line.lineNum } });
    else if (blank(line.disputeReason))
      issues.push({ message: 'settlement.statement.disputeReason', params: { line: line.lineNum } });
  }
  return issues;
}

function decisionIssues(lines: readonly Line[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  for (const line of lines.filter((row) => row.lineConfirmStatus === 'DISPUTED')) {
    const params = { line: line.lineNum };
    if (!line.buyerDecision) issues.push({ message: 'settlement.statement.decide', params });
    else if (line.buyerDecision === 'ADJUST_PRICE') {
      if (line.transactionType === 'ADJUSTMENT')
        issues.push({ message: 'settlement.statement.adjustAdjustment', params });
      else if (line.adjustedPrice === null || dec(line.adjustedPrice).eq(dec(line.unitPriceExclTax)))
        issues.push({ message: 'settlement.statement.adjustedPrice', params });
    } else if (line.buyerDecision === 'REJECT' && blank(line.buyerAnswer))
      issues.push({ message: 'settlement.statement.rejectAnswer', params });
  }
  return issues;
}

/** The receipt lines taken off, kept out of settlement for now by an exclusion naming the statement. */
async function excludeRemoved(ctx: DataApi, row: Statement, removed: readonly Line[]): Promise<void> {
  const receiptLineIds = removed.flatMap((line) => (line.receiveLineId === null ? [] : [line.receiveLineId]));
  if (!receiptLineIds.length) return;
  const receiptLines = new Map(
    (await ctx.list(receiveLine, { receiveLineId: receiptLineIds })).map((line) => [
      line.receiveLineId,
      line,
    ]),
  );
  const receipts = new Map(
    (
      await ctx.list(receive, {
        receiveHeaderId: [...new Set([...receiptLines.values()].map((line) => line.receiveHeaderId))],
      })
    ).map((receipt) => [receipt.receiveHeaderId, receipt]),
  );
  const reasons = removed
    .map((line) => `#${line.lineNum} ${line.disputeReason ?? ''}`.trim())
    .join('; ')
    .slice(0, 1000);
  const [id] = await ctx.insert(excludeBill, [
    {
      supplierId: row.supplierId,
      orgId: row.orgId,
      reasonCode: 'DISPUTE',
      sourceNumber: row.accountNumber,
      remark: reasons,
    },
  ]);
  await ctx.insert(
    excludeLine,
    removed
      .filter((line) => line.receiveLineId !== null)
      .map((line, index) => {
        const receiptLine = receiptLines.get(line.receiveLineId!);
        const receipt = receipts.get(receiptLine?.receiveHeaderId ?? 0);
        return {
          excludeHeaderId: id!,
          lineNum: index + 1,
          receiveLineId: line.receiveLineId!,
          receiveNumber: receipt?.receiveNumber ?? null,
          receiveDate: receipt?.receiveDate ?? null,
          poNumber: null,
          itemId: line.itemId,
          itemName: line.itemName,
          quantity: line.quantity,
          remark: (line.disputeReason ?? '').slice(0, 500) || null,
        };
      }),
  );
}

/** The adjustment line of a price the buyer agreed to: the line's quantity at the price difference. */
function adjustmentOf(line: Line, lineNum: number, places: number, accountNumber: string | null) {
  const difference = dec(line.adjustedPrice!).sub(dec(line.unitPriceExclTax));
  const amounts = lineAmounts(line.quantity ?? 0, difference, line.taxRate ?? 0, places);
  return {
    accountHeaderId: line.accountHeaderId,
    lineNum,
    lineRef: `${accountNumber ?? ''}-${lineNum}`,
    transactionType: 'ADJUSTMENT' as const,
    transactionDate: line.transactionDate,
    receiveHeaderId: line.receiveHeaderId,
    adjustsLineId: line.accountLineId,
    poHeaderId: line.poHeaderId,
    poLineId: line.poLineId,
    itemId: line.itemId,
    itemName: line.itemName,
    uomId: line.uomId,
    quantity: line.quantity,
    unitPriceExclTax: difference.toNumber(),
    taxRate: line.taxRate,
    unitPriceInclTax: amounts.priceIncl.toNumber(),
    amountExclTax: amounts.excl.toNumber(),
    taxAmount: amounts.tax.toNumber(),
    amountInclTax: amounts.incl.toNumber(),
    lineConfirmStatus: 'PENDING' as const,
  };
}

export const statementActions = defineActions(statement, {
  guards: {
    async doSend(ctx) {
      const [line] = await ctx.list(
        statementLine,
        { accountHeaderId: ctx.row.accountHeaderId },
        { limit: 1 },
      );
      return line ? null : { message: 'settlement.statement.noLines' };
    },
    async doSupplierConfirm(ctx) {
      const { lines, issues } = await withInput<SupplierAnswer>(
        ctx,
        ctx.row.accountHeaderId,
        ctx.input.lines,
      );
      return [...issues, ...confirmIssues(lines)];
    },
    async doSupplierDispute(ctx) {
      const { lines, issues } = await withInput<SupplierAnswer>(
        ctx,
        ctx.row.accountHeaderId,
        ctx.input.lines,
      );
      return [...issues, ...disputeIssues(lines)];
    },
    async doResolve(ctx) {
      const { lines, issues } = await withInput<BuyerDecision>(ctx, ctx.row.accountHeaderId, ctx.input.lines);
      return [...issues, ...decisionIssues(lines)];
    },
  },
  actions: {
    async doSend(ctx) {
      await ctx.patch(statement, ctx.row.accountHeaderId, { sentDate: ctx.now.getTime() });
      await tellSupplierSent(ctx, ctx.row);
    },
    async doCancel(ctx) {
      await ctx.patchWhere(statementLine, { accountHeaderId: ctx.row.accountHeaderId }, { settleKey: null });
    },
    async doSupplierConfirm(ctx) {
      const { row } = ctx;
      const id = row.accountHeaderId;
      await ctx.patchWhere(
        statementLine,
        { accountHeaderId: id, lineConfirmStatus: 'PENDING' },
        { lineConfirmStatus: 'CONFIRMED', supplierAnswer: null },
      );
      await ctx.patch(statement, id, { supplierConfirmDate: ctx.now.getTime() });
      // Confirmed by both: what the buyer owes moves from goods received to payable, once.
      await post(ctx, {
        supplierId: row.supplierId,
        orgId: row.orgId,
        currencyId: row.currencyId,
        postingDate: today(ctx),
        sourceType: 'STATEMENT',
        sourceId: id,
        sourceNumber: row.accountNumber,
        event: 'confirm',
        entries: transfer('GRIR', 'AP', dec(row.amountInclTax)),
      });
      await tellBuyer(ctx, row, 'confirmed');
    },
    async doSupplierDispute(ctx) {
      const { row } = ctx;
      const { lines } = await withInput<SupplierAnswer>(ctx, row.accountHeaderId, ctx.input.lines);
      let disputed = 0;
      const answers = new Map<number, ChangesOf<typeof statementLine>>();
      for (const line of lines.filter((item) => item.lineConfirmStatus === 'PENDING')) {
        const dispute = line.supplierAnswer === 'DISPUTE';
        if (dispute) disputed += 1;
        answers.set(line.accountLineId, {
          lineConfirmStatus: dispute ? 'DISPUTED' : 'CONFIRMED',
          supplierAnswer: null,
          disputeReason: dispute ? line.disputeReason!.trim() : line.disputeReason,
          buyerDecision: null,
          adjustedPrice: null,
          buyerAnswer: dispute ? null : line.buyerAnswer,
        });
      }
      await ctx.patchEach(statementLine, answers);
      await tellBuyer(ctx, row, 'disputed', disputed);
    },
    async doResolve(ctx) {
      const { row } = ctx;
      const id = row.accountHeaderId;
      const { lines } = await withInput<BuyerDecision>(ctx, id, ctx.input.lines);
      const places = await precisionOf(ctx, row.currencyId);
      let next = Math.max(0, ...lines.map((line) => line.lineNum ?? 0));
      const removed: Line[] = [];
      const adjustments = [];
      const decisions = new Map<number, ChangesOf<typeof statementLine>>();
      for (const line of lines.filter((item) => item.lineConfirmStatus === 'DISPUTED')) {
        const decision = line.buyerDecision;
        decisions.set(line.accountLineId, {
          buyerDecision: decision,
          adjustedPrice: decision === 'ADJUST_PRICE' ? line.adjustedPrice : null,
          buyerAnswer: line.buyerAnswer?.trim() || null,
          lineConfirmStatus:
            decision === 'REMOVE' ? 'REMOVED' : decision === 'ADJUST_PRICE' ? 'CONFIRMED' : 'PENDING',
          ...(decision === 'REMOVE' ? { settleKey: null } : {}),
        });
        if (decision === 'REMOVE') removed.push(line);
        if (decision === 'ADJUST_PRICE')
          adjustments.push(adjustmentOf(line, (next += 1), places, row.accountNumber));
      }
      await ctx.patchEach(statementLine, decisions);
      await ctx.insert(statementLine, adjustments);
      await excludeRemoved(ctx, row, removed);
      await retotal(ctx, id);
      await tellSupplierAnswered(ctx, row);
    },
  },
});
