// Server-side helpers shared by delivery's objects: the quantity still open on order lines and on
// confirmed delivery-notice lines (ordered or confirmed − shipped on delivery notes that are not
// cancelled; a closed note counts only what it received), read under row locks where a note is
// checked, so two notes racing for the last open quantity cannot both take it; and what the
// supplier may still ship, for the screens that pick lines.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type AnyEntity, type Decimal, type RowOf, date, dec, fieldsOf } from '@srm/kernel';
import { AppError, type DataApi } from '@srm/platform';
import { order, orderLine } from '../purchasing';
import { asn } from './asn/asn.entity';
import { asnLine } from './asn/asn-line.entity';
import { deliveryNotice } from './delivery-notice/delivery-notice.entity';
import { deliveryNoticeLine } from './delivery-notice/delivery-notice-line.entity';

/** Order states in which a supplier ships against the order's lines. */
export const SHIPPABLE_ORDER_STATES: readonly string[] = ['RELEASED', 'CONFIRMED'];

/** At most this many lines in one note, one staging call or one list of open lines. */
export const MAX_LINES = 2000;

/** The supplier the caller works for (the endpoints that use it are declared for suppliers only). */
export function supplierOf(ctx: DataApi): number {
  const supplierId = ctx.actor.supplierId;
  if (ctx.actor.side !== 'supplier' || typeof supplierId !== 'number')
    throw new AppError(403, 'delivery.asn.supplierOnly');
  return supplierId;
}

/** Today in the database's time, as a date field holds it. */
export const today = (ctx: DataApi) => ctx.now.toISOString().slice(0, 10);

/** What a supplier may give of a note's header when it creates one in a call (ship date: today when absent). */
export const noteHeaderInput = {
  ...fieldsOf(asn, [
    'expectedArrivalDate',
    'shipToAddress',
    'carrierName',
    'trackingNumber',
    'contactName',
    'contactPhone',
    'remark',
  ]),
  shipDate: date(),
};

// ------------------------------------------------------------------ order lines

/**
 * Locks the rows of these ids the caller may read, for the rest of the unit of work (in id order);
 * those it may not read are left out, for the caller to name in its refusal.
 */
async function lockVisible<E extends AnyEntity>(
  ctx: DataApi,
  entity: E,
  ids: readonly number[],
  visible: () => Promise<RowOf<E>[]>,
  keyOf: (row: RowOf<E>) => number,
): Promise<RowOf<E>[]> {
  try {
    return await ctx.lock(entity, ids);
  } catch (error) {
    if (!(error instanceof AppError) || error.httpStatus !== 404) throw error;
  }
  const readable = (await visible()).map(keyOf);
  return readable.length ? ctx.lock(entity, readable) : [];
}

export interface OrderLineFacts {
  readonly line: RowOf<typeof orderLine>;
  readonly order: RowOf<typeof order>;
}

/**
 * The order lines among `ids` the caller may read, with their orders; locked for the unit of
 * work (in id order) when asked. Lines the caller cannot read are absent: another supplier's
 * line, or an order not released to the supplier, does not exist for it.
 */
export async function orderLineFacts(
  ctx: DataApi,
  ids: readonly number[],
  lock: boolean,
): Promise<Map<number, OrderLineFacts>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const lines = lock
    ? await lockVisible(
        ctx,
        orderLine,
        unique,
        () => ctx.list(orderLine, { poLineId: unique }),
        (line) => line.poLineId,
      )
    : await ctx.list(orderLine, { poLineId: unique });
  const headers = new Map(
    (await ctx.list(order, { poHeaderId: [...new Set(lines.map((line) => line.poHeaderId))] })).map(
      (header) => [header.poHeaderId, header],
    ),
  );
  const out = new Map<number, OrderLineFacts>();
  for (const line of lines) {
    const header = headers.get(line.poHeaderId);
    if (header) out.set(line.poLineId, { line, order: header });
  }
  return out;
}

const shippableLine = (facts: OrderLineFacts) =>
  SHIPPABLE_ORDER_STATES.includes(facts.order.status) && facts.line.closedFlag !== 'Y';

/**
 * Quantity per order line already on delivery notes other than `exceptHeaderId`: shipped on
 * notes that are not cancelled; on a closed note only what was received. An aggregate over the
 * notes the caller may read (all notes of an order line belong to its supplier and organisation).
 */
