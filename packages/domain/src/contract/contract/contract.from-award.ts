// 生成合同 (createFromAward): an approved sourcing award — of an inquiry or of an auction — drafts
// one contract per supplier it gives a share, the supplier's awarded lines as the contract's items
// (material, unit, awarded quantity, price without tax, tax rate, need-by date), for the buyer to
// pick a template, set the stages and submit. Keyed like the award's hand-off to purchasing: the
// contract by award and supplier, each item by its award line (both unique), so a second call
// makes nothing and answers the contracts made before (ADR 0028, "Contracts from awards").
//   srmCctContract/createFromAward  { inquiryAwardId } | { auctionAwardId } → { contracts }
import { dec, ref } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { item } from '../../base-data';
import {
  auctionAward,
  auctionAwardLine,
  auctionItem,
  inquiryAward,
  inquiryAwardLine,
  inquiryItem,
} from '../../sourcing';
import { priceExclTax } from '../contract-amounts';
import { actorFullName } from '../support';
import { contract } from './contract.entity';
import { contractItem } from './contract-lines.entity';

/** One awarded line: a supplier's share of a material, as the contract takes it. */
interface AwardedLine {
  readonly awardLineId: number;
  readonly itemLineNum: number;
  readonly supplierId: number;
  readonly itemId: number;
  readonly uomId: number | null;
  /** What the share gives the supplier: the material's quantity × its percent. */
  readonly quantity: number;
  /** As awarded: with tax where the award's prices include it. */
  readonly unitPrice: number;
  readonly taxRate: number;
  readonly needByDate: string | null;
}

/** An award as a contract reads it, whichever sourcing document made it. */
interface AwardSource {
  /** The hand-off's source type: the first part of every key. */
  readonly kind: 'INQUIRY' | 'AUCTION';
  readonly awardNum: string;
  readonly title: string;
  readonly status: string;
  readonly orgId: number | null;
  readonly currencyId: number | null;
  readonly taxIncluded: boolean;
  readonly validFrom: string;
  readonly validTo: string;
  readonly lines: readonly AwardedLine[];
}

/** An award line of either kind, with its material's need-by date. */
interface ShareRow {
  readonly awardLineId: number;
  readonly itemLineNum: number | null;
  readonly supplierId: number | null;
  readonly itemId: number;
  readonly uomId: number | null;
  readonly quantity: number | null;
  readonly awardPercent: number | null;
  readonly awardQuantity: number | null;
  readonly unitPrice: number | null;
  readonly taxRate: number | null;
  /** The need-by date of the material on the inquiry or auction. */
  readonly needByDate: string | null;
}

/** The lines with a share, with what the share gives (the stored awarded quantity, or worked out). */
function awarded(lines: readonly ShareRow[]): AwardedLine[] {
  return lines
    .filter((line) => (line.awardPercent ?? 0) > 0 && line.supplierId !== null)
    .map((line) => ({
      awardLineId: line.awardLineId,
      itemLineNum: line.itemLineNum ?? 0,
      supplierId: line.supplierId!,
      itemId: line.itemId,
      uomId: line.uomId,
      quantity:
        line.awardQuantity ??
        dec(line.quantity ?? 0)
          .mul(dec(line.awardPercent ?? 0).div(100))
          .toDecimalPlaces(4)
          .toNumber(),
      unitPrice: line.unitPrice ?? 0,
      taxRate: line.taxRate ?? 0,
      needByDate: line.needByDate,
    }))
    .filter((line) => line.quantity > 0)
    .sort((a, b) => a.itemLineNum - b.itemLineNum || a.awardLineId - b.awardLineId);
}

/** An award's header, as both kinds of award have it. */
interface AwardHeader {
  readonly awardId: number;
  readonly awardNum: string | null;
  readonly title: string | null;
  readonly status: string;
  readonly orgId: number | null;
  readonly currencyId: number | null;
  readonly taxIncludedFlag: string | null;
  readonly validFrom: string;
  readonly validTo: string;
}

