// What a batch trial reads of its trial order, per material: the quantity ordered (its lines), the
// quantity received (receipts less reversed receipts) and the quantity rejected (rejected at the
// dock or returned to the supplier since, less reversed returns), from the receiving
// transactions posting writes; and the defect rate, rejected ÷ received in per cent. The whole
// lot's figures are the sums over its materials.
import { eq, sql } from 'drizzle-orm';
import { type Decimal, add, dec, round } from '@srm/kernel';
import type { DataApi } from '@srm/platform';

export interface MaterialFigures {
  readonly orderedQuantity: number;
  readonly receivedQuantity: number;
  readonly rejectedQuantity: number;
  readonly defectRate: number | null;
}

const zero = dec(0);

/** Rejected ÷ received in per cent (two decimals); null while nothing was received. */
export function defectRateOf(received: Decimal | number, rejected: Decimal | number): number | null {
  const base = dec(received);
  if (!base.gt(0)) return null;
  return round(dec(rejected).div(base).mul(100), 2);
}

/** The order's figures per material (item id); materials it does not name get zeros. */
export async function trialOrderFigures(
  ctx: DataApi,
  poHeaderId: number,
  itemIds: readonly number[],
): Promise<Map<number, MaterialFigures>> {
  const { tx, runtime } = ctx.system('a batch trial reads its trial order and its receipts');
  const ordered = new Map<number, Decimal>();
  const received = new Map<number, Decimal>();
  const rejected = new Map<number, Decimal>();
  const plus = (into: Map<number, Decimal>, itemId: number, value: unknown) =>
    into.set(itemId, add(into.get(itemId) ?? zero, dec(String(value ?? 0))));

  const pl = runtime.table('srmPoLine');
  for (const row of await tx
    .select({ itemId: pl.itemId!, quantity: sql<string>`sum(${pl.quantity!})` })
    .from(pl)
    .where(eq(pl.poHeaderId!, poHeaderId))
    .groupBy(pl.itemId!))
    if (row.itemId !== null) plus(ordered, Number(row.itemId), row.quantity);

  const t = runtime.table('srmPurTransaction');
  for (const row of await tx
    .select({
      itemId: t.itemId!,
      type: t.transactionType!,
      remark: t.remark!,
      quantity: sql<string>`sum(${t.quantity!})`,
    })
    .from(t)
    .where(eq(t.poHeaderId!, poHeaderId))
    .groupBy(t.itemId!, t.transactionType!, t.remark!)) {
    const itemId = Number(row.itemId);
    const quantity = dec(String(row.quantity ?? 0));
    if (row.type === 'RECEIVE') plus(received, itemId, quantity);
    else if (row.type === 'RETURN_TO_SUPPLIER') plus(rejected, itemId, quantity);
    else if (row.type === 'CORRECT' && row.remark === 'REVERSE_RECEIVE')
      plus(received, itemId, quantity.neg());
    else if (row.type === 'CORRECT' && row.remark === 'REVERSE_RETURN')
      plus(rejected, itemId, quantity.neg());
  }

  const figures = new Map<number, MaterialFigures>();
  for (const itemId of itemIds) {
    const got = atLeastZero(received.get(itemId) ?? zero);
    const bad = atLeastZero(rejected.get(itemId) ?? zero);
    figures.set(itemId, {
      orderedQuantity: (ordered.get(itemId) ?? zero).toNumber(),
      receivedQuantity: got.toNumber(),
      rejectedQuantity: bad.toNumber(),
      defectRate: defectRateOf(got, bad),
    });
  }
  return figures;
}

/** Never below zero (a reversal read before the receipt it reverses is not a negative lot). */
function atLeastZero(value: Decimal): Decimal {
  return value.lt(0) ? zero : value;
}
