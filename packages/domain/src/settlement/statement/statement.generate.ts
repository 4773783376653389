// Statement generation (生成对账单): per supplier of the organisation, currency and period, the
// posted receipt, return and reversal lines not yet on a statement and not excluded, priced at
// their order line. Each supplier account is generated under its lock (a second generation for it
// waits, then finds the lines taken); each line's settle key is unique, so no receipt line is ever
// on two statements, whatever runs at the same time.
import { and, asc, eq, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Decimal, type NewRowOf, dec, sum } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { order, orderLine } from '../../purchasing';
import { receive, receiveLine } from '../../receiving';
import { excludeBill } from '../exclude/exclude.entity';
import { excludeLine } from '../exclude/exclude-line.entity';
import { lineAmounts, lockAccount, precisionOf, today } from '../support';
import { statement } from './statement.entity';
import { statementLine } from './statement-line.entity';

export interface GenerateRequest {
  readonly supplierId: number | null;
  readonly orgId: number;
  readonly currencyId: number;
  readonly periodStartDate: string;
  readonly periodEndDate: string;
}

/** A receipt line as a statement settles it. */
export interface Settleable {
  readonly receiveLineId: number;
  readonly receiveHeaderId: number;
  readonly receiveNumber: string | null;
  readonly receiveType: string;
  readonly receiveDate: string;
  readonly supplierId: number;
  readonly poHeaderId: number | null;
  readonly poLineId: number | null;
  readonly itemId: number | null;
  readonly itemName: string | null;
  readonly uomId: number | null;
  /** Signed: received (accepted) positive; returned, or a reversed receipt, negative. */
  readonly quantity: Decimal;
  readonly unitPriceExclTax: string;
  readonly taxRate: string;
}

/** The key a statement line holds while it settles a receipt line. */
export const settleKeyOf = (receiveLineId: number) => `R${receiveLineId}`;

/** Which way a posted line moves what is owed, from its document's type (and, for a reversal, its original's). */
export function signedQuantity(
  receiveType: string,
  originalType: string | null,
  quantity: Decimal,
  rejected: Decimal,
): Decimal {
  if (receiveType === 'RECEIVE') return quantity.sub(rejected);
  if (receiveType === 'RETURN') return quantity.neg();
  return originalType === 'RETURN' ? quantity : quantity.neg();
}

export const LINE_TYPE_OF: Readonly<Record<string, 'RECEIPT' | 'RETURN' | 'REVERSAL'>> = {
  RECEIVE: 'RECEIPT',
  RETURN: 'RETURN',
  REVERSE: 'REVERSAL',
};

/**
 * The lines a statement of the request would settle now, in receipt order: posted (or posted and
 * since reversed), dated in the period, of the organisation's orders in the currency, on no
 * statement, on no exclusion active on `asOf`. Within the caller's organisation permits.
 */
export async function settleableLines(
  ctx: DataApi,
  request: GenerateRequest,
  asOf: string,
): Promise<Settleable[]> {
  const line = ctx.runtime.table(receiveLine.name);
  const header = ctx.runtime.table(receive.name);
  const original = alias(header, 'original') as unknown as typeof header;
  const poLine = ctx.runtime.table(orderLine.name);
  const poHeader = ctx.runtime.table(order.name);
  const settled = ctx.runtime.table(statementLine.name);
  const excluded = ctx.runtime.table(excludeLine.name);
  const exclusion = ctx.runtime.table(excludeBill.name);
  const rows = await ctx.tx
    .select({
      receiveLineId: line.receiveLineId,
      receiveHeaderId: header.receiveHeaderId,
      receiveNumber: header.receiveNumber,
      receiveType: header.receiveType,
      receiveDate: header.receiveDate,
      supplierId: header.supplierId,
      originalType: original.receiveType,
      poHeaderId: line.poHeaderId,
      poLineId: line.poLineId,
      itemId: line.itemId,
      itemName: line.itemName,
      uomId: line.uomId,
      quantity: line.quantity,
      rejectedQuantity: line.rejectedQuantity,
      unitPriceExclTax: poLine.unitPriceExclTax,
      taxRate: poLine.taxRate,
    })
    .from(line)
    .innerJoin(header, eq(header.receiveHeaderId, line.receiveHeaderId))
    .leftJoin(original, eq(original.receiveHeaderId, header.originalReceiveHeaderId))
    .innerJoin(poLine, eq(poLine.poLineId, line.poLineId))
    .innerJoin(poHeader, eq(poHeader.poHeaderId, poLine.poHeaderId))
    .where(
      and(
        inArray(header.status, ['POSTED', 'REVERSED']),
        eq(header.orgId, request.orgId),
        request.supplierId === null ? undefined : eq(header.supplierId, request.supplierId),
        eq(poHeader.currencyId, request.currencyId),
        gte(header.receiveDate, request.periodStartDate),
        lte(header.receiveDate, request.periodEndDate),
        notExists(
          ctx.tx
            .select({ one: sql`1` })
            .from(settled)
            .where(eq(settled.settleKey, sql`'R' || ${line.receiveLineId}`)),
        ),
        notExists(
          ctx.tx
            .select({ one: sql`1` })
            .from(excluded)
            .innerJoin(exclusion, eq(exclusion.excludeHeaderId, excluded.excludeHeaderId))
            .where(
              and(
                eq(excluded.receiveLineId, line.receiveLineId),
                eq(exclusion.status, 'ACTIVE'),
                or(isNull(exclusion.untilDate), gte(exclusion.untilDate, asOf)),
              ),
            ),
        ),
        ctx.scope(receive),
      ),
    )
    .orderBy(asc(header.supplierId), asc(header.receiveDate), asc(line.receiveLineId));
  return rows
    .map((row) => ({
      receiveLineId: Number(row.receiveLineId),
      receiveHeaderId: Number(row.receiveHeaderId),
      receiveNumber: row.receiveNumber as string | null,
      receiveType: String(row.receiveType),
      receiveDate: String(row.receiveDate),
      supplierId: Number(row.supplierId),
      poHeaderId: row.poHeaderId === null ? null : Number(row.poHeaderId),
      poLineId: row.poLineId === null ? null : Number(row.poLineId),
      itemId: row.itemId === null ? null : Number(row.itemId),
      itemName: row.itemName as string | null,
      uomId: row.uomId === null ? null : Number(row.uomId),
      quantity: signedQuantity(
        String(row.receiveType),
        (row.originalType as string | null) ?? null,
        dec(row.quantity as string),
        dec((row.rejectedQuantity as string | null) ?? 0),
      ),
      unitPriceExclTax: String(row.unitPriceExclTax ?? 0),
      taxRate: String(row.taxRate ?? 0),
    }))
    .filter((row) => !row.quantity.isZero());
}

