// What an invoice line is matched against: its confirmed statement line, the price agreed on the
// statement (the line's price with the adjustments confirmed on it) and what remains to invoice.
import { type Decimal, type FoundRowOf, type ReadRowOf, dec, sum } from '@srm/kernel';
import { AppError, type DataApi } from '@srm/platform';
import { statement } from '../statement/statement.entity';
import { statementLine } from '../statement/statement-line.entity';
import { lineAmounts, precisionOf } from '../support';
import { invoice } from './invoice.entity';
import { invoiceLine } from './invoice-line.entity';

/** Invoices that hold the quantities of their lines. */
const HOLDING_STATES = ['SUBMITTED', 'EXCEPTION', 'RETURNED'];

type StatementLine = ReadRowOf<typeof statementLine>;

export interface Invoiceable {
  readonly line: StatementLine;
  readonly supplierId: number;
  readonly orgId: number;
  readonly currencyId: number;
  readonly accountNumber: string | null;
  /** Confirmed and not an adjustment (adjustments count in their line's price). */
  readonly open: boolean;
  readonly price: Decimal;
  /** Its quantity less what matched invoices took and what open invoices hold. */
  readonly remaining: Decimal;
}

/**
 * The statement lines of these ids with what an invoice may take of them, read as the caller (a
 * supplier reads only its own confirmed statements).
 */
export async function invoiceable(
  ctx: DataApi,
  ids: readonly number[],
  exceptInvoiceId: number | null = null,
): Promise<Map<number, Invoiceable>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  // Submitted, held and returned invoices hold their quantities until matched or cancelled: a
  // second invoice cannot take what a held one claims (a draft holds nothing).
  const others = (await ctx.list(invoiceLine, { accountLineId: unique })).filter(
    (line) => line.invoiceId !== exceptInvoiceId,
  );
  const holding = new Set(
    others.length
      ? (
          await ctx.list(invoice, {
            invoiceId: [...new Set(others.map((line) => line.invoiceId))],
            status: HOLDING_STATES,
          })
        ).map((row) => row.invoiceId)
      : [],
  );
  const held = new Map<number, Decimal>();
  for (const line of others)
    if (holding.has(line.invoiceId))
      held.set(line.accountLineId, (held.get(line.accountLineId) ?? dec(0)).add(dec(line.quantity)));
  const lines = await ctx.list(statementLine, { accountLineId: unique });
  const headers = new Map(
    (
      await ctx.list(statement, { accountHeaderId: [...new Set(lines.map((line) => line.accountHeaderId))] })
    ).map((row) => [row.accountHeaderId, row]),
  );
  const adjustments = await ctx.list(statementLine, {
    adjustsLineId: unique,
    lineConfirmStatus: 'CONFIRMED',
  });
  const out = new Map<number, Invoiceable>();
  for (const line of lines) {
    const header = headers.get(line.accountHeaderId);
    if (!header) continue;
    const price = adjustments
      .filter((adjustment) => adjustment.adjustsLineId === line.accountLineId)
      .reduce((total, adjustment) => total.add(dec(adjustment.unitPriceExclTax)), dec(line.unitPriceExclTax));
    out.set(line.accountLineId, {
      line,
      supplierId: header.supplierId,
      orgId: header.orgId,
      currencyId: header.currencyId,
      accountNumber: header.accountNumber,
      open:
        header.status === 'CONFIRMED' &&
        line.lineConfirmStatus === 'CONFIRMED' &&
        line.transactionType !== 'ADJUSTMENT',
      price,
      remaining: dec(line.quantity)
        .sub(dec(line.invoicedQuantity))
        .sub(held.get(line.accountLineId) ?? 0),
    });
  }
  return out;
}

/** What the supplier's printed invoice says before its lines. */
export interface Printed {
  readonly invoiceType: string;
  readonly invoiceCode?: string | null;
  readonly invoiceNumber: string;
  readonly invoiceDate: string;
}

/**
 * A draft invoice of a confirmed statement, saved as the caller (its supplier): a line for every
 * statement line still to invoice, at the quantity remaining, the agreed price and the tax rate,
 * and the totals of those lines.
 */
export async function draftFromStatement(
  ctx: DataApi,
  accountHeaderId: number,
  printed: Printed,
): Promise<FoundRowOf<typeof invoice>> {
  const [found] = await ctx.list(statement, { accountHeaderId });
  if (!found) throw new AppError(404, 'entity.notFound');
  if (found.status !== 'CONFIRMED') throw new AppError(422, 'settlement.invoice.statementNotConfirmed');
  const lines = await ctx.list(
    statementLine,
    { accountHeaderId },
    { orderBy: [{ field: 'lineNum', order: 'asc' }] },
  );
  const open = [
    ...(
      await invoiceable(
        ctx,
        lines.map((line) => line.accountLineId),
      )
    ).values(),
  ].filter((item) => item.open && !item.remaining.isZero());
  if (!open.length) throw new AppError(422, 'settlement.invoice.nothingToInvoice');
  const places = await precisionOf(ctx, found.currencyId);
  const drafted = open.map((item, index) => {
    const amounts = lineAmounts(item.remaining, item.price, item.line.taxRate ?? 0, places);
    return {
      lineNum: index + 1,
      accountLineId: item.line.accountLineId,
      quantity: item.remaining.toNumber(),
      unitPriceExclTax: item.price.toNumber(),
      taxRate: item.line.taxRate ?? 0,
      amountExclTax: amounts.excl.toNumber(),
      taxAmount: amounts.tax.toNumber(),
    };
  });
  return ctx.save(invoice, {
    ...printed,
    invoiceCode: printed.invoiceCode ?? null,
    supplierId: found.supplierId,
    orgId: found.orgId,
    currencyId: found.currencyId,
    amountExclTax: sum(drafted, (line) => line.amountExclTax).toNumber(),
    taxAmount: sum(drafted, (line) => line.taxAmount).toNumber(),
    lines: drafted,
  });
}
