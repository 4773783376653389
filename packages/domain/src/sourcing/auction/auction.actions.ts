// Auctions on the server. The start must lie ahead on the server's clock when it is saved,
// submitted and approved (输入的竞价时间不能小于当前时间); every supplier named must be eligible to
// be invited for every material (eligibility's INVITE). The approval publishes: aliases are drawn
// (供应商1…n, fixed for the auction, in an order unrelated to the invitation), each supplier gets
// its entry and is told. Starting (now, or by the program at the start time), moving the end,
// closing, opening and cancelling each record the state and raise a hall event, so every screen
// shows it within a second; none of them decides whether a bid is accepted — the clock inside
// the bid's transaction does (auction.bids.ts).
import { type RowOf, type RuleIssue, formatDateTimeMinute, user } from '@srm/kernel';
import { type DataApi, defineActions, raiseHallEvent } from '@srm/platform';
import { randomInt } from 'node:crypto';
import { assertAllEligible } from '../../supplier/server';
import { auctionEntry } from '../auction-entry/auction-entry.entity';
import { prepareAwardOf } from '../auction-award/auction-award.actions';
import { auctionAward } from '../auction-award/auction-award.entity';
import { auction, auctionItem, auctionJury, auctionSupplier } from './auction.entity';
import { confirmationOf, confirmedOpeners, mayOpen, openersMissing, openersOf } from '../opening';
import { hallOf, openInitialBids, openSealedBids } from './auction.bids';
import { srmAuctionBidder } from './auction.tables';
import { categoryIssue } from '../auction-category/auction-category.rules';
import { queueAuctionClock } from './auction.clock';

const platform = (ctx: DataApi) => ctx.system('an auction makes its entries, starts, closes and opens');

/** Suppliers are reminded this long before the start (by the program, once). */
export const REMIND_BEFORE_START_MS = 15 * 60_000;

const idsOf = (value: string | null | undefined) =>
  value ? value.split(',').map(Number).filter(Number.isFinite) : [];

type Row = { readonly orgId: number };

async function assertInvitable(
  ctx: DataApi,
  row: Row,
  suppliers: readonly { supplierId: number }[],
  items: readonly { itemId: number }[],
): Promise<void> {
  await assertAllEligible(
    ctx,
    suppliers.flatMap((supplier) =>
      items.map((item) => ({ supplierId: supplier.supplierId, itemId: item.itemId, orgId: row.orgId })),
    ),
    'INVITE',
  );
}

/** The spec's bidding-time rule: the start not before now (the server's clock). */
function startAhead(ctx: DataApi, start: number | null): RuleIssue | null {
  return start !== null && start < ctx.now.getTime()
    ? { field: 'startDate', message: 'validation.biddingTime' }
    : null;
}

async function raise(ctx: DataApi, auctionId: number, kind: string): Promise<void> {
  // The engine's update of the auction row holds its lock: events of one hall never interleave.
  await raiseHallEvent(ctx.tx, hallOf(auctionId), kind, null, ctx.runtime.clock.now());
}

async function tellSuppliers(
  ctx: DataApi,
  row: { auctionId: number; auctionNum: string | null; title: string },
  what: string,
  params: Record<string, string | number>,
  states: readonly string[] = ['INVITED', 'CONFIRMED'],
): Promise<void> {
  const entries = await platform(ctx).list(auctionEntry, { auctionId: row.auctionId, status: [...states] });
  for (const entry of entries)
    await ctx.services.siteMessages?.notify({
      supplierId: entry.supplierId,
      titleKey: `srmAuction.message.${what}Title`,
      contentKey: `srmAuction.message.${what}Content`,
      // The auction's number: the supplier reads it on its entry, an administrator on the auction.
      params: { number: row.auctionNum ?? '', title: row.title, ...params },
      link: { entityName: auctionEntry.name, documentId: entry.entryId },
      source: `AUCTION_${what.toUpperCase()}`,
      email: true,
      eventId: `${entry.entryId}-${what}-${ctx.now.getTime()}`,
    });
}

