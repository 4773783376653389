// 由申请创建, for every sourcing event alike: what remains open on an approved requisition's lines
// (the materials an inquiry or an auction is then made for), and the link each material keeps to
// its requisition line (written by each event's endpoint as the platform: the buyer never types
// it). The award's approval drafts the orders of those lines (award-orders.ts).
import { AppError, type DataApi } from '@srm/platform';
import { currency } from '../base-data';
import { requisition, requisitionLine } from '../purchasing';

const HOUR = 3_600_000;

/** The requisition, its open lines in order, their suggested suppliers and the currency to ask in. */
export async function openRequisitionLines(ctx: DataApi, requisitionHeaderId: number) {
  const source = await ctx.find(requisition, requisitionHeaderId);
  const number = source.requisitionNumber ?? '';
  if (source.status !== 'APPROVED')
    throw new AppError(422, 'sourcing.fromRequisition.notApproved', { number });
  const lines = [...(await ctx.lines(requisitionLine, requisitionHeaderId))]
    .filter((line) => line.demandStatus === 'POOLED' && (line.remainingQuantity ?? 0) > 0)
    .sort((a, b) => a.lineNum - b.lineNum);
  if (!lines.length) throw new AppError(422, 'sourcing.fromRequisition.nothingOpen', { number });
  const [cny] = await ctx.list(currency, { currencyCode: 'CNY', enabledFlag: 'Y' }, { limit: 1 });
  const [first] = cny ? [cny] : await ctx.list(currency, { enabledFlag: 'Y' }, { limit: 1 });
  if (!first) throw new AppError(422, 'sourcing.fromRequisition.noCurrency');
  const suppliers = [
    ...new Set(
      lines.map((line) => line.suggestedSupplierId).filter((id): id is number => typeof id === 'number'),
    ),
  ];
  return { source, lines, suppliers, currencyId: first.currencyId };
}

/** The next whole hour at least `hours` from now (a deadline or a start a person would set). */
export function hoursOn(ctx: DataApi, hours: number): number {
  return Math.ceil((ctx.now.getTime() + hours * HOUR) / HOUR) * HOUR;
}

/** What each material line records of the requisition line it was made from. */
export const requisitionLink = (
  opened: Awaited<ReturnType<typeof openRequisitionLines>>,
  index: number,
): { requisitionLineId: number; requisitionNum: string | null } => ({
  requisitionLineId: opened.lines[index]!.requisitionLineId,
  requisitionNum: opened.source.requisitionNumber ?? null,
});
