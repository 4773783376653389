// 生成合同 from pattern making (createFromPatternMaking): a supplier's pattern-making reply whose
// sample fee was approved (打样费用审批通过, or finished since) drafts the supplier's contract for
// the samples — one item per material it quoted a fee for: the material (or, for a new one without
// a code, its name and specification), the sample quantity and the fee as the quantity's price. The
// fee was quoted with tax, so the contract is priced with tax (含税计价) at the item's default rate
// and its total is the fees' sum to the cent; the buyer checks the rate, picks a template and
// submits. Keyed by the reply (the contract) and its lines (the items), so a second call makes
// nothing and answers the contract made before. A material with no unit of its own or of its
// material takes 个 (PCS) where the unit list has it (ADR 0028, item 12).
//   srmCctContract/createFromPatternMaking  { replyId } → { contracts }
import { dec, formatDate, ref } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { item, uom } from '../../base-data';
import { patternMakingReply, patternMakingReplyLine } from '../../supplier';
import { priceExclTax } from '../contract-amounts';
import { actorFullName } from '../support';
import { contract } from './contract.entity';
import { contractItem } from './contract-lines.entity';
import { type ContractFromAward, contractAnswer } from './contract.from-award';

/** The reply states after the fee's approval: the samples are being made, or were decided. */
export const PATTERN_CONTRACT_STATES = ['APPROVED', 'FINISHED'];
/** The unit of a prototype that has none: samples are counted in pieces. */
const PIECES = 'PCS';
/** How long the drafted contract runs from today, for the buyer to adjust. */
const VALID_MONTHS = 6;

/** The same day `months` later, or the month's last day where it has no such day (31 Aug → 28 Feb). */
export function monthsAfter(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay))).toISOString().slice(0, 10);
}

async function draftFromReply(ctx: DataApi, replyId: number): Promise<ContractFromAward> {
  // Locked as the caller (404 outside its scope): two presses at once make one contract.
  const reply = (await ctx.lock(patternMakingReply, [replyId]))[0]!;
  const number = reply.replyNum ?? String(reply.replyId);
  if (!PATTERN_CONTRACT_STATES.includes(reply.status))
    throw new AppError(409, 'srmCctContract.patternNotApproved', { number });
  const sourceKey = `PATTERN:${number}`;
  const [before] = await ctx
    .system('a contract is made once per pattern-making reply')
    .list(contract, { sourceKey });
  if (before) return contractAnswer(ctx, before.contractId, reply.supplierId, false);

  const lines = (await ctx.lines(patternMakingReplyLine, replyId)).filter(
    (line) => (line.sampleFee ?? 0) > 0 && (line.sampleQuantity ?? 0) > 0,
  );
  if (!lines.length || reply.currencyId === null)
    throw new AppError(422, 'srmCctContract.patternNoFee', { number });
  // A coded material gives what the line lacks: its unit and its specification.
  const coded = [...new Set(lines.flatMap((line) => (line.itemId ? [line.itemId] : [])))];
  const materials = new Map(
    (coded.length ? await ctx.system('a material is master data').list(item, { itemId: coded }) : []).map(
      (row) => [row.itemId, row],
    ),
  );
  const [pieces] = await ctx
    .system('the unit list is master data')
    .list(uom, { uomCode: PIECES, enabledFlag: 'Y' });
  const taxRate = Number(contractItem.fields.taxRate.default ?? 0);
  const from = formatDate(ctx.now.getTime(), ctx.runtime.timeZone);
  const saved = await ctx.save(contract, {
    contractName: ctx.t('srmCctContract.fromPatternName', { title: reply.title ?? number }).slice(0, 200),
    contractType: 'MAIN',
    orgId: reply.orgId,
    supplierId: reply.supplierId,
    currencyId: reply.currencyId,
    buyerName: (await actorFullName(ctx)).slice(0, 60),
    effectiveFrom: from,
    effectiveTo: monthsAfter(from, VALID_MONTHS),
    taxIncludedFlag: 'Y',
    items: lines.map((line, index) => {
      const material = line.itemId ? materials.get(line.itemId) : undefined;
      const uomId = line.uomId ?? material?.uomId ?? pieces?.uomId ?? null;
      if (uomId === null)
        throw new AppError(422, 'srmCctContract.patternNoUnit', {
          line: line.lineNum,
          name: line.materialName,
        });
      const pricePerSample = dec(line.sampleFee!).div(line.sampleQuantity!);
      return {
        lineNum: index + 1,
        itemId: line.itemId,
        itemDescription: line.materialName.slice(0, 240),
        specification:
          [
            line.specification ?? material?.specification,
            line.drawingNo && ctx.t('srmCctContract.drawingNo', { drawing: line.drawingNo }),
          ]
            .filter(Boolean)
            .join(' ')
            .slice(0, 240) || null,
        uomId,
        quantity: line.sampleQuantity,
        unitPrice: priceExclTax(pricePerSample.toString(), taxRate, true),
        taxRate,
        needByDate: reply.needByDate,
        remark: (line.supplierRemark ?? '').slice(0, 240) || null,
      };
    }),
  });
  await ctx.patch(contract, saved.contractId, {
    sourceType: 'PATTERN',
    sourceNum: number.slice(0, 30),
    sourceKey,
  });
  for (const stored of saved.items) {
    const line = lines[stored.lineNum - 1];
    if (line)
      await ctx.patch(contractItem, stored.contractItemId, {
        sourceLineKey: `${sourceKey}:L:${line.replyLineId}`,
      });
  }
  return contractAnswer(ctx, saved.contractId, reply.supplierId, true);
}

export const contractFromPatternEndpoints = defineEndpoints(contract, {
  createFromPatternMaking: endpoint({
    summary: 'Draft the sample contract of a pattern-making reply whose fee was approved, once',
    input: { replyId: ref('srmPatternMakingReply', { required: true }) },
    scope: contract,
    resource: 'button',
    sides: ['internal'],
    write: true,
    async handle(ctx, input) {
      const made = await draftFromReply(ctx, input.replyId);
      const numbers = made.contractNumber ?? String(made.contractId);
      return {
        data: { contracts: [made] },
        msg: made.created
          ? ctx.t('srmCctContract.fromAwardMade', { numbers })
          : ctx.t('srmCctContract.fromPatternExisting', { numbers }),
      };
    },
  }),
});
