// Invoices on the server. Saving checks the number as printed and that the supplier has not
// entered it before, and copies onto each line its confirmed statement line (material, what
// remains to invoice, the agreed price and tax rate). Submitting checks the totals against the
// lines, locks the statement lines and matches each invoice line (invoice.match.ts): all within the
// organisation's tolerances, the invoice is matched; else it is held for the buyer, who accepts the
// held lines or returns the invoice for correction with a comment per line. A matched invoice
// counts on its statement lines once and posts what the buyer accepted beyond the statement.
import { type ReadRowOf, type RowOf, type RuleIssue, dec, sum } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { post, transfer } from '../ledger/ledger.post';
import { statementLine } from '../statement/statement-line.entity';
import { type CellValue, lineAmounts, precisionOf, setRows, today } from '../support';
import { invoice } from './invoice.entity';
import { invoiceLine } from './invoice-line.entity';
import { headerTaxAgrees, invoiceNumberIssue, matchLine, tolerancesOf } from './invoice.match';
import { tellSupplierHeld, tellSupplierReturned } from './invoice.notify';
import { invoiceable } from './invoice.support';

type Invoice = RowOf<typeof invoice>;
type Line = ReadRowOf<typeof invoiceLine>;

const platform = (ctx: DataApi) =>
  ctx.system('matching reads and writes the statement lines of the supplier’s invoice');

const duplicateKeyOf = (row: { supplierId: number; invoiceCode?: string | null; invoiceNumber: string }) =>
  `${row.supplierId}:${row.invoiceCode ?? ''}:${row.invoiceNumber}`;

/** Matches every line of a submitted invoice and answers whether all are within tolerance. */
async function match(ctx: DataApi, row: Invoice): Promise<{ held: number }> {
  const system = platform(ctx);
  const lines = await system.lines(invoiceLine, row.invoiceId);
  await system.lock(
    statementLine,
    [...new Set(lines.map((line) => line.accountLineId))].sort((a, b) => a - b),
  );
  const expected = await invoiceable(
    system,
    lines.map((line) => line.accountLineId),
    row.invoiceId,
  );
  const tolerances = await tolerancesOf(ctx, row.orgId);
  const places = await precisionOf(ctx, row.currencyId);
  let held = 0;
  const written = new Map<number, Record<string, CellValue>>();
  for (const line of lines) {
    const source = expected.get(line.accountLineId)!;
    const result = matchLine(
      { quantity: source.remaining, price: source.price, taxRate: source.line.taxRate ?? 0 },
      {
        quantity: line.quantity,
        price: line.unitPriceExclTax,
        taxRate: line.taxRate,
        amountExclTax: line.amountExclTax,
        taxAmount: line.taxAmount,
      },
      tolerances,
      places,
    );
    if (result.reasons.length) held += 1;
    written.set(line.invoiceLineId, {
      expectedQuantity: source.remaining,
      expectedPrice: source.price,
      expectedTaxRate: source.line.taxRate,
      quantityVariance: result.quantityVariance,
      priceVariance: result.priceVariance,
      matchStatus: result.reasons.length ? 'EXCEPTION' : 'MATCHED',
      exceptionReasons: result.reasons.length ? [...result.reasons] : null,
      exceptionDecision: null,
    });
  }
  await setRows(system, invoiceLine, written);
  return { held };
}

/**
 * A matched invoice counts on its statement lines (quantity and amount invoiced) and posts, once,
 * the difference between what it invoices and what the statement expected for the same quantities.
 */
async function settle(ctx: DataApi, row: Invoice): Promise<void> {
  const system = platform(ctx);
  const lines = await system.lines(invoiceLine, row.invoiceId);
  const ids = [...new Set(lines.map((line) => line.accountLineId))].sort((a, b) => a - b);
  const locked = new Map((await system.lock(statementLine, ids)).map((line) => [line.accountLineId, line]));
  const places = await precisionOf(ctx, row.currencyId);
  const moved = new Map<number, { quantity: ReturnType<typeof dec>; amount: ReturnType<typeof dec> }>();
  for (const line of lines) {
    const before = moved.get(line.accountLineId) ?? {
      quantity: dec(locked.get(line.accountLineId)!.invoicedQuantity),
      amount: dec(locked.get(line.accountLineId)!.invoicedAmount),
    };
    moved.set(line.accountLineId, {
      quantity: before.quantity.add(dec(line.quantity)),
      amount: before.amount.add(dec(line.amountInclTax)),
    });
  }
  await setRows(
    system,
    statementLine,
    new Map(
      [...moved].map(([id, value]) => [
        id,
        { invoicedQuantity: value.quantity, invoicedAmount: value.amount },
      ]),
    ),
  );
  // What the statement credited for these lines: its value of the quantity invoiced, up to what
  // remained (a quantity beyond it, within tolerance or accepted, is credited by the variance).
  const expectedTotal = sum(lines, (line) => {
    const remaining = dec(line.expectedQuantity ?? line.quantity);
    const quantity = dec(line.quantity).abs().gt(remaining.abs()) ? remaining : dec(line.quantity);
    return lineAmounts(
      quantity,
      line.expectedPrice ?? line.unitPriceExclTax,
      line.expectedTaxRate ?? line.taxRate,
      places,
    ).incl;
  });
  // The invoice's own total (what payments may pay of it), so that payable never exceeds it.
  const invoiced = dec(row.amountExclTax).add(dec(row.taxAmount));
  await ctx.patch(invoice, row.invoiceId, { matchedDate: ctx.now.getTime(), matchStatus: 'MATCHED' });
  await post(ctx, {
    supplierId: row.supplierId,
    orgId: row.orgId,
    currencyId: row.currencyId,
    postingDate: today(ctx),
    sourceType: 'INVOICE',
    sourceId: row.invoiceId,
    sourceNumber: row.invoiceDocNum,
    event: 'match',
    memo: `${row.invoiceCode ?? ''}${row.invoiceCode ? '-' : ''}${row.invoiceNumber}`,
    entries: transfer('VARIANCE', 'AP', invoiced.sub(expectedTotal)),
  });
}