export async function shippedOn(
  ctx: DataApi,
  poLineIds: readonly number[],
  exceptHeaderId: number | null,
): Promise<Map<number, Decimal>> {
  const out = new Map<number, Decimal>();
  if (!poLineIds.length) return out;
  const line = ctx.runtime.table(asnLine.name);
  const header = ctx.runtime.table(asn.name);
  const rows = await ctx.tx
    .select({
      poLineId: line.poLineId,
      shipped: sql<string>`coalesce(sum(case when ${header.status} = 'CLOSED' then ${line.receivedQuantity} else ${line.shipQuantity} end), 0)`,
    })
    .from(line)
    .innerJoin(header, eq(header.asnHeaderId, line.asnHeaderId))
    .where(
      and(
        inArray(line.poLineId, [...new Set(poLineIds)]),
        ne(header.status, 'CANCELLED'),
        exceptHeaderId === null ? undefined : ne(header.asnHeaderId, exceptHeaderId),
        ctx.scope(asn),
      ),
    )
    .groupBy(line.poLineId);
  for (const row of rows) out.set(Number(row.poLineId), dec(row.shipped));
  return out;
}

/** What a delivery note line names and ships; the server copies the order line's material onto it. */
export interface ShippedLine {
  lineNum: number;
  poLineId: number;
  shipQuantity: number;
  deliveryNoticeLineId?: number | null;
  poHeaderId?: number | null;
  itemId?: number | null;
  itemName?: string | null;
  specification?: string | null;
  uomId?: number | null;
}

/**
 * Checks delivery note lines against their order lines (locked) and copies the material onto
 * them: the supplier's own released or confirmed order, an open line, one organisation, and never
 * more than remains open. Answers the organisation.
 */
export async function checkAsnLines(
  ctx: DataApi,
  supplierId: number,
  headerId: number | null,
  lines: readonly ShippedLine[],
): Promise<number | null> {
  const facts = await orderLineFacts(
    ctx,
    lines.map((row) => row.poLineId),
    true,
  );
  const orgs = new Set<number>();
  const wanted = new Map<number, Decimal>();
  for (const row of lines) {
    const fact = facts.get(row.poLineId);
    // Another supplier's order line does not exist for this note.
    if (!fact || fact.order.supplierId !== supplierId)
      throw new AppError(404, 'delivery.asn.orderLineNotFound', { line: row.lineNum });
    const number = fact.order.poNumber ?? '';
    if (!SHIPPABLE_ORDER_STATES.includes(fact.order.status))
      throw new AppError(422, 'delivery.asn.orderNotOpen', { number });
    if (fact.line.closedFlag === 'Y')
      throw new AppError(422, 'delivery.asn.lineClosed', { number, line: fact.line.lineNum });
    orgs.add(fact.order.orgId);
    row.poHeaderId = fact.line.poHeaderId;
    row.itemId = fact.line.itemId;
    row.itemName = fact.line.itemName;
    row.specification = fact.line.specification;
    row.uomId = fact.line.uomId;
    wanted.set(row.poLineId, (wanted.get(row.poLineId) ?? dec(0)).add(dec(row.shipQuantity)));
  }
  if (orgs.size > 1) throw new AppError(422, 'delivery.asn.oneOrg');
  const shipped = await shippedOn(ctx, [...wanted.keys()], headerId);
  for (const [id, quantity] of wanted) {
    const fact = facts.get(id)!;
    const open = dec(fact.line.quantity).sub(shipped.get(id) ?? dec(0));
    if (quantity.gt(open))
      throw new AppError(422, 'delivery.asn.overShipped', {
        number: fact.order.poNumber ?? '',
        line: fact.line.lineNum,
        open: open.isNegative() ? '0' : open.toString(),
        wanted: quantity.toString(),
      });
  }
  return orgs.size ? [...orgs][0]! : null;
}

/** The supplier's order lines that still have quantity to ship, with what remains (at most MAX_LINES). */
export async function openOrderLines(ctx: DataApi, supplierId: number, poHeaderId: number | null) {
  const headers = new Map(
    (
      await ctx.list(order, {
        supplierId,
        status: [...SHIPPABLE_ORDER_STATES],
        ...(poHeaderId === null ? {} : { poHeaderId }),
      })
    ).map((header) => [header.poHeaderId, header]),
  );
  if (!headers.size) return [];
  const lines = (
    await ctx.list(
      orderLine,
      { poHeaderId: [...headers.keys()] },
      {
        orderBy: [
          { field: 'poHeaderId', order: 'asc' },
          { field: 'lineNum', order: 'asc' },
        ],
        limit: MAX_LINES,
      },
    )
  ).filter((line) => line.closedFlag !== 'Y');
  const shipped = await shippedOn(
    ctx,
    lines.map((line) => line.poLineId),
    null,
  );
  return lines
    .map((line) => {
      const header = headers.get(line.poHeaderId)!;
      const done = shipped.get(line.poLineId) ?? dec(0);
      return {
        poLineId: line.poLineId,
        poHeaderId: line.poHeaderId,
        poNumber: header.poNumber ?? '',
        orgId: header.orgId,
        shipToAddress: header.shipToAddress,
        lineNum: line.lineNum,
        itemId: line.itemId,
        itemCode: String(line.itemCode ?? ''),
        itemName: line.itemName,
        quantity: line.quantity,
        shippedQuantity: done.toNumber(),
        openQuantity: dec(line.quantity).sub(done).toNumber(),
        receivedQuantity: line.receivedQuantity ?? 0,
        needByDate: line.needByDate,
        promisedDate: line.promisedDate,
      };
    })
    .filter((line) => line.openQuantity > 0);
}