type Openable = { auctionId: number; createdBy: number | null; ownerConfirmedDate: number | null };

/** The people who may open: the owner and the jury's openers, with their confirmations. */
async function openers(ctx: DataApi, row: Openable) {
  const jury = await platform(ctx).lines(auctionJury, row.auctionId);
  return openersOf(row.createdBy, row.ownerConfirmedDate, jury);
}

async function openingRefused(ctx: DataApi, row: Openable & { endDate: number }): Promise<RuleIssue | null> {
  if (ctx.runtime.clock.nowMs() < row.endDate)
    return {
      message: 'srmAuction.openBeforeEnd',
      params: { end: formatDateTimeMinute(row.endDate, ctx.runtime.timeZone) },
    };
  return mayOpen(await openers(ctx, row), ctx.actor.userId) ? null : { message: 'srmAuction.notOpener' };
}

async function confirmOpening(ctx: DataApi, row: Openable): Promise<void> {
  const data = platform(ctx);
  const at = ctx.now.getTime();
  const change = confirmationOf(await openers(ctx, row), ctx.actor.userId);
  if (change && 'owner' in change) await data.patch(auction, row.auctionId, { ownerConfirmedDate: at });
  else if (change) await data.patch(auctionJury, change.member.auctionJuryId, { openConfirmedDate: at });
}

