// The price trend of a material (询价趋势, the item inquiry trend fed by sourcing): every price an
// approved award gave for it, oldest first, beside that event's lowest offer and target and the
// material's last order price then — all without tax, so that events quoted with and without tax
// line up. Read from price monitoring, so the buyer's side only.
//   POST /api/srm/v1/srmPriceMonitorRestful/trend  { itemId, orgId? } → { points }
import { ref } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { excludingTax } from '../../agreements/server';
import { type TrendPoint, priceMonitor } from './price-monitor.entity';

export const priceMonitorEndpoints = defineEndpoints(priceMonitor, {
  /** `{ itemId, orgId? }` → the material's awarded prices over time, without tax. */
  trend: endpoint({
    summary: "A material's awarded prices over time beside the lowest offers, targets and order prices",
    input: {
      itemId: ref('srmBaseItem', { required: true }),
      orgId: ref('srmBaseOrg'),
    },
    scope: priceMonitor,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      const rows = await ctx.list(
        priceMonitor,
        { itemId: input.itemId, ...(input.orgId ? { orgId: input.orgId } : {}) },
        {
          orderBy: [
            { field: 'awardedDate', order: 'asc' },
            { field: 'priceMonitorId', order: 'asc' },
          ],
          limit: 500,
        },
      );
      const net = (value: number | null, row: (typeof rows)[number]) =>
        value === null ? null : excludingTax(value, row.taxRate ?? 0, row.taxIncludedFlag === 'Y');
      const points: TrendPoint[] = rows.map((row) => ({
        awardedDate: row.awardedDate,
        sourceType: row.sourceType,
        sourceNum: row.sourceNum,
        supplierName: String(row.supplierName ?? ''),
        awardPercent: row.awardPercent,
        awardedPrice: row.unitPriceExclTax,
        lowestPrice: net(row.lowestPrice, row),
        targetPrice: net(row.targetPrice, row),
        lastOrderPrice: row.lastOrderPrice,
      }));
      return { data: { points } };
    },
  }),
});
