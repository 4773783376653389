// Pattern-making replies on the server. Every save sums the materials' fees and takes the longest
// lead time, and mirrors the reply on its request's supplier row, as every step does. Quoting needs
// a fee and a lead time for every material by the quote date; finishing needs every material's
// samples decided, a rejection with its reason. Each hand-over is told: the quote or the decline
// to the buyer who made the request, the quote sent back, the fee approved (make the samples),
// the results and a closing or cancellation to the supplier.
import { type RuleIssue, add, dec } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { dayIn } from '../supplier-credential/supplier-credential.validity';
import { patternMaking, patternMakingSupplier } from '../pattern-making/pattern-making.entity';
import { patternMakingReply, patternMakingReplyLine } from './pattern-making-reply.entity';

type Reply = { readonly replyId: number };

const platform = (ctx: DataApi) => ctx.system('a reply is mirrored on its request');

/** The reply's fee total, lead time and approved materials on its request's supplier row. */
async function mirror(ctx: DataApi, replyId: number): Promise<void> {
  const data = platform(ctx);
  const [reply] = await data.list(patternMakingReply, { replyId }, { limit: 1 });
  if (!reply) return;
  const lines = await data.lines(patternMakingReplyLine, replyId);
  const [row] = await data.list(patternMakingSupplier, { replyId }, { limit: 1 });
  if (!row) return;
  await data.patch(patternMakingSupplier, row.patternSupplierId, {
    replyStatus: reply.status,
    totalFee: reply.totalFee,
    leadTimeDays: reply.leadTimeDays,
    approvedCount: lines.filter((line) => line.sampleResult === 'APPROVED').length,
  });
}

/** Tells the buyer who made the request. */
async function tellBuyer(
  ctx: DataApi,
  reply: Reply & { patternMakingId: number; replyNum: string | null },
  what: string,
  comment = '',
): Promise<void> {
  const [request] = await platform(ctx).list(
    patternMaking,
    { patternMakingId: reply.patternMakingId },
    { limit: 1 },
  );
  if (!request?.createdBy) return;
  await ctx.services.siteMessages?.notify({
    userIds: [request.createdBy],
    titleKey: `srmPatternMakingReply.message.${what}Title`,
    contentKey: `srmPatternMakingReply.message.${what}Content`,
    params: { number: reply.replyNum ?? '', request: request.patternNum ?? '', comment },
    link: { entityName: patternMakingReply.name, documentId: reply.replyId },
    source: `PATTERN_MAKING_${what.toUpperCase()}`,
    eventId: `${reply.replyId}-${what}-${ctx.now.getTime()}`,
  });
}

/** Tells the supplier, by message and mail. */
async function tellSupplier(
  ctx: DataApi,
  reply: Reply & { supplierId: number; replyNum: string | null; title: string | null },
  what: string,
  comment = '',
): Promise<void> {
  await ctx.services.siteMessages?.notify({
    supplierId: reply.supplierId,
    titleKey: `srmPatternMakingReply.message.${what}Title`,
    contentKey: `srmPatternMakingReply.message.${what}Content`,
    params: { number: reply.replyNum ?? '', title: reply.title ?? '', comment },
    link: { entityName: patternMakingReply.name, documentId: reply.replyId },
    source: `PATTERN_MAKING_${what.toUpperCase()}`,
    email: true,
    eventId: `${reply.replyId}-${what}-${ctx.now.getTime()}`,
  });
}

/** A reply closed or cancelled: the comment kept, the request's row mirrored, the supplier told. */
async function ended(
  ctx: DataApi,
  row: Reply & { supplierId: number; replyNum: string | null; title: string | null },
  what: 'closed' | 'cancelled',
  text: string,
): Promise<void> {
  await platform(ctx).patch(patternMakingReply, row.replyId, { replyComment: text });
  await mirror(ctx, row.replyId);
  await tellSupplier(ctx, row, what, text);
}

const comment = (input: Readonly<Record<string, unknown>>) =>
  typeof input.comment === 'string' ? input.comment : '';