/** The award as a contract reads it: its header, and its lines with their materials' need-by dates. */
function sourceOf(kind: AwardSource['kind'], row: AwardHeader, lines: readonly ShareRow[]): AwardSource {
  return {
    kind,
    awardNum: row.awardNum ?? String(row.awardId),
    title: row.title ?? row.awardNum ?? '',
    status: row.status,
    orgId: row.orgId,
    currencyId: row.currencyId,
    taxIncluded: row.taxIncludedFlag === 'Y',
    validFrom: row.validFrom,
    validTo: row.validTo,
    lines: awarded(lines),
  };
}

// The award is locked as the caller (404 outside its scope): two runs at once make the contracts
// once, the second finding the first's.
async function inquirySource(ctx: DataApi, awardId: number): Promise<AwardSource> {
  const row = (await ctx.lock(inquiryAward, [awardId]))[0]!;
  const materials = await ctx.lines(inquiryItem, row.inquiryId);
  const needBy = new Map(materials.map((material) => [material.inquiryItemId, material.needByDate]));
  const lines = await ctx.lines(inquiryAwardLine, awardId);
  return sourceOf(
    'INQUIRY',
    row,
    lines.map((line) => ({ ...line, needByDate: needBy.get(line.inquiryItemId ?? 0) ?? null })),
  );
}

async function auctionSource(ctx: DataApi, awardId: number): Promise<AwardSource> {
  const row = (await ctx.lock(auctionAward, [awardId]))[0]!;
  const materials = await ctx.lines(auctionItem, row.auctionId);
  const needBy = new Map(materials.map((material) => [material.auctionItemId, material.needByDate]));
  const lines = await ctx.lines(auctionAwardLine, awardId);
  return sourceOf(
    'AUCTION',
    row,
    lines.map((line) => ({ ...line, needByDate: needBy.get(line.auctionItemId ?? 0) ?? null })),
  );
}

/** The keys of what an award makes: the hand-off's (`INQUIRY:AW…:S:7` is also its agreement's). */
const keyOf = (source: AwardSource, ...parts: (string | number)[]) =>
  [source.kind, source.awardNum, ...parts].join(':');

/** A contract made from the award (or found made before), as the button reports it. */
export interface ContractFromAward {
  readonly contractId: number;
  readonly contractNumber: string | null;
  readonly supplierId: number;
  readonly supplierName: string | null;
  readonly amountInclTax: number | null;
  readonly status: string;
  /** Made by this call; false: made before and answered again. */
  readonly created: boolean;
}

/** The draft contract of one supplier's awarded lines; its id. */
async function draftContract(
  ctx: DataApi,
  source: AwardSource,
  supplierId: number,
  lines: readonly AwardedLine[],
): Promise<number> {
  // A line's unit is the material's where the award names none (an inquiry's material may not).
  const unitless = [...new Set(lines.filter((line) => line.uomId === null).map((line) => line.itemId))];
  const units = new Map(
    (unitless.length
      ? await ctx.system('a material is master data').list(item, { itemId: unitless })
      : []
    ).map((row) => [row.itemId, row.uomId]),
  );
  const saved = await ctx.save(contract, {
    contractName: ctx.t('srmCctContract.fromAwardName', { title: source.title }).slice(0, 200),
    contractType: 'MAIN',
    orgId: source.orgId!,
    supplierId,
    currencyId: source.currencyId!,
    buyerName: (await actorFullName(ctx)).slice(0, 60),
    effectiveFrom: source.validFrom,
    effectiveTo: source.validTo,
    // The contract's price is without tax; an award quoted with tax makes a contract priced with
    // tax, whose amounts are the award's (quantity × price with tax).
    taxIncludedFlag: source.taxIncluded ? 'Y' : 'N',
    items: lines.map((line, index) => ({
      lineNum: index + 1,
      itemId: line.itemId,
      uomId: line.uomId ?? units.get(line.itemId),
      quantity: line.quantity,
      unitPrice: priceExclTax(line.unitPrice, line.taxRate, source.taxIncluded),
      taxRate: line.taxRate,
      needByDate: line.needByDate,
    })),
  });
  await ctx.patch(contract, saved.contractId, {
    sourceType: 'AWARD',
    sourceNum: source.awardNum.slice(0, 30),
    sourceKey: keyOf(source, 'S', supplierId),
  });
  // Each item remembers its award line (items are numbered in the award lines' order).
  for (const stored of saved.items) {
    const line = lines[stored.lineNum - 1];
    if (line)
      await ctx.patch(contractItem, stored.contractItemId, {
        sourceLineKey: keyOf(source, 'L', line.awardLineId),
      });
  }
  return saved.contractId;
}