/** A random order of 1…n (aliases that say nothing about the invitation order). */
function shuffled(count: number): number[] {
  const order = Array.from({ length: count }, (_, index) => index + 1);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export const auctionActions = defineActions(auction, {
  async beforeSave(ctx): Promise<RuleIssue | null> {
    const { row, previous } = ctx;
    if (previous === null || previous.startDate !== row.startDate) {
      const late = startAhead(ctx, row.startDate);
      if (late) return late;
    }
    const orgChanged = previous !== null && previous.orgId !== row.orgId;
    const oldSuppliers = new Set(ctx.oldLines.suppliers.map((line) => line.supplierId));
    const oldItems = new Set(ctx.oldLines.items.map((line) => line.itemId));
    await assertInvitable(
      ctx,
      row,
      ctx.newLines.suppliers.filter((line) => orgChanged || !oldSuppliers.has(line.supplierId)),
      ctx.newLines.items,
    );
    await assertInvitable(
      ctx,
      row,
      ctx.newLines.suppliers,
      ctx.newLines.items.filter((line) => orgChanged || !oldItems.has(line.itemId)),
    );
    return categoryIssue(ctx, row.categoryId ?? null, ctx.newLines.items);
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const items = await ctx.lines(auctionItem, previous.auctionId);
      if (!items.length) return { field: 'items', message: 'srmAuction.itemsRequired' };
      const suppliers = await ctx.lines(auctionSupplier, previous.auctionId);
      if (suppliers.length < (previous.minSuppliers ?? 2))
        return {
          field: 'suppliers',
          message: 'srmAuction.tooFewSuppliers',
          params: { min: previous.minSuppliers ?? 2 },
        };
      const late = startAhead(ctx, previous.startDate);
      if (late) return late;
      await assertInvitable(ctx, previous, suppliers, items);
      return categoryIssue(ctx, previous.categoryId, items);
    },
    async doApproval(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const late = startAhead(ctx, previous.startDate);
      if (late) return late;
      const data = platform(ctx);
      await assertInvitable(
        ctx,
        previous,
        await data.lines(auctionSupplier, previous.auctionId),
        await data.lines(auctionItem, previous.auctionId),
      );
      return null;
    },
    doImmediateStart(ctx): RuleIssue | null {
      const { previous } = ctx;
      if ((previous.confirmedCount ?? 0) < (previous.minSuppliers ?? 2))
        return {
          message: 'srmAuction.notEnoughConfirmed',
          params: { min: previous.minSuppliers ?? 2, confirmed: previous.confirmedCount ?? 0 },
        };
      if (previous.endDate <= ctx.runtime.clock.nowMs())
        return { field: 'endDate', message: 'srmAuction.endPassed' };
      return null;
    },
    doAdjustEndDate(ctx): RuleIssue | null {
      const { previous, input } = ctx;
      const now = ctx.runtime.clock.nowMs();
      if (input.endDate <= now) return { field: 'endDate', message: 'validation.biddingTime' };
      const running = previous.status === 'RUNNING' || previous.startDate <= now;
      if (running && input.endDate <= previous.endDate)
        return { field: 'endDate', message: 'srmAuction.endLaterOnly' };
      if (!running && input.endDate <= previous.startDate)
        return { field: 'endDate', message: 'srmAuction.endBeforeStart' };
      return null;
    },
    doConfirmOpening: (ctx) => openingRefused(ctx, ctx.previous),
    async doBidOpening(ctx): Promise<RuleIssue | null> {
      const { previous } = ctx;
      const refused = await openingRefused(ctx, previous);
      if (refused) return refused;
      const missing = openersMissing(
        await openers(ctx, previous),
        ctx.actor.userId,
        previous.openersRequired ?? 2,
      );
      return missing ? { message: 'srmAuction.moreOpeners', params: { missing } } : null;
    },
    async doPrepareAward(ctx): Promise<RuleIssue | null> {
      const { awardId } = ctx.previous;
      if (awardId === null) return null;
      const [award] = await platform(ctx).list(auctionAward, { awardId }, { limit: 1 });
      return { message: 'srmAuction.awardExists', params: { number: award?.awardNum ?? '' } };
    },
  },
  actions: {
    // Through the award's own save: its checks and its rows from the final bids.
    doPrepareAward: (ctx) => prepareAwardOf(ctx, ctx.row.auctionId),
    async doApproval(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      const files = ctx.services.attachments;
      const suppliers = await data.lines(auctionSupplier, row.auctionId);
      const aliases = shuffled(suppliers.length);
      await ctx.tx.insert(srmAuctionBidder).values(
        suppliers.map((supplier, index) => ({
          auctionId: row.auctionId,
          supplierId: supplier.supplierId,
          aliasNum: aliases[index]!,
        })),
      );
      for (const target of suppliers) {
        const [entryId] = await data.insert(auctionEntry, [
          {
            auctionId: row.auctionId,
            supplierId: target.supplierId,
            orgId: row.orgId,
            title: row.title,
            termsNote: row.termsNote,
            currencyId: row.currencyId,
            taxIncludedFlag: row.taxIncludedFlag,
            bidBasis: row.bidBasis,
            decrementType: row.decrementType,
            decrementValue: row.decrementValue,
            decrementBasis: row.decrementBasis,
            displayRule: row.displayRule,
            rankBasis: row.rankBasis,
            startDate: row.startDate,
            endDate: row.endDate,
            qaDeadline: row.qaDeadline,
          },
        ]);
        const copies = files
          ? await files.copyTo(ctx.tx, idsOf(row.attachmentIds), {
              entity: auctionEntry,
              recordId: entryId!,
              field: 'attachmentIds',
              userId: ctx.actor.userId,
            })
          : [];
        if (copies.length) await data.patch(auctionEntry, entryId!, { attachmentIds: copies.join(',') });
      }
      await data.patch(auction, row.auctionId, {
        publishedDate: ctx.now.getTime(),
        plannedEndDate: row.endDate,
        confirmedCount: 0,
        extendCount: 0,
      });
      await raise(ctx, row.auctionId, 'published');
      await tellSuppliers(ctx, row, 'published', {
        start: formatDateTimeMinute(row.startDate, ctx.runtime.timeZone),
        end: formatDateTimeMinute(row.endDate, ctx.runtime.timeZone),
      });
      await queueAuctionClock(ctx, row.auctionId);
    },
    async doImmediateStart(ctx) {
      const now = ctx.runtime.clock.nowMs();
      await openInitialBids(ctx.tx, ctx.runtime.sealer, ctx.row, ctx.runtime.clock.now());
      await platform(ctx).patch(auction, ctx.row.auctionId, { startDate: now, startedDate: now });
      await raise(ctx, ctx.row.auctionId, 'started');
      await tellSuppliers(
        ctx,
        ctx.row,
        'started',
        { end: formatDateTimeMinute(ctx.row.endDate, ctx.runtime.timeZone) },
        ['CONFIRMED'],
      );
      await queueAuctionClock(ctx, ctx.row.auctionId);
    },
    async doStart(ctx) {
      await openInitialBids(ctx.tx, ctx.runtime.sealer, ctx.row, ctx.runtime.clock.now());
      await platform(ctx).patch(auction, ctx.row.auctionId, { startedDate: ctx.runtime.clock.nowMs() });
      await raise(ctx, ctx.row.auctionId, 'started');
      await tellSuppliers(
        ctx,
        ctx.row,
        'started',
        { end: formatDateTimeMinute(ctx.row.endDate, ctx.runtime.timeZone) },
        ['CONFIRMED'],
      );
    },
    async doAdjustEndDate(ctx) {
      const { row, input } = ctx;
      const data = platform(ctx);
      const reason = typeof input.comment === 'string' ? input.comment : '';
      await data.patch(auction, row.auctionId, { endDate: input.endDate, changeReason: reason });
      await data.patchWhere(auctionEntry, { auctionId: row.auctionId }, { endDate: input.endDate });
      await raise(ctx, row.auctionId, 'adjusted');
      await tellSuppliers(ctx, row, 'adjusted', {
        end: formatDateTimeMinute(input.endDate, ctx.runtime.timeZone),
        reason,
      });
      await queueAuctionClock(ctx, row.auctionId);
    },
    async doClose(ctx) {
      // Initial bids of an auction that closes without a live bid (or with its one supplier's offer) count.
      await openInitialBids(ctx.tx, ctx.runtime.sealer, ctx.row, ctx.runtime.clock.now());
      await platform(ctx).patch(auction, ctx.row.auctionId, { closedDate: ctx.runtime.clock.nowMs() });
      await raise(ctx, ctx.row.auctionId, 'closed');
      await tellSuppliers(ctx, ctx.row, 'closed', {}, ['CONFIRMED']);
    },
    doConfirmOpening: (ctx) => confirmOpening(ctx, ctx.row),
    async doBidOpening(ctx) {
      const { row } = ctx;
      const data = platform(ctx);
      await confirmOpening(ctx, row);
      const [again] = await data.list(auction, { auctionId: row.auctionId }, { limit: 1 });
      const people = again ? confirmedOpeners(await openers(ctx, again)) : [];
      const users = people.length ? await data.list(user, { userId: people.map((c) => c.userId) }) : [];
      const names = people.map(
        (c) => users.find((u) => u.userId === c.userId)?.userFullName ?? String(c.userId),
      );
      await data.patch(auction, row.auctionId, {
        ...(again?.closedDate ? {} : { closedDate: ctx.now.getTime() }),
        openedDate: ctx.now.getTime(),
        openedByNames: names.join('、').slice(0, 200),
      });
      await openSealedBids(ctx.tx, ctx.runtime.sealer, row.auctionId);
      await raise(ctx, row.auctionId, 'opened');
    },
    async doCancel(ctx) {
      const { row, input } = ctx;
      const data = platform(ctx);
      const reason = typeof input.comment === 'string' ? input.comment : '';
      await data.patch(auction, row.auctionId, { changeReason: reason });
      if (ctx.previous.status !== 'DRAFT' && ctx.previous.status !== 'REJECTED') {
        await tellSuppliers(ctx, row, 'cancelled', { reason });
        const open = await data.list(auctionEntry, {
          auctionId: row.auctionId,
          status: ['INVITED', 'CONFIRMED'],
        });
        if (open.length)
          await data.act(
            auctionEntry,
            'doCancel',
            open.map((entry) => entry.entryId),
            { comment: reason },
          );
        await raise(ctx, row.auctionId, 'cancelled');
      }
    },
  },
});

