// Server-side helpers of delivery notices: the quantity shipped on each notice line (delivery
// notes that are not cancelled; a closed note counts what it received), the check of a delivery
// note's lines against the confirmed notices they ship (under row locks, like order lines), and
// the shipped quantity kept on the notice lines after each change of a note.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Decimal, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row } from '@srm/platform';

const NOTICE = 'srmPurDeliveryNotice';
const NOTICE_LINE = 'srmPurDeliveryNoticeLine';

function column(context: HookContext, entity: string, field: string): AnyPgColumn {
  return context.runtime.table(entity)[field] as AnyPgColumn;
}

/** Quantity per notice line on delivery notes other than `exceptHeaderId`. */
export async function shippedOnNotices(
  context: HookContext,
  noticeLineIds: readonly number[],
  exceptHeaderId: number | null,
): Promise<Map<number, Decimal>> {
  const out = new Map<number, Decimal>();
  if (!noticeLineIds.length) return out;
  const l = (field: string) => column(context, 'srmPurAsnLine', field);
  const h = (field: string) => column(context, 'srmPurAsnHeader', field);
  const rows = await context.tx
    .select({
      noticeLineId: l('deliveryNoticeLineId'),
      shipped: sql<string>`coalesce(sum(case when ${h('status')} = 'CLOSED' then ${l(
        'receivedQuantity',
      )} else ${l('shipQuantity')} end), 0)`,
    })
    .from(context.runtime.table('srmPurAsnLine'))
    .innerJoin(context.runtime.table('srmPurAsnHeader'), eq(h('asnHeaderId'), l('asnHeaderId')))
    .where(
      and(
        inArray(l('deliveryNoticeLineId'), [...new Set(noticeLineIds)]),
        ne(h('status'), 'CANCELLED'),
        exceptHeaderId === null ? undefined : ne(h('asnHeaderId'), exceptHeaderId),
      ),
    )
    .groupBy(l('deliveryNoticeLineId'));
  for (const row of rows) out.set(Number(row.noticeLineId), dec(row.shipped));
  return out;
}

export interface NoticeLineFacts {
  readonly noticeLineId: number;
  readonly noticeHeaderId: number;
  readonly noticeNumber: string;
  readonly status: string;
  readonly supplierId: number;
  readonly lineNum: number;
  readonly poLineId: number | null;
  /** What the supplier confirmed (the quantity asked when it confirmed none). */
  readonly quantity: Decimal;
}

/** Notice lines with their notice's state, locked (FOR UPDATE) in id order when asked. */
export async function noticeLineFacts(
  context: HookContext,
  ids: readonly number[],
  lock: boolean,
): Promise<Map<number, NoticeLineFacts>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return new Map();
  const l = (field: string) => column(context, NOTICE_LINE, field);
  const h = (field: string) => column(context, NOTICE, field);
  const query = context.tx
    .select({
      noticeLineId: l('noticeLineId'),
      noticeHeaderId: l('noticeHeaderId'),
      noticeNumber: h('noticeNumber'),
      status: h('status'),
      supplierId: h('supplierId'),
      lineNum: l('lineNum'),
      poLineId: l('poLineId'),
      quantity: l('quantity'),
      confirmedQuantity: l('confirmedQuantity'),
    })
    .from(context.runtime.table(NOTICE_LINE))
    .innerJoin(context.runtime.table(NOTICE), eq(h('noticeHeaderId'), l('noticeHeaderId')))
    .where(inArray(l('noticeLineId'), unique))
    .orderBy(l('noticeLineId'));
  const rows = lock ? await query.for('update', { of: context.runtime.table(NOTICE_LINE) }) : await query;
  return new Map(
    rows.map((row) => [
      Number(row.noticeLineId),
      {
        noticeLineId: Number(row.noticeLineId),
        noticeHeaderId: Number(row.noticeHeaderId),
        noticeNumber: String(row.noticeNumber),
        status: String(row.status),
        supplierId: Number(row.supplierId),
        lineNum: Number(row.lineNum),
        poLineId: row.poLineId === null ? null : Number(row.poLineId),
        quantity: dec((row.confirmedQuantity ?? row.quantity) as string),
      },
    ]),
  );
}

/**
 * Checks delivery note lines that ship a delivery notice: the supplier's own confirmed notice,
 * the same order line, and never more than remains of what the supplier confirmed.
 */
export async function checkNoticeLines(
  context: HookContext,
  supplierId: number,
  headerId: number | null,
  lines: Row[],
): Promise<void> {
  const ids = lines
    .map((row) => row.deliveryNoticeLineId)
    .filter((id): id is number => typeof id === 'number');
  if (!ids.length) return;
  const facts = await noticeLineFacts(context, ids, true);
  const wanted = new Map<number, Decimal>();
  for (const row of lines) {
    if (typeof row.deliveryNoticeLineId !== 'number') continue;
    const fact = facts.get(row.deliveryNoticeLineId);
    if (!fact || fact.supplierId !== supplierId)
      throw new AppError(404, 'delivery.asn.noticeLineNotFound', { line: Number(row.lineNum ?? 0) });
    if (fact.status !== 'CONFIRMED')
      throw new AppError(422, 'delivery.asn.noticeNotConfirmed', { number: fact.noticeNumber });
    if (fact.poLineId !== row.poLineId)
      throw new AppError(422, 'delivery.asn.noticeOtherLine', {
        line: Number(row.lineNum ?? 0),
        number: fact.noticeNumber,
      });
    wanted.set(
      fact.noticeLineId,
      (wanted.get(fact.noticeLineId) ?? dec(0)).add(dec(row.shipQuantity as number)),
    );
  }
  const shipped = await shippedOnNotices(context, [...wanted.keys()], headerId);
  for (const [id, quantity] of wanted) {
    const fact = facts.get(id)!;
    const open = fact.quantity.sub(shipped.get(id) ?? dec(0));
    if (quantity.gt(open))
      throw new AppError(422, 'delivery.asn.overNotice', {
        number: fact.noticeNumber,
        line: fact.lineNum,
        open: open.isNegative() ? '0' : open.toString(),
        wanted: quantity.toString(),
      });
  }
}

/** Writes the shipped quantity of these notice lines from the delivery notes as they now stand. */
export async function refreshNoticeShipped(context: HookContext, noticeLineIds: readonly number[]) {
  const ids = [...new Set(noticeLineIds)];
  if (!ids.length) return;
  const shipped = await shippedOnNotices(context, ids, null);
  for (const id of ids) {
    await context.tx
      .update(context.runtime.table(NOTICE_LINE))
      .set({ shippedQuantity: (shipped.get(id) ?? dec(0)).toString() })
      .where(eq(column(context, NOTICE_LINE, 'noticeLineId'), id));
  }
}

/** Notice lines named by a delivery note's stored lines. */
export async function noticeLinesOfAsn(context: HookContext, asnHeaderId: number): Promise<number[]> {
  const rows = await context.tx
    .select({ id: column(context, 'srmPurAsnLine', 'deliveryNoticeLineId') })
    .from(context.runtime.table('srmPurAsnLine'))
    .where(eq(column(context, 'srmPurAsnLine', 'asnHeaderId'), asnHeaderId));
  return rows.filter((row) => row.id !== null && row.id !== undefined).map((row) => Number(row.id));
}
