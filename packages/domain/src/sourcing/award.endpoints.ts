// The hand-off preview of an award (下达预览), for inquiry and auction awards alike: what its
// approval will write to purchasing — each price list row (and the older price it ends the day
// before), the draft agreement per supplier, the approved-supplier-list rows, the draft orders of
// requisition lines — or found already written by an earlier run. Read only, by whoever may read the award (the buyer's side).
//   srmInquiryAward/handOffPreview, srmAuctionAward/handOffPreview  { awardId } → { rows }
import { ref } from '@srm/kernel';
import { type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { type AwardHandOff, planHandOff } from '../agreements/server';
import { item } from '../base-data';
import { supplierInfo } from '../supplier';
import { auctionAward } from './auction-award/auction-award.entity';
import { auctionHandOff } from './auction-award/auction-award.actions';
import { inquiryAward } from './inquiry-award/inquiry-award.entity';
import { inquiryHandOff } from './inquiry-award/inquiry-award.actions';
import { planAwardOrders } from './award-orders';

export type PreviewKind = 'PRICE' | 'AGREEMENT' | 'ASL' | 'ORDER';

export interface PreviewRow {
  readonly key: string;
  readonly kind: PreviewKind;
  readonly supplierName: string;
  readonly itemName: string | null;
  readonly fromQuantity: number | null;
  /** The quantity a draft order line takes from its requisition line. */
  readonly quantity: number | null;
  readonly unitPrice: number | null;
  /** NEW: the approval writes it; DONE: an earlier run did; LISTED: the ASL has it already. */
  readonly state: 'NEW' | 'DONE' | 'LISTED';
  /** Older price rows it ends; the agreement already drafted. */
  readonly closes: number;
  readonly number: string | null;
}

const platform = (ctx: DataApi) => ctx.system('a preview names the suppliers and materials of the award');

export async function handOffPreview(ctx: DataApi, handOff: AwardHandOff): Promise<PreviewRow[]> {
  const plan = await planHandOff(ctx, handOff);
  const orders = await planAwardOrders(ctx, handOff);
  const data = platform(ctx);
  const supplierIds = [...new Set(handOff.lines.map((line) => line.supplierId))];
  const itemIds = [...new Set(handOff.lines.map((line) => line.itemId))];
  const suppliers = new Map(
    (supplierIds.length ? await data.list(supplierInfo, { supplierId: supplierIds }) : []).map((row) => [
      row.supplierId,
      String(row.supplierName ?? row.supplierId),
    ]),
  );
  const items = new Map(
    (itemIds.length ? await data.list(item, { itemId: itemIds }) : []).map((row) => [
      row.itemId,
      `${row.itemCode} ${row.itemName}`,
    ]),
  );
  const supplierName = (id: number) => suppliers.get(id) ?? String(id);
  return [
    ...plan.prices.map((price) => ({
      key: `P:${price.sourceKey}`,
      kind: 'PRICE' as const,
      supplierName: supplierName(price.line.supplierId),
      itemName: items.get(price.line.itemId) ?? null,
      fromQuantity: price.fromQuantity,
      quantity: null,
      unitPrice: price.unitPrice,
      state: price.done ? ('DONE' as const) : ('NEW' as const),
      closes: price.closes.length,
      number: null,
    })),
    ...plan.agreements.map((agreement) => ({
      key: `A:${agreement.supplierId}`,
      kind: 'AGREEMENT' as const,
      supplierName: supplierName(agreement.supplierId),
      itemName: null,
      fromQuantity: null,
      quantity: null,
      unitPrice: null,
      state: agreement.existing === null ? ('NEW' as const) : ('DONE' as const),
      closes: 0,
      number: agreement.existing,
    })),
    ...plan.asl.map((pair) => ({
      key: `L:${pair.supplierId}:${pair.itemId}`,
      kind: 'ASL' as const,
      supplierName: supplierName(pair.supplierId),
      itemName: items.get(pair.itemId) ?? null,
      fromQuantity: null,
      quantity: null,
      unitPrice: null,
      state: pair.listed ? ('LISTED' as const) : ('NEW' as const),
      closes: 0,
      number: null,
    })),
    ...orders.flatMap((planned) =>
      planned.lines.map((line) => ({
        key: `O:${planned.supplierId}:${line.requisitionLineId}`,
        kind: 'ORDER' as const,
        supplierName: supplierName(planned.supplierId),
        itemName: items.get(line.line.itemId) ?? null,
        fromQuantity: null,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        state: planned.existing === null ? ('NEW' as const) : ('DONE' as const),
        closes: 0,
        number: planned.existing,
      })),
    ),
  ];
}

const SUMMARY = 'What the approval of this award writes to purchasing: prices, agreements, ASL rows';

export const inquiryAwardEndpoints = defineEndpoints(inquiryAward, {
  /** `{ awardId }` → what the approval will write to purchasing, or found already written. */
  handOffPreview: endpoint({
    summary: SUMMARY,
    input: { awardId: ref('srmInquiryAward', { required: true }) },
    scope: inquiryAward,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      const handOff = await inquiryHandOff(ctx, await ctx.find(inquiryAward, input.awardId));
      return { data: { rows: await handOffPreview(ctx, handOff) } };
    },
  }),
});

export const auctionAwardEndpoints = defineEndpoints(auctionAward, {
  /** `{ awardId }` → what the approval will write to purchasing, or found already written. */
  handOffPreview: endpoint({
    summary: SUMMARY,
    input: { awardId: ref('srmAuctionAward', { required: true }) },
    scope: auctionAward,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      const handOff = await auctionHandOff(ctx, await ctx.find(auctionAward, input.awardId));
      return { data: { rows: await handOffPreview(ctx, handOff) } };
    },
  }),
});
