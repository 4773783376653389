// Questions and answers of an auction on the server. A question belongs to the supplier whose
// confirmed entry it names (the auction, its title and organisation are read from the entry, never
// from the payload); it is sent before the Q&A deadline (or the end) while the auction is published
// or running, and the auction's owner is told. The answer goes onto the entry of every confirmed
// supplier — the question and the answer only — and each is told; a supplier confirming later
// finds the answers given so far on its entry.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { auction } from '../auction/auction.entity';
import { auctionEntry, auctionEntryAnswer } from '../auction-entry/auction-entry.entity';
import { auctionQuestion } from './auction-question.entity';

const platform = (ctx: DataApi) => ctx.system('a question reads its auction and publishes its answer');

/** Why no question may be sent on this entry now (or null). */
async function askingRefused(ctx: DataApi, entryId: number): Promise<RuleIssue | null> {
  const data = platform(ctx);
  const [entry] = await data.list(auctionEntry, { entryId }, { limit: 1 });
  if (!entry || entry.status !== 'CONFIRMED')
    return { field: 'entryId', message: 'srmAuctionQuestion.notConfirmed' };
  const [found] = await data.list(auction, { auctionId: entry.auctionId }, { limit: 1 });
  const now = ctx.runtime.clock.nowMs();
  const until = Math.min(found?.qaDeadline ?? Number.POSITIVE_INFINITY, found?.endDate ?? 0);
  if (!found || !['PUBLISHED', 'RUNNING'].includes(found.status) || now >= until)
    return { message: 'srmAuctionQuestion.closed' };
  return null;
}

/** The answer, without the asker, on one entry. */
async function publishTo(
  ctx: DataApi,
  entry: { entryId: number; supplierId: number; entryNum: string | null; title: string | null },
  answer: { questionId: number; questionText: string; answerText: string; answeredDate: number },
  tell: boolean,
): Promise<void> {
  await platform(ctx).insert(auctionEntryAnswer, [
    {
      entryId: entry.entryId,
      questionText: answer.questionText,
      answerText: answer.answerText,
      publishedDate: answer.answeredDate,
    },
  ]);
  if (!tell) return;
  await ctx.services.siteMessages?.notify({
    supplierId: entry.supplierId,
    titleKey: 'srmAuctionQuestion.message.answerTitle',
    contentKey: 'srmAuctionQuestion.message.answerContent',
    params: { number: entry.entryNum ?? '', title: entry.title ?? '' },
    link: { entityName: auctionEntry.name, documentId: entry.entryId },
    source: 'AUCTION_ANSWER',
    email: true,
    eventId: `${entry.entryId}-answer-${answer.questionId}`,
  });
}

/** A supplier that confirms after answers were given finds them on its entry. */
export async function answersSoFar(
  ctx: DataApi,
  entry: Parameters<typeof publishTo>[1] & { auctionId: number },
) {
  const answered = await platform(ctx).list(auctionQuestion, {
    auctionId: entry.auctionId,
    status: 'ANSWERED',
  });
  for (const question of answered)
    await publishTo(
      ctx,
      entry,
      {
        questionId: question.questionId,
        questionText: question.questionText,
        answerText: question.answerText ?? '',
        answeredDate: question.answeredDate ?? ctx.now.getTime(),
      },
      false,
    );
}

export const auctionQuestionActions = defineActions(auctionQuestion, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    if (previous && previous.entryId === row.entryId) return null;
    // The entry as the caller reads it: a supplier names only its own.
    const [mine] = await ctx.list(auctionEntry, { entryId: row.entryId }, { limit: 1 });
    if (!mine) return { field: 'entryId', message: 'srmAuctionQuestion.notConfirmed' };
    const refused = await askingRefused(ctx, row.entryId);
    if (refused) return refused;
    row.auctionId = mine.auctionId;
    row.supplierId = mine.supplierId;
    row.orgId = mine.orgId;
    return null;
  },
  guards: {
    doAsk: (ctx) => askingRefused(ctx, ctx.previous.entryId),
    async doAnswer(ctx): Promise<RuleIssue | null> {
      const [found] = await platform(ctx).list(
        auction,
        { auctionId: ctx.previous.auctionId ?? 0 },
        { limit: 1 },
      );
      return !found || found.status === 'CANCELLED'
        ? { message: 'srmAuctionQuestion.auctionCancelled' }
        : null;
    },
  },
  actions: {
    async doAsk(ctx) {
      const data = platform(ctx);
      await data.patch(auctionQuestion, ctx.row.questionId, { askedDate: ctx.now.getTime() });
      const [found] = await data.list(auction, { auctionId: ctx.row.auctionId ?? 0 }, { limit: 1 });
      if (found?.createdBy)
        await ctx.services.siteMessages?.notify({
          userIds: [found.createdBy],
          titleKey: 'srmAuctionQuestion.message.askedTitle',
          contentKey: 'srmAuctionQuestion.message.askedContent',
          params: { number: found.auctionNum ?? '', title: found.title },
          link: { entityName: auctionQuestion.name, documentId: ctx.row.questionId },
          source: 'AUCTION_QUESTION',
          eventId: `question-${ctx.row.questionId}`,
        });
    },
    async doAnswer(ctx) {
      const { row, input } = ctx;
      const data = platform(ctx);
      const answeredDate = ctx.now.getTime();
      const answerText = input.answerText.trim();
      await data.patch(auctionQuestion, row.questionId, { answerText, answeredDate });
      const entries = await data.list(auctionEntry, { auctionId: row.auctionId ?? 0, status: 'CONFIRMED' });
      for (const entry of entries)
        await publishTo(
          ctx,
          entry,
          { questionId: row.questionId, questionText: row.questionText, answerText, answeredDate },
          true,
        );
    },
  },
});
