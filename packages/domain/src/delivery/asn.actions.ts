// Delivery notes on the server: lines checked against what remains open on their order lines
// (under row locks), submitted to the buyer, cancelled while nothing is received, closed; the
// supplier's open order lines and a note created from them in one call.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type RuleIssue, dec } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { asn } from './asn.entity';
import { syncBarcodes } from './asn-barcode.actions';
import { asnLabels, labelsPdf } from './asn.labels';
import { tellBuyerAsnSubmitted } from './delivery.notify';
import { checkNoticeLines, noticeLinesOfAsn, refreshNoticeShipped } from './notice-support';
import { SHIPPABLE_ORDER_STATES, bodyOf, checkAsnLines, col, idIn, shippedOn } from './support';

const HEADER = 'srmPurAsnHeader';
const LINE = 'srmPurAsnLine';

async function storedLines(context: HookContext, headerId: number): Promise<Row[]> {
  const rows = await context.tx
    .select()
    .from(context.runtime.table(LINE))
    .where(eq(col(context, LINE, 'asnHeaderId'), headerId));
  return (rows as Row[]).map((row) => ({
    ...row,
    shipQuantity: Number(row.shipQuantity),
    receivedQuantity: Number(row.receivedQuantity ?? 0),
  }));
}

/** The supplier's order lines that still have quantity to ship, with what remains. */
export async function openOrderLines(context: HookContext, supplierId: number, poHeaderId: number | null) {
  const line = context.runtime.table('srmPoLine');
  const header = context.runtime.table('srmPoHeader');
  const l = (field: string) => col(context, 'srmPoLine', field);
  const h = (field: string) => col(context, 'srmPoHeader', field);
  const item = context.runtime.table('srmBaseItem');
  const rows = await context.tx
    .select({
      poLineId: l('poLineId'),
      poHeaderId: l('poHeaderId'),
      poNumber: h('poNumber'),
      orgId: h('orgId'),
      shipToAddress: h('shipToAddress'),
      lineNum: l('lineNum'),
      itemId: l('itemId'),
      itemCode: item.itemCode as never,
      itemName: l('itemName'),
      quantity: l('quantity'),
      receivedQuantity: l('receivedQuantity'),
      needByDate: l('needByDate'),
      promisedDate: l('promisedDate'),
    })
    .from(line)
    .innerJoin(header, eq(h('poHeaderId'), l('poHeaderId')))
    .innerJoin(item, eq(col(context, 'srmBaseItem', 'itemId'), l('itemId')))
    .where(
      and(
        eq(h('supplierId'), supplierId),
        inArray(h('status'), SHIPPABLE_ORDER_STATES),
        sql`${l('closedFlag')} is distinct from 'Y'`,
        poHeaderId === null ? undefined : eq(h('poHeaderId'), poHeaderId),
      ),
    )
    .orderBy(h('poHeaderId'), l('lineNum'))
    .limit(2000);
  const shipped = await shippedOn(
    context,
    rows.map((row) => Number(row.poLineId)),
    null,
  );
  return rows
    .map((row) => {
      const quantity = dec(row.quantity as string);
      const done = shipped.get(Number(row.poLineId)) ?? dec(0);
      return {
        poLineId: Number(row.poLineId),
        poHeaderId: Number(row.poHeaderId),
        poNumber: String(row.poNumber),
        orgId: Number(row.orgId),
        shipToAddress: (row.shipToAddress as string | null) ?? null,
        lineNum: Number(row.lineNum),
        itemId: Number(row.itemId),
        itemCode: String(row.itemCode),
        itemName: row.itemName as string | null,
        quantity: quantity.toNumber(),
        shippedQuantity: done.toNumber(),
        openQuantity: quantity.sub(done).toNumber(),
        receivedQuantity: Number(row.receivedQuantity ?? 0),
        needByDate: row.needByDate as string | null,
        promisedDate: row.promisedDate as string | null,
      };
    })
    .filter((row) => row.openQuantity > 0);
}

export function supplierOf(context: HookContext): number {
  if (context.actor.side !== 'supplier' || typeof context.actor.supplierId !== 'number')
    throw new AppError(403, 'delivery.asn.supplierOnly');
  return context.actor.supplierId;
}

/** Notice lines a note named before its save, per transaction: their shipped quantity changes too. */
const noticeLinesBefore = new WeakMap<object, number[]>();

async function refreshNoticesOf(context: HookContext, asnHeaderId: number, also: readonly number[] = []) {
  await refreshNoticeShipped(context, [...also, ...(await noticeLinesOfAsn(context, asnHeaderId))]);
}

