// Server-side helpers of receiving: reading and locking the rows a posting moves (delivery note
// header and lines, receipt lines), the over-receipt tolerance of an organisation, and the
// delivery note's received state after a posting.
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Decimal, dec } from '@srm/kernel';
import { type Actor, AppError, type HookContext, type Row } from '@srm/platform';

export const HEADER = 'srmPurReceiveHeader';
export const LINE = 'srmPurReceiveLine';
export const ASN = 'srmPurAsnHeader';
export const ASN_LINE = 'srmPurAsnLine';

/** Delivery note states in which goods are received against the note. */
export const RECEIVABLE_ASN_STATES = ['SUBMITTED', 'RECEIVING'];
/** Order states in which goods are received against the order's lines. */
export const RECEIVABLE_ORDER_STATES = ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED'];
/** The business configuration holding the over-receipt tolerance in percent (default 0). */
export const TOLERANCE_PROFILE = 'PUR_RECEIVE_TOLERANCE';

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
    throw new AppError(400, 'receiving.input.id', { name });
  return id;
}

export function col(context: HookContext, entity: string, field: string): AnyPgColumn {
  return context.runtime.table(entity)[field] as AnyPgColumn;
}

/** The same person acting with the platform's rights (documents the platform writes for them). */
export function asSystem(actor: Actor): Actor {
  return { ...actor, system: true, side: 'internal', orgIds: 'all', categoryIds: 'all' };
}

export interface AsnHeaderFacts {
  readonly asnHeaderId: number;
  readonly asnNumber: string;
  readonly status: string;
  readonly supplierId: number;
  readonly orgId: number;
}

