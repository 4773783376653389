// A supplier confirms its participation (accepting the terms) or declines, while the auction is
// published or running and before its end; the auction's supplier row and its count of confirmed
// suppliers follow (the count decides whether the auction may run).
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { auction, auctionSupplier } from '../auction/auction.entity';
import { answersSoFar } from '../auction-question/auction-question.actions';
import { auctionEntry } from './auction-entry.entity';

const platform = (ctx: DataApi) => ctx.system('an entry’s answer is mirrored on the auction');

async function stillOpen(ctx: DataApi, auctionId: number): Promise<RuleIssue | null> {
  const [row] = await platform(ctx).list(auction, { auctionId }, { limit: 1 });
  if (!row || !['PUBLISHED', 'RUNNING'].includes(row.status) || row.endDate <= ctx.runtime.clock.nowMs())
    return { message: 'srmAuctionEntry.closed' };
  return null;
}

async function mirror(ctx: DataApi, entry: { auctionId: number; supplierId: number }, participation: string) {
  const data = platform(ctx);
  const now = ctx.now.getTime();
  const lines = await data.list(auctionSupplier, { auctionId: entry.auctionId });
  const mine = lines.find((line) => line.supplierId === entry.supplierId);
  if (mine) await data.patch(auctionSupplier, mine.auctionSupplierId, { participation, answeredDate: now });
  const confirmed = lines.filter((line) =>
    line.supplierId === entry.supplierId ? participation === 'CONFIRMED' : line.participation === 'CONFIRMED',
  ).length;
  await data.patch(auction, entry.auctionId, { confirmedCount: confirmed });
}

export const auctionEntryActions = defineActions(auctionEntry, {
  guards: {
    doConfirm: (ctx) => stillOpen(ctx, ctx.previous.auctionId),
    doDecline: (ctx) => stillOpen(ctx, ctx.previous.auctionId),
  },
  actions: {
    async doConfirm(ctx) {
      await platform(ctx).patch(auctionEntry, ctx.row.entryId, { answeredDate: ctx.now.getTime() });
      await mirror(ctx, ctx.row, 'CONFIRMED');
      await answersSoFar(ctx, ctx.row);
    },
    async doDecline(ctx) {
      await platform(ctx).patch(auctionEntry, ctx.row.entryId, { answeredDate: ctx.now.getTime() });
      await mirror(ctx, ctx.row, 'DECLINED');
    },
  },
});