export const asnActions = legacyActions(asn, {
  async beforeSave(context, { row, lines, created }): Promise<RuleIssue[] | null> {
    const headerId = created ? null : ((row.asnHeaderId as number | undefined) ?? null);
    const after = lines.lines ?? (headerId === null ? [] : await storedLines(context, headerId));
    const orgId = await checkAsnLines(context, row.supplierId as number, headerId, after);
    await checkNoticeLines(context, row.supplierId as number, headerId, after);
    if (headerId !== null) noticeLinesBefore.set(context.tx, await noticeLinesOfAsn(context, headerId));
    if (orgId !== null) row.orgId = orgId;
    return null;
  },
  async afterSave(context, { id }) {
    await refreshNoticesOf(context, id, noticeLinesBefore.get(context.tx) ?? []);
    noticeLinesBefore.delete(context.tx);
  },
  guards: {
    async doSubmit(context, { row }) {
      const id = row.asnHeaderId as number;
      const lines = await storedLines(context, id);
      if (!lines.length) return { message: 'delivery.asn.noLines' };
      await checkAsnLines(context, row.supplierId as number, id, lines);
      await checkNoticeLines(context, row.supplierId as number, id, lines);
      return null;
    },
    async doCancel(context, { row }) {
      const lines = await storedLines(context, row.asnHeaderId as number);
      return lines.some((line) => Number(line.receivedQuantity) !== 0)
        ? { message: 'delivery.asn.hasReceipts', params: { number: String(row.asnNumber) } }
        : null;
    },
  },
  actions: {
    doCancel: (context, { row }) => refreshNoticesOf(context, row.asnHeaderId as number),
    doClose: (context, { row }) => refreshNoticesOf(context, row.asnHeaderId as number),
    async doSubmit(context, { row }) {
      await context.tx
        .update(context.runtime.table(HEADER))
        .set({ submittedDate: context.now })
        .where(eq(col(context, HEADER, 'asnHeaderId'), row.asnHeaderId as number));
      // The barcode list: one stored barcode per package from submission on.
      const note = await context.runtime.service(HEADER).find(context.actor, row.asnHeaderId as number);
      await syncBarcodes(context, note, asnLabels(note), false);
      await tellBuyerAsnSubmitted(context, row);
    },
  },
  endpoints: {
    /** 打印条码: the note's package labels (Code 128 and QR) as a PDF, for whoever may read the note. */
    printLabels: {
      read: true,
      async handle(context, raw) {
        const id = idIn(bodyOf(raw), 'asnHeaderId');
        const note = await context.runtime.service(HEADER).find(context.actor, id);
        const labels = asnLabels(note);
        if (!labels.length) throw new AppError(422, 'delivery.asn.noLines');
        // Printed labels are stored in the barcode list (a draft's follow its lines).
        await context.runtime.transaction((tx) => syncBarcodes({ ...context, tx }, note, labels, true));
        const pdf = await labelsPdf(context, note, labels);
        return {
          data: {
            fileName: `${String(note.asnNumber)}-labels.pdf`,
            contentType: 'application/pdf',
            content: pdf.toString('base64'),
            labels: labels.map(({ barcode, qr }) => ({ barcode, qr })),
          },
        };
      },
    },
    /** 可发货订单行: the supplier's released or confirmed order lines with quantity still open. */
    openOrderLines: {
      read: true,
      async handle(context, raw) {
        const body = bodyOf(raw);
        const poHeaderId = body.poHeaderId === undefined ? null : idIn(body, 'poHeaderId');
        return { data: await openOrderLines(context, supplierOf(context), poHeaderId) };
      },
    },
    /** 由订单创建: a draft delivery note from order lines, each shipping what remains unless told. */
    createFromOrderLines: {
      async handle(context, raw) {
        const supplierId = supplierOf(context);
        const body = bodyOf(raw);
        const wanted = body.lines;
        if (!Array.isArray(wanted) || !wanted.length || wanted.length > 2000)
          throw new AppError(400, 'delivery.input.lines');
        const open = new Map(
          (await openOrderLines(context, supplierId, null)).map((line) => [line.poLineId, line]),
        );
        const lines = wanted.map((item, index) => {
          const given = bodyOf(item);
          const poLineId = idIn(given, 'poLineId');
          const line = open.get(poLineId);
          if (!line) throw new AppError(422, 'delivery.asn.nothingOpen', { line: index + 1 });
          return {
            lineNum: index + 1,
            poLineId,
            shipQuantity: given.shipQuantity ?? line.openQuantity,
            ...(typeof given.lotNumber === 'string' ? { lotNumber: given.lotNumber } : {}),
          };
        });
        const { lines: _ignored, ...header } = body;
        void _ignored;
        const saved = await context.runtime.service(HEADER).save(context.actor, {
          shipDate: context.now.toISOString().slice(0, 10),
          ...header,
          lines,
        });
        return { data: saved };
      },
    },
  },
});
