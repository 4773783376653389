// Contracts' own endpoints: 生成合同文本 (the .docx filled from the contract's template) and
// 上传修订稿 (a revision of the current document, with tracked changes, from either side while
// the contract may still change: the buyer while it is a draft, rejected or refused, both sides
// while the supplier is asked to confirm it).
import { attachments, ref, text } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint, trackedChanges } from '@srm/platform';
import { fileIds, readableFile } from '../support';
import { REVISION_STATES, contract } from './contract.entity';
import { generatedDocument, storeDocument } from './contract.document';

const GENERATE_STATES = ['DRAFT', 'REJECTED', 'REFUSED'];

export const contractEndpoints = defineEndpoints(contract, {
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
      if (file.row.suffixName.toLowerCase() !== 'docx')
        throw new AppError(400, 'srmCctContract.revisionDocx');
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
