// Delivery notices on the server: lines checked against the supplier's open order lines (a line
// without one is refused), issued to the supplier, confirmed by it (what it will deliver and
// when), adjusted (back to the buyer, never below what has shipped), closed or cancelled (only
// while nothing has shipped); the supplier's delivery notes created from confirmed lines.
import { eq, sql } from 'drizzle-orm';
import { type RuleIssue, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { deliveryNotice } from './delivery-notice.entity';
import { tellSupplierNoticeIssued } from './delivery.notify';
import { noticeLineFacts, shippedOnNotices } from './notice-support';
import { SHIPPABLE_ORDER_STATES, bodyOf, col, idIn, orderLineFacts, shippedOn } from './support';

const HEADER = 'srmPurDeliveryNotice';
const LINE = 'srmPurDeliveryNoticeLine';

async function storedLines(context: HookContext, headerId: number): Promise<Row[]> {
  return (await context.tx
    .select()
    .from(context.runtime.table(LINE))
    .where(eq(col(context, LINE, 'noticeHeaderId'), headerId))
    .orderBy(col(context, LINE, 'lineNum'))) as Row[];
}

const issue = (message: string, params?: Record<string, string | number>): RuleIssue => ({
  field: '',
  message,
  ...(params ? { params } : {}),
});

/**
 * Copies the material of each line from its order line (checked). A notice calls off ordered
 * material (GLOSSARY: "deliver a quantity of an ordered material"), and a delivery note ships
 * against order lines: a line without an order line is refused here, where the buyer can still
 * fix it, rather than left unshippable (docs/delivery.md). An agreement named beside the order
 * line must be the supplier's approved agreement listing the material.
 */
async function deriveLines(context: HookContext, row: Row, lines: Row[]): Promise<void> {
  const orderLineIds = lines
    .map((line) => line.poLineId)
    .filter((id): id is number => typeof id === 'number');
  const facts = await orderLineFacts(context, orderLineIds, false);
  for (const [index, line] of lines.entries()) {
    const at = { line: Number(line.lineNum ?? index + 1) };
    if (typeof line.poLineId !== 'number') throw new AppError(422, 'delivery.notice.needsOrderLine', at);
    const fact = facts.get(line.poLineId);
    if (!fact || fact.supplierId !== row.supplierId)
      throw new AppError(422, 'delivery.notice.orderLineOtherSupplier', at);
    if (fact.orgId !== row.orgId) throw new AppError(422, 'delivery.notice.orderLineOtherOrg', at);
    if (!SHIPPABLE_ORDER_STATES.includes(fact.orderStatus) || fact.closed)
      throw new AppError(422, 'delivery.notice.orderLineNotOpen', { ...at, number: fact.poNumber });
    Object.assign(line, {
      poHeaderId: fact.poHeaderId,
      itemId: fact.itemId,
      itemName: fact.itemName,
      specification: fact.specification,
      uomId: fact.uomId,
    });
    if (typeof line.agreementId === 'number') {
      const a = (field: string) => col(context, 'srmPurAgreement', field);
      const [listed] = await context.tx
        .select({ id: a('agreementId') })
        .from(context.runtime.table('srmPurAgreement'))
        .innerJoin(
          context.runtime.table('srmPurAgreementLine'),
          eq(col(context, 'srmPurAgreementLine', 'agreementId'), a('agreementId')),
        )
        .where(
          sql`${a('agreementId')} = ${line.agreementId} and ${a('supplierId')} = ${row.supplierId as number} and ${a(
            'status',
          )} = 'APPROVED' and ${col(context, 'srmPurAgreementLine', 'itemId')} = ${fact.itemId}`,
        )
        .limit(1);
      if (!listed) throw new AppError(422, 'delivery.notice.notInAgreement', at);
    }
  }
}

/** Order lines asked for more than they still have open (ordered − shipped on notes). */
async function orderOpenIssues(context: HookContext, lines: Row[]): Promise<RuleIssue[]> {
  const ids = lines.map((line) => line.poLineId).filter((id): id is number => typeof id === 'number');
  if (!ids.length) return [];
  const facts = await orderLineFacts(context, ids, false);
  const shipped = await shippedOn(context, ids, null);
  const issues: RuleIssue[] = [];
  for (const line of lines) {
    if (typeof line.poLineId !== 'number') continue;
    const fact = facts.get(line.poLineId)!;
    // What this notice line already shipped is part of the order line's shipped quantity.
    const open = fact.quantity
      .sub(shipped.get(fact.poLineId) ?? dec(0))
      .add(dec(String(line.shippedQuantity ?? 0)));
    if (dec(String(line.quantity)).gt(open))
      issues.push(
        issue('delivery.notice.overOrder', {
          line: Number(line.lineNum),
          number: fact.poNumber,
          open: open.toString(),
        }),
      );
  }
  return issues;
}

function supplierOf(context: HookContext): number {
  if (context.actor.side !== 'supplier' || typeof context.actor.supplierId !== 'number')
    throw new AppError(403, 'delivery.asn.supplierOnly');
  return context.actor.supplierId;
}

/** The supplier's confirmed notice lines with what remains to ship (also within the order line). */
export async function openNoticeLines(
  context: HookContext,
  supplierId: number,
  noticeHeaderId: number | null,
) {
  const l = (field: string) => col(context, LINE, field);
  const h = (field: string) => col(context, HEADER, field);
  const rows = await context.tx
    .select({
      noticeLineId: l('noticeLineId'),
      noticeHeaderId: l('noticeHeaderId'),
      noticeNumber: h('noticeNumber'),
      lineNum: l('lineNum'),
      poLineId: l('poLineId'),
      itemId: l('itemId'),
      itemName: l('itemName'),
      needByDate: l('needByDate'),
      promisedDate: l('promisedDate'),
    })
    .from(context.runtime.table(LINE))
    .innerJoin(context.runtime.table(HEADER), eq(h('noticeHeaderId'), l('noticeHeaderId')))
    .where(
      sql`${h('supplierId')} = ${supplierId} and ${h('status')} = 'CONFIRMED' and ${l('poLineId')} is not null${
        noticeHeaderId === null ? sql`` : sql` and ${h('noticeHeaderId')} = ${noticeHeaderId}`
      }`,
    )
    .orderBy(h('noticeHeaderId'), l('lineNum'))
    .limit(2000);
  const ids = rows.map((row) => Number(row.noticeLineId));
  const facts = await noticeLineFacts(context, ids, false);
  const shipped = await shippedOnNotices(context, ids, null);
  const poLineIds = rows.map((row) => Number(row.poLineId));
  const orders = await orderLineFacts(context, poLineIds, false);
  const orderShipped = await shippedOn(context, poLineIds, null);
  return rows
    .map((row) => {
      const id = Number(row.noticeLineId);
      const order = orders.get(Number(row.poLineId));
      const orderOpen =
        order && !order.closed && SHIPPABLE_ORDER_STATES.includes(order.orderStatus)
          ? order.quantity.sub(orderShipped.get(order.poLineId) ?? dec(0))
          : dec(0);
      const noticeOpen = facts.get(id)!.quantity.sub(shipped.get(id) ?? dec(0));
      const open = noticeOpen.lt(orderOpen) ? noticeOpen : orderOpen;
      return {
        noticeLineId: id,
        noticeHeaderId: Number(row.noticeHeaderId),
        noticeNumber: String(row.noticeNumber),
        lineNum: Number(row.lineNum),
        poLineId: Number(row.poLineId),
        poNumber: order?.poNumber ?? null,
        itemId: Number(row.itemId),
        itemName: row.itemName as string | null,
        confirmedQuantity: facts.get(id)!.quantity.toNumber(),
        shippedQuantity: (shipped.get(id) ?? dec(0)).toNumber(),
        openQuantity: open.isNegative() ? 0 : open.toNumber(),
        needByDate: row.needByDate as string | null,
        promisedDate: row.promisedDate as string | null,
      };
    })
    .filter((row) => row.openQuantity > 0);
}

export const deliveryNoticeActions = legacyActions(deliveryNotice, {
  async beforeSave(context, { row, previous, lines }): Promise<RuleIssue[] | null> {
    const after = lines.lines;
    if (!after) return null;
    await deriveLines(context, row, after);
    // An adjustment never goes below what has already shipped, nor drops a line that shipped.
    const before = previous ? await storedLines(context, row.noticeHeaderId as number) : [];
    const kept = new Set(after.map((line) => line.noticeLineId));
    const issues: RuleIssue[] = [];
    for (const line of before) {
      const shipped = dec(String(line.shippedQuantity ?? 0));
      if (shipped.isZero()) continue;
      const now = after.find((item) => item.noticeLineId === line.noticeLineId);
      if (!kept.has(line.noticeLineId) || !now)
        issues.push(issue('delivery.notice.shippedLineRemoved', { line: Number(line.lineNum) }));
      else if (dec(String(now.quantity)).lt(shipped))
        issues.push(
          issue('delivery.notice.belowShipped', { line: Number(line.lineNum), shipped: shipped.toString() }),
        );
    }
    issues.push(...(await orderOpenIssues(context, after)));
    return issues.length ? issues : null;
  },
  async beforeDelete(context, row) {
    const lines = await storedLines(context, row.noticeHeaderId as number);
    const shipped = await shippedOnNotices(
      context,
      lines.map((line) => Number(line.noticeLineId)),
      null,
    );
    return shipped.size ? issue('delivery.notice.hasShipments', { number: String(row.noticeNumber) }) : null;
  },
  guards: {
    async doIssue(context, { row }) {
      const lines = await storedLines(context, row.noticeHeaderId as number);
      if (!lines.length) return issue('delivery.notice.noLines');
      const issues = await orderOpenIssues(context, lines);
      return issues.length ? issues : null;
    },
    async doConfirm(context, { row }) {
      const lines = await storedLines(context, row.noticeHeaderId as number);
      return lines.flatMap((line) =>
        line.confirmedQuantity !== null && dec(String(line.confirmedQuantity)).gt(dec(String(line.quantity)))
          ? [
              issue('delivery.notice.confirmedOver', {
                line: Number(line.lineNum),
                quantity: String(line.quantity),
              }),
            ]
          : [],
      );
    },
    async doCancel(context, { row }) {
      const lines = await storedLines(context, row.noticeHeaderId as number);
      const shipped = await shippedOnNotices(
        context,
        lines.map((line) => Number(line.noticeLineId)),
        null,
      );
      return shipped.size
        ? issue('delivery.notice.hasShipments', { number: String(row.noticeNumber) })
        : null;
    },
  },
  actions: {
    async doIssue(context, { row, previous }) {
      const again = previous.status === 'ADJUSTING';
      await context.tx
        .update(context.runtime.table(HEADER))
        .set({
          issuedDate: context.now,
          confirmedDate: null,
          ...(again ? { revisionNum: sql`${col(context, HEADER, 'revisionNum')} + 1` } : {}),
        })
        .where(eq(col(context, HEADER, 'noticeHeaderId'), row.noticeHeaderId as number));
      await tellSupplierNoticeIssued(context, row);
    },
    async doConfirm(context, { row }) {
      const id = row.noticeHeaderId as number;
      // What the supplier left empty, it confirms as asked.
      await context.tx
        .update(context.runtime.table(LINE))
        .set({
          confirmedQuantity: sql`coalesce(${col(context, LINE, 'confirmedQuantity')}, ${col(context, LINE, 'quantity')})`,
          promisedDate: sql`coalesce(${col(context, LINE, 'promisedDate')}, ${col(context, LINE, 'needByDate')})`,
        })
        .where(eq(col(context, LINE, 'noticeHeaderId'), id));
      await context.tx
        .update(context.runtime.table(HEADER))
        .set({ confirmedDate: context.now })
        .where(eq(col(context, HEADER, 'noticeHeaderId'), id));
    },
  },
  endpoints: {
    /** 可发货通知行: the supplier's confirmed notice lines with quantity still to ship. */
    openNoticeLines: {
      read: true,
      async handle(context, raw) {
        const body = bodyOf(raw);
        const id = body.noticeHeaderId === undefined ? null : idIn(body, 'noticeHeaderId');
        return { data: await openNoticeLines(context, supplierOf(context), id) };
      },
    },
    /** 创建送货单: a draft delivery note from confirmed notice lines, each shipping what remains unless told. */
    createAsn: {
      async handle(context, raw) {
        const supplierId = supplierOf(context);
        const body = bodyOf(raw);
        const noticeHeaderId = idIn(body, 'noticeHeaderId');
        const open = await openNoticeLines(context, supplierId, noticeHeaderId);
        if (!open.length) {
          // Another supplier's notice does not exist; one of ours may have nothing left.
          await context.runtime.service(HEADER).find(context.actor, noticeHeaderId);
          throw new AppError(422, 'delivery.notice.nothingOpen');
        }
        const wanted: Readonly<Record<string, unknown>>[] = Array.isArray(body.lines)
          ? body.lines.map((item) => bodyOf(item))
          : open.map((line) => ({ noticeLineId: line.noticeLineId }));
        if (!wanted.length || wanted.length > 2000) throw new AppError(400, 'delivery.input.lines');
        const byId = new Map(open.map((line) => [line.noticeLineId, line]));
        const lines = wanted.map((given, index) => {
          const line = byId.get(idIn(given, 'noticeLineId'));
          if (!line) throw new AppError(422, 'delivery.asn.nothingOpen', { line: index + 1 });
          return {
            lineNum: index + 1,
            poLineId: line.poLineId,
            deliveryNoticeLineId: line.noticeLineId,
            shipQuantity: given.shipQuantity ?? line.openQuantity,
          };
        });
        const notice = await context.runtime.service(HEADER).find(context.actor, noticeHeaderId);
        const { lines: _lines, noticeHeaderId: _id, ...header } = body;
        void _lines;
        void _id;
        const saved = await context.runtime.service('srmPurAsnHeader').save(context.actor, {
          shipDate: context.now.toISOString().slice(0, 10),
          shipToAddress: notice.shipToAddress ?? notice.deliveryAddress ?? null,
          ...header,
          lines,
        });
        return { data: saved };
      },
    },
  },
});
