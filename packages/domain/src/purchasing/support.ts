// Server-side helpers of purchasing: material details copied onto lines, and the quantity that
// orders consume from requisition lines (never more than remains, safe under concurrency: the
// lines are locked before they are read and changed).
import { type Decimal, dec } from '@srm/kernel';
import { AppError, type DataApi } from '@srm/platform';
import { item } from '../base-data';
import { requisition } from './requisition/requisition.entity';
import { requisitionLine } from './requisition/requisition-line.entity';

/** Lines that carry a material's details (order and requisition lines). */
interface ItemLine {
  itemId?: number | null;
  itemName?: string | null;
  specification?: string | null;
  categoryId?: number | null;
  uomId?: number | null;
}

/** Copies name, specification, category and unit of each line's material onto the line. */
export async function fillItemDetails(ctx: DataApi, lines: readonly ItemLine[]): Promise<void> {
  const ids = [
    ...new Set(lines.map((line) => line.itemId).filter((id): id is number => typeof id === 'number')),
  ];
  if (!ids.length) return;
  const byId = new Map((await ctx.list(item, { itemId: ids })).map((row) => [row.itemId, row]));
  for (const line of lines) {
    const found = typeof line.itemId === 'number' ? byId.get(line.itemId) : undefined;
    if (!found) continue;
    line.itemName = found.itemName;
    line.specification = found.specification;
    line.categoryId = found.categoryId;
    line.uomId = found.uomId;
  }
}

/**
 * Moves ordered quantity on requisition lines by the given deltas (positive: an order takes it,
 * negative: an order gives it back). A positive delta succeeds only on a pooled line of an
 * approved requisition with at least that much left; otherwise nothing is written and the
 * caller's transaction fails with a message naming the line and what remains. The lines are
 * locked first, so two orders taking from one line wait for each other and never take more
 * than remains between them.
 */
export async function consumeRequisitionLines(
  ctx: DataApi,
  deltas: ReadonlyMap<number, Decimal>,
): Promise<void> {
  const ids = [...deltas.keys()].filter((id) => !deltas.get(id)!.isZero()).sort((a, b) => a - b);
  if (!ids.length) return;
  const lines = await ctx.lock(requisitionLine, ids);
  const headers = new Map(
    (
      await ctx.list(requisition, {
        requisitionHeaderId: [...new Set(lines.map((l) => l.requisitionHeaderId))],
      })
    ).map((header) => [header.requisitionHeaderId, header]),
  );
  for (const line of lines) {
    const delta = deltas.get(line.requisitionLineId)!;
    const header = headers.get(line.requisitionHeaderId);
    const ordered = dec(line.orderedQuantity ?? 0).add(delta);
    const remaining = dec(line.quantity).sub(line.orderedQuantity ?? 0);
    const params = { number: String(header?.requisitionNumber ?? ''), line: line.lineNum };
    if (delta.isPositive()) {
      if (header?.status !== 'APPROVED' || line.demandStatus !== 'POOLED')
        throw new AppError(422, 'purchasing.requisition.notPooled', params);
      if (remaining.lessThan(delta))
        throw new AppError(422, 'purchasing.requisition.overConsumed', {
          ...params,
          remaining: remaining.toString(),
          wanted: delta.toString(),
        });
    } else if (ordered.isNegative()) {
      throw new AppError(422, 'purchasing.requisition.notPooled', params);
    }
    const settled = line.demandStatus === 'CLOSED' || line.demandStatus === 'CANCELLED';
    await ctx.patch(requisitionLine, line.requisitionLineId, {
      orderedQuantity: ordered.toNumber(),
      demandStatus: settled ? line.demandStatus : ordered.gte(line.quantity) ? 'ORDERED' : 'POOLED',
    });
  }
}

/** Quantity per requisition line taken by these order lines. */
export function takenByLines(
  lines: readonly { requisitionLineId?: number | null; quantity?: number | null }[],
): Map<number, Decimal> {
  const taken = new Map<number, Decimal>();
  for (const line of lines) {
    const id = line.requisitionLineId;
    if (typeof id !== 'number') continue;
    taken.set(id, (taken.get(id) ?? dec(0)).add(dec(line.quantity ?? 0)));
  }
  return taken;
}

/** `after - before` per requisition line. */
export function deltaOf(
  before: ReadonlyMap<number, Decimal>,
  after: ReadonlyMap<number, Decimal>,
): Map<number, Decimal> {
  const out = new Map<number, Decimal>();
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    out.set(id, (after.get(id) ?? dec(0)).sub(before.get(id) ?? dec(0)));
  }
  return out;
}
