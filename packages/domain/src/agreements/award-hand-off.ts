// The hand-off of an approved sourcing award to purchasing — one function for inquiry, auction,
// tender and competitive-offer awards. It runs in the award's approval transaction and is keyed
// by the award's lines, so a second run creates nothing twice. It writes supplier price list rows
// (each tier of each awarded line; an older price for the same supplier, material, organisation
// and tier is closed the day before the new one starts), a draft agreement per awarded supplier
// (prices excluding tax, step prices from the tiers, the award's shares as quotas) and approved
// supplier list rows where the supplier is not listed for the material yet. What it creates
// starts in its own draft state and follows its own approval.
import { dec, round } from '@srm/kernel';
import type { DataApi } from '@srm/platform';
import { addDays } from '../supplier/server';
import { agreement } from './agreement/agreement.entity';
import { asl } from './asl/asl.entity';
import { type PL_SOURCES, supplierPl } from './supplier-pl/supplier-pl.entity';

export interface AwardedLine {
  /** The award line's own key (stable across runs). */
  readonly key: number;
  readonly supplierId: number;
  readonly itemId: number;
  /** The supplier's share of the material, in percent (its agreement quota). */
  readonly percent: number;
  readonly unitPrice: number;
  readonly taxRate: number;
  /** Further quantity tiers with their prices (the base price holds from 0). */
  readonly tiers: readonly { readonly fromQuantity: number; readonly unitPrice: number }[];
  /**
   * The requisition lines the material was asked for (several where lines asking for the same
   * item were merged): the award drafts their orders (sourcing).
   */
  readonly requisitionLineIds?: readonly number[];
}

export interface AwardHandOff {
  readonly sourceType: (typeof PL_SOURCES)[number];
  /** The award's number: what the created rows and drafts name as their source. */
  readonly sourceNum: string;
  readonly title: string;
  readonly orgId: number;
  readonly currencyId: number;
  /** The awarded prices include tax. */
  readonly taxIncluded: boolean;
  readonly validFrom: string;
  readonly validTo: string;
  /** Draft an agreement per supplier; list the suppliers on the ASL. */
  readonly agreements: boolean;
  readonly asl: boolean;
  readonly lines: readonly AwardedLine[];
}

export interface HandOffResult {
  readonly priceRows: number;
  readonly agreementNumbers: readonly string[];
  readonly aslRows: number;
}

const platform = (ctx: DataApi) => ctx.system('an approved award writes prices, agreements and ASL rows');

/** A price without tax (the agreement's), from one that may include it. */
export function excludingTax(price: number, taxRate: number, included: boolean): number {
  if (!included) return price;
  return round(dec(price).div(dec(100).plus(taxRate).div(100)), 6);
}

/** One price list row the hand-off writes, and the older rows of its key it closes. */
export interface PlannedPrice {
  readonly line: AwardedLine;
  readonly fromQuantity: number;
  readonly unitPrice: number;
  readonly sourceKey: string;
  /** Already written by an earlier run: nothing to do. */
  readonly done: boolean;
  /** Older rows of the same supplier, material, organisation and tier that end the day before. */
  readonly closes: readonly number[];
}

/** What the hand-off of an award writes (or finds already written): its preview, and its work list. */
export interface HandOffPlan {
  readonly prices: readonly PlannedPrice[];
  /** Per supplier: the agreement already drafted by an earlier run, or null (one is drafted). */
  readonly agreements: readonly { readonly supplierId: number; readonly existing: string | null }[];
  /** Supplier × material pairs and whether the ASL lists them already. */
  readonly asl: readonly { readonly supplierId: number; readonly itemId: number; readonly listed: boolean }[];
}

const keyOf = (award: AwardHandOff, ...parts: (string | number)[]) =>
  [award.sourceType, award.sourceNum, ...parts].join(':');