export async function asnHeader(
  context: HookContext,
  id: number,
  lock: boolean,
): Promise<AsnHeaderFacts | null> {
  const h = (field: string) => col(context, ASN, field);
  const query = context.tx
    .select({
      asnHeaderId: h('asnHeaderId'),
      asnNumber: h('asnNumber'),
      status: h('status'),
      supplierId: h('supplierId'),
      orgId: h('orgId'),
    })
    .from(context.runtime.table(ASN))
    .where(eq(h('asnHeaderId'), id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  return {
    asnHeaderId: Number(row.asnHeaderId),
    asnNumber: String(row.asnNumber),
    status: String(row.status),
    supplierId: Number(row.supplierId),
    orgId: Number(row.orgId),
  };
}

export interface AsnLineFacts {
  readonly asnLineId: number;
  readonly lineNum: number;
  readonly poLineId: number;
  readonly poHeaderId: number | null;
  readonly itemId: number | null;
  readonly itemName: string | null;
  readonly uomId: number | null;
  readonly lotNumber: string | null;
  readonly shipQuantity: Decimal;
  receivedQuantity: Decimal;
}

/** The lines of a delivery note, locked (FOR UPDATE) in id order when asked. */
export async function asnLines(
  context: HookContext,
  asnHeaderId: number,
  lock: boolean,
): Promise<Map<number, AsnLineFacts>> {
  const l = (field: string) => col(context, ASN_LINE, field);
  const query = context.tx
    .select({
      asnLineId: l('asnLineId'),
      lineNum: l('lineNum'),
      poLineId: l('poLineId'),
      poHeaderId: l('poHeaderId'),
      itemId: l('itemId'),
      itemName: l('itemName'),
      uomId: l('uomId'),
      lotNumber: l('lotNumber'),
      shipQuantity: l('shipQuantity'),
      receivedQuantity: l('receivedQuantity'),
    })
    .from(context.runtime.table(ASN_LINE))
    .where(eq(l('asnHeaderId'), asnHeaderId))
    .orderBy(l('asnLineId'));
  const rows = lock ? await query.for('update') : await query;
  const out = new Map<number, AsnLineFacts>();
  for (const row of rows) {
    out.set(Number(row.asnLineId), {
      asnLineId: Number(row.asnLineId),
      lineNum: Number(row.lineNum),
      poLineId: Number(row.poLineId),
      poHeaderId: row.poHeaderId === null ? null : Number(row.poHeaderId),
      itemId: row.itemId === null ? null : Number(row.itemId),
      itemName: (row.itemName as string | null) ?? null,
      uomId: row.uomId === null ? null : Number(row.uomId),
      lotNumber: (row.lotNumber as string | null) ?? null,
      shipQuantity: dec(row.shipQuantity as string),
      receivedQuantity: dec((row.receivedQuantity as string | null) ?? 0),
    });
  }
  return out;
}

export interface ReceiptHeaderFacts {
  readonly receiveHeaderId: number;
  readonly receiveNumber: string;
  readonly receiveType: string;
  readonly status: string;
  readonly asnHeaderId: number | null;
  readonly originalReceiveHeaderId: number | null;
  readonly supplierId: number;
  readonly orgId: number;
  readonly storageLocationId: number | null;
}

export async function receiptHeader(
  context: HookContext,
  id: number,
  lock: boolean,
): Promise<ReceiptHeaderFacts | null> {
  const h = (field: string) => col(context, HEADER, field);
  const query = context.tx
    .select({
      receiveHeaderId: h('receiveHeaderId'),
      receiveNumber: h('receiveNumber'),
      receiveType: h('receiveType'),
      status: h('status'),
      asnHeaderId: h('asnHeaderId'),
      originalReceiveHeaderId: h('originalReceiveHeaderId'),
      supplierId: h('supplierId'),
      orgId: h('orgId'),
      storageLocationId: h('storageLocationId'),
    })
    .from(context.runtime.table(HEADER))
    .where(eq(h('receiveHeaderId'), id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    receiveHeaderId: Number(row.receiveHeaderId),
    receiveNumber: String(row.receiveNumber),
    receiveType: String(row.receiveType),
    status: String(row.status),
    asnHeaderId: num(row.asnHeaderId),
    originalReceiveHeaderId: num(row.originalReceiveHeaderId),
    supplierId: Number(row.supplierId),
    orgId: Number(row.orgId),
    storageLocationId: num(row.storageLocationId),
  };
}

export interface ReceiptLineFacts {
  readonly receiveLineId: number;
  readonly receiveHeaderId: number;
  readonly lineNum: number;
  readonly asnLineId: number | null;
  readonly originalReceiveLineId: number | null;
  readonly poHeaderId: number | null;
  readonly poLineId: number | null;
  readonly itemId: number | null;
  readonly itemName: string | null;
  readonly uomId: number | null;
  readonly quantity: Decimal;
  readonly acceptedQuantity: Decimal;
  readonly rejectedQuantity: Decimal;
  returnedQuantity: Decimal;
  readonly storageLocationId: number | null;
  readonly lotNumber: string | null;
}

/** Receipt lines by header or by id, locked (FOR UPDATE) in id order when asked. */
export async function receiptLines(
  context: HookContext,
  where: { headerId: number } | { ids: readonly number[] },
  lock: boolean,
): Promise<ReceiptLineFacts[]> {
  if ('ids' in where && !where.ids.length) return [];
  const l = (field: string) => col(context, LINE, field);
  const query = context.tx
    .select()
    .from(context.runtime.table(LINE))
    .where(
      'ids' in where
        ? inArray(l('receiveLineId'), [...new Set(where.ids)])
        : eq(l('receiveHeaderId'), where.headerId),
    )
    .orderBy(l('receiveLineId'));
  const rows = (lock ? await query.for('update') : await query) as Row[];
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return rows.map((row) => ({
    receiveLineId: Number(row.receiveLineId),
    receiveHeaderId: Number(row.receiveHeaderId),
    lineNum: Number(row.lineNum),
    asnLineId: num(row.asnLineId),
    originalReceiveLineId: num(row.originalReceiveLineId),
    poHeaderId: num(row.poHeaderId),
    poLineId: num(row.poLineId),
    itemId: num(row.itemId),
    itemName: (row.itemName as string | null) ?? null,
    uomId: num(row.uomId),
    quantity: dec(row.quantity as string),
    acceptedQuantity: dec((row.acceptedQuantity as string | null) ?? 0),
    rejectedQuantity: dec((row.rejectedQuantity as string | null) ?? 0),
    returnedQuantity: dec((row.returnedQuantity as string | null) ?? 0),
    storageLocationId: num(row.storageLocationId),
    lotNumber: (row.lotNumber as string | null) ?? null,
  }));
}

/**
 * The over-receipt tolerance in percent for an organisation: the enabled business configuration
 * `PUR_RECEIVE_TOLERANCE` of the organisation, else the company-wide one, else 0.
 */
export async function toleranceOf(context: HookContext, orgId: number): Promise<Decimal> {
  const p = (field: string) => col(context, 'srmBaseConfigProfile', field);
  const rows = await context.tx
    .select({ orgId: p('orgId'), value: p('profileValue') })
    .from(context.runtime.table('srmBaseConfigProfile'))
    .where(
      and(
        eq(p('profileCode'), TOLERANCE_PROFILE),
        eq(p('enabledFlag'), 'Y'),
        or(eq(p('orgId'), orgId), isNull(p('orgId'))),
      ),
    );
  const chosen = rows.find((row) => Number(row.orgId) === orgId) ?? rows.find((row) => row.orgId === null);
  if (!chosen) return dec(0);
  try {
    const value = dec(String(chosen.value));
    return value.isNegative() ? dec(0) : value;
  } catch {
    return dec(0);
  }
}
