// A contract's documents: the .docx generated from its template with the contract's values, and
// the revisions either side uploads. Each is stored as a file of the contract's document line
// with its version, kind, author, side, size and SHA-256, so any later copy can be checked
// against it.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { type FoundRowOf, type Locale, chineseCapitals, plainText } from '@srm/kernel';
import { AppError, type DataApi, OfficeDocumentError, fillDocxTemplate } from '@srm/platform';
import { item } from '../../base-data';
import { fileBytes, fileIds } from '../support';
import { contractTemplate } from '../template/template.entity';
import { contract } from './contract.entity';
import { contractDocument } from './contract-lines.entity';

type Contract = FoundRowOf<typeof contract>;

/** The language contract documents are written in (the parties' labels, the codes' meanings). */
const DOCUMENT_LOCALE: Locale = 'zh-CN';
const MONEY = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const QUANTITY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 4 });

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : MONEY.format(value);

/** A clause's rich text as the document's plain paragraphs, its `{name}` tags filled from `values`. */
export function clauseText(html: string, values: Readonly<Record<string, unknown>>): string {
  // One paragraph a line: the document's own paragraphs carry the spacing.
  const text = plainText(html).replace(/\n{2,}/g, '\n');
  return text.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (tag, name: string) =>
    values[name] === undefined || values[name] === null ? tag : String(values[name]),
  );
}

/** The contract's values under the template dictionary's names. */
async function templateData(ctx: DataApi, found: Contract): Promise<Record<string, unknown>> {
  const label = (type: string, code: string | null) =>
    code ? ctx.runtime.t(DOCUMENT_LOCALE, `lookup.${type}.${code}`) : '';
  const itemIds = found.items.map((line) => line.itemId).filter((id): id is number => id !== null);
  const codes = new Map(
    (await ctx.system('item codes are master data').list(item, { itemId: itemIds })).map((row) => [
      row.itemId,
      row.itemCode,
    ]),
  );
  const header: Record<string, unknown> = {
    contractNumber: found.contractNumber ?? '',
    contractName: found.contractName,
    contractType: label('CCT_CONTRACT_TYPE', found.contractType),
    orgName: found.orgName ?? '',
    supplierName: found.supplierName ?? '',
    buyerName: found.buyerName ?? '',
    currencyCode: found.currencyCode ?? '',
    amountExclTax: money(found.amountExclTax),
    taxAmount: money(found.taxAmount),
    amountInclTax: money(found.amountInclTax),
    amountInWords: chineseCapitals(found.amountInclTax ?? 0),
    effectiveFrom: found.effectiveFrom,
    effectiveTo: found.effectiveTo,
    warrantyMonths: found.warrantyMonths ?? '',
    partyAName: found.partyAName ?? '',
    partyAAddress: found.partyAAddress ?? '',
    partyABank: found.partyABank ?? '',
    partyAAccount: found.partyAAccount ?? '',
    partyARepresentative: found.partyARepresentative ?? '',
    partyAAgent: found.partyAAgent ?? '',
    partyBName: found.partyBName ?? '',
    partyBAddress: found.partyBAddress ?? '',
    partyBBank: found.partyBBank ?? '',
    partyBAccount: found.partyBAccount ?? '',
    partyBRepresentative: found.partyBRepresentative ?? '',
    partyBAgent: found.partyBAgent ?? '',
    remark: found.remark ?? '',
  };
  const byNumber = <T extends Record<string, unknown>>(rows: readonly T[], field: keyof T) =>
    [...rows].sort((a, b) => Number(a[field]) - Number(b[field]));
  return {
    ...header,
    items: byNumber(found.items, 'lineNum').map((line) => ({
      lineNum: line.lineNum,
      itemCode: line.itemId ? (codes.get(line.itemId) ?? '') : '',
      itemName: line.itemName ?? line.itemDescription ?? '',
      itemDescription: line.itemDescription ?? '',
      specification: line.specification ?? '',
      uomName: line.uomName ?? '',
      quantity: QUANTITY.format(line.quantity),
      unitPrice: line.unitPrice,
      taxRate: `${line.taxRate}%`,
      unitPriceInclTax: line.unitPriceInclTax ?? '',
      amountExclTax: money(line.amountExclTax),
      amountInclTax: money(line.amountInclTax),
      needByDate: line.needByDate ?? '',
      deliverySite: line.deliverySite ?? '',
    })),
    stages: byNumber(found.stages, 'stageNum').map((stage) => ({
      stageNum: stage.stageNum,
      stageName: stage.stageName,
      milestone: label('CCT_STAGE_MILESTONE', stage.milestone),
      plannedDate: stage.plannedDate ?? '',
      ratio: `${stage.ratio}%`,
      stageAmount: money(stage.stageAmount),
      paymentMethod: label('CCT_PAYMENT_METHOD', stage.paymentMethod),
      daysAfter: stage.daysAfter ?? 0,
    })),
    clauses: byNumber(found.clauses, 'sequenceNum').map((clause) => ({
      sequenceNum: clause.sequenceNum,
      termsTitle: clause.termsTitle,
      termsBody: clauseText(clause.termsBody, header),
    })),
  };
}