// ------------------------------------------------------------------ delivery notice lines

export interface NoticeLineFacts {
  readonly line: RowOf<typeof deliveryNoticeLine>;
  readonly notice: RowOf<typeof deliveryNotice>;
}

/** What the supplier confirmed on a notice line (the quantity asked when it confirmed none). */
export const confirmedOf = (line: RowOf<typeof deliveryNoticeLine>): Decimal =>
  dec(line.confirmedQuantity ?? line.quantity);

/** The notice lines among `ids` the caller may read, with their notices; locked when asked. */
export async function noticeLineFacts(
  ctx: DataApi,
  ids: readonly number[],
  lock: boolean,
): Promise<Map<number, NoticeLineFacts>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const lines = lock
    ? await lockVisible(
        ctx,
        deliveryNoticeLine,
        unique,
        () => ctx.list(deliveryNoticeLine, { noticeLineId: unique }),
        (line) => line.noticeLineId,
      )
    : await ctx.list(deliveryNoticeLine, { noticeLineId: unique });
  const notices = new Map(
    (
      await ctx.list(deliveryNotice, {
        noticeHeaderId: [...new Set(lines.map((line) => line.noticeHeaderId))],
      })
    ).map((notice) => [notice.noticeHeaderId, notice]),
  );
  const out = new Map<number, NoticeLineFacts>();
  for (const line of lines) {
    const notice = notices.get(line.noticeHeaderId);
    if (notice) out.set(line.noticeLineId, { line, notice });
  }
  return out;
}

/** Quantity per notice line on delivery notes other than `exceptHeaderId` (as `shippedOn`). */
export async function shippedOnNotices(
  ctx: DataApi,
  noticeLineIds: readonly number[],
  exceptHeaderId: number | null,
): Promise<Map<number, Decimal>> {
  const out = new Map<number, Decimal>();
  if (!noticeLineIds.length) return out;
  const line = ctx.runtime.table(asnLine.name);
  const header = ctx.runtime.table(asn.name);
  const rows = await ctx.tx
    .select({
      noticeLineId: line.deliveryNoticeLineId,
      shipped: sql<string>`coalesce(sum(case when ${header.status} = 'CLOSED' then ${line.receivedQuantity} else ${line.shipQuantity} end), 0)`,
    })
    .from(line)
    .innerJoin(header, eq(header.asnHeaderId, line.asnHeaderId))
    .where(
      and(
        inArray(line.deliveryNoticeLineId, [...new Set(noticeLineIds)]),
        ne(header.status, 'CANCELLED'),
        exceptHeaderId === null ? undefined : ne(header.asnHeaderId, exceptHeaderId),
        ctx.scope(asn),
      ),
    )
    .groupBy(line.deliveryNoticeLineId);
  for (const row of rows) out.set(Number(row.noticeLineId), dec(row.shipped));
  return out;
}

/**
 * Checks delivery note lines that ship a delivery notice (the notice lines locked): the
 * supplier's own confirmed notice, the same order line, and never more than remains of what the
 * supplier confirmed.
 */
export async function checkNoticeLines(
  ctx: DataApi,
  supplierId: number,
  headerId: number | null,
  lines: readonly ShippedLine[],
): Promise<void> {
  const ids = lines
    .map((row) => row.deliveryNoticeLineId)
    .filter((id): id is number => typeof id === 'number');
  if (!ids.length) return;
  const facts = await noticeLineFacts(ctx, ids, true);
  const wanted = new Map<number, Decimal>();
  for (const row of lines) {
    if (typeof row.deliveryNoticeLineId !== 'number') continue;
    const fact = facts.get(row.deliveryNoticeLineId);
    if (!fact || fact.notice.supplierId !== supplierId)
      throw new AppError(404, 'delivery.asn.noticeLineNotFound', { line: row.lineNum });
    const number = fact.notice.noticeNumber ?? '';
    if (fact.notice.status !== 'CONFIRMED')
      throw new AppError(422, 'delivery.asn.noticeNotConfirmed', { number });
    if (fact.line.poLineId !== row.poLineId)
      throw new AppError(422, 'delivery.asn.noticeOtherLine', { line: row.lineNum, number });
    const id = fact.line.noticeLineId;
    wanted.set(id, (wanted.get(id) ?? dec(0)).add(dec(row.shipQuantity)));
  }
  const shipped = await shippedOnNotices(ctx, [...wanted.keys()], headerId);
  for (const [id, quantity] of wanted) {
    const fact = facts.get(id)!;
    const open = confirmedOf(fact.line).sub(shipped.get(id) ?? dec(0));
    if (quantity.gt(open))
      throw new AppError(422, 'delivery.asn.overNotice', {
        number: fact.notice.noticeNumber ?? '',
        line: fact.line.lineNum,
        open: open.isNegative() ? '0' : open.toString(),
        wanted: quantity.toString(),
      });
  }
}

