// Server-side helpers of delivery: the quantity still open on order lines (ordered − shipped on
// delivery notes that are not cancelled; a closed note counts only what was received), read
// under row locks so two notes racing for the last open quantity cannot both take it.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
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
    throw new AppError(400, 'delivery.input.id', { name });
  return id;
}

export function col(context: HookContext, entity: string, field: string): AnyPgColumn {
  return context.runtime.table(entity)[field] as AnyPgColumn;
}

/** Order states in which a supplier ships against the order's lines. */
export const SHIPPABLE_ORDER_STATES = ['RELEASED', 'CONFIRMED'];

export interface OrderLineFacts {
  readonly poLineId: number;
  readonly poHeaderId: number;
  readonly poNumber: string;
  readonly orderStatus: string;
  readonly supplierId: number;
  readonly orgId: number;
  readonly lineNum: number;
  readonly itemId: number;
  readonly itemName: string | null;
  readonly specification: string | null;
  readonly uomId: number | null;
  readonly quantity: Decimal;
  readonly receivedQuantity: Decimal;
  readonly closed: boolean;
}

/** The order lines with their order's state, locked (FOR UPDATE) in id order when asked. */
export async function orderLineFacts(
  context: HookContext,
  ids: readonly number[],
  lock: boolean,
): Promise<Map<number, OrderLineFacts>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return new Map();
  const line = context.runtime.table('srmPoLine');
  const header = context.runtime.table('srmPoHeader');
  const l = (field: string) => line[field] as AnyPgColumn;
  const h = (field: string) => header[field] as AnyPgColumn;
  const query = context.tx
    .select({
      poLineId: l('poLineId'),
      poHeaderId: l('poHeaderId'),
      poNumber: h('poNumber'),
      orderStatus: h('status'),
      supplierId: h('supplierId'),
      orgId: h('orgId'),
      lineNum: l('lineNum'),
      itemId: l('itemId'),
      itemName: l('itemName'),
      specification: l('specification'),
      uomId: l('uomId'),
      quantity: l('quantity'),
      receivedQuantity: l('receivedQuantity'),
      closedFlag: l('closedFlag'),
    })
    .from(line)
    .innerJoin(header, eq(h('poHeaderId'), l('poHeaderId')))
    .where(inArray(l('poLineId'), unique))
    .orderBy(l('poLineId'));
  const rows = lock ? await query.for('update', { of: line }) : await query;
  return new Map(
    rows.map((row) => [
      Number(row.poLineId),
      {
        poLineId: Number(row.poLineId),
        poHeaderId: Number(row.poHeaderId),
        poNumber: String(row.poNumber),
        orderStatus: String(row.orderStatus),
        supplierId: Number(row.supplierId),
        orgId: Number(row.orgId),
        lineNum: Number(row.lineNum),
        itemId: Number(row.itemId),
        itemName: (row.itemName as string | null) ?? null,
        specification: (row.specification as string | null) ?? null,
        uomId: row.uomId === null ? null : Number(row.uomId),
        quantity: dec(row.quantity as string),
        receivedQuantity: dec((row.receivedQuantity as string | null) ?? 0),
        closed: row.closedFlag === 'Y',
      },
    ]),
  );
}

/**
 * Quantity per order line already on delivery notes other than `exceptHeaderId`: shipped on
 * notes that are not cancelled; on a closed note only what was received.
 */
export async function shippedOn(
  context: HookContext,
  poLineIds: readonly number[],
  exceptHeaderId: number | null,
): Promise<Map<number, Decimal>> {
  const out = new Map<number, Decimal>();
  if (!poLineIds.length) return out;
  const line = context.runtime.table('srmPurAsnLine');
  const header = context.runtime.table('srmPurAsnHeader');
  const l = (field: string) => line[field] as AnyPgColumn;
  const h = (field: string) => header[field] as AnyPgColumn;
  const rows = await context.tx
    .select({
      poLineId: l('poLineId'),
      shipped: sql<string>`coalesce(sum(case when ${h('status')} = 'CLOSED' then ${l(
        'receivedQuantity',
      )} else ${l('shipQuantity')} end), 0)`,
    })
    .from(line)
    .innerJoin(header, eq(h('asnHeaderId'), l('asnHeaderId')))
    .where(
      and(
        inArray(l('poLineId'), [...new Set(poLineIds)]),
        ne(h('status'), 'CANCELLED'),
        exceptHeaderId === null ? undefined : ne(h('asnHeaderId'), exceptHeaderId),
      ),
    )
    .groupBy(l('poLineId'));
  for (const row of rows) out.set(Number(row.poLineId), dec(row.shipped));
  return out;
}

/**
 * Checks delivery note lines against their order lines (under row locks) and copies the
 * material onto them: the supplier's own released or confirmed order, an open line, one
 * organisation, and never more than remains open. Returns the organisation.
 */
export async function checkAsnLines(
  context: HookContext,
  supplierId: number,
  headerId: number | null,
  lines: Row[],
): Promise<number | null> {
  const ids = lines.map((row) => row.poLineId).filter((id): id is number => typeof id === 'number');
  const facts = await orderLineFacts(context, ids, true);
  const orgs = new Set<number>();
  const wanted = new Map<number, Decimal>();
  for (const row of lines) {
    const fact = facts.get(row.poLineId as number);
    // Another supplier's order line does not exist for this note.
    if (!fact || fact.supplierId !== supplierId)
      throw new AppError(404, 'delivery.asn.orderLineNotFound', { line: Number(row.lineNum ?? 0) });
    if (!SHIPPABLE_ORDER_STATES.includes(fact.orderStatus))
      throw new AppError(422, 'delivery.asn.orderNotOpen', { number: fact.poNumber });
    if (fact.closed)
      throw new AppError(422, 'delivery.asn.lineClosed', { number: fact.poNumber, line: fact.lineNum });
    orgs.add(fact.orgId);
    row.poHeaderId = fact.poHeaderId;
    row.itemId = fact.itemId;
    row.itemName = fact.itemName;
    row.specification = fact.specification;
    row.uomId = fact.uomId;
    wanted.set(fact.poLineId, (wanted.get(fact.poLineId) ?? dec(0)).add(dec(row.shipQuantity as number)));
  }
  if (orgs.size > 1) throw new AppError(422, 'delivery.asn.oneOrg');
  const shipped = await shippedOn(context, [...wanted.keys()], headerId);
  for (const [id, quantity] of wanted) {
    const fact = facts.get(id)!;
    const open = fact.quantity.sub(shipped.get(id) ?? dec(0));
    if (quantity.gt(open))
      throw new AppError(422, 'delivery.asn.overShipped', {
        number: fact.poNumber,
        line: fact.lineNum,
        open: open.isNegative() ? '0' : open.toString(),
        wanted: quantity.toString(),
      });
  }
  return orgs.size ? [...orgs][0]! : null;
}
