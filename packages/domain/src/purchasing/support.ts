// Server-side helpers of purchasing: material details copied onto lines, the body of an endpoint,
// and the quantity that orders consume from requisition lines (never more than remains, safe
// under concurrency: one conditional UPDATE per line, which PostgreSQL serialises by row lock).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Decimal, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row } from '@srm/platform';

export type Body = Readonly<Record<string, unknown>>;

export function bodyOf(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, 'validation.object');
  return body as Body;
}

/** A positive whole id in the body, or a 400 naming the parameter. */
export function idIn(body: Body, name: string): number {
  const value = body[name];
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    throw new AppError(400, 'purchasing.input.id', { name });
  return id;
}

/** A list of positive ids in the body (`poLineIds: [..]`), or a 400. */
export function idsIn(body: Body, name: string): number[] {
  const value = body[name];
  if (!Array.isArray(value) || !value.length || value.length > 1000)
    throw new AppError(400, 'purchasing.input.ids', { name });
  return value.map((_, index) => idIn({ [name]: value[index] }, name));
}

export function col(context: HookContext, entity: string, field: string): AnyPgColumn {
  return context.runtime.table(entity)[field] as AnyPgColumn;
}

/** Copies name, specification, category and unit of each line's material onto the line. */
export async function fillItemDetails(context: HookContext, lines: Row[]): Promise<void> {
  const ids = [
    ...new Set(lines.map((line) => line.itemId).filter((id): id is number => typeof id === 'number')),
  ];
  if (!ids.length) return;
  const table = context.runtime.table('srmBaseItem');
  const rows = await context.tx
    .select({
      itemId: table.itemId as AnyPgColumn,
      itemName: table.itemName as AnyPgColumn,
      specification: table.specification as AnyPgColumn,
      categoryId: table.categoryId as AnyPgColumn,
      uomId: table.uomId as AnyPgColumn,
    })
    .from(table)
    .where(inArray(table.itemId as AnyPgColumn, ids));
  const byId = new Map(rows.map((row) => [Number(row.itemId), row]));
  for (const line of lines) {
    const item = byId.get(line.itemId as number);
    if (!item) continue;
    line.itemName = item.itemName;
    line.specification = item.specification;
    line.categoryId = item.categoryId === null ? null : Number(item.categoryId);
    line.uomId = item.uomId === null ? null : Number(item.uomId);
  }
}

const LINE = 'srmPurRequisitionLine';
const HEADER = 'srmPurRequisitionHeader';

/**
 * Moves ordered quantity on requisition lines by the given deltas (positive: an order takes it,
 * negative: an order gives it back). A positive delta succeeds only on a pooled line of an
 * approved requisition with at least that much left; otherwise nothing is written and the
 * caller's transaction fails with a message naming the line and what remains.
 */
export async function consumeRequisitionLines(
  context: HookContext,
  deltas: ReadonlyMap<number, Decimal>,
): Promise<void> {
  const table = context.runtime.table(LINE);
  const header = context.runtime.table(HEADER);
  const c = (field: string) => table[field] as AnyPgColumn;
  for (const id of [...deltas.keys()].sort((a, b) => a - b)) {
    const delta = deltas.get(id)!;
    if (delta.isZero()) continue;
    const amount = delta.toString();
    const ordered = sql`(${c('orderedQuantity')} + ${amount}::numeric)`;
    const guard = delta.isPositive()
      ? and(
          sql`${c('quantity')} - ${c('orderedQuantity')} >= ${amount}::numeric`,
          eq(c('demandStatus'), 'POOLED'),
          sql`exists (select 1 from ${header} where ${header.requisitionHeaderId as AnyPgColumn} = ${c(
            'requisitionHeaderId',
          )} and ${header.status as AnyPgColumn} = 'APPROVED')`,
        )
      : sql`${ordered} >= 0`;
    const updated = await context.tx
      .update(table)
      .set({
        orderedQuantity: ordered,
        remainingQuantity: sql`${c('quantity')} - ${ordered}`,
        demandStatus: sql`case when ${c('demandStatus')} in ('CLOSED', 'CANCELLED') then ${c(
          'demandStatus',
        )} when ${c('quantity')} - ${ordered} <= 0 then 'ORDERED' else 'POOLED' end`,
        versionNum: sql`${c('versionNum')} + 1`,
        lastUpdateDate: context.now,
        lastUpdatedBy: context.actor.userId,
      })
      .where(and(eq(c('requisitionLineId'), id), guard))
      .returning({ id: c('requisitionLineId') });
    if (updated.length) continue;
    const [line] = await context.tx
      .select({
        lineNum: c('lineNum'),
        remaining: sql<string>`${c('quantity')} - ${c('orderedQuantity')}`,
        demandStatus: c('demandStatus'),
        number: header.requisitionNumber as AnyPgColumn,
        status: header.status as AnyPgColumn,
      })
      .from(table)
      .innerJoin(header, eq(header.requisitionHeaderId as AnyPgColumn, c('requisitionHeaderId')))
      .where(eq(c('requisitionLineId'), id));
    if (!line) throw new AppError(404, 'entity.notFound');
    if (line.status !== 'APPROVED' || line.demandStatus !== 'POOLED')
      throw new AppError(422, 'purchasing.requisition.notPooled', {
        number: String(line.number),
        line: Number(line.lineNum),
      });
    throw new AppError(422, 'purchasing.requisition.overConsumed', {
      number: String(line.number),
      line: Number(line.lineNum),
      remaining: dec(line.remaining).toString(),
      wanted: amount,
    });
  }
}

/** Quantity per requisition line taken by these order lines. */
export function takenByLines(lines: readonly Row[]): Map<number, Decimal> {
  const taken = new Map<number, Decimal>();
  for (const line of lines) {
    const id = line.requisitionLineId;
    if (typeof id !== 'number') continue;
    taken.set(id, (taken.get(id) ?? dec(0)).add(dec(line.quantity as number)));
  }
  return taken;
}

/** `after - before` per requisition line. */
export function deltaOf(
  before: ReadonlyMap<number, Decimal>,
  after: ReadonlyMap<number, Decimal>,
): Map<number, Decimal> {
  const out = new Map<number, Decimal>();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    out.set(id, (after.get(id) ?? dec(0)).sub(before.get(id) ?? dec(0)));
  }
  return out;
}
