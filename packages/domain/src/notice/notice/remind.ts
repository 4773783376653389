// Reminders of a published notice (催阅): one statement marks every receiver still waiting (not
// read, not confirmed where asked, not answered where asked), or the chosen ones, and one message
// each goes to them. The publisher's 催阅 button and the NOTICE_REMIND program (notifications
// until their deadline, at most once per interval per receiver) share it.
import { type SQL, and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { type RowOf, formatDateTimeMinute } from '@srm/kernel';
import { type DataApi, type Executable, writeAudit } from '@srm/platform';
import { noticeReceiver } from '../receiver/receiver.entity';
import { notice } from './notice.entity';

type Table = ReturnType<DataApi['runtime']['table']>;

/** Receivers a reminder goes to: not read, or not confirmed where asked, or not answered where asked. */
export function waiting(r: Table): SQL {
  return or(
    isNull(r.firstReadAt!),
    and(eq(r.confirmFlag!, 'Y'), isNull(r.confirmedAt!)),
    and(eq(r.replyFlag!, 'Y'), isNull(r.repliedAt!)),
  )!;
}

export interface RemindOptions {
  /** Only these receivers (of those waiting). */
  readonly receiverIds?: readonly number[];
  /** Only receivers not reminded since then (the program's interval). */
  readonly notSince?: Date;
}

/** Reminds the waiting receivers of a published notice; answers how many. */
export async function remindWaiting(
  data: DataApi,
  found: RowOf<typeof notice>,
  options: RemindOptions = {},
): Promise<number> {
  const r = data.runtime.table(noticeReceiver.name);
  const now = data.now;
  // One statement for thousands of receivers (recorded once in the notice's history).
  const reminded = await data.tx
    .update(r)
    .set({
      remindCount: sql`${r.remindCount!} + 1`,
      lastRemindedAt: now,
      versionNum: sql`${r.versionNum!} + 1`,
      lastUpdatedBy: data.actor.userId,
      lastUpdateDate: now,
    })
    .where(
      and(
        eq(r.noticeId!, found.noticeId),
        eq(r.status!, 'ACTIVE'),
        waiting(r),
        options.receiverIds?.length
          ? sql`${r.receiverId!} = any(${sql.param([...options.receiverIds])}::bigint[])`
          : undefined,
        options.notSince ? or(isNull(r.lastRemindedAt!), lt(r.lastRemindedAt!, options.notSince)) : undefined,
      ),
    )
    .returning({ id: r.receiverId!, userId: r.receiverUserId! });
  if (!reminded.length) return 0;
  // One audit entry per version of a copy (the trail's rule), written in bulk too.
  await writeAudit(
    data.tx,
    data.actor,
    now,
    reminded.map((row) => ({
      entity: noticeReceiver.name,
      recordId: Number(row.id),
      action: data.operation,
    })),
  );
  await data.record(notice, found.noticeId, data.t('srmNotice.remindedCount', { count: reminded.length }));
  const deadline =
    found.replyDeadline === null ? '-' : formatDateTimeMinute(found.replyDeadline, data.runtime.timeZone);
  await data.services.siteMessages?.notify({
    userIds: reminded.map((row) => Number(row.userId)),
    titleKey: 'srmNotice.message.remindTitle',
    contentKey: 'srmNotice.message.remindContent',
    params: { title: found.title, deadline },
    link: { route: 'notice/noticeDesc', query: { noticeId: found.noticeId } },
    source: 'NOTICE_REMIND',
    eventId: `${found.noticeId}-r${now.getTime()}`,
  });
  return reminded.length;
}

/**
 * NOTICE_REMIND (a concurrent program; an administrator schedules it, daily for instance):
 * every published notification whose answer deadline has not passed reminds its receivers still
 * waiting, each at most once in `everyHours` (24 by default).
 */
export const remindNotifications: Executable = async (context) => {
  const hours = Number(context.params.everyHours ?? 24);
  const everyHours = Number.isFinite(hours) && hours > 0 ? hours : 24;
  const { notices, receivers } = await context.work(async (data) => {
    const open = (
      await data
        .system('the reminder program reads every published notification')
        .list(notice, { status: 'PUBLISHED', noticeKind: 'NOTIFICATION' })
    ).filter((row) => row.replyDeadline === null || row.replyDeadline > data.now.getTime());
    const notSince = new Date(data.now.getTime() - everyHours * 3_600_000);
    let count = 0;
    for (const row of open) count += await remindWaiting(data, row, { notSince });
    return { notices: open.length, receivers: count };
  });
  context.log(`${receivers} receivers of ${notices} notifications reminded`);
  return `${receivers} reminded`;
};
