// Delivery notices on the server: lines checked against the supplier's open order lines (a line
// without one is refused), issued to the supplier, confirmed by it (what it will deliver and
// when), adjusted (back to the buyer, never below what has shipped), closed or cancelled (only
// while nothing has shipped).
import { inArray, sql } from 'drizzle-orm';
import { type DraftOf, type RowOf, type RuleIssue, dec } from '@srm/kernel';
import { AppError, type DataApi, defineActions } from '@srm/platform';
import { agreement, agreementLine } from '../../agreements';
import {
  SHIPPABLE_ORDER_STATES,
  linesUnchanged,
  orderLineFacts,
  shippedOn,
  shippedOnNotices,
} from '../support';
import { deliveryNotice } from './delivery-notice.entity';
import { deliveryNoticeLine } from './delivery-notice-line.entity';
import { tellSupplierNoticeIssued } from './delivery-notice.notify';

type Line = DraftOf<typeof deliveryNoticeLine>;
type StoredLine = RowOf<typeof deliveryNoticeLine>;

const issue = (message: string, params?: Record<string, string | number>): RuleIssue => ({
  field: '',
  message,
  ...(params ? { params } : {}),
});

/** The supplier's approved agreement lists the material. */
async function listedInAgreement(ctx: DataApi, agreementId: number, supplierId: number, itemId: number) {
  const [approved] = await ctx.list(agreement, { agreementId, supplierId, status: 'APPROVED' }, { limit: 1 });
  if (!approved) return false;
  return (await ctx.list(agreementLine, { agreementId, itemId }, { limit: 1 })).length > 0;
}

/**
 * Copies the material of each line from its order line (checked). A notice calls off ordered
 * material (GLOSSARY: "deliver a quantity of an ordered material"), and a delivery note ships
 * against order lines: a line without an order line is refused here, where the buyer can still
 * fix it, rather than left unshippable (docs/delivery.md). An agreement named beside the order
 * line must be the supplier's approved agreement listing the material (checked when it is named).
 */
async function deriveLines(
  ctx: DataApi,
  row: DraftOf<typeof deliveryNotice>,
  lines: readonly Line[],
  before: readonly StoredLine[],
): Promise<void> {
  // A line being added holds only what the client sent: unsent fields are absent, not null.
  const facts = await orderLineFacts(
    ctx,
    lines.flatMap((line) => (typeof line.poLineId === 'number' ? [line.poLineId] : [])),
    false,
  );
  const stored = new Map(before.map((line) => [line.noticeLineId, line]));
  for (const line of lines) {
    const at = { line: line.lineNum };
    if (typeof line.poLineId !== 'number') throw new AppError(422, 'delivery.notice.needsOrderLine', at);
    const fact = facts.get(line.poLineId);
    if (!fact || fact.order.supplierId !== row.supplierId)
      throw new AppError(422, 'delivery.notice.orderLineOtherSupplier', at);
    if (fact.order.orgId !== row.orgId) throw new AppError(422, 'delivery.notice.orderLineOtherOrg', at);
    if (!SHIPPABLE_ORDER_STATES.includes(fact.order.status) || fact.line.closedFlag === 'Y')
      throw new AppError(422, 'delivery.notice.orderLineNotOpen', {
        ...at,
        number: fact.order.poNumber ?? '',
      });
    line.poHeaderId = fact.line.poHeaderId;
    line.itemId = fact.line.itemId;
    line.itemName = fact.line.itemName;
    line.specification = fact.line.specification;
    line.uomId = fact.line.uomId;
    const named = line.agreementId;
    const kept = line.noticeLineId !== undefined && stored.get(line.noticeLineId)?.agreementId === named;
    if (
      typeof named === 'number' &&
      !kept &&
      !(await listedInAgreement(ctx, named, row.supplierId, fact.line.itemId))
    )
      throw new AppError(422, 'delivery.notice.notInAgreement', at);
  }
}

/** Order lines asked for more than they still have open (ordered − shipped on notes). */
async function orderOpenIssues(ctx: DataApi, lines: readonly Line[]): Promise<RuleIssue[]> {
  const ids = lines.flatMap((line) => (typeof line.poLineId === 'number' ? [line.poLineId] : []));
  if (!ids.length) return [];
  const facts = await orderLineFacts(ctx, ids, false);
  const shipped = await shippedOn(ctx, ids, null);
  const issues: RuleIssue[] = [];
  for (const line of lines) {
    const fact = typeof line.poLineId === 'number' ? facts.get(line.poLineId) : undefined;
    if (!fact) continue;
    // What this notice line already shipped is part of the order line's shipped quantity.
    const open = dec(fact.line.quantity)
      .sub(shipped.get(fact.line.poLineId) ?? dec(0))
      .add(dec(line.shippedQuantity));
    if (dec(line.quantity).gt(open))
      issues.push(
        issue('delivery.notice.overOrder', {
          line: line.lineNum,
          number: fact.order.poNumber ?? '',
          open: open.toString(),
        }),
      );
  }
  return issues;
}

