// The award's draft orders: where a sourcing event was asked for requisition lines (由申请创建),
// the approval of its award drafts one purchase order per awarded supplier for what then remains on
// those lines (each line of a material that merged several requisitions' lines on its own order
// line, for its own requisition), split by the award's shares (the last share of a line takes what rounding left), at
// the awarded price of the quantity tier the ordered quantity reaches. The orders consume the
// requisition lines as any order does, start as drafts and follow their own approval; each is made
// once (its source key), so a second run of the approval creates nothing twice.
import { AppError, type DataApi } from '@srm/platform';
import { dec, user } from '@srm/kernel';
import { type AwardHandOff, type AwardedLine, excludingTax } from '../agreements/server';
import { billType, order, orderLine, requisitionLine } from '../purchasing';

const platform = (ctx: DataApi) => ctx.system('an approved award drafts orders for its requisition lines');

/** One order line the hand-off drafts. */
export interface PlannedOrderLine {
  readonly line: AwardedLine;
  readonly requisitionLineId: number;
  readonly needByDate: string;
  readonly quantity: number;
  /** The awarded price for that quantity (its tier), as awarded (with or without tax). */
  readonly unitPrice: number;
}

/** Per supplier: its order's lines, and the order already drafted by an earlier run (or null). */
export interface PlannedOrder {
  readonly supplierId: number;
  readonly existing: string | null;
  readonly lines: readonly PlannedOrderLine[];
}

const keyOf = (award: AwardHandOff, supplierId: number) =>
  [award.sourceType, award.sourceNum, 'PO', supplierId].join(':');

/** The price of the highest tier the quantity reaches (the base price holds from 0). */
function tierPrice(line: AwardedLine, quantity: number): number {
  let price = line.unitPrice;
  for (const tier of [...line.tiers].sort((a, b) => a.fromQuantity - b.fromQuantity))
    if (quantity >= tier.fromQuantity) price = tier.unitPrice;
  return price;
}

/** What the award's approval drafts as orders (its preview too); nothing when no line came from a requisition. */
export async function planAwardOrders(ctx: DataApi, award: AwardHandOff): Promise<PlannedOrder[]> {
  const data = platform(ctx);
  const asked = award.lines.filter((line) => line.percent > 0 && (line.requisitionLineIds ?? []).length > 0);
  if (!asked.length) return [];
  const asks = (line: AwardedLine, requisitionLineId: number | null) =>
    requisitionLineId !== null && (line.requisitionLineIds ?? []).includes(requisitionLineId);
  const requisitionLineIds = [...new Set(asked.flatMap((line) => line.requisitionLineIds ?? []))];
  // Drafted already (the approval ran): what it drafted, from the orders themselves.
  const drafted: PlannedOrder[] = [];
  for (const supplierId of new Set(asked.map((line) => line.supplierId))) {
    const [existing] = await data.list(order, { sourceKey: keyOf(award, supplierId) }, { limit: 1 });
    if (!existing) continue;
    const lines = [...(await data.lines(orderLine, existing.poHeaderId))].sort(
      (a, b) => a.lineNum - b.lineNum,
    );
    drafted.push({
      supplierId,
      existing: existing.poNumber ?? '',
      lines: lines.flatMap((line) => {
        const awarded = asked.find(
          (one) => one.supplierId === supplierId && asks(one, line.requisitionLineId),
        );
        return awarded && line.requisitionLineId !== null
          ? [
              {
                line: awarded,
                requisitionLineId: line.requisitionLineId,
                needByDate: line.needByDate,
                quantity: line.quantity,
                unitPrice: tierPrice(awarded, line.quantity),
              },
            ]
          : [];
      }),
    });
  }
  if (drafted.length) return drafted;
  const sources = new Map(
    (await data.list(requisitionLine, { requisitionLineId: requisitionLineIds })).map((line) => [
      line.requisitionLineId,
      line,
    ]),
  );
  const planned = new Map<number, PlannedOrderLine[]>();
  for (const requisitionLineId of requisitionLineIds) {
    const source = sources.get(requisitionLineId);
    const left = dec(source?.remainingQuantity ?? 0);
    // A line of another organisation (the event's was changed after it was made) stays open for
    // the buyer to order by hand: an order is for one organisation.
    if (!source || left.lte(0) || source.orgId !== award.orgId) continue;
    const shares = asked.filter((line) => asks(line, requisitionLineId));
    const total = shares.reduce((sum, line) => sum + line.percent, 0);
    let given = dec(0);
    shares.forEach((line, index) => {
      const quantity =
        index === shares.length - 1
          ? left.minus(given)
          : left.times(line.percent).div(total).toDecimalPlaces(4, 1);
      given = given.plus(quantity);
      if (quantity.lte(0)) return;
      const lines = planned.get(line.supplierId) ?? [];
      lines.push({
        line,
        requisitionLineId,
        needByDate: source.needByDate,
        quantity: quantity.toNumber(),
        unitPrice: tierPrice(line, quantity.toNumber()),
      });
      planned.set(line.supplierId, lines);
    });
  }
  return [...planned].map(([supplierId, lines]) => ({ supplierId, existing: null, lines }));
}

/**
 * Drafts the planned orders not drafted yet; answers every order's number. `buyer`: the user who
 * made the award, named as the orders' buyer.
 */
export async function draftAwardOrders(
  ctx: DataApi,
  award: AwardHandOff,
  buyer: number | null = null,
): Promise<string[]> {
  const plan = await planAwardOrders(ctx, award);
  if (!plan.length) return [];
  const data = platform(ctx);
  const numbers: string[] = [];
  const [person] = buyer === null ? [] : await data.list(user, { userId: buyer }, { limit: 1 });
  // The installation's first order type that is enabled (its standard order, in the demo's).
  const [type] = await data.list(
    billType,
    { status: 'ENABLED', docCategory: 'ORDER' },
    { limit: 1, orderBy: [{ field: 'billTypeId', order: 'asc' }] },
  );
  for (const planned of plan) {
    if (planned.existing !== null) {
      numbers.push(planned.existing);
      continue;
    }
    if (!type) throw new AppError(422, 'sourcingAward.noOrderType');
    const saved = await data.save(order, {
      billTypeId: type.billTypeId,
      orgId: award.orgId,
      supplierId: planned.supplierId,
      currencyId: award.currencyId,
      orderDate: award.validFrom,
      ...(person?.userFullName ? { buyerName: person.userFullName.slice(0, 60) } : {}),
      remark: award.title.slice(0, 1000),
      lines: planned.lines.map((line, index) => ({
        lineNum: index + 1,
        itemId: line.line.itemId,
        quantity: line.quantity,
        unitPriceExclTax: excludingTax(line.unitPrice, line.line.taxRate, award.taxIncluded),
        taxRate: line.line.taxRate,
        needByDate: line.needByDate,
        requisitionLineId: line.requisitionLineId,
      })),
    });
    await data.patch(order, saved.poHeaderId, {
      sourceType: 'AWARD',
      sourceNum: award.sourceNum,
      sourceKey: keyOf(award, planned.supplierId),
    });
    numbers.push(saved.poNumber ?? '');
  }
  return numbers;
}
