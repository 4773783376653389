// 比较修订稿: two .docx documents of a contract (generated or uploaded revisions) compared
// paragraph by paragraph, each read with its tracked changes accepted (as it will read once
// agreed). The buyer's: what a document says of master data a supplier does not read (the buyer's
// item codes in the items table) stays in the files it downloads, not in answers of the API.
import { type FoundRowOf, number, ref } from '@srm/kernel';
import {
  AppError,
  type DataApi,
  OfficeDocumentError,
  compareParagraphs,
  defineEndpoints,
  docxParagraphs,
  endpoint,
} from '@srm/platform';
import { fileBytes, fileIds } from '../support';
import { contract } from './contract.entity';

type Contract = FoundRowOf<typeof contract>;
type Document = Contract['documents'][number];

const DOCX_KINDS = ['GENERATED', 'REVISION'];

const docxOf = (found: Contract) =>
  found.documents
    .filter(
      (document) =>
        DOCX_KINDS.includes(document.documentKind ?? '') &&
        !(document.fileName ?? '').toLowerCase().endsWith('.pdf'),
    )
    .sort((a, b) => (a.versionNo ?? 0) - (b.versionNo ?? 0));

async function paragraphsOf(ctx: DataApi, document: Document): Promise<string[]> {
  const [fileId] = fileIds(document.fileIds);
  const file = fileId ? await fileBytes(ctx, fileId) : null;
  if (!file) throw new AppError(404, 'srmCctContract.documentNotFound');
  try {
    // Empty paragraphs are layout, not wording.
    return (await docxParagraphs(file.bytes)).filter((text) => text.trim() !== '');
  } catch (error) {
    if (error instanceof OfficeDocumentError) throw new AppError(422, 'srmCctContract.revisionDocx');
    throw error;
  }
}

const summary = (document: Document) => ({
  contractDocumentId: document.contractDocumentId,
  versionNo: document.versionNo,
  documentKind: document.documentKind,
  authorName: document.authorName,
  authorSide: document.authorSide,
  trackedChanges: document.trackedChanges,
  creationDate: document.creationDate,
});

export const contractCompareEndpoints = defineEndpoints(contract, {
  compareDocuments: endpoint({
    summary: "Two of a contract's .docx documents compared paragraph by paragraph",
    input: {
      contractId: ref('srmCctContract', { required: true }),
      /** The earlier document; the one before `toDocumentId` when left out. */
      fromDocumentId: number({ min: 1 }),
      /** The later document; the last .docx when left out. */
      toDocumentId: number({ min: 1 }),
    },
    scope: contract,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      const found = await ctx.find(contract, input.contractId);
      const documents = docxOf(found);
      const byId = (id: number) => {
        const document = documents.find((row) => row.contractDocumentId === id);
        if (!document) throw new AppError(404, 'srmCctContract.documentNotFound');
        return document;
      };
      const to = input.toDocumentId ? byId(input.toDocumentId) : documents[documents.length - 1];
      const from = input.fromDocumentId
        ? byId(input.fromDocumentId)
        : documents[documents.findIndex((row) => row === to) - 1];
      if (!to || !from) throw new AppError(409, 'srmCctContract.nothingToCompare');
      const paragraphs = compareParagraphs(await paragraphsOf(ctx, from), await paragraphsOf(ctx, to));
      return {
        data: {
          from: summary(from),
          to: summary(to),
          changed: paragraphs.filter((paragraph) => paragraph.kind !== 'same').length,
          paragraphs,
        },
      };
    },
  }),
});
