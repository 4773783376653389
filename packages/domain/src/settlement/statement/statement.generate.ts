// Statement generation (生成对账单): per supplier of the organisation, currency and period, the
// posted receipt, return and reversal lines not yet on a statement and not excluded, priced at
// their order line. Each supplier account is generated under its lock (a second generation for it
// waits, then finds the lines taken); each line's settle key is unique, so no receipt line is ever
// on two statements, whatever runs at the same time. The lines are written by one set-based
// statement (100,000 receipt lines are one insert, not 100,000 engine saves), their amounts computed
// in the database at the currency's precision with the same half-up rounding as decimal.js, and
// their creation entries in the audit log the same way.
import {
  type SQL,
  and,
  asc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lte,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Decimal, dec } from '@srm/kernel';
import { type DataApi, auditLog } from '@srm/platform';
import { order, orderLine } from '../../purchasing';
import { receive, receiveLine } from '../../receiving';
import { excludeBill } from '../exclude/exclude.entity';
import { excludeLine } from '../exclude/exclude-line.entity';
import { creationEntries, lockAccount, nextKey, precisionOf, today } from '../support';
import { statement } from './statement.entity';
import { statementLine } from './statement-line.entity';

export interface GenerateRequest {
  readonly supplierId: number | null;
  readonly orgId: number;
  readonly currencyId: number;
  readonly periodStartDate: string;
  readonly periodEndDate: string;
  /** Only the receipts of these orders (按订单开票). */
  readonly poHeaderIds?: readonly number[];
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

/**
 * The settleable lines of a request as a query: posted (or posted and since reversed) receipt
 * lines dated in the period, of the organisation's orders in the currency, on no statement, on no
 * exclusion active on `asOf`, within the caller's organisation permits — with the expressions a
 * statement line takes from them (`signedQuantity` in SQL).
 */
function settleable(ctx: DataApi, request: GenerateRequest, asOf: string) {
  const line = ctx.runtime.table(receiveLine.name);
  const header = ctx.runtime.table(receive.name);
  const original = alias(header, 'original') as unknown as typeof header;
  const poLine = ctx.runtime.table(orderLine.name);
  const poHeader = ctx.runtime.table(order.name);
  const settled = ctx.runtime.table(statementLine.name);
  const excluded = ctx.runtime.table(excludeLine.name);
  const exclusion = ctx.runtime.table(excludeBill.name);
  const quantity: SQL = sql`(case
      when ${header.receiveType} = 'RECEIVE' then ${line.quantity} - coalesce(${line.rejectedQuantity}, 0)
      when ${header.receiveType} = 'RETURN' then -${line.quantity}
      when ${original.receiveType} = 'RETURN' then ${line.quantity}
      else -${line.quantity} end)`;
  // The order's currency is read per line, not joined: receipts loaded in bulk moments before have
  // no statistics yet, and a join let the planner take each receipt header with each order of the
  // currency and scan every line of their order lines for it (11 s for 100,000 lines, not 0.1 s).
  const currencyOfOrder = ctx.tx
    .select({ currencyId: poHeader.currencyId })
    .from(poHeader)
    .where(eq(poHeader.poHeaderId, line.poHeaderId));
  const where = and(
    inArray(header.status, ['POSTED', 'REVERSED']),
    eq(header.orgId, request.orgId),
    request.supplierId === null ? undefined : eq(header.supplierId, request.supplierId),
    request.poHeaderIds ? inArray(line.poHeaderId, [...request.poHeaderIds]) : undefined,
    gte(header.receiveDate, request.periodStartDate),
    lte(header.receiveDate, request.periodEndDate),
    sql`${currencyOfOrder} = ${request.currencyId}`,
    sql`${quantity} <> 0`,
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
  );
  const from = (fields: Record<string, SQL | AnyPgColumn>) =>
    ctx.tx
      .select(fields)
      .from(line)
      .innerJoin(header, eq(header.receiveHeaderId, line.receiveHeaderId))
      .leftJoin(original, eq(original.receiveHeaderId, header.originalReceiveHeaderId))
      .innerJoin(poLine, eq(poLine.poLineId, line.poLineId))
      .where(where);
  return { line, header, poLine, quantity, from };
}

/** The suppliers with something to settle in the request. */
async function suppliersToSettle(ctx: DataApi, request: GenerateRequest, asOf: string): Promise<number[]> {
  const query = settleable(ctx, request, asOf);
  const rows = await query
    .from({ supplierId: query.header.supplierId })
    .groupBy(query.header.supplierId)
    .orderBy(asc(query.header.supplierId));
  return rows.map((row) => Number(row.supplierId));
}

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

/** The fields a generated line's creation entry names (the engine's diff of a new row, abridged). */
const AUDITED = [
  'lineNum',
  'transactionType',
  'receiveLineId',
  'settleKey',
  'quantity',
  'unitPriceExclTax',
  'taxRate',
  'amountExclTax',
  'taxAmount',
  'amountInclTax',
] as const;

/**
 * The creation entry of every line of a generated statement, written set-based like the lines:
 * each row's history starts with its creation, as for rows the engine writes one by one.
 */
async function auditCreated(ctx: DataApi, accountHeaderId: number): Promise<void> {
  const lines = ctx.runtime.table(statementLine.name);
  await ctx.tx.insert(auditLog).select(
    ctx.tx
      .select(creationEntries(ctx, statementLine, lines, AUDITED))
      .from(lines)
      .where(eq(lines.accountHeaderId, accountHeaderId)),
  );
}

/** One supplier's statement of the request, under the account's lock; null when nothing is left. */
async function generateOne(
  ctx: DataApi,
  request: GenerateRequest & { supplierId: number },
  places: number,
): Promise<number | null> {
  await lockAccount(ctx, 'generate', request);
  const asOf = today(ctx);
  const query = settleable(ctx, request, asOf);
  const [any] = await query.from({ one: sql`1` }).limit(1);
  if (!any) return null;
  const [id] = await ctx.insert(statement, [
    {
      supplierId: request.supplierId,
      orgId: request.orgId,
      currencyId: request.currencyId,
      periodStartDate: request.periodStartDate,
      periodEndDate: request.periodEndDate,
    },
  ]);
  const [made] = await ctx.list(statement, { accountHeaderId: id! });
  const { line, header, poLine, quantity } = query;
  const lineNum = sql`row_number() over (order by ${header.receiveDate}, ${line.receiveLineId})`;
  const price = sql`coalesce(${poLine.unitPriceExclTax}, 0)`;
  const rate = sql`coalesce(${poLine.taxRate}, 0)`;
  const excl = sql`round(${quantity} * ${price}, ${places}::int)`;
  const tax = sql`round(${excl} * ${rate} / 100, ${places}::int)`;
  const now = sql`${ctx.now.toISOString()}::timestamptz`;
  const user = sql`${ctx.actor.userId}::bigint`;
  const given: Record<string, SQL | AnyPgColumn> = {
    accountHeaderId: sql`${id!}::bigint`,
    lineNum,
    lineRef: sql`${made?.accountNumber ?? ''}::text || '-' || ${lineNum}`,
    transactionType: sql`case ${header.receiveType} when 'RECEIVE' then 'RECEIPT' when 'RETURN' then 'RETURN' else 'REVERSAL' end`,
    transactionDate: header.receiveDate,
    receiveHeaderId: header.receiveHeaderId,
    receiveLineId: line.receiveLineId,
    settleKey: sql`'R' || ${line.receiveLineId}`,
    poHeaderId: line.poHeaderId,
    poLineId: line.poLineId,
    itemId: line.itemId,
    itemName: line.itemName,
    uomId: line.uomId,
    quantity,
    unitPriceExclTax: price,
    taxRate: rate,
    unitPriceInclTax: sql`round(${price} * (1 + ${rate} / 100), 6)`,
    amountExclTax: excl,
    taxAmount: tax,
    amountInclTax: sql`${excl} + ${tax}`,
    invoicedQuantity: sql`0`,
    invoicedAmount: sql`0`,
    lineConfirmStatus: sql`'PENDING'`,
    versionNum: sql`1`,
    createdBy: user,
    creationDate: now,
    lastUpdatedBy: user,
    lastUpdateDate: now,
  };
  // An insert from a select names every column in the table's order: the key from its sequence,
  // what the line does not take empty.
  const table = ctx.runtime.table(statementLine.name);
  const fields = Object.fromEntries(
    Object.keys(getTableColumns(table)).map((name) => [
      name,
      given[name] ?? (name === statementLine.key ? nextKey(table, table[name]) : sql`null`),
    ]),
  );
  await ctx.tx.insert(table).select(query.from(fields));
  await auditCreated(ctx, id!);
  await retotal(ctx, id!);
  return id!;
}

/**
 * Generates the statements of the request: the one supplier's, or one for every supplier with
 * lines to settle. Answers the ids of the statements made (none when nothing was left).
 */
export async function generateStatements(ctx: DataApi, request: GenerateRequest): Promise<number[]> {
  const places = await precisionOf(ctx, request.currencyId);
  const suppliers =
    request.supplierId !== null ? [request.supplierId] : await suppliersToSettle(ctx, request, today(ctx));
  const made: number[] = [];
  for (const supplierId of suppliers) {
    const id = await generateOne(ctx, { ...request, supplierId }, places);
    if (id !== null) made.push(id);
  }
  return made;
}
