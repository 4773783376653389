// 由申请创建, for every sourcing event alike: what remains open on an approved requisition's lines,
// or on lines chosen from the demand pool (需求池, several requisitions of one organisation) — the
// materials an inquiry or an auction is then made for — and the link each material keeps to its
// requisition line (written by each event's endpoint as the platform: the buyer never types it).
// The award's approval drafts the orders of those lines (award-orders.ts).
import { dec, ref, refs } from '@srm/kernel';
import { AppError, type DataApi } from '@srm/platform';
import { currency } from '../base-data';
import { requisition, requisitionLine } from '../purchasing';

const HOUR = 3_600_000;
/** Most pool lines one event is made of. */
export const MAX_POOL_LINES = 500;

/** The input of each event's createFromRequisition: one requisition, or lines of the pool. */
export const fromRequisitionInput = {
  requisitionHeaderId: ref('srmPurRequisitionHeader'),
  requisitionLineIds: refs('srmPurRequisitionLine', { max: MAX_POOL_LINES }),
};

export interface FromRequisitionGiven {
  readonly requisitionHeaderId?: number | null;
  readonly requisitionLineIds?: readonly number[] | null;
}

/** The open lines of one approved requisition, in order. */
async function linesOfRequisition(ctx: DataApi, requisitionHeaderId: number) {
  const source = await ctx.find(requisition, requisitionHeaderId);
  const number = source.requisitionNumber ?? '';
  if (source.status !== 'APPROVED')
    throw new AppError(422, 'sourcing.fromRequisition.notApproved', { number });
  const lines = [...(await ctx.lines(requisitionLine, requisitionHeaderId))]
    .filter((line) => line.demandStatus === 'POOLED' && (line.remainingQuantity ?? 0) > 0)
    .sort((a, b) => a.lineNum - b.lineNum);
  if (!lines.length) throw new AppError(422, 'sourcing.fromRequisition.nothingOpen', { number });
  return { sources: [source], lines };
}

/** Lines chosen in the pool: each still open, all of one organisation, by requisition and line. */
async function linesOfPool(ctx: DataApi, ids: readonly number[]) {
  const lines = [...(await ctx.list(requisitionLine, { requisitionLineId: [...ids] }))];
  // Every line named must be one the caller may read (as a missing one, else).
  if (lines.length !== new Set(ids).size) throw new AppError(404, 'entity.notFound');
  const sources = await ctx.list(requisition, {
    requisitionHeaderId: [...new Set(lines.map((line) => line.requisitionHeaderId))],
  });
  const numberOf = (line: (typeof lines)[number]) =>
    sources.find((source) => source.requisitionHeaderId === line.requisitionHeaderId)?.requisitionNumber ??
    '';
  for (const line of lines)
    if (line.demandStatus !== 'POOLED' || !((line.remainingQuantity ?? 0) > 0))
      throw new AppError(422, 'sourcing.fromRequisition.notPooled', {
        number: numberOf(line),
        line: line.lineNum,
      });
  if (new Set(lines.map((line) => line.orgId)).size > 1)
    throw new AppError(422, 'sourcing.fromRequisition.severalOrgs');
  const order = (a: (typeof lines)[number], b: (typeof lines)[number]) =>
    a.requisitionHeaderId - b.requisitionHeaderId || a.lineNum - b.lineNum;
  return { sources, lines: lines.sort(order) };
}

/**
 * The open lines given (those of a requisition, or those chosen in the pool), each with its
 * requisition's number; the event's title and organisation; the suggested suppliers; the currency
 * to ask in.
 */
