// Pattern-making requests on the server. Saving refuses a supplier that quit or is on the
// blacklist (the engine refuses one named twice), and so does sending, again. Sending needs a
// material, a supplier and a quote date not past; it makes each supplier's reply with the
// materials and its own copies of the drawings,
// mirrors the reply on the supplier row and tells the supplier (message and mail). Closing and
// cancelling wait for no fee approval in progress; they close (or cancel) the replies not taken
// on, and a cancelled request cancels the samples being made too.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import {
  patternMakingReply,
  patternMakingReplyLine,
} from '../pattern-making-reply/pattern-making-reply.entity';
import { patternMaking, patternMakingItem, patternMakingSupplier } from './pattern-making.entity';

const platform = (ctx: DataApi) => ctx.system('a pattern-making request makes and closes its replies');

const idsOf = (value: string | null | undefined) =>
  value ? value.split(',').map(Number).filter(Number.isFinite) : [];

/** A reply still waiting to be taken on (to quote, quoted, or its fee refused). */
const OPEN_REPLY_STATES = ['DRAFT', 'QUOTED', 'REJECTED'];

async function waitingApproval(ctx: DataApi, patternMakingId: number): Promise<RuleIssue | null> {
  const pending = await platform(ctx).list(patternMakingReply, { patternMakingId, status: 'APPROVING' });
  return pending.length
    ? {
        message: 'srmPatternMaking.feeApproving',
        params: { numbers: pending.map((reply) => reply.replyNum ?? '').join('、') },
      }
    : null;
}

/** The first of these suppliers that quit or is on the blacklist, as the issue refusing it. */
async function barredIssue(ctx: DataApi, supplierIds: readonly number[]): Promise<RuleIssue | null> {
  if (!supplierIds.length) return null;
  const suppliers = await platform(ctx).list(supplierInfo, { supplierId: [...supplierIds] });
  const barred = suppliers.find((supplier) => supplier.status === 'QUIT' || supplier.blacklistFlag === 'Y');
  return barred
    ? {
        field: 'suppliers',
        message: 'srmPatternMaking.supplierBarred',
        params: { supplier: barred.supplierName },
      }
    : null;
}

export const patternMakingActions = defineActions(patternMaking, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const added = ctx.newLines.suppliers.filter(
      (row) => !ctx.oldLines.suppliers.some((old) => old.patternSupplierId === row.patternSupplierId),
    );
    return barredIssue(
      ctx,
      added.map((row) => row.supplierId),
    );
  },
  guards: {
    async doSend(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const id = previous.patternMakingId;
      if (!(await ctx.lines(patternMakingItem, id)).length)
        return { field: 'materials', message: 'srmPatternMaking.materialsRequired' };
      const targets = await ctx.lines(patternMakingSupplier, id);
      if (!targets.length) return { field: 'suppliers', message: 'srmPatternMaking.suppliersRequired' };
      if (previous.quoteDueDate < dayIn(ctx.now, ctx.runtime.timeZone))
        return { field: 'quoteDueDate', message: 'srmPatternMaking.dueInPast' };
      // Again on sending: a supplier may have quit or been blacklisted since it was named.
      return barredIssue(
        ctx,
        targets.map((row) => row.supplierId),
      );
    },
    doClose: (ctx) => waitingApproval(ctx, ctx.previous.patternMakingId),
    doCancel: (ctx) => waitingApproval(ctx, ctx.previous.patternMakingId),
  },
  actions: {
    async doSend(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const files = ctx.services.attachments;
      const materials = [...(await data.lines(patternMakingItem, row.patternMakingId))].sort(
        (a, b) => a.lineNum - b.lineNum,
      );
      for (const target of await data.lines(patternMakingSupplier, row.patternMakingId)) {
        const [replyId] = await data.insert(patternMakingReply, [
          {
            patternMakingId: row.patternMakingId,
            supplierId: target.supplierId,
            orgId: row.orgId,
            title: row.title,
            requestNote: row.requestNote,
            currencyId: row.currencyId,
            quoteDueDate: row.quoteDueDate,
            needByDate: row.needByDate,
          },
        ]);
        await data.insert(
          patternMakingReplyLine,
          materials.map((material) => ({
            replyId: replyId!,
            lineNum: material.lineNum,
            materialName: material.materialName,
            itemId: material.itemId,
            specification: material.specification,
            drawingNo: material.drawingNo,
            sampleQuantity: material.sampleQuantity,
            uomId: material.uomId,
            sampleResult: 'PENDING',
          })),
        );
        // The supplier reads its own copies of the drawings (the request stays internal).
        const copies = files
          ? await files.copyTo(ctx.tx, idsOf(row.drawingIds), {
              entity: patternMakingReply,
              recordId: replyId!,
              field: 'drawingIds',
              userId: ctx.actor.userId,
            })
          : [];
        if (copies.length) await data.patch(patternMakingReply, replyId!, { drawingIds: copies.join(',') });
        const [reply] = await data.list(patternMakingReply, { replyId: replyId! }, { limit: 1 });
        await data.patch(patternMakingSupplier, target.patternSupplierId, {
          replyId: replyId!,
          replyStatus: 'DRAFT',
        });
        await ctx.services.siteMessages?.notify({
          supplierId: target.supplierId,
          titleKey: 'srmPatternMaking.message.sentTitle',
          contentKey: 'srmPatternMaking.message.sentContent',
          params: { number: reply?.replyNum ?? '', title: row.title, date: row.quoteDueDate },
          link: { entityName: patternMakingReply.name, documentId: replyId! },
          source: 'PATTERN_MAKING_SENT',
          email: true,
          eventId: `${replyId}-sent`,
        });
      }
      await data.patch(patternMaking, row.patternMakingId, {
        sentDate: dayIn(ctx.now, ctx.runtime.timeZone),
      });
    },
    async doClose(ctx) {
      await endReplies(ctx, ctx.row.patternMakingId, 'doClose', OPEN_REPLY_STATES, ctx.input.comment);
    },
    async doCancel(ctx) {
      await endReplies(
        ctx,
        ctx.row.patternMakingId,
        'doCancel',
        [...OPEN_REPLY_STATES, 'APPROVED'],
        ctx.input.comment,
      );
    },
  },
});

/** Closes or cancels the request's replies in these states, with the request's comment. */
async function endReplies(
  ctx: DataApi,
  patternMakingId: number,
  action: 'doClose' | 'doCancel',
  states: readonly string[],
  comment: string | null | undefined,
): Promise<void> {
  const data = platform(ctx);
  await data.patch(patternMaking, patternMakingId, { closeComment: comment ?? null });
  const replies = await data.list(patternMakingReply, { patternMakingId, status: [...states] });
  if (replies.length)
    await data.act(
      patternMakingReply,
      action,
      replies.map((reply) => reply.replyId),
      { comment: comment ?? '' },
    );
}
