// What both kinds of award do on the server alike: the awarded suppliers must be eligible to be
// ordered from (eligibility's ORDER purpose) when the award is submitted and approved, and the
// approval records what the hand-off made.
import type { DataApi } from '@srm/platform';
import type { HandOffResult } from '../agreements/server';
import { assertAllEligible } from '../supplier/server';

interface AwardedRow {
  readonly supplierId: number | null;
  readonly itemId: number;
  readonly awardPercent: number | null;
}

/** Refuses (AppError) when an awarded supplier may not be ordered from for its material. */
export async function assertOrderable(
  ctx: DataApi,
  orgId: number | null,
  lines: readonly AwardedRow[],
): Promise<void> {
  if (orgId === null) return;
  await assertAllEligible(
    ctx,
    lines
      .filter((line) => (line.awardPercent ?? 0) > 0 && line.supplierId !== null)
      .map((line) => ({ supplierId: line.supplierId!, itemId: line.itemId, orgId })),
    'ORDER',
  );
}

/** The award's note of what its approval wrote (with the orders drafted for requisition lines). */
export function handOffNote(ctx: DataApi, result: HandOffResult, orders: readonly string[] = []): string {
  const note = ctx.t('sourcingAward.handOffNote', {
    prices: result.priceRows,
    agreements: result.agreementNumbers.join('、') || '-',
    asl: result.aslRows,
  });
  return orders.length
    ? `${note}${ctx.t('sourcingAward.handOffOrders', { orders: orders.join('、') })}`
    : note;
}