/** Whether anything shipped on the notice's lines. */
async function hasShipments(ctx: DataApi, noticeHeaderId: number): Promise<boolean> {
  const lines = await ctx.lines(deliveryNoticeLine, noticeHeaderId);
  const shipped = await shippedOnNotices(
    ctx,
    lines.map((line) => line.noticeLineId),
    null,
  );
  return shipped.size > 0;
}

export const deliveryNoticeActions = defineActions(deliveryNotice, {
  async beforeSave(ctx) {
    const after = ctx.newLines.lines;
    const before = ctx.oldLines.lines;
    if (!ctx.created && linesUnchanged(after, before, 'noticeLineId')) return null;
    await deriveLines(ctx, ctx.row, after, before);
    // An adjustment never goes below what has already shipped, nor drops a line that shipped.
    const issues: RuleIssue[] = [];
    for (const line of before) {
      const shipped = dec(line.shippedQuantity);
      if (shipped.isZero()) continue;
      const now = after.find((item) => item.noticeLineId === line.noticeLineId);
      if (!now) issues.push(issue('delivery.notice.shippedLineRemoved', { line: line.lineNum }));
      else if (dec(now.quantity).lt(shipped))
        issues.push(
          issue('delivery.notice.belowShipped', { line: line.lineNum, shipped: shipped.toString() }),
        );
    }
    issues.push(...(await orderOpenIssues(ctx, after)));
    return issues.length ? issues : null;
  },
  async beforeDelete(ctx) {
    return (await hasShipments(ctx, ctx.row.noticeHeaderId))
      ? issue('delivery.notice.hasShipments', { number: ctx.row.noticeNumber ?? '' })
      : null;
  },
  guards: {
    async doIssue(ctx) {
      const lines = await ctx.lines(deliveryNoticeLine, ctx.row.noticeHeaderId);
      if (!lines.length) return issue('delivery.notice.noLines');
      const issues = await orderOpenIssues(ctx, lines);
      return issues.length ? issues : null;
    },
    async doConfirm(ctx) {
      const lines = await ctx.lines(deliveryNoticeLine, ctx.row.noticeHeaderId);
      return lines.flatMap((line) =>
        line.confirmedQuantity !== null && dec(line.confirmedQuantity).gt(dec(line.quantity))
          ? [issue('delivery.notice.confirmedOver', { line: line.lineNum, quantity: String(line.quantity) })]
          : [],
      );
    },
    async doCancel(ctx) {
      return (await hasShipments(ctx, ctx.row.noticeHeaderId))
        ? issue('delivery.notice.hasShipments', { number: ctx.row.noticeNumber ?? '' })
        : null;
    },
  },
  actions: {
    async doIssue(ctx) {
      const { row } = ctx;
      const again = ctx.previous.status === 'ADJUSTING';
      await ctx.patch(deliveryNotice, row.noticeHeaderId, {
        issuedDate: ctx.now.getTime(),
        confirmedDate: null,
        ...(again ? { revisionNum: (row.revisionNum ?? 0) + 1 } : {}),
      });
      await tellSupplierNoticeIssued(ctx, row);
    },
    async doConfirm(ctx) {
      const id = ctx.row.noticeHeaderId;
      const unanswered = (await ctx.lines(deliveryNoticeLine, id))
        .filter((line) => line.confirmedQuantity === null || line.promisedDate === null)
        .map((line) => line.noticeLineId);
      if (unanswered.length) {
        // What the supplier left empty, it confirms as asked: each line takes its own quantity
        // and need-by date, in one conditional statement for all of them (the notice is locked
        // by the action; the engine versions and audits each line).
        const table = ctx.runtime.table(deliveryNoticeLine.name);
        await ctx.rawUpdate(deliveryNoticeLine, unanswered, async (tx) => {
          await tx
            .update(table)
            .set({
              confirmedQuantity: sql`coalesce(${table.confirmedQuantity}, ${table.quantity})`,
              promisedDate: sql`coalesce(${table.promisedDate}, ${table.needByDate})`,
              versionNum: sql`${table.versionNum} + 1`,
              lastUpdatedBy: ctx.actor.userId,
              lastUpdateDate: ctx.now,
            })
            .where(inArray(table.noticeLineId, unanswered));
        });
      }
      await ctx.patch(deliveryNotice, id, { confirmedDate: ctx.now.getTime() });
    },
  },
});
