// The publisher's side of a published notice: its read receipts (who read it, who confirmed, who
// answered and who has not, with the answers) and reminders to those who have not. Both read the
// receivers on the authority of the notice, which the caller must be able to read.
import { type SQL, and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { lookup, number, ref, refs, user } from '@srm/kernel';
import { supplierInfo } from '../../supplier';
import { noticeReceiver } from '../receiver/receiver.entity';
import { notice } from './notice.entity';
import { RECEIPT_FILTERS } from './receipts';
import { remindWaiting, waiting } from './remind';

type ReceiptFilter = (typeof RECEIPT_FILTERS)[number];

function receiptCondition(
  r: ReturnType<DataApi['runtime']['table']>,
  filter: ReceiptFilter,
): SQL | undefined {
  switch (filter) {
    case 'ALL':
      return undefined;
    case 'UNREAD':
      return isNull(r.firstReadAt!);
    case 'READ':
      return isNotNull(r.firstReadAt!);
    case 'UNCONFIRMED':
      return and(eq(r.confirmFlag!, 'Y'), isNull(r.confirmedAt!));
    case 'CONFIRMED':
      return isNotNull(r.confirmedAt!);
    case 'REPLIED':
      return isNotNull(r.repliedAt!);
    case 'UNREPLIED':
      return and(eq(r.replyFlag!, 'Y'), isNull(r.repliedAt!));
  }
}

/** The notice, which the caller must be able to read (404 otherwise). */
async function ofNotice(data: DataApi, noticeId: number) {
  return data.find(notice, noticeId);
}

export const noticeEndpoints = defineEndpoints(notice, {
  receipts: endpoint({
    summary:
      'Read receipts of a notice: totals, and a page of receivers with their reads, confirmations and replies',
    input: {
      noticeId: ref('srmNotice', { required: true }),
      filter: lookup('SRM_NOTICE_RECEIPT_FILTER', { codes: RECEIPT_FILTERS }),
      pageIndex: number({ min: 1 }),
      pageRows: number({ min: 1, max: 500 }),
    },
    scope: notice,
    resource: 'read',
    sides: ['internal'],
    async handle(data, input) {
      const found = await ofNotice(data, input.noticeId);
      const r = data.runtime.table(noticeReceiver.name);
      const u = data.runtime.table(user.name);
      const s = data.runtime.table(supplierInfo.name);
      const active = and(eq(r.noticeId!, found.noticeId), eq(r.status!, 'ACTIVE'));
      const [totals] = await data.tx
        .select({
          receivers: sql<number>`count(*)::int`,
          read: sql<number>`count(${r.firstReadAt})::int`,
          confirmed: sql<number>`count(${r.confirmedAt})::int`,
          replied: sql<number>`count(${r.repliedAt})::int`,
          waiting: sql<number>`count(*) filter (where ${waiting(r)})::int`,
        })
        .from(r)
        .where(active);
      const where = and(active, receiptCondition(r, (input.filter ?? 'ALL') as ReceiptFilter));
      const size = input.pageRows ?? 20;
      const index = input.pageIndex ?? 1;
      const rows = await data.tx
        .select({
          receiverId: r.receiverId!,
          receiverUserId: r.receiverUserId!,
          receiverName: u.userFullName!,
          supplierId: r.supplierId!,
          supplierName: s.supplierName!,
          firstReadAt: r.firstReadAt!,
          lastReadAt: r.lastReadAt!,
          readCount: r.readCount!,
          confirmedAt: r.confirmedAt!,
          replyContent: r.replyContent!,
          replyAttachmentIds: r.replyAttachmentIds!,
          repliedAt: r.repliedAt!,
          remindCount: r.remindCount!,
          lastRemindedAt: r.lastRemindedAt!,
        })
        .from(r)
        .innerJoin(u, eq(u.userId!, r.receiverUserId!))
        .leftJoin(s, eq(s.supplierId!, r.supplierId!))
        .where(where)
        .orderBy(asc(s.supplierName!), asc(u.userFullName!), asc(r.receiverId!))
        .limit(size)
        .offset((index - 1) * size);
      const [counted] = await data.tx
        .select({ count: sql<number>`count(*)::int` })
        .from(r)
        .where(where);
      const millis = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));
      return {
        data: {
          totals,
          rows: rows.map((row) => ({
            ...row,
            firstReadAt: millis(row.firstReadAt),
            lastReadAt: millis(row.lastReadAt),
            confirmedAt: millis(row.confirmedAt),
            repliedAt: millis(row.repliedAt),
            lastRemindedAt: millis(row.lastRemindedAt),
          })),
        },
        page: { count: Number(counted?.count ?? 0), curIndex: index },
      };
    },
  }),
  doRemind: endpoint({
    summary: 'Reminds the receivers of a published notice who have not read, confirmed or answered it yet',
    input: {
      noticeId: ref('srmNotice', { required: true }),
      /** Only these receivers (of those still waiting); all of them when left out. */
      receiverIds: refs('srmNoticeReceiver', { max: 10_000 }),
    },
    scope: notice,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(data, input) {
      const found = await ofNotice(data, input.noticeId);
      if (found.status !== 'PUBLISHED') throw new AppError(409, 'srmNotice.notPublished');
      const count = await remindWaiting(
        data,
        found,
        input.receiverIds ? { receiverIds: input.receiverIds } : {},
      );
      return { data: { count } };
    },
  }),
});
