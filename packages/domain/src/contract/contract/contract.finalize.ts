// Finalizing a contract (定稿): its current .docx (the last generated or uploaded revision)
// becomes the PDF every party signs. Tracked changes left in it refuse the finalization unless
// the user accepts them with it (insertions kept, deletions dropped); LibreOffice converts the
// document (its own profile per conversion, a timeout, the platform's pool) — a simplified
// contract's uploaded PDF is taken as it is; the signer adds one
// empty signature field per party at the template's positions (or at the foot of the last page);
// the PDF is stored as the FINALIZED document and its SHA-256 on the contract.
import type { FoundRowOf, RuleIssue } from '@srm/kernel';
import {
  AppError,
  type DataApi,
  OfficeDocumentError,
  type SignatureFieldSpec,
  acceptAllChanges,
  docxToPdf,
  keywordRect,
} from '@srm/platform';
import { fileBytes, fileIds, issue } from '../support';
import { templateSign } from '../template/template.entity';
import { pdfSigner } from '../esign/esign.server';
import { type contract } from './contract.entity';
import { storeDocument } from './contract.document';

type Contract = FoundRowOf<typeof contract>;
type Document = Contract['documents'][number];
export type Party = 'PARTY_A' | 'PARTY_B';

/** The signature field of each party in the finalized PDF. */
export const PARTY_FIELD: Record<Party, string> = { PARTY_A: 'party_a_seal', PARTY_B: 'party_b_seal' };

/** Where the parties sign when the template does not say: side by side at the last page's foot. */
const DEFAULT_POSITIONS: Record<Party, Omit<SignatureFieldSpec, 'name'>> = {
  PARTY_A: { page: -1, rect: [60, 50, 220, 90] },
  PARTY_B: { page: -1, rect: [320, 50, 220, 90] },
};

const latest = (documents: readonly Document[], kinds: readonly string[]): Document | null =>
  documents
    .filter((document) => kinds.includes(document.documentKind ?? ''))
    .reduce<Document | null>(
      (last, document) => (!last || (document.versionNo ?? 0) > (last.versionNo ?? 0) ? document : last),
      null,
    );

/** The .docx the contract is at: its last generated or uploaded revision. */
export const currentDraft = (found: Contract) => latest(found.documents, ['GENERATED', 'REVISION']);

/** The PDF to sign now: the last signed copy, else the finalized one. */
export const currentPdf = (found: Contract) => latest(found.documents, ['SIGNED', 'FINALIZED']);

/**
 * Why the contract cannot be finalized as asked. A contract without a document (drafted by hand,
 * to be signed on paper) is finalized without a PDF, and cannot be signed electronically.
 */
export function finalizeIssues(found: Contract, acceptChanges: boolean): RuleIssue[] {
  const draft = currentDraft(found);
  if (!draft) return [];
  if ((draft.trackedChanges ?? 0) > 0 && !acceptChanges)
    return [
      issue('srmCctContract.trackedChangesOpen', {
        count: draft.trackedChanges ?? 0,
        version: draft.versionNo ?? 0,
      }),
    ];
  return [];
}

/**
 * Where each party signs in this PDF: the template's rectangle, or its keyword's place (the field
 * centred on the keyword's last place, moved by the offsets; 422 naming it when the document does
 * not hold it); without a template, side by side at the last page's foot.
 */
export async function signaturePositions(
  ctx: DataApi,
  found: Contract,
  pdf: Uint8Array,
): Promise<SignatureFieldSpec[]> {
  const signs = found.templateId
    ? await ctx
        .system("a template's signature positions are master data")
        .list(templateSign, { templateId: found.templateId })
    : [];
  const positions: SignatureFieldSpec[] = [];
  for (const party of ['PARTY_A', 'PARTY_B'] as const) {
    const sign = signs.find((row) => row.party === party);
    const name = PARTY_FIELD[party];
    if (!sign) positions.push({ name, ...DEFAULT_POSITIONS[party] });
    else if (!sign.keyword)
      positions.push({ name, page: sign.pageNum, rect: [sign.posX, sign.posY, sign.width, sign.height] });
    else {
      const placed = await keywordRect(pdf, {
        keyword: sign.keyword,
        page: sign.pageNum,
        width: sign.width,
        height: sign.height,
        offsetX: sign.posX,
        offsetY: sign.posY,
      });
      if (!placed) throw new AppError(422, 'srmCctContract.keywordNotFound', { keyword: sign.keyword });
      positions.push({ name, ...placed });
    }
  }
  return positions;
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/** Makes and stores the finalized PDF; answers its SHA-256 (null without a document). */
export async function finalizeDocument(
  ctx: DataApi,
  found: Contract,
  acceptChanges: boolean,
): Promise<string | null> {
  const issues = finalizeIssues(found, acceptChanges);
  if (issues.length) throw new AppError(422, issues[0]!.message, issues[0]!.params);
  const draft = currentDraft(found);
  if (!draft) return null;
  const [fileId] = fileIds(draft.fileIds);
  const file = fileId ? await fileBytes(ctx, fileId) : null;
  if (!file) throw new AppError(422, 'srmCctContract.noDocument');
  let pdf: Uint8Array;
  try {
    // A PDF (a simplified contract's uploaded text) is signed as it is.
    if (isPdf(file.bytes)) pdf = file.bytes;
    else {
      const docx = (draft.trackedChanges ?? 0) > 0 ? await acceptAllChanges(file.bytes) : file.bytes;
      pdf = await docxToPdf(docx);
    }
  } catch (error) {
    if (error instanceof OfficeDocumentError) throw new AppError(422, 'srmCctContract.conversionFailed');
    throw error;
  }
  const prepared = Buffer.from(
    await pdfSigner(ctx).prepareSignatureFields(pdf, await signaturePositions(ctx, found, pdf)),
  );
  const stored = await storeDocument(ctx, found, prepared, 'FINALIZED', {
    fileName: `${found.contractNumber ?? found.contractId}.pdf`,
    remark: (draft.trackedChanges ?? 0) > 0 ? `accepted ${draft.trackedChanges} tracked changes` : null,
  });
  return currentPdf(stored)!.sha256!;
}
