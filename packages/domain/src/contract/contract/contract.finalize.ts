// Finalizing a contract (定稿): its current .docx (the last generated or uploaded revision)
// becomes the PDF every party signs. Tracked changes left in it refuse the finalization unless
// the user accepts them with it (insertions kept, deletions dropped). The action moves the
// contract to FINALIZING and sends a pg-boss job in its transaction; the job (as many workers per
// node as the machine has cores) reads the draft, has LibreOffice convert it outside any
// transaction (its own profile per conversion, a timeout), then in one transaction adds one empty
// signature field per party at the template's positions (or at the foot of the last page),
// stores the PDF as the FINALIZED document with its SHA-256 and moves the contract to SIGNING. A
// conversion that fails or times out returns the contract to CONFIRMED with the reason. Either
// way the user who finalized is told (the open page reads the contract again). A simplified
// contract's uploaded PDF is taken as it is. Before the job service runs (the demo seeds), the
// same work runs inside the action.
import { availableParallelism } from 'node:os';
import type { FoundRowOf, Locale, MessageParams, RuleIssue } from '@srm/kernel';
import {
  AppError,
  type BackgroundServices,
  type DataApi,
  type EntityRuntime,
  OfficeDocumentError,
  type SignatureFieldSpec,
  acceptAllChanges,
  docxToPdf,
  keywordRect,
  platformWork,
} from '@srm/platform';
import { fileBytes, fileIds, issue } from '../support';
import { templateSign } from '../template/template.entity';
import { pdfSigner } from '../esign/esign.server';
import { contract } from './contract.entity';
import { type DocumentAuthor, storeDocument } from './contract.document';
import { tellFinalizer } from './contract.notify';

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

/** The queue of finalizations: one job per 定稿, run where there is a worker. */
export const FINALIZE_QUEUE = 'contract-finalize';

/** What the action hands the job: the contract, the user's choice and who pressed 定稿. */
export interface FinalizeJob {
  readonly contractId: number;
  readonly acceptChanges: boolean;
  readonly userId: number | null;
  readonly author: DocumentAuthor;
  readonly locale: Locale;
}

/** The draft's file, checked again (tracked changes, a file that is gone). */
async function draftFile(
  ctx: DataApi,
  found: Contract,
  acceptChanges: boolean,
): Promise<{ draft: Document; bytes: Buffer } | null> {
  const issues = finalizeIssues(found, acceptChanges);
  if (issues.length) throw new AppError(422, issues[0]!.message, issues[0]!.params);
  const draft = currentDraft(found);
  if (!draft) return null;
  const [fileId] = fileIds(draft.fileIds);
  const file = fileId ? await fileBytes(ctx, fileId) : null;
  if (!file) throw new AppError(422, 'srmCctContract.noDocument');
  return { draft, bytes: file.bytes };
}

/** The draft as PDF: a PDF as it is, a .docx (its tracked changes accepted) converted. */
async function draftPdf(draft: Document, bytes: Buffer): Promise<Uint8Array> {
  try {
    if (isPdf(bytes)) return bytes;
    return await docxToPdf((draft.trackedChanges ?? 0) > 0 ? await acceptAllChanges(bytes) : bytes);
  } catch (error) {
    if (error instanceof OfficeDocumentError && error.code === 'conversion_timeout')
      throw new AppError(422, 'srmCctContract.conversionTimeout', error.params);
    if (error instanceof OfficeDocumentError) throw new AppError(422, 'srmCctContract.conversionFailed');
    throw error;
  }
}

/**
 * Adds the signature fields to the converted PDF, stores it as FINALIZED and moves the contract
 * on to SIGNING (the system action starts the provider's flow and tells the supplier). Without a
 * document the contract goes to SIGNING with no PDF: it can then only be signed on paper.
 */
async function storeFinalized(
  ctx: DataApi,
  found: Contract,
  converted: { draft: Document; pdf: Uint8Array } | null,
  author: DocumentAuthor,
): Promise<void> {
  if (converted) {
    const { draft, pdf } = converted;
    const prepared = Buffer.from(
      await pdfSigner(ctx).prepareSignatureFields(pdf, await signaturePositions(ctx, found, pdf)),
    );
    const stored = await storeDocument(ctx, found, prepared, 'FINALIZED', {
      fileName: `${found.contractNumber ?? found.contractId}.pdf`,
      remark: (draft.trackedChanges ?? 0) > 0 ? `accepted ${draft.trackedChanges} tracked changes` : null,
      author,
    });
    await ctx.patch(contract, found.contractId, { finalizedSha256: currentPdf(stored)!.sha256! });
  } else await ctx.patch(contract, found.contractId, { finalizedSha256: null });
  await ctx.act(contract, 'doFinalizeDone', [found.contractId]);
}