/** The contracts of the award: those made before, and a draft for every awarded supplier without one. */
async function contractsFromAward(ctx: DataApi, source: AwardSource): Promise<ContractFromAward[]> {
  if (source.status !== 'APPROVED')
    throw new AppError(409, 'srmCctContract.awardNotApproved', { number: source.awardNum });
  const suppliers = [...new Set(source.lines.map((line) => line.supplierId))];
  if (!suppliers.length || source.orgId === null || source.currencyId === null)
    throw new AppError(422, 'srmCctContract.awardNothingAwarded', { number: source.awardNum });
  // Looked for without the caller's scope: a contract made before is never made again.
  const before = await ctx
    .system('a contract is made once per award and supplier')
    .list(contract, { sourceKey: suppliers.map((supplierId) => keyOf(source, 'S', supplierId)) });
  const made = new Map<number, { contractId: number; created: boolean }>();
  for (const supplierId of suppliers) {
    const found = before.find((row) => row.sourceKey === keyOf(source, 'S', supplierId));
    made.set(
      supplierId,
      found
        ? { contractId: found.contractId, created: false }
        : {
            contractId: await draftContract(
              ctx,
              source,
              supplierId,
              source.lines.filter((line) => line.supplierId === supplierId),
            ),
            created: true,
          },
    );
  }
  const rows = await ctx.list(contract, { contractId: [...made.values()].map((m) => m.contractId) });
  return suppliers.flatMap((supplierId) => {
    const { contractId, created } = made.get(supplierId)!;
    const row = rows.find((candidate) => candidate.contractId === contractId);
    return row ? [answerOf(row, supplierId, created)] : [];
  });
}

function answerOf(
  row: {
    contractId: number;
    contractNumber: string | null;
    supplierName?: unknown;
    amountInclTax: number | null;
    status: string;
  },
  supplierId: number,
  created: boolean,
): ContractFromAward {
  return {
    contractId: row.contractId,
    contractNumber: row.contractNumber,
    supplierId,
    supplierName:
      row.supplierName === null || row.supplierName === undefined ? null : String(row.supplierName),
    amountInclTax: row.amountInclTax,
    status: row.status,
    created,
  };
}

/** A contract a hand-off made (or found made before), as its button reports it; read as the caller. */
export async function contractAnswer(
  ctx: DataApi,
  contractId: number,
  supplierId: number,
  created: boolean,
): Promise<ContractFromAward> {
  const [row] = await ctx.list(contract, { contractId: [contractId] });
  if (!row) throw new AppError(404, 'entity.notFound');
  return answerOf(row, supplierId, created);
}

/** What the answer tells the buyer: the drafts made, and those made before. */
function summary(ctx: DataApi, contracts: readonly ContractFromAward[]): string {
  const numbers = (created: boolean) =>
    contracts
      .filter((row) => row.created === created)
      .map((row) => row.contractNumber ?? String(row.contractId))
      .join('、');
  const made = numbers(true);
  const existing = numbers(false);
  if (made && existing) return ctx.t('srmCctContract.fromAwardBoth', { made, existing });
  return made
    ? ctx.t('srmCctContract.fromAwardMade', { numbers: made })
    : ctx.t('srmCctContract.fromAwardExisting', { numbers: existing });
}

export const contractFromAwardEndpoints = defineEndpoints(contract, {
  createFromAward: endpoint({
    summary: 'Draft one contract per awarded supplier of an approved inquiry or auction award, once',
    input: {
      inquiryAwardId: ref('srmInquiryAward'),
      auctionAwardId: ref('srmAuctionAward'),
    },
    scope: contract,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const { inquiryAwardId = null, auctionAwardId = null } = input;
      if ((inquiryAwardId === null) === (auctionAwardId === null))
        throw new AppError(400, 'srmCctContract.awardOne');
      const source =
        inquiryAwardId !== null
          ? await inquirySource(ctx, inquiryAwardId)
          : await auctionSource(ctx, auctionAwardId!);
      const contracts = await contractsFromAward(ctx, source);
      return { data: { contracts }, msg: summary(ctx, contracts) };
    },
  }),
});