/** The hand-off's plan, read without writing anything (the award screen's preview). */
export async function planHandOff(ctx: DataApi, award: AwardHandOff): Promise<HandOffPlan> {
  const data = platform(ctx);
  const awarded = award.lines.filter((line) => line.percent > 0);
  const prices: PlannedPrice[] = [];
  for (const line of awarded) {
    const tiers = [{ fromQuantity: 0, unitPrice: line.unitPrice }, ...line.tiers];
    for (const tier of tiers) {
      const sourceKey = keyOf(award, line.key, tier.fromQuantity);
      const done = (await data.list(supplierPl, { sourceKey }, { limit: 1 })).length > 0;
      const older = done
        ? []
        : await data.list(supplierPl, {
            supplierId: line.supplierId,
            itemId: line.itemId,
            orgId: award.orgId,
            fromQuantity: tier.fromQuantity,
          });
      const closes = older
        .filter(
          (row) =>
            row.validFrom < award.validFrom && (row.validTo === null || row.validTo >= award.validFrom),
        )
        .map((row) => row.supplierPlId);
      prices.push({
        line,
        fromQuantity: tier.fromQuantity,
        unitPrice: tier.unitPrice,
        sourceKey,
        done,
        closes,
      });
    }
  }
  const agreements = [];
  if (award.agreements)
    for (const supplierId of new Set(awarded.map((line) => line.supplierId))) {
      const [existing] = await data.list(
        agreement,
        { sourceKey: keyOf(award, 'S', supplierId) },
        { limit: 1 },
      );
      agreements.push({ supplierId, existing: existing ? (existing.agreementNumber ?? '') : null });
    }
  const pairs = [];
  if (award.asl) {
    const distinct = new Map(awarded.map((line) => [`${line.supplierId}:${line.itemId}`, line]));
    for (const line of distinct.values()) {
      const listed = await data.list(
        asl,
        {
          supplierId: line.supplierId,
          itemId: line.itemId,
          orgId: award.orgId,
          aslStatus: ['VALID', 'SUSPENDED'],
        },
        { limit: 1 },
      );
      pairs.push({ supplierId: line.supplierId, itemId: line.itemId, listed: listed.length > 0 });
    }
  }
  return { prices, agreements, asl: pairs };
}

export async function handOffAward(ctx: DataApi, award: AwardHandOff): Promise<HandOffResult> {
  const data = platform(ctx);
  const plan = await planHandOff(ctx, award);
  const awarded = award.lines.filter((line) => line.percent > 0);

  // Supplier price list: every tier of every awarded line, once.
  let priceRows = 0;
  for (const price of plan.prices) {
    if (price.done) continue;
    for (const supplierPlId of price.closes)
      await data.patch(supplierPl, supplierPlId, { validTo: addDays(award.validFrom, -1) });
    await data.insert(supplierPl, [
      {
        supplierId: price.line.supplierId,
        itemId: price.line.itemId,
        orgId: award.orgId,
        currencyId: award.currencyId,
        taxIncludedFlag: award.taxIncluded ? 'Y' : 'N',
        fromQuantity: price.fromQuantity,
        unitPrice: price.unitPrice,
        taxRate: price.line.taxRate,
        validFrom: award.validFrom,
        validTo: award.validTo,
        sourceType: award.sourceType,
        sourceNum: award.sourceNum,
        sourceKey: price.sourceKey,
      },
    ]);
    priceRows += 1;
  }

  // A draft agreement per supplier, with its materials' prices, tiers and quotas.
  const agreementNumbers: string[] = [];
  for (const { supplierId, existing } of plan.agreements) {
    if (existing !== null) {
      agreementNumbers.push(existing);
      continue;
    }
    const mine = awarded.filter((line) => line.supplierId === supplierId);
    const saved = await data.save(agreement, {
      agreementName: award.title.slice(0, 200),
      supplierId,
      orgId: award.orgId,
      currencyId: award.currencyId,
      startDate: award.validFrom,
      endDate: award.validTo,
      lines: mine.map((line) => ({
        itemId: line.itemId,
        unitPrice: excludingTax(line.unitPrice, line.taxRate, award.taxIncluded),
        taxRate: line.taxRate,
      })),
      steps: mine.flatMap((line) =>
        line.tiers.map((tier) => ({
          itemId: line.itemId,
          fromQuantity: tier.fromQuantity,
          unitPrice: excludingTax(tier.unitPrice, line.taxRate, award.taxIncluded),
        })),
      ),
      orgs: [{ orgId: award.orgId }],
      quotas: mine.map((line) => ({ itemId: line.itemId, orgId: award.orgId, quotaPercent: line.percent })),
    });
    await data.patch(agreement, saved.agreementId, {
      sourceNum: award.sourceNum,
      sourceKey: keyOf(award, 'S', supplierId),
    });
    agreementNumbers.push(saved.agreementNumber ?? '');
  }

  // The approved supplier list: the supplier for the material at the organisation, if not listed.
  let aslRows = 0;
  for (const pair of plan.asl) {
    if (pair.listed) continue;
    await data.insert(asl, [
      {
        supplierId: pair.supplierId,
        itemId: pair.itemId,
        orgId: award.orgId,
        aslStatus: 'VALID',
        validFrom: award.validFrom,
        validTo: award.validTo,
        sourceNumber: award.sourceNum,
      },
    ]);
    aslRows += 1;
  }
  return { priceRows, agreementNumbers, aslRows };
}
