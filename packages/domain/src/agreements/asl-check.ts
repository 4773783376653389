// The check purchase orders make against the approved supplier list: a supplier may be sent an
// order for a material and organisation only when a valid entry covers them. An entry covers
// the material itself or its purchase category (or a parent category), for the organisation
// itself or an organisation above it (an entry for an operating unit covers its plants), and
// today lies within its validity. Suspended and ended entries cover nothing.
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '@srm/db';
import { formatDate } from '@srm/kernel';
import { AppError, type HookContext } from '@srm/platform';

export interface AslQuery {
  readonly supplierId: number;
  readonly itemId: number;
  readonly orgId: number;
  /** `yyyy-MM-dd`; today (database time) by default. */
  readonly date?: string;
}

export interface AslAnswer {
  readonly allowed: boolean;
  /** The entry that allows it (the material's own before its category's, then by priority). */
  readonly aslId: number | null;
  readonly aslCode: string | null;
}

const executorOf = (on: Executor | HookContext): Executor =>
  'tx' in on && 'runtime' in on ? on.tx : (on as Executor);

/** Whether a valid ASL entry lets the supplier supply the material to the organisation. */
export async function aslAllows(on: Executor | HookContext, query: AslQuery): Promise<AslAnswer> {
  const tx = executorOf(on);
  const date =
    query.date ??
    ('runtime' in on
      ? formatDate((on as HookContext).now.getTime(), (on as HookContext).runtime.timeZone)
      : null);
  const rows = await queryRows<{ asl_id: string | number; asl_code: string }>(
    tx,
    sql`with recursive orgs(org_id, depth) as (
          select org_id, 0 from srm_base_org where org_id = ${query.orgId}
          union all
          select o.parent_org_id, orgs.depth + 1 from srm_base_org o join orgs on o.org_id = orgs.org_id
          where o.parent_org_id is not null and orgs.depth < 20
        ),
        cats(category_id, depth) as (
          select category_id, 0 from srm_base_item where item_id = ${query.itemId} and category_id is not null
          union all
          select c.parent_category_id, cats.depth + 1 from srm_base_category c join cats on c.category_id = cats.category_id
          where c.parent_category_id is not null and cats.depth < 20
        )
        select a.asl_id, a.asl_code from srm_pur_asl a
        join orgs on orgs.org_id = a.org_id
        where a.supplier_id = ${query.supplierId}
          and a.asl_status = 'VALID'
          and (a.item_id = ${query.itemId}
               or (a.item_id is null and a.category_id in (select category_id from cats)))
          and (a.valid_from is null or a.valid_from <= coalesce(${date}::date, current_date))
          and (a.valid_to is null or a.valid_to >= coalesce(${date}::date, current_date))
        order by (a.item_id is null), orgs.depth, a.priority_num nulls last, a.asl_id
        limit 1`,
  );
  const row = rows[0];
  return row
    ? { allowed: true, aslId: Number(row.asl_id), aslCode: row.asl_code }
    : { allowed: false, aslId: null, aslCode: null };
}

/**
 * Refuses (422, in the caller's language) when no valid ASL entry lets the supplier supply the
 * material to the organisation; the message names the three.
 */
export async function assertAslAllows(on: Executor | HookContext, query: AslQuery): Promise<AslAnswer> {
  const answer = await aslAllows(on, query);
  if (answer.allowed) return answer;
  const names = await queryRows<{ supplier: string | null; item: string | null; org: string | null }>(
    executorOf(on),
    sql`select (select supplier_name from srm_supplier_info where supplier_id = ${query.supplierId}) as supplier,
               (select item_code || ' ' || item_name from srm_base_item where item_id = ${query.itemId}) as item,
               (select org_name from srm_base_org where org_id = ${query.orgId}) as org`,
  );
  const found = names[0] ?? { supplier: null, item: null, org: null };
  throw new AppError(422, 'srmPurAsl.notApproved', {
    supplier: found.supplier ?? String(query.supplierId),
    item: found.item ?? String(query.itemId),
    org: found.org ?? String(query.orgId),
  });
}
