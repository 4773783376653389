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
function excludingTax(price: number, taxRate: number, included: boolean): number {
  if (!included) return price;
  return round(dec(price).div(dec(100).plus(taxRate).div(100)), 6);
}

export async function handOffAward(ctx: DataApi, award: AwardHandOff): Promise<HandOffResult> {
  const data = platform(ctx);
  const awarded = award.lines.filter((line) => line.percent > 0);
  const key = (...parts: (string | number)[]) => [award.sourceType, award.sourceNum, ...parts].join(':');

  // Supplier price list: every tier of every awarded line, once.
  let priceRows = 0;
  for (const line of awarded) {
    const tiers = [{ fromQuantity: 0, unitPrice: line.unitPrice }, ...line.tiers];
    for (const tier of tiers) {
      const sourceKey = key(line.key, tier.fromQuantity);
      if ((await data.list(supplierPl, { sourceKey }, { limit: 1 })).length) continue;
      const older = await data.list(supplierPl, {
        supplierId: line.supplierId,
        itemId: line.itemId,
        orgId: award.orgId,
        fromQuantity: tier.fromQuantity,
      });
      for (const row of older)
        if (row.validFrom < award.validFrom && (row.validTo === null || row.validTo >= award.validFrom))
          await data.patch(supplierPl, row.supplierPlId, { validTo: addDays(award.validFrom, -1) });
      await data.insert(supplierPl, [
        {
          supplierId: line.supplierId,
          itemId: line.itemId,
          orgId: award.orgId,
          currencyId: award.currencyId,
          taxIncludedFlag: award.taxIncluded ? 'Y' : 'N',
          fromQuantity: tier.fromQuantity,
          unitPrice: tier.unitPrice,
          taxRate: line.taxRate,
          validFrom: award.validFrom,
          validTo: award.validTo,
          sourceType: award.sourceType,
          sourceNum: award.sourceNum,
          sourceKey,
        },
      ]);
      priceRows += 1;
    }
  }

  // A draft agreement per supplier, with its materials' prices, tiers and quotas.
  const agreementNumbers: string[] = [];
  if (award.agreements) {
    const suppliers = [...new Set(awarded.map((line) => line.supplierId))];
    for (const supplierId of suppliers) {
      const sourceKey = key('S', supplierId);
      const [existing] = await data.list(agreement, { sourceKey }, { limit: 1 });
      if (existing) {
        agreementNumbers.push(existing.agreementNumber ?? '');
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
      await data.patch(agreement, saved.agreementId, { sourceNum: award.sourceNum, sourceKey });
      agreementNumbers.push(saved.agreementNumber ?? '');
    }
  }

  // The approved supplier list: the supplier for the material at the organisation, if not listed.
  let aslRows = 0;
  if (award.asl) {
    const pairs = new Map(awarded.map((line) => [`${line.supplierId}:${line.itemId}`, line]));
    for (const line of pairs.values()) {
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
      if (listed.length) continue;
      await data.insert(asl, [
        {
          supplierId: line.supplierId,
          itemId: line.itemId,
          orgId: award.orgId,
          aslStatus: 'VALID',
          validFrom: award.validFrom,
          validTo: award.validTo,
          sourceNumber: award.sourceNum,
        },
      ]);
      aslRows += 1;
    }
  }
  return { priceRows, agreementNumbers, aslRows };
}
