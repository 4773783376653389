// Notices on the server: the rich text cleaned and summarised at every save, the type's rules
// copied, a default audience from the type; publishing (directly, or through NOTICE_APPROVAL
// when the type needs it) resolves the audience into receivers and tells them; withdrawing takes
// the notice back from every reader at once.
import { and, eq } from 'drizzle-orm';
import { type RowOf, type RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions, richTextSummary, sanitizeRichText } from '@srm/platform';
import { noticeConfig } from '../notice-config/notice-config.entity';
import { noticeReceiver } from '../receiver/receiver.entity';
import { writeReceivers } from './audience';
import { notice } from './notice.entity';
import { noticeTarget } from './notice-target.entity';

const issue = (message: string, field = ''): RuleIssue => ({ field, message });

/** The default audience of a type, as target lines. */
function defaultTargets(audience: string): { targetType: 'ALL_INTERNAL' | 'ALL_QUALIFIED' }[] {
  return [
    ...(audience !== 'SUPPLIER' ? [{ targetType: 'ALL_INTERNAL' as const }] : []),
    ...(audience !== 'INTERNAL' ? [{ targetType: 'ALL_QUALIFIED' as const }] : []),
  ];
}

async function typeOf(ctx: DataApi, configId: number) {
  const [found] = await ctx.list(noticeConfig, { configId }, { limit: 1 });
  return found;
}

/** Why this notice cannot be published (or submitted) now, if it cannot. */
async function publishIssues(
  ctx: DataApi,
  row: RowOf<typeof notice>,
  approval: boolean,
): Promise<RuleIssue[]> {
  const type = await typeOf(ctx, row.configId);
  if (!type || type.status !== 'ENABLED') return [issue('srmNotice.typeInvalid', 'configId')];
  if (type.approvalFlag === 'Y' && !approval) return [issue('srmNotice.needsApproval')];
  if (type.approvalFlag !== 'Y' && approval) return [issue('srmNotice.noApproval')];
  if (!(await ctx.lines(noticeTarget, row.noticeId)).length) return [issue('srmNotice.noAudience')];
  return [];
}

/**
 * The users holding an active copy of the notice being published or withdrawn (one column of
 * thousands of rows, read on the authority of the notice the caller acts on).
 */
async function activeReceivers(ctx: DataApi, noticeId: number): Promise<number[]> {
  const r = ctx.runtime.table(noticeReceiver.name);
  const rows = await ctx.tx
    .select({ userId: r.receiverUserId! })
    .from(r)
    .where(and(eq(r.noticeId!, noticeId), eq(r.status!, 'ACTIVE')));
  return rows.map((found) => Number(found.userId));
}

/** Resolves the audience, records the publishing and tells the receivers. */
async function publish(ctx: DataApi, row: RowOf<typeof notice>): Promise<void> {
  const targets = await ctx.lines(noticeTarget, row.noticeId);
  const receiverCount = await writeReceivers(ctx, row, targets);
  const published = await ctx.patch(notice, row.noticeId, {
    publishedAt: ctx.now.getTime(),
    withdrawnAt: null,
    publishCount: (row.publishCount ?? 0) + 1,
    receiverCount,
  });
  await ctx.record(notice, row.noticeId, ctx.t('srmNotice.publishedTo', { count: receiverCount }));
  const type = await typeOf(ctx, row.configId);
  const userIds = await activeReceivers(ctx, row.noticeId);
  await ctx.services.siteMessages?.notify({
    userIds,
    titleKey: 'srmNotice.message.publishedTitle',
    contentKey: 'srmNotice.message.publishedContent',
    params: { title: row.title, type: type?.configName ?? '', publisher: row.publisherName ?? '' },
    link: { route: 'notice/noticeDesc', query: { noticeId: row.noticeId } },
    source: 'NOTICE_PUBLISHED',
    email: type?.emailFlag === 'Y',
    eventId: `${row.noticeId}-p${published.publishCount}`,
  });
  await ctx.runtime.plugins.realtime?.publish(userIds, { type: 'notice', noticeId: row.noticeId });
}

export const noticeActions = defineActions(notice, {
  async beforeSave(ctx) {
    const { row } = ctx;
    row.content = sanitizeRichText(String(row.content ?? ''));
    if (!row.content) return [issue('srmNotice.contentEmpty', 'content')];
    row.summary = richTextSummary(row.content, 240);
    const type = typeof row.configId === 'number' ? await typeOf(ctx, row.configId) : undefined;
    if (!type) return null;
    if (type.noticeKind !== row.noticeKind) return [issue('srmNotice.typeOtherKind', 'configId')];
    row.approvalFlag = type.approvalFlag;
    row.confirmFlag = type.confirmFlag;
    row.replyFlag = type.replyFlag;
    // A new notice without an audience goes to the type's default one.
    if (ctx.created && !ctx.newLines.targets.length)
      ctx.newLines.targets.push(...(defaultTargets(type.audience) as typeof ctx.newLines.targets));
    return null;
  },
  guards: {
    doPublish: async (ctx) => publishIssues(ctx, ctx.previous, false),
    doSubmit: async (ctx) => publishIssues(ctx, ctx.previous, true),
  },
  actions: {
    doPublish: async (ctx) => publish(ctx, ctx.row),
    doApproval: async (ctx) => publish(ctx, ctx.row),
    async doWithdraw(ctx) {
      if (ctx.previous.status !== 'PUBLISHED') return;
      const userIds = await activeReceivers(ctx, ctx.row.noticeId);
      await writeReceivers(ctx, ctx.row, []);
      await ctx.patch(notice, ctx.row.noticeId, { withdrawnAt: ctx.now.getTime() });
      await ctx.runtime.plugins.realtime?.publish(userIds, { type: 'notice', noticeId: ctx.row.noticeId });
    },
  },
});
