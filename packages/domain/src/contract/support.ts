// What the contract area's objects share on the server: issues of their checks.
import type { RuleIssue } from '@srm/kernel';
import { AppError, type AttachmentRow, type DataApi } from '@srm/platform';

export const issue = (message: string, params?: Record<string, string | number>): RuleIssue => ({
  message,
  ...(params ? { params } : {}),
});

/** The signed-in user's full name, for the person a document names (their user name when none is kept). */
export async function actorFullName(ctx: DataApi): Promise<string> {
  const user =
    ctx.actor.userId === null ? null : await ctx.services.identity?.findUser({ userId: ctx.actor.userId });
  return user?.userFullName ?? ctx.actor.userName;
}

/** The ids an attachments field holds (`'12,13'`). */
export const fileIds = (value: string | null | undefined): number[] =>
  (value ?? '')
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

/** A stored file's row and its bytes (the caller checked that it may read it). */
export async function fileBytes(
  ctx: DataApi,
  id: number,
): Promise<{ row: AttachmentRow; bytes: Buffer } | null> {
  const files = ctx.services.attachments;
  if (!files) return null;
  const [row] = await files.rows([id]);
  if (!row) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await files.storage.get(row.storageKey))
    chunks.push(Buffer.from(chunk as Uint8Array));
  return { row, bytes: Buffer.concat(chunks) };
}

/** A file the caller may read (404 otherwise), with its row and bytes. */
export async function readableFile(ctx: DataApi, id: number): Promise<{ row: AttachmentRow; bytes: Buffer }> {
  const files = ctx.services.attachments;
  if (!files) throw new AppError(503, 'file.storageUnavailable');
  await files.assertReadable(ctx.actor, [id]);
  const file = await fileBytes(ctx, id);
  if (!file) throw new AppError(404, 'srmCctContract.documentNotFound');
  return file;
}