/**
 * The whole work at once, under the contract's row lock: inside the action when no job service
 * runs yet (the demo seeds), or by a seed that cannot wait for the job.
 */
export async function finalizeNow(ctx: DataApi, job: FinalizeJob): Promise<void> {
  const [locked] = await ctx.lock(contract, [job.contractId]);
  if (locked?.status !== 'FINALIZING') return;
  const found = await ctx.find(contract, job.contractId);
  const file = await draftFile(ctx, found, job.acceptChanges);
  const converted = file ? { draft: file.draft, pdf: await draftPdf(file.draft, file.bytes) } : null;
  await storeFinalized(ctx, found, converted, job.author);
}

/** A step of the job, as the platform, texts kept in the finalizer's language. */
const platformData = (runtime: EntityRuntime, job: FinalizeJob, run: (data: DataApi) => Promise<void>) =>
  platformWork(runtime, 'job.contractFinalize', run, job.locale);

/** Why it failed, as a message in each reader's language (an unexpected error is logged). */
function reasonOf(error: unknown): { key: string; params?: MessageParams } {
  if (error instanceof AppError)
    return { key: error.messageKey, ...(error.params ? { params: error.params } : {}) };
  return { key: 'srmCctContract.finalizeError' };
}

/**
 * The job: read the draft, convert it with no transaction open (on the embedded database a
 * transaction holds its only connection), then store it and move on in one transaction under the
 * contract's row lock. A job whose contract is no longer FINALIZING (a retry after a crash that
 * had committed) does nothing. A failure returns the contract to CONFIRMED with its reason.
 */
export async function runFinalizeJob(
  runtime: EntityRuntime,
  job: FinalizeJob,
  log: (message: string, error: unknown) => void,
): Promise<void> {
  let file: { draft: Document; bytes: Buffer } | null = null;
  let pending = true;
  try {
    await platformData(runtime, job, async (ctx) => {
      const found = await ctx.find(contract, job.contractId);
      pending = found.status === 'FINALIZING';
      if (pending) file = await draftFile(ctx, found, job.acceptChanges);
    });
    if (!pending) return;
    const read = file as { draft: Document; bytes: Buffer } | null;
    const converted = read ? { draft: read.draft, pdf: await draftPdf(read.draft, read.bytes) } : null;
    await platformData(runtime, job, async (ctx) => {
      const [locked] = await ctx.lock(contract, [job.contractId]);
      if (locked?.status !== 'FINALIZING') return;
      const found = await ctx.find(contract, job.contractId);
      // A revision filed while converting is not what was converted: convert again from it.
      if (currentDraft(found)?.contractDocumentId !== converted?.draft.contractDocumentId)
        throw new AppError(409, 'srmCctContract.finalizeDraftChanged');
      await storeFinalized(ctx, found, converted, job.author);
      await tellFinalizer(ctx, found, job.userId, 'finalized');
    });
  } catch (error) {
    if (!(error instanceof AppError)) log('finalizing a contract failed', error);
    const reason = reasonOf(error);
    await platformData(runtime, job, async (ctx) => {
      const [locked] = await ctx.lock(contract, [job.contractId]);
      if (locked?.status !== 'FINALIZING') return;
      // The history keeps the reason in the finalizer's language.
      const comment = runtime.t(job.locale, reason.key, reason.params);
      await ctx.act(contract, 'doFinalizeFailed', [job.contractId], { comment });
      await tellFinalizer(
        ctx,
        await ctx.find(contract, job.contractId),
        job.userId,
        'finalizeFailed',
        reason,
      );
    });
  }
}

/** The finalization queue, its workers as many per node as the machine has cores. */
export function registerFinalizer(services: BackgroundServices): void {
  services.jobs.register<FinalizeJob>(
    FINALIZE_QUEUE,
    (job) =>
      runFinalizeJob(services.runtime, job.data, (message, error) =>
        services.log('error', message, { err: error, contractId: job.data.contractId }),
      ),
    { workers: availableParallelism(), retryLimit: 1, expireInSeconds: 600 },
  );
}
