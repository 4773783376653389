// Contracts' own endpoints: 生成合同文本 (the .docx filled from the contract's template) and
// 上传修订稿 (a revision of the current document, with tracked changes, from either side while
// the contract may still change: the buyer while it is a draft, rejected or refused, both sides
// while the supplier is asked to confirm it).
import { type EntityDef, type FoundRowOf, attachments, formatDate, ref, text } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint, trackedChanges } from '@srm/platform';
import { actorFullName, fileIds, readableFile } from '../support';
import { REVISION_STATES, contract } from './contract.entity';
import { generatedDocument, storeDocument } from './contract.document';
import { contractClause, contractItem, contractRefund, contractStage } from './contract-lines.entity';
import { assetAcceptance } from '../asset-acceptance/asset-acceptance.entity';

const GENERATE_STATES = ['DRAFT', 'REJECTED', 'REFUSED'];

/** The fields a user may write of a definition: what an alteration copies of the version it alters. */
function writable(entity: EntityDef, row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entity.fields)
      .filter(([, field]) => !field.readonly && !field.computed && field.kind !== 'compute')
      .map(([name]) => [name, row[name] ?? null]),
  );
}

/** Alterations of a contract still on their way (any other state ends one). */
const OPEN_ALTERATION_STATES = [
  'DRAFT',
  'APPROVING',
  'APPROVED',
  'REJECTED',
  'REFUSED',
  'CONFIRMING',
  'CONFIRMED',
  'SIGNING',
  'VOIDING',
];

/**
 * A draft copy of a contract (its header, items, stages and clauses, its attachments copied over
 * the same stored files; not its documents, scan or signing), with these changes.
 */
async function copyContract(
  ctx: DataApi,
  found: FoundRowOf<typeof contract>,
  changes: { contractType: 'MAIN' | 'ALTERATION'; mainContractId: number | null },
): Promise<number> {
  const saved = await ctx.save(contract, {
    ...writable(contract, found),
    ...changes,
    signedScanIds: null,
    attachmentIds: null,
    changeReason: null,
    changeRationale: null,
    items: found.items.map((line) => writable(contractItem, line)),
    stages: found.stages.map((line) => writable(contractStage, line)),
    clauses: found.clauses.map((line) => writable(contractClause, line)),
    refunds: found.refunds.map((line) => writable(contractRefund, line)),
  } as never);
  const copies = await ctx.services.attachments?.copyTo(ctx.tx, fileIds(found.attachmentIds), {
    entity: contract,
    recordId: saved.contractId,
    field: 'attachmentIds',
    userId: ctx.actor.userId,
  });
  if (copies?.length) await ctx.patch(contract, saved.contractId, { attachmentIds: copies.join(',') });
  return saved.contractId;
}