/**
 * SOURCING_AUCTION_TICK (a concurrent program): auctions whose start came are started (or, with too
 * few confirmed suppliers, cancelled or closed as the auction says), those whose end passed are
 * closed. Each auction's own clock jobs do the same at its moments (auction.clock.ts); bidding never
 * waits for either.
 */
export async function tickAuctions(data: DataApi): Promise<AuctionsAdvanced> {
  const system = data.system('the auction program reads every published and running auction');
  return advanceAuctions(data, await system.list(auction, { status: ['PUBLISHED', 'RUNNING'] }));
}

export interface AuctionsAdvanced {
  readonly started: number;
  readonly closed: number;
  readonly cancelled: number;
}

/**
 * What the clock asks of these published and running auctions now: started, closed or cancelled
 * as due, and the suppliers told of a start ahead and of extensions since they were last told.
 */
export async function advanceAuctions(
  data: DataApi,
  live: readonly RowOf<typeof auction>[],
): Promise<AuctionsAdvanced> {
  const now = data.runtime.clock.nowMs();
  const due = live.filter((row) => row.endDate <= now);
  const starting = live.filter(
    (row) => row.status === 'PUBLISHED' && row.startDate <= now && row.endDate > now,
  );
  const enough = starting.filter((row) => (row.confirmedCount ?? 0) >= (row.minSuppliers ?? 2));
  const short = starting.filter((row) => (row.confirmedCount ?? 0) < (row.minSuppliers ?? 2));
  const cancel = short.filter((row) => row.singleSupplierRule !== 'OFFER');
  // With one supplier and the OFFER rule, it goes to the buyer as that supplier's offer: closed.
  const close = [...due, ...short.filter((row) => row.singleSupplierRule === 'OFFER')];
  if (enough.length)
    await data.act(
      auction,
      'doStart',
      enough.map((row) => row.auctionId),
    );
  if (close.length)
    await data.act(
      auction,
      'doClose',
      close.map((row) => row.auctionId),
    );
  if (cancel.length)
    await data.act(
      auction,
      'doCancel',
      cancel.map((row) => row.auctionId),
      { comment: data.t('srmAuction.tooFewConfirmed') },
    );
  await tellAhead(data, live, now);
  return { started: enough.length, closed: close.length, cancelled: cancel.length };
}

/** Suppliers hear of a start 15 minutes ahead, and of extensions since they were last told. */
async function tellAhead(data: DataApi, live: readonly RowOf<typeof auction>[], now: number): Promise<void> {
  const system = platform(data);
  for (const row of live) {
    if (
      row.status === 'PUBLISHED' &&
      row.startRemindedDate === null &&
      row.startDate > now &&
      row.startDate - now <= REMIND_BEFORE_START_MS
    ) {
      await system.patch(auction, row.auctionId, { startRemindedDate: now });
      await tellSuppliers(data, row, 'remind', {
        start: formatDateTimeMinute(row.startDate, data.runtime.timeZone),
      });
    }
    const extended = row.extendCount ?? 0;
    if (row.status === 'RUNNING' && row.endDate > now && extended > (row.extendNoticedCount ?? 0)) {
      await system.patch(auction, row.auctionId, { extendNoticedCount: extended });
      await tellSuppliers(
        data,
        row,
        'extended',
        { end: formatDateTimeMinute(row.endDate, data.runtime.timeZone), count: extended },
        ['CONFIRMED'],
      );
    }
  }
}
