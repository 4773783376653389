// What an approved award adds to price monitoring (server): for each awarded line, its price beside
// the supplier's last agreed price, the material's last order price in the organisation, the
// event's target and its lowest offer, each change in percent (two places) and the flag when one is
// more than five percent either way. Keyed by award line: running the approval's hand-off again
// writes nothing twice. The event's target and lowest offer come from the award (`extra`).
import { dec, round } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import {
  type AwardHandOff,
  type AwardedLine,
  PRICE_CHANGE_THRESHOLD,
  excludingTax,
  priceChange,
} from '../../agreements/server';
import { purchaseHistory } from '../../purchasing';
import { dayIn } from '../../supplier/server';
import { priceMonitor } from './price-monitor.entity';

export interface MonitorExtra {
  readonly lowestPrice: number | null;
  readonly targetPrice: number | null;
}

const platform = (ctx: DataApi) => ctx.system('an approved award records its prices for monitoring');

/** `next` against `base` in percent, two places; null without a base (or a zero one). */
function changeOf(next: number, base: number | null | undefined): number | null {
  if (base === null || base === undefined || dec(base).isZero()) return null;
  return round(dec(next).minus(base).div(base).times(100), 2);
}

const exceeds = (change: number | null) => change !== null && Math.abs(change) > PRICE_CHANGE_THRESHOLD;

/** Records the awarded prices of a hand-off; answers how many rows it wrote. */
export async function recordAwardPrices(
  ctx: DataApi,
  handOff: AwardHandOff,
  extra: (line: AwardedLine) => MonitorExtra,
): Promise<number> {
  const data = platform(ctx);
  const awardedDate = dayIn(ctx.now, ctx.runtime.timeZone);
  let written = 0;
  for (const line of handOff.lines) {
    const sourceKey = `${handOff.sourceType}:${line.key}`;
    if ((await data.list(priceMonitor, { sourceKey }, { limit: 1 })).length) continue;
    const withoutTax = excludingTax(line.unitPrice, line.taxRate, handOff.taxIncluded);
    const on = { supplierId: line.supplierId, orgId: handOff.orgId, currencyId: handOff.currencyId };
    const agreed = await priceChange(ctx, on, line.itemId, withoutTax);
    const [order] = await data.list(
      purchaseHistory,
      { itemId: line.itemId, orgId: handOff.orgId, currencyId: handOff.currencyId },
      {
        orderBy: [
          { field: 'orderDate', order: 'desc' },
          { field: 'priceHistoryId', order: 'desc' },
        ],
        limit: 1,
      },
    );
    const { lowestPrice, targetPrice } = extra(line);
    const orderChange = changeOf(withoutTax, order?.unitPriceExclTax);
    const targetChange = changeOf(line.unitPrice, targetPrice);
    await data.insert(priceMonitor, [
      {
        sourceType: handOff.sourceType,
        sourceNum: handOff.sourceNum,
        sourceKey,
        awardedDate,
        orgId: handOff.orgId,
        itemId: line.itemId,
        supplierId: line.supplierId,
        currencyId: handOff.currencyId,
        taxIncludedFlag: handOff.taxIncluded ? 'Y' : 'N',
        taxRate: line.taxRate,
        awardPercent: line.percent,
        unitPrice: line.unitPrice,
        unitPriceExclTax: withoutTax,
        lowestPrice,
        targetPrice,
        targetChange,
        lastAgreedPrice: agreed.lastPrice,
        agreedChange: agreed.changePercent,
        lastOrderPrice: order?.unitPriceExclTax ?? null,
        lastOrderDate: order?.orderDate ?? null,
        orderChange,
        exceedsFlag: agreed.exceeds || exceeds(orderChange) || exceeds(targetChange) ? 'Y' : 'N',
      },
    ]);
    written += 1;
  }
  return written;
}

/** An award's row as the monitor reads it: its material line, supplier and offered price. */
interface OfferLine {
  readonly awardLineId: number;
  readonly itemLineNum: number | null;
  readonly supplierId: number | null;
  readonly unitPrice: number | null;
}

/**
 * The target and lowest offer of each awarded line, from the award's rows (every offer of each
 * material): `target` gives a row's target (an inquiry item's target price, an auction's reserve).
 */
export function offersOf<L extends OfferLine>(
  lines: readonly L[],
  target: (line: L) => number | null,
): (awarded: AwardedLine) => MonitorExtra {
  return (awarded) => {
    const own = lines.find((line) => line.awardLineId === awarded.key);
    const offers = lines
      .filter((line) => line.itemLineNum === own?.itemLineNum && line.supplierId !== null)
      .flatMap((line) => (line.unitPrice === null ? [] : [line.unitPrice]));
    return {
      lowestPrice: offers.length ? Math.min(...offers) : null,
      targetPrice: own ? target(own) : null,
    };
  };
}
