// Quota split (配额分配): the demand for a material at an organisation shared among suppliers by
// the quotas of their approved agreements valid on the date. A quota set for an organisation
// also applies to the organisations below it (the nearest one wins); suppliers the approved
// supplier list does not allow are left out; shares are normalised when the quotas do not make
// 100 %. Quantities are rounded to the material's unit precision by the largest remainder, so the
// shares always add up to the quantity exactly. Only agreements the caller may read take part:
// a buyer shares by the quotas of its own organisations' agreements.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Decimal, dec, formatDate } from '@srm/kernel';
import { AppError, type DataApi } from '@srm/platform';
import { item, uom } from '../../base-data';
import { aslAllowsEach } from '../asl/asl.check';
import { agreement } from './agreement.entity';

export interface QuotaQuery {
  readonly itemId: number;
  readonly orgId: number;
  readonly quantity: number | string;
  /** `yyyy-MM-dd`, today by default. */
  readonly date?: string;
}

export interface QuotaShare {
  readonly supplierId: number;
  readonly supplierName: string;
  readonly agreementId: number;
  readonly agreementNumber: string;
  readonly quotaPercent: number;
  readonly quantity: number;
}

export interface QuotaSplit {
  readonly itemId: number;
  readonly orgId: number;
  readonly quantity: number;
  /** Decimal places of the material's unit. */
  readonly places: number;
  readonly shares: readonly QuotaShare[];
}

interface Candidate {
  supplier_id: string | number;
  supplier_name: string;
  agreement_id: string | number;
  agreement_number: string;
  quota_percent: string;
}

/** Decimal places of the material's unit (404 when the caller cannot read the material). */
async function placesOf(ctx: DataApi, itemId: number): Promise<number> {
  const [material] = await ctx.list(item, { itemId }, { limit: 1 });
  if (!material) throw new AppError(404, 'entity.notFound');
  const [unit] = await ctx.list(uom, { uomId: material.uomId }, { limit: 1 });
  return unit?.precisionNum ?? 0;
}

export async function splitByQuota(ctx: DataApi, query: QuotaQuery): Promise<QuotaSplit> {
  const date = query.date ?? formatDate(ctx.now.getTime(), ctx.runtime.timeZone);
  const places = await placesOf(ctx, query.itemId);
  const total = dec(query.quantity);
  if (total.isNegative() || total.decimalPlaces() > places) {
    throw new AppError(400, 'srmPurAgreement.quotaQuantity', { places });
  }
  // One quota per supplier: the nearest organisation, then the latest agreement. A recursive walk
  // up the organisation tree the data API does not express; the caller's scope on agreements
  // (the table unaliased, as the scope condition names it) decides which quotas take part.
  const candidates = await queryRows<Candidate>(
    ctx.tx,
    sql`with recursive orgs(org_id, depth) as (
          select org_id, 0 from srm_base_org where org_id = ${query.orgId}
          union all
          select o.parent_org_id, orgs.depth + 1 from srm_base_org o join orgs on o.org_id = orgs.org_id
          where o.parent_org_id is not null and orgs.depth < 20
        )
        select distinct on (srm_pur_agreement.supplier_id) srm_pur_agreement.supplier_id,
               s.supplier_name, srm_pur_agreement.agreement_id, srm_pur_agreement.agreement_number,
               q.quota_percent
        from srm_pur_agreement_quota q
        join srm_pur_agreement on srm_pur_agreement.agreement_id = q.agreement_id
        join orgs on orgs.org_id = q.org_id
        join srm_supplier_info s on s.supplier_id = srm_pur_agreement.supplier_id
        where q.item_id = ${query.itemId} and srm_pur_agreement.status = 'APPROVED' and q.quota_percent > 0
          and srm_pur_agreement.start_date <= ${date}::date and srm_pur_agreement.end_date >= ${date}::date
          and ${ctx.scope(agreement)}
        order by srm_pur_agreement.supplier_id, orgs.depth, srm_pur_agreement.start_date desc,
                 srm_pur_agreement.agreement_id desc`,
  );
  const listed = await aslAllowsEach(
    ctx,
    candidates.map((candidate) => ({
      supplierId: Number(candidate.supplier_id),
      itemId: query.itemId,
      orgId: query.orgId,
      date,
    })),
  );
  const allowed = candidates.filter((_, index) => listed[index]!.allowed);
  const percentSum = allowed.reduce((acc, c) => acc.plus(dec(c.quota_percent)), dec(0));
  if (!allowed.length || percentSum.isZero()) {
    return { itemId: query.itemId, orgId: query.orgId, quantity: Number(total), places, shares: [] };
  }
  // Largest remainder on the smallest unit of the material's precision.
  const scale = dec(10).pow(places);
  const units = total.times(scale);
  const exact = allowed.map((c) => units.times(dec(c.quota_percent)).div(percentSum));
  const floors = exact.map((value) => value.floor());
  let left = units.minus(floors.reduce((acc, value) => acc.plus(value), dec(0))).toNumber();
  const order = allowed
    .map((c, index) => ({ index, remainder: exact[index]!.minus(floors[index]!), c }))
    .sort(
      (a, b) =>
        b.remainder.comparedTo(a.remainder) ||
        dec(b.c.quota_percent).comparedTo(dec(a.c.quota_percent)) ||
        Number(a.c.supplier_id) - Number(b.c.supplier_id),
    );
  const extra = new Array<number>(allowed.length).fill(0);
  for (const entry of order) {
    if (left <= 0) break;
    extra[entry.index] = 1;
    left -= 1;
  }
  const shares: QuotaShare[] = allowed.map((c, index) => {
    const share: Decimal = floors[index]!.plus(extra[index]!).div(scale);
    return {
      supplierId: Number(c.supplier_id),
      supplierName: c.supplier_name,
      agreementId: Number(c.agreement_id),
      agreementNumber: c.agreement_number,
      quotaPercent: Number(c.quota_percent),
      quantity: share.toNumber(),
    };
  });
  return { itemId: query.itemId, orgId: query.orgId, quantity: Number(total), places, shares };
}