export const contractEndpoints = defineEndpoints(contract, {
  /**
   * 变更: a draft alteration of an effective contract — a copy of it, its items, stages (with what
   * was paid of each) and clauses, version n + 1, to be given its reason and rationale, approved,
   * confirmed and signed like any contract; in effect, it supersedes the version it alters.
   */
  /**
   * 转正式合同: the main contract of an effective pre-contract, a draft copy of it, once; when it
   * takes effect the pre-contract is CONVERTED and what was paid under it carries over.
   */
  doConvertToMain: endpoint({
    summary: 'Make the main contract of an effective pre-contract, as a draft copy',
    input: { contractId: ref('srmCctContract', { required: true }) },
    scope: contract,
    resource: 'button',
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      if (found.contractType !== 'PRE' || found.status !== 'EFFECTIVE')
        throw new AppError(409, 'srmCctContract.convertState');
      const [made] = (
        await ctx
          .system('a pre-contract is converted once')
          .list(contract, { preContractId: found.contractId })
      ).filter((row) => row.status !== 'VOID');
      if (made)
        throw new AppError(409, 'srmCctContract.convertedOnce', { number: made.contractNumber ?? '' });
      const id = await copyContract(ctx, found, { contractType: 'MAIN', mainContractId: null });
      await ctx.patch(contract, id, { preContractId: found.contractId });
      return { data: await ctx.find(contract, id) };
    },
  }),
  /** 资产验收: a draft acceptance of the equipment or tooling of a contract in effect. */
  doAssetAcceptance: endpoint({
    summary: 'Open a draft asset acceptance of an effective contract',
    input: { contractId: ref('srmCctContract', { required: true }) },
    scope: contract,
    resource: 'button',
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      if (found.status !== 'EFFECTIVE') throw new AppError(409, 'srmCctAssetAcceptance.contractNotEffective');
      const saved = await ctx.save(assetAcceptance, {
        contractId: found.contractId,
        acceptanceDate: formatDate(ctx.now.getTime(), ctx.runtime.timeZone),
        responsiblePerson: await actorFullName(ctx),
      });
      return { data: saved };
    },
  }),
  doAlteration: endpoint({
    summary: 'Open an alteration of an effective contract: a draft copy, version n + 1',
    input: { contractId: ref('srmCctContract', { required: true }) },
    scope: contract,
    resource: 'button',
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      if (found.status !== 'EFFECTIVE')
        throw new AppError(409, 'srmCctContract.alterState', { status: found.status });
      const [open] = (
        await ctx
          .system('one alteration of a contract at a time')
          .list(contract, { mainContractId: found.contractId, contractType: 'ALTERATION' })
      ).filter((row) => OPEN_ALTERATION_STATES.includes(row.status));
      if (open)
        throw new AppError(409, 'srmCctContract.alterationOpen', { number: open.contractNumber ?? '' });
      const id = await copyContract(ctx, found, {
        contractType: 'ALTERATION',
        mainContractId: found.contractId,
      });
      await ctx.patch(contract, id, { revisionNum: (found.revisionNum ?? 1) + 1 });
      return { data: await ctx.find(contract, id) };
    },
  }),
  generateDocument: endpoint({
    summary: "Generate the contract's document from its template",
    input: { contractId: ref('srmCctContract', { required: true }) },
    scope: contract,
    resource: 'button',
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      if (!GENERATE_STATES.includes(found.status))
        throw new AppError(409, 'srmCctContract.documentState', { status: found.status });
      const bytes = await generatedDocument(ctx, found);
      const fileName = `${found.contractNumber ?? found.contractId}.docx`;
      return { data: await storeDocument(ctx, found, bytes, 'GENERATED', { fileName }) };
    },
  }),
  uploadRevision: endpoint({
    summary: "Record an uploaded .docx as the contract document's next revision",
    input: {
      contractId: ref('srmCctContract', { required: true }),
      fileIds: attachments({ required: true, maxCount: 1 }),
      remark: text({ max: 500 }),
    },
    scope: contract,
    resource: 'button',
    sides: ['internal', 'supplier'],
    write: true,
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      if (!(REVISION_STATES[ctx.actor.side] as readonly string[]).includes(found.status))
        throw new AppError(409, 'srmCctContract.documentState', { status: found.status });
      const [fileId] = fileIds(input.fileIds);
      if (!fileId) throw new AppError(400, 'srmCctContract.revisionDocx');
      // Only a file the caller may read, and not one already filed elsewhere.
      const file = await readableFile(ctx, fileId);
      if (file.row.businessId !== null) throw new AppError(409, 'srmCctContract.revisionUsed');
      const suffix = file.row.suffixName.toLowerCase();
      // A simplified contract's text is a PDF as it stands (finalized without conversion).
      if (found.simplifiedFlag === 'Y' && suffix === 'pdf') {
        if (!file.bytes.subarray(0, 5).equals(Buffer.from('%PDF-')))
          throw new AppError(400, 'srmCctContract.revisionPdf');
        return {
          data: await storeDocument(ctx, found, file.bytes, 'REVISION', {
            fileName: file.row.originalFileName ?? `${found.contractNumber ?? found.contractId}.pdf`,
            trackedChanges: 0,
            remark: input.remark ?? null,
            fileId,
          }),
        };
      }
      if (suffix !== 'docx')
        throw new AppError(
          400,
          found.simplifiedFlag === 'Y' ? 'srmCctContract.revisionPdf' : 'srmCctContract.revisionDocx',
        );
      let changes: number;
      try {
        changes = (await trackedChanges(file.bytes)).changes.length;
      } catch {
        throw new AppError(400, 'srmCctContract.revisionDocx');
      }
      return {
        data: await storeDocument(ctx, found, file.bytes, 'REVISION', {
          fileName: file.row.originalFileName ?? `${found.contractNumber ?? found.contractId}.docx`,
          trackedChanges: changes,
          remark: input.remark ?? null,
          fileId,
        }),
      };
    },
  }),
});