/** Who a document is recorded as written by, when it is not the caller (a job's finalized PDF). */
export interface DocumentAuthor {
  readonly side: 'internal' | 'supplier';
  readonly name: string;
}

/** Stores the bytes as the contract's next document; answers the contract as found after. */
export async function storeDocument(
  ctx: DataApi,
  found: Contract,
  bytes: Buffer,
  kind: 'GENERATED' | 'REVISION' | 'FINALIZED' | 'SIGNED',
  extra: {
    fileName: string;
    trackedChanges?: number;
    remark?: string | null;
    fileId?: number;
    author?: DocumentAuthor;
  },
): Promise<Contract> {
  const files = ctx.services.attachments;
  if (!files) throw new AppError(503, 'file.storageUnavailable');
  const versionNo = Math.max(0, ...found.documents.map((document) => document.versionNo ?? 0)) + 1;
  const fileId =
    extra.fileId ??
    (
      await files.record(
        ctx.actor,
        extra.fileName,
        await files.storage.put(Readable.from([bytes]), Number.MAX_SAFE_INTEGER),
        { path: 'contract/document' },
        false,
      )
    ).id;
  // The platform records the document, whoever's it is (a supplier writes no contract lines).
  const writer = ctx.system('a contract document is recorded by the platform');
  const [documentId] = await writer.insert(contractDocument, [
    {
      contractId: found.contractId,
      versionNo,
      documentKind: kind,
      fileIds: String(fileId),
      fileName: extra.fileName,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fileSize: bytes.length,
      authorSide: extra.author?.side ?? ctx.actor.side,
      authorName: extra.author?.name ?? ctx.actor.userName,
      trackedChanges: extra.trackedChanges ?? null,
      remark: extra.remark ?? null,
    },
  ]);
  await files.link(ctx.tx, contractDocument, documentId!, 'fileIds', [fileId]);
  return ctx.find(contract, found.contractId);
}

/** The contract's document filled from its template. */
export async function generatedDocument(ctx: DataApi, found: Contract): Promise<Buffer> {
  if (!found.templateId) throw new AppError(422, 'srmCctContract.noTemplate');
  const [template] = await ctx
    .system('the template a contract names is read to generate its document')
    .list(contractTemplate, { templateId: found.templateId });
  const [bodyId] = fileIds(template?.bodyFileIds);
  const body = bodyId ? await fileBytes(ctx, bodyId) : null;
  if (!body) throw new AppError(422, 'srmCctContract.noTemplate');
  try {
    return await fillDocxTemplate(body.bytes, await templateData(ctx, found));
  } catch (error) {
    // A template file that no longer reads or fills (it was checked when saved): the user's fault
    // is none, but the answer is a clear refusal, not a failure of the server.
    if (error instanceof OfficeDocumentError) throw new AppError(422, 'srmCctContract.templateUnusable');
    throw error;
  }
}
