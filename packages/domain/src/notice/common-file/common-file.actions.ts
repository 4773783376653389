// Shared files on the server: publishing needs a file and an audience; it resolves the audience
// into readers' copies (a snapshot, like a notice's) and tells them; withdrawing takes the files
// back from every reader at once. A download by a reader is counted on their copy and on the
// entry (the file service calls `countDownload` once it has checked the reader's right).
import { and, eq, sql } from 'drizzle-orm';
import { type RowOf, type RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { writeCopies } from '../notice/audience';
import { commonFileCopy } from '../common-file-copy/common-file-copy.entity';
import { commonFile } from './common-file.entity';
import { commonFileTarget } from './common-file-target.entity';

const issue = (message: string, field = ''): RuleIssue => ({ field, message });

/** The ids of an attachments value (`'1,2,3'`). */
export const fileIdsOf = (value: string | null | undefined): number[] =>
  (value ?? '')
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);

/** Why this entry cannot be published now, if it cannot. */
async function publishIssues(ctx: DataApi, row: RowOf<typeof commonFile>): Promise<RuleIssue[]> {
  const issues: RuleIssue[] = [];
  if (!fileIdsOf(row.attachmentIds).length) issues.push(issue('srmCommonFile.noFiles', 'attachmentIds'));
  if (!(await ctx.lines(commonFileTarget, row.commonFileId)).length)
    issues.push(issue('srmCommonFile.noAudience'));
  return issues;
}

/** The users holding an active copy (read on the authority of the entry the caller acts on). */
async function activeReaders(ctx: DataApi, commonFileId: number): Promise<number[]> {
  const c = ctx.runtime.table(commonFileCopy.name);
  const rows = await ctx.tx
    .select({ userId: c.receiverUserId! })
    .from(c)
    .where(and(eq(c.commonFileId!, commonFileId), eq(c.status!, 'ACTIVE')));
  return rows.map((found) => Number(found.userId));
}

/** Writes the readers' copies of this entry (or withdraws them all: no targets). */
function writeFileCopies(
  ctx: DataApi,
  row: RowOf<typeof commonFile>,
  targets: readonly RowOf<typeof commonFileTarget>[],
): Promise<number> {
  return writeCopies(
    ctx,
    {
      receivers: commonFileCopy,
      documentField: 'commonFileId',
      documentId: row.commonFileId,
      copied: {
        fileNumber: row.fileNumber,
        title: row.title,
        fileType: row.fileType,
        versionLabel: row.versionLabel,
        description: row.description,
        fileCount: fileIdsOf(row.attachmentIds).length,
        effectiveDate: row.effectiveDate,
        expiryDate: row.expiryDate,
        publisherName: row.publisherName,
        publishedAt: ctx.now,
      },
      counters: ['downloadCount'],
    },
    targets,
  );
}

async function publish(ctx: DataApi, row: RowOf<typeof commonFile>): Promise<void> {
  const targets = await ctx.lines(commonFileTarget, row.commonFileId);
  const receiverCount = await writeFileCopies(ctx, row, targets);
  const published = await ctx.patch(commonFile, row.commonFileId, {
    publishedAt: ctx.now.getTime(),
    withdrawnAt: null,
    receiverCount,
  });
  await ctx.record(
    commonFile,
    row.commonFileId,
    ctx.t('srmCommonFile.publishedTo', { count: receiverCount }),
  );
  const userIds = await activeReaders(ctx, row.commonFileId);
  await ctx.services.siteMessages?.notify({
    userIds,
    titleKey: 'srmCommonFile.message.publishedTitle',
    contentKey: 'srmCommonFile.message.publishedContent',
    params: {
      title: row.title,
      type: ctx.t(`lookup.SRM_COMMON_FILE_TYPE.${row.fileType}`),
      publisher: row.publisherName ?? '',
    },
    link: { route: 'commonFile/fileDesc', query: { commonFileId: row.commonFileId } },
    source: 'COMMON_FILE_PUBLISHED',
    eventId: `${row.commonFileId}-${published.versionNum}`,
  });
  await ctx.runtime.plugins.realtime?.publish(userIds, {
    type: 'commonFile',
    commonFileId: row.commonFileId,
  });
}

/**
 * Counts a reader's download of one of the entry's files: on their own copy (found in their
 * scope; someone without one, the publisher for instance, is not counted) and in the entry's
 * total. The total is raised by one statement: many readers download at once, and a counter
 * must not make the entry a new version.
 */
export async function countDownload(data: DataApi, commonFileId: number): Promise<void> {
  const [mine] = await data.list(commonFileCopy, { commonFileId }, { limit: 1 });
  if (!mine) return;
  const [copy] = await data.lock(commonFileCopy, [mine.copyId]);
  const now = data.now.getTime();
  await data
    .system('a download of the reader’s own copy, found in their scope')
    .patch(commonFileCopy, copy!.copyId, {
      downloadCount: (copy!.downloadCount ?? 0) + 1,
      firstDownloadAt: copy!.firstDownloadAt ?? now,
      lastDownloadAt: now,
    });
  const f = data.runtime.table(commonFile.name);
  await data.tx
    .update(f)
    .set({ downloadCount: sql`coalesce(${f.downloadCount}, 0) + 1` })
    .where(eq(f.commonFileId!, commonFileId));
}

export const commonFileActions = defineActions(commonFile, {
  guards: {
    doPublish: async (ctx) => publishIssues(ctx, ctx.previous),
  },
  actions: {
    doPublish: async (ctx) => publish(ctx, ctx.row),
    async doWithdraw(ctx) {
      const userIds = await activeReaders(ctx, ctx.row.commonFileId);
      await writeFileCopies(ctx, ctx.row, []);
      await ctx.patch(commonFile, ctx.row.commonFileId, { withdrawnAt: ctx.now.getTime() });
      await ctx.runtime.plugins.realtime?.publish(userIds, {
        type: 'commonFile',
        commonFileId: ctx.row.commonFileId,
      });
    },
  },
});