export async function openRequisitionLines(ctx: DataApi, given: FromRequisitionGiven) {
  const ids = given.requisitionLineIds ?? [];
  const headerId = given.requisitionHeaderId ?? null;
  if ((headerId === null) === (ids.length === 0))
    throw new AppError(400, 'sourcing.fromRequisition.oneSource');
  const { sources, lines } =
    headerId !== null ? await linesOfRequisition(ctx, headerId) : await linesOfPool(ctx, ids);
  const numbers = new Map(sources.map((source) => [source.requisitionHeaderId, source.requisitionNumber]));
  const [cny] = await ctx.list(currency, { currencyCode: 'CNY', enabledFlag: 'Y' }, { limit: 1 });
  const [first] = cny ? [cny] : await ctx.list(currency, { enabledFlag: 'Y' }, { limit: 1 });
  if (!first) throw new AppError(422, 'sourcing.fromRequisition.noCurrency');
  const suppliers = [
    ...new Set(
      lines.map((line) => line.suggestedSupplierId).filter((id): id is number => typeof id === 'number'),
    ),
  ];
  const titles = [...new Set(sources.map((source) => source.title))];
  return {
    title: titles.join('；').slice(0, 120),
    orgId: lines[0]!.orgId ?? sources[0]!.orgId,
    lines: lines.map((line) => ({
      ...line,
      requisitionNumber: numbers.get(line.requisitionHeaderId) ?? null,
    })),
    suppliers,
    currencyId: first.currencyId,
  };
}

/** The next whole hour at least `hours` from now (a deadline or a start a person would set). */
export function hoursOn(ctx: DataApi, hours: number): number {
  return Math.ceil((ctx.now.getTime() + hours * HOUR) / HOUR) * HOUR;
}

/** A line of the requisitions as `openRequisitionLines` answers it. */
type OpenedLine = Awaited<ReturnType<typeof openRequisitionLines>>['lines'][number];

/**
 * One material of the event: the open lines asking for the same item in the same unit, merged
 * (两张申请要同一颗螺钉 → one material): their remaining quantities added, the earliest need-by
 * date, the lowest of their prices (a start price or target no line's budget is below), each line
 * kept for the award's orders. In the order the first of each appears.
 */
export interface AskedMaterial {
  readonly itemId: number;
  readonly uomId: number | null;
  readonly quantity: number;
  readonly needByDate: string | null;
  /** The lowest price of the lines (null when none has one). */
  readonly unitPrice: number | null;
  readonly lines: readonly OpenedLine[];
}

export function materialsOf(opened: Awaited<ReturnType<typeof openRequisitionLines>>): AskedMaterial[] {
  const groups = new Map<string, OpenedLine[]>();
  for (const line of opened.lines) {
    const key = `${line.itemId}:${line.uomId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()].map((lines) => {
    const dates = lines.map((line) => line.needByDate).filter((date): date is string => !!date);
    const prices = lines
      .map((line) => line.unitPrice)
      .filter((price): price is number => typeof price === 'number' && price > 0);
    return {
      itemId: lines[0]!.itemId,
      uomId: lines[0]!.uomId ?? null,
      quantity: lines
        .reduce((sum, line) => sum.plus(dec(line.remainingQuantity ?? line.quantity)), dec(0))
        .toNumber(),
      needByDate: dates.length ? dates.sort()[0]! : null,
      unitPrice: prices.length ? Math.min(...prices) : null,
      lines,
    };
  });
}

/** What each material line records of the requisition lines it was made from. */
export const requisitionLink = (
  material: AskedMaterial,
): { requisitionLineId: number; requisitionLineIds: string; requisitionNum: string } => ({
  requisitionLineId: material.lines[0]!.requisitionLineId,
  requisitionLineIds: material.lines.map((line) => line.requisitionLineId).join(','),
  requisitionNum: [...new Set(material.lines.map((line) => line.requisitionNumber ?? ''))]
    .filter(Boolean)
    .join(', ')
    .slice(0, 200),
});

/** The requisition lines a material was asked for (all of them where several were merged). */
export function requisitionLinesOf(item: {
  readonly requisitionLineId: number | null;
  readonly requisitionLineIds?: string | null;
}): number[] {
  const listed = (item.requisitionLineIds ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  if (listed.length) return listed;
  return item.requisitionLineId === null ? [] : [item.requisitionLineId];
}