function submitIssues(row: Invoice, lines: readonly Line[]): RuleIssue[] {
  if (!lines.length) return [{ message: 'settlement.invoice.noLines' }];
  const issues: RuleIssue[] = [];
  const excl = sum(lines, (line) => line.amountExclTax);
  if (!excl.eq(dec(row.amountExclTax)))
    issues.push({
      field: 'amountExclTax',
      message: 'settlement.invoice.headerAmount',
      params: { header: dec(row.amountExclTax).toFixed(2), lines: excl.toFixed(2) },
    });
  if (
    !headerTaxAgrees(
      row.taxAmount,
      lines.map((line) => line.taxAmount),
    )
  )
    issues.push({
      field: 'taxAmount',
      message: 'settlement.invoice.headerTax',
      params: {
        header: dec(row.taxAmount).toFixed(2),
        lines: sum(lines, (line) => line.taxAmount).toFixed(2),
      },
    });
  return issues;
}

export const invoiceActions = defineActions(invoice, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const issues: RuleIssue[] = [];
    const numberIssue = invoiceNumberIssue(row.invoiceType, row.invoiceCode, row.invoiceNumber);
    if (numberIssue) issues.push({ field: 'invoiceNumber', message: numberIssue });
    row.invoiceCode = row.invoiceCode?.trim() || null;
    row.duplicateKey = duplicateKeyOf(row);
    const [taken] = await platform(ctx).list(invoice, { duplicateKey: row.duplicateKey }, { limit: 2 });
    if (taken && taken.invoiceId !== ctx.previous?.invoiceId)
      issues.push({
        field: 'invoiceNumber',
        message: 'settlement.invoice.duplicate',
        params: { number: row.invoiceNumber },
      });
    const lines = ctx.newLines.lines;
    const known = await invoiceable(
      ctx,
      lines.map((line) => line.accountLineId),
      ctx.previous?.invoiceId ?? null,
    );
    const seen = new Set<number>();
    lines.forEach((line, index) => {
      const source = known.get(line.accountLineId);
      const field = `lines.${index}.accountLineId`;
      const params = { line: line.lineNum };
      if (!source || !source.open) issues.push({ field, message: 'settlement.invoice.notConfirmed', params });
      else if (
        source.supplierId !== row.supplierId ||
        source.orgId !== row.orgId ||
        source.currencyId !== row.currencyId
      )
        issues.push({ field, message: 'settlement.invoice.otherAccount', params });
      else if (seen.has(line.accountLineId))
        issues.push({ field, message: 'settlement.invoice.twice', params });
      else {
        line.accountHeaderId = source.line.accountHeaderId;
        line.poLineId = source.line.poLineId;
        line.itemId = source.line.itemId;
        line.itemName = source.line.itemName;
        line.uomId = source.line.uomId;
        line.expectedQuantity = source.remaining.toNumber();
        line.expectedPrice = source.price.toNumber();
        line.expectedTaxRate = source.line.taxRate;
      }
      seen.add(line.accountLineId);
    });
    return issues.length ? issues : null;
  },
  guards: {
    async doSubmit(ctx) {
      return submitIssues(ctx.row, await ctx.lines(invoiceLine, ctx.row.invoiceId));
    },
    async doAcceptExceptions(ctx) {
      const lines = await ctx.lines(invoiceLine, ctx.row.invoiceId);
      const open = lines.filter(
        (line) => line.matchStatus === 'EXCEPTION' && line.exceptionDecision !== 'ACCEPT',
      );
      return open.length
        ? {
            message: 'settlement.invoice.acceptAll',
            params: { lines: open.map((line) => line.lineNum).join(', ') },
          }
        : null;
    },
    async doReturn(ctx) {
      const held = (await ctx.lines(invoiceLine, ctx.row.invoiceId)).filter(
        (line) => line.matchStatus === 'EXCEPTION',
      );
      const issues: RuleIssue[] = [];
      for (const line of held) {
        if (!line.exceptionDecision)
          issues.push({ message: 'settlement.invoice.decide', params: { line: line.lineNum } });
        else if (line.exceptionDecision !== 'ACCEPT' && !line.buyerComment?.trim())
          issues.push({ message: 'settlement.invoice.comment', params: { line: line.lineNum } });
      }
      if (!issues.length && held.every((line) => line.exceptionDecision === 'ACCEPT'))
        issues.push({ message: 'settlement.invoice.nothingToReturn' });
      return issues;
    },
  },
  actions: {
    async doSubmit(ctx) {
      await ctx.patch(invoice, ctx.row.invoiceId, { submittedDate: ctx.now.getTime() });
      const { held } = await match(ctx, ctx.row);
      const system = platform(ctx);
      if (held) {
        await system.patch(invoice, ctx.row.invoiceId, { matchStatus: 'EXCEPTION' });
        await system.act(invoice, 'doHold', [ctx.row.invoiceId]);
        await tellSupplierHeld(ctx, ctx.row, held);
      } else await system.act(invoice, 'doMatch', [ctx.row.invoiceId]);
    },
    doMatch: (ctx) => settle(ctx, ctx.row),
    doAcceptExceptions: (ctx) => settle(ctx, ctx.row),
    doReturn: (ctx) => tellSupplierReturned(ctx, ctx.row),
    async doCancel(ctx) {
      await ctx.patch(invoice, ctx.row.invoiceId, { duplicateKey: null });
    },
  },
});
