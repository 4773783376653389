// A receiver's own copy of a notice (noticeDesc): opening it records the read (the first read
// once, whoever opens it how often and at the same moment), confirming records the confirmation
// once, and a reply is kept on the copy, where only the receiver and the buyer side see it. Every
// call finds the copy through the receiver's own scope: another user's copy, or one withdrawn,
// does not exist for the caller (404). A reply may carry the receiver's files.
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { attachments, ref, textarea } from '@srm/kernel';
import { noticeConfig } from '../notice-config/notice-config.entity';
import { notice } from '../notice/notice.entity';
import { noticeReceiver } from './receiver.entity';

const both = ['internal', 'supplier'] as const;

/** The caller's copy, locked for the rest of the call (404 when it is not theirs or withdrawn). */
async function mine(data: DataApi, receiverId: number) {
  const [row] = await data.lock(noticeReceiver, [receiverId]);
  return row!;
}

/** What the reader sees of the notice itself (read on the authority of their copy). */
async function published(data: DataApi, noticeId: number) {
  const system = data.system('a receiver reads the notice their own copy points at');
  const found = await system.find(notice, noticeId);
  const [type] = await system.list(noticeConfig, { configId: found.configId }, { limit: 1 });
  return {
    noticeId: found.noticeId,
    title: found.title,
    content: found.content,
    attachmentIds: found.attachmentIds,
    publisherName: found.publisherName,
    publishedAt: found.publishedAt,
    effectiveDate: found.effectiveDate,
    expiryDate: found.expiryDate,
    noticeKind: found.noticeKind,
    noticeTypeName: type
      ? data.actor.locale === 'en' && type.configNameEn
        ? type.configNameEn
        : type.configName
      : null,
  };
}

/**
 * The files of a reply, checked with the caller's own rights: each one the caller uploaded and
 * no record holds yet, or one this copy's reply holds already (404 otherwise: someone else's file
 * is not theirs to attach). The reply then links them to the copy.
 */
async function replyFiles(data: DataApi, receiverId: number, value: string | null): Promise<string | null> {
  const ids = [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => id > 0),
    ),
  ];
  const files = data.runtime.plugins.attachments;
  if (!ids.length || !files) return null;
  const rows = await files.assertReadable(data.actor, ids);
  const foreign = rows.some(
    (row) =>
      row.businessId !== null && !(row.functionId === noticeReceiver.name && row.businessId === receiverId),
  );
  if (foreign) throw new AppError(404, 'file.notFound');
  return ids.join(',');
}

export const receiverEndpoints = defineEndpoints(noticeReceiver, {
  read: endpoint({
    summary: "Opens the caller's copy of a notice: the notice with its content, the read recorded",
    input: { receiverId: ref('srmNoticeReceiver', { required: true }) },
    scope: noticeReceiver,
    resource: 'read',
    sides: both,
    write: true,
    async handle(data, input) {
      const row = await mine(data, input.receiverId);
      const now = data.now.getTime();
      const copy = await data
        .system('the read of the caller’s own copy, found in their scope')
        .patch(noticeReceiver, row.receiverId, {
          firstReadAt: row.firstReadAt ?? now,
          lastReadAt: now,
          readCount: (row.readCount ?? 0) + 1,
        });
      return { data: { receiver: copy, notice: await published(data, row.noticeId) } };
    },
  }),
  confirm: endpoint({
    summary: 'Confirms that the caller has read a notice that asks for it (once)',
    input: { receiverId: ref('srmNoticeReceiver', { required: true }) },
    scope: noticeReceiver,
    resource: 'read',
    sides: both,
    write: true,
    async handle(data, input) {
      const row = await mine(data, input.receiverId);
      if (row.confirmFlag !== 'Y') throw new AppError(409, 'srmNoticeReceiver.noConfirm');
      if (row.confirmedAt) return { data: row };
      const now = data.now.getTime();
      const copy = await data
        .system('the confirmation of the caller’s own copy, found in their scope')
        .patch(noticeReceiver, row.receiverId, {
          confirmedAt: now,
          firstReadAt: row.firstReadAt ?? now,
          lastReadAt: row.lastReadAt ?? now,
        });
      return { data: copy };
    },
  }),
  reply: endpoint({
    summary: 'Answers a notice that allows replies (seen by the caller and the buyer side only)',
    input: {
      receiverId: ref('srmNoticeReceiver', { required: true }),
      replyContent: textarea({ required: true, max: 4000 }),
      /** The caller's own uploads (not yet any record's), or the reply's files kept. */
      replyAttachmentIds: attachments({ maxCount: 10 }),
    },
    scope: noticeReceiver,
    resource: 'read',
    sides: both,
    write: true,
    async handle(data, input) {
      const row = await mine(data, input.receiverId);
      if (row.replyFlag !== 'Y') throw new AppError(409, 'srmNoticeReceiver.noReply');
      if (row.replyDeadline !== null && data.now.getTime() > row.replyDeadline)
        throw new AppError(409, 'srmNoticeReceiver.pastDeadline');
      // A reply of blanks only is refused as missing by the declared input.
      const text = input.replyContent.trim();
      const files = await replyFiles(data, row.receiverId, input.replyAttachmentIds ?? null);
      const now = data.now.getTime();
      const copy = await data
        .system('the reply on the caller’s own copy, found in their scope')
        .patch(noticeReceiver, row.receiverId, {
          replyContent: text,
          replyAttachmentIds: files,
          repliedAt: now,
          firstReadAt: row.firstReadAt ?? now,
          lastReadAt: row.lastReadAt ?? now,
        });
      if (files)
        await data.runtime.plugins.attachments?.link(
          data.tx,
          noticeReceiver,
          row.receiverId,
          'replyAttachmentIds',
          files.split(',').map(Number),
        );
      return { data: copy };
    },
  }),
});
