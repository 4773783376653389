// Watermark rules on the server: a rule's text may name only the watermark variables; and the
// watermark of a contract document's served copy — the first enabled rule, by sort number, of
// the reader's side whose contract types and uses include the document's, with the rule's image
// above its text. A signed PDF is served byte for byte all the same: the viewer is given the mark
// to lay over it on screen (files/routes.ts).
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, type FileUse, type Watermark, defineActions } from '@srm/platform';
import { contractDocument } from '../contract/contract-lines.entity';
import { contract } from '../contract/contract.entity';
import { fileBytes, fileIds } from '../support';
import { contractWatermark, unknownWatermarkVariables } from './watermark.entity';

/** The largest image a rule may show: it is embedded in every served copy. */
const IMAGE_MAX_BYTES = 512 * 1024;

export const watermarkActions = defineActions(contractWatermark, {
  async beforeSave(ctx): Promise<RuleIssue[]> {
    const issues: RuleIssue[] = [];
    const unknown = unknownWatermarkVariables(ctx.row.textTemplate ?? '');
    if (unknown.length)
      issues.push({
        field: 'textTemplate',
        message: 'srmCctWatermark.unknownVariable',
        params: { names: unknown.join(', ') },
      });
    const [imageId] = fileIds(ctx.row.imageFileIds);
    const [image] = imageId ? ((await ctx.services.attachments?.rows([imageId])) ?? []) : [];
    if (image && image.fileSize > IMAGE_MAX_BYTES)
      issues.push({ field: 'imageFileIds', message: 'srmCctWatermark.imageTooLarge' });
    return issues;
  },
});

/** Today in the server's calendar (yyyy-MM-dd), as the watermark shows it. */
function day(now: Date): string {
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** The watermark of a contract document's file for the reader of `data`, or null. */
export async function contractDocumentWatermark(
  data: DataApi,
  documentId: number,
  use: FileUse,
): Promise<Watermark | null> {
  // The file was found readable before this is asked; the rules are the platform's to read.
  const platform = data.system('the watermark of a contract document is chosen by its rules');
  const [document] = await platform.list(contractDocument, { contractDocumentId: documentId });
  if (!document) return null;
  const [found] = await platform.list(contract, { contractId: document.contractId });
  if (!found) return null;
  const side = data.actor.side === 'supplier' ? 'SUPPLIER' : 'INSIDE';
  const rules = await platform.list(
    contractWatermark,
    { side, enabledFlag: 'Y' },
    {
      orderBy: [
        { field: 'sortNo', order: 'asc' },
        { field: 'watermarkId', order: 'asc' },
      ],
    },
  );
  const matches = (codes: readonly string[] | string | null | undefined, code: string | null) => {
    const list = typeof codes === 'string' ? codes.split(',').filter(Boolean) : (codes ?? []);
    return !list.length || (code !== null && list.includes(code));
  };
  const rule = rules.find(
    (candidate) =>
      matches(candidate.contractTypes, found.contractType ?? null) && matches(candidate.documentUses, use),
  );
  if (!rule) return null;
  const user =
    data.actor.userId === null ? null : await data.services.identity?.findUser({ userId: data.actor.userId });
  const values: Record<string, string> = {
    userName: data.actor.userName,
    fullName: user?.userFullName ?? data.actor.userName,
    orgName: String(found.orgName ?? ''),
    supplierName: String(found.supplierName ?? ''),
    contractNumber: found.contractNumber ?? '',
    date: day(data.now),
    ip: data.actor.clientIp ?? '',
  };
  const text = rule.textTemplate
    .replace(/\{([A-Za-z]+)\}/g, (_, name: string) => values[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return null;
  const [imageId] = fileIds(rule.imageFileIds);
  const image = imageId ? await fileBytes(platform, imageId) : null;
  return {
    text,
    opacity: Number(rule.opacity),
    angle: Number(rule.angle),
    fontSize: Number(rule.fontSize),
    tiled: rule.tiled !== 'N',
    ...(image
      ? {
          image: { fileId: image.row.attachmentId, bytes: image.bytes, width: Number(rule.imageWidth ?? 60) },
        }
      : {}),
  };
}