/**
 * Writes the shipped quantity of these notice lines from the delivery notes as they now stand
 * (without the note `exceptHeaderId`, when it is being deleted).
 */
export async function refreshNoticeShipped(
  ctx: DataApi,
  noticeLineIds: readonly (number | null)[],
  exceptHeaderId: number | null = null,
): Promise<void> {
  const ids = [...new Set(noticeLineIds.filter((id): id is number => id !== null))];
  if (!ids.length) return;
  const shipped = await shippedOnNotices(ctx, ids, exceptHeaderId);
  const changed = new Map<number, { shippedQuantity: number }>();
  for (const line of await ctx.list(deliveryNoticeLine, { noticeLineId: ids })) {
    const now = (shipped.get(line.noticeLineId) ?? dec(0)).toNumber();
    if (now !== (line.shippedQuantity ?? 0)) changed.set(line.noticeLineId, { shippedQuantity: now });
  }
  await ctx.patchEach(deliveryNoticeLine, changed);
}

/** The supplier's confirmed notice lines with what remains to ship (also within the order line). */
export async function openNoticeLines(ctx: DataApi, supplierId: number, noticeHeaderId: number | null) {
  const notices = new Map(
    (
      await ctx.list(deliveryNotice, {
        supplierId,
        status: 'CONFIRMED',
        ...(noticeHeaderId === null ? {} : { noticeHeaderId }),
      })
    ).map((notice) => [notice.noticeHeaderId, notice]),
  );
  if (!notices.size) return [];
  const lines = await ctx.list(
    deliveryNoticeLine,
    { noticeHeaderId: [...notices.keys()] },
    {
      orderBy: [
        { field: 'noticeHeaderId', order: 'asc' },
        { field: 'lineNum', order: 'asc' },
      ],
      limit: MAX_LINES,
    },
  );
  const shippable = lines.flatMap((line) =>
    line.poLineId === null ? [] : [{ line, poLineId: line.poLineId }],
  );
  const ids = shippable.map(({ line }) => line.noticeLineId);
  const poLineIds = shippable.map(({ poLineId }) => poLineId);
  const shipped = await shippedOnNotices(ctx, ids, null);
  const orders = await orderLineFacts(ctx, poLineIds, false);
  const orderShipped = await shippedOn(ctx, poLineIds, null);
  return shippable
    .map(({ line, poLineId }) => {
      const facts = orders.get(poLineId);
      const orderOpen =
        facts && shippableLine(facts)
          ? dec(facts.line.quantity).sub(orderShipped.get(poLineId) ?? dec(0))
          : dec(0);
      const done = shipped.get(line.noticeLineId) ?? dec(0);
      const noticeOpen = confirmedOf(line).sub(done);
      const open = noticeOpen.lt(orderOpen) ? noticeOpen : orderOpen;
      return {
        noticeLineId: line.noticeLineId,
        noticeHeaderId: line.noticeHeaderId,
        noticeNumber: notices.get(line.noticeHeaderId)!.noticeNumber ?? '',
        lineNum: line.lineNum,
        poLineId,
        poNumber: facts?.order.poNumber ?? null,
        itemId: line.itemId,
        itemName: line.itemName,
        confirmedQuantity: confirmedOf(line).toNumber(),
        shippedQuantity: done.toNumber(),
        openQuantity: open.isNegative() ? 0 : open.toNumber(),
        needByDate: line.needByDate,
        promisedDate: line.promisedDate,
      };
    })
    .filter((line) => line.openQuantity > 0);
}

/**
 * A save that leaves a document's lines as they were stored (or does not send them): the lines'
 * checks need not run again.
 */
export function linesUnchanged<L extends object>(
  after: readonly L[],
  before: readonly L[],
  key: keyof L,
): boolean {
  if (after.length !== before.length) return false;
  const stored = new Map(before.map((line) => [line[key], line]));
  return after.every((line) => {
    const old = stored.get(line[key]);
    if (!old) return false;
    const now = new Map(Object.entries(line));
    return Object.entries(old).every(
      ([name, value]) => JSON.stringify(value) === JSON.stringify(now.get(name)),
    );
  });
}
