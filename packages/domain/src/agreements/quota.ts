// Quota split (配额分配): the demand for a material at an organisation shared among suppliers by
// the quotas of their approved agreements valid on the date. A quota set for an organisation
// also applies to the organisations below it (the nearest one wins); suppliers the approved
// supplier list does not allow are left out; shares are normalised when the quotas do not make
// 100 %. Quantities are rounded to the material's unit precision by the largest remainder, so the
// shares always add up to the quantity exactly.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type Decimal, dec, formatDate } from '@srm/kernel';
import { AppError, type HookContext } from '@srm/platform';
import { aslAllows } from './asl-check';

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

export async function splitByQuota(context: HookContext, query: QuotaQuery): Promise<QuotaSplit> {
  const date = query.date ?? formatDate(context.now.getTime(), context.runtime.timeZone);
  const [unit] = await queryRows<{ places: number | null }>(
    context.tx,
    sql`select u.precision_num as places from srm_base_item i left join srm_base_uom u on u.uom_id = i.uom_id
        where i.item_id = ${query.itemId}`,
  );
  if (!unit) throw new AppError(404, 'entity.notFound');
  const places = Number(unit.places ?? 0);
  const total = dec(query.quantity);
  if (total.isNegative() || total.decimalPlaces() > places) {
    throw new AppError(400, 'srmPurAgreement.quotaQuantity', { places });
  }
  // One quota per supplier: the nearest organisation, then the latest agreement.
  const candidates = await queryRows<Candidate>(
    context.tx,
    sql`with recursive orgs(org_id, depth) as (
          select org_id, 0 from srm_base_org where org_id = ${query.orgId}
          union all
          select o.parent_org_id, orgs.depth + 1 from srm_base_org o join orgs on o.org_id = orgs.org_id
          where o.parent_org_id is not null and orgs.depth < 20
        )
        select distinct on (a.supplier_id) a.supplier_id, s.supplier_name, a.agreement_id, a.agreement_number,
               q.quota_percent
        from srm_pur_agreement_quota q
        join srm_pur_agreement a on a.agreement_id = q.agreement_id
        join orgs on orgs.org_id = q.org_id
        join srm_supplier_info s on s.supplier_id = a.supplier_id
        where q.item_id = ${query.itemId} and a.status = 'APPROVED' and q.quota_percent > 0
          and a.start_date <= ${date}::date and a.end_date >= ${date}::date
        order by a.supplier_id, orgs.depth, a.start_date desc, a.agreement_id desc`,
  );
  const allowed: Candidate[] = [];
  for (const candidate of candidates) {
    const answer = await aslAllows(context, {
      supplierId: Number(candidate.supplier_id),
      itemId: query.itemId,
      orgId: query.orgId,
      date,
    });
    if (answer.allowed) allowed.push(candidate);
  }
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