export const patternMakingReplyActions = defineActions(patternMakingReply, {
  async beforeSave(ctx) {
    const lines = ctx.newLines.lines;
    const fees = lines.map((line) => line.sampleFee).filter((fee): fee is number => typeof fee === 'number');
    ctx.row.totalFee = fees.length ? fees.reduce((sum, fee) => add(sum, dec(fee)), dec(0)).toNumber() : null;
    const days = lines.map((line) => line.leadTimeDays).filter((d): d is number => typeof d === 'number');
    ctx.row.leadTimeDays = days.length ? Math.max(...days) : null;
  },
  afterSave: (ctx) => mirror(ctx, ctx.id),
  guards: {
    async doQuote(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      if (previous.quoteDueDate && previous.quoteDueDate < dayIn(ctx.now, ctx.runtime.timeZone))
        return { message: 'srmPatternMakingReply.quotePastDue', params: { date: previous.quoteDueDate } };
      const lines = await ctx.lines(patternMakingReplyLine, previous.replyId);
      const missing = lines.find((line) => line.sampleFee == null || line.leadTimeDays == null);
      return missing
        ? {
            field: 'lines',
            message: 'srmPatternMakingReply.quoteIncomplete',
            params: { line: missing.lineNum, material: missing.materialName },
          }
        : null;
    },
    async doFinish(ctx): Promise<RuleIssue | null> {
      const lines = await ctx.lines(patternMakingReplyLine, ctx.previous.replyId);
      const pending = lines.find(
        (line) => line.sampleResult !== 'APPROVED' && line.sampleResult !== 'REJECTED',
      );
      if (pending)
        return {
          field: 'lines',
          message: 'srmPatternMakingReply.resultPending',
          params: { material: pending.materialName },
        };
      const unexplained = lines.find((line) => line.sampleResult === 'REJECTED' && !line.resultComment);
      return unexplained
        ? {
            field: 'lines',
            message: 'srmPatternMakingReply.rejectWhy',
            params: { material: unexplained.materialName },
          }
        : null;
    },
  },
  actions: {
    async doQuote(ctx) {
      const { row } = ctx;
      await platform(ctx).patch(patternMakingReply, row.replyId, {
        quotedDate: dayIn(ctx.now, ctx.runtime.timeZone),
        replyComment: null,
      });
      await mirror(ctx, row.replyId);
      await tellBuyer(ctx, row, 'quoted');
    },
    async doDecline(ctx) {
      const { row } = ctx;
      await platform(ctx).patch(patternMakingReply, row.replyId, { replyComment: comment(ctx.input) });
      await mirror(ctx, row.replyId);
      await tellBuyer(ctx, row, 'declined', comment(ctx.input));
    },
    async doReturnQuote(ctx) {
      const { row } = ctx;
      await platform(ctx).patch(patternMakingReply, row.replyId, { replyComment: comment(ctx.input) });
      await mirror(ctx, row.replyId);
      await tellSupplier(ctx, row, 'returned', comment(ctx.input));
    },
    doSubmit: (ctx) => mirror(ctx, ctx.row.replyId),
    doWithdraw: (ctx) => mirror(ctx, ctx.row.replyId),
    doReject: (ctx) => mirror(ctx, ctx.row.replyId),
    async doApproval(ctx) {
      await mirror(ctx, ctx.row.replyId);
      await tellSupplier(ctx, ctx.row, 'approved');
    },
    async doFinish(ctx) {
      const { row } = ctx;
      await platform(ctx).patch(patternMakingReply, row.replyId, {
        finishedDate: dayIn(ctx.now, ctx.runtime.timeZone),
      });
      await mirror(ctx, row.replyId);
      await tellSupplier(ctx, row, 'finished');
    },
    doClose: (ctx) => ended(ctx, ctx.row, 'closed', comment(ctx.input)),
    doCancel: (ctx) => ended(ctx, ctx.row, 'cancelled', comment(ctx.input)),
  },
});