/** At most this many lines on one statement line insert. */
const INSERT_CHUNK = 2000;

/** The header's count and totals from its lines that count (every line not taken off). */
export async function retotal(ctx: DataApi, accountHeaderId: number): Promise<void> {
  const lines = ctx.runtime.table(statementLine.name);
  const [totals] = await ctx.tx
    .select({
      count: sql<string>`count(*)`,
      excl: sql<string>`coalesce(sum(${lines.amountExclTax}), 0)`,
      tax: sql<string>`coalesce(sum(${lines.taxAmount}), 0)`,
      incl: sql<string>`coalesce(sum(${lines.amountInclTax}), 0)`,
    })
    .from(lines)
    .where(and(eq(lines.accountHeaderId, accountHeaderId), sql`${lines.lineConfirmStatus} <> 'REMOVED'`));
  await ctx.patch(statement, accountHeaderId, {
    lineCount: Number(totals?.count ?? 0),
    amountExclTax: dec(totals?.excl ?? 0).toNumber(),
    taxAmount: dec(totals?.tax ?? 0).toNumber(),
    amountInclTax: dec(totals?.incl ?? 0).toNumber(),
  });
}

/** One supplier's statement of the request, under the account's lock; null when nothing is left. */
async function generateOne(
  ctx: DataApi,
  request: GenerateRequest & { supplierId: number },
  places: number,
): Promise<number | null> {
  await lockAccount(ctx, 'generate', request);
  const lines = await settleableLines(ctx, request, today(ctx));
  if (!lines.length) return null;
  const [id] = await ctx.insert(statement, [
    {
      supplierId: request.supplierId,
      orgId: request.orgId,
      currencyId: request.currencyId,
      periodStartDate: request.periodStartDate,
      periodEndDate: request.periodEndDate,
    },
  ]);
  const rows: NewRowOf<typeof statementLine>[] = lines.map((line, index) => {
    const amounts = lineAmounts(line.quantity, line.unitPriceExclTax, line.taxRate, places);
    return {
      accountHeaderId: id!,
      lineNum: index + 1,
      transactionType: LINE_TYPE_OF[line.receiveType] ?? 'RECEIPT',
      transactionDate: line.receiveDate,
      receiveHeaderId: line.receiveHeaderId,
      receiveLineId: line.receiveLineId,
      settleKey: settleKeyOf(line.receiveLineId),
      poHeaderId: line.poHeaderId,
      poLineId: line.poLineId,
      itemId: line.itemId,
      itemName: line.itemName,
      uomId: line.uomId,
      quantity: line.quantity.toNumber(),
      unitPriceExclTax: dec(line.unitPriceExclTax).toNumber(),
      taxRate: dec(line.taxRate).toNumber(),
      unitPriceInclTax: amounts.priceIncl.toNumber(),
      amountExclTax: amounts.excl.toNumber(),
      taxAmount: amounts.tax.toNumber(),
      amountInclTax: amounts.incl.toNumber(),
      lineConfirmStatus: 'PENDING',
    };
  });
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await ctx.insert(statementLine, rows.slice(start, start + INSERT_CHUNK));
  await ctx.patch(statement, id!, {
    lineCount: rows.length,
    amountExclTax: sum(rows, (row) => row.amountExclTax ?? 0).toNumber(),
    taxAmount: sum(rows, (row) => row.taxAmount ?? 0).toNumber(),
    amountInclTax: sum(rows, (row) => row.amountInclTax ?? 0).toNumber(),
  });
  return id!;
}

/**
 * Generates the statements of the request: the one supplier's, or one for every supplier with
 * lines to settle. Answers the ids of the statements made (none when nothing was left).
 */
export async function generateStatements(ctx: DataApi, request: GenerateRequest): Promise<number[]> {
  const places = await precisionOf(ctx, request.currencyId);
  const suppliers =
    request.supplierId !== null
      ? [request.supplierId]
      : [...new Set((await settleableLines(ctx, request, today(ctx))).map((line) => line.supplierId))];
  const made: number[] = [];
  for (const supplierId of suppliers) {
    const id = await generateOne(ctx, { ...request, supplierId }, places);
    if (id !== null) made.push(id);
  }
  return made;
}
