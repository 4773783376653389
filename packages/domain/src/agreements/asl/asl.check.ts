// The check purchase orders and agreements make against the approved supplier list: a supplier
// may be sent an order for a material and organisation only when a valid entry covers them. An
// entry covers the material itself or its purchase category (or a parent category), for the
// organisation itself or an organisation above it (an entry for an operating unit covers its
// plants), and the day lies within its validity. Suspended and ended entries cover nothing.
//
// Whose rows it reads. The check decides about the supply of a document its caller is already
// saving or acting on (an order, an agreement, a quota split among suppliers the caller may
// read), whose supplier, material and organisation the engine has checked the caller may name.
// So it reads the whole register, not the caller's scope: an entry defined for the operating unit
// (OU100) must allow the order of a buyer permitted only its plant (P110), who cannot read that
// entry. Nothing of the entry leaves through the hooks (they use `allowed`, and a refusal names
// only the three things the caller named); the `checkAllowed` endpoint shows the entry's id and
// code only when the caller may read it (asl.endpoints.ts).
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

/** What the check runs on: the context of a hook or endpoint, or a plain executor (seeds, tests). */
export type AslCheckOn = Executor | Pick<HookContext, 'tx' | 'now' | 'runtime'>;

function executorOf(on: AslCheckOn): Executor {
  return 'runtime' in on ? on.tx : on;
}

/** Today in the platform's time zone for a context; the database's `current_date` otherwise. */
function dayOf(on: AslCheckOn, query: AslQuery): string | null {
  if (query.date) return query.date;
  return 'runtime' in on ? formatDate(on.now.getTime(), on.runtime.timeZone) : null;
}

/** Whether a valid ASL entry lets the supplier supply the material to the organisation. */
export async function aslAllows(on: AslCheckOn, query: AslQuery): Promise<AslAnswer> {
  return (await aslAllowsEach(on, [query]))[0]!;
}

/**
 * The batch form of `aslAllows`, for a document's lines or a material's candidate suppliers: every
 * query answered by one statement, in the order of the queries.
 */
export async function aslAllowsEach(on: AslCheckOn, queries: readonly AslQuery[]): Promise<AslAnswer[]> {
  if (!queries.length) return [];
  const column = <T>(of: (query: AslQuery) => T) => sql.param(queries.map(of));
  // A recursive walk up the organisation and category trees of each query (numbered n): the
  // whole register (see above).
  const rows = await queryRows<{ n: number; asl_id: string | number; asl_code: string }>(
    executorOf(on),
    sql`with recursive asked(n, supplier_id, item_id, org_id, day) as (
          select n::int, supplier_id, item_id, org_id, coalesce(day, current_date)
          from unnest(${column((q) => q.supplierId)}::bigint[], ${column((q) => q.itemId)}::bigint[],
                      ${column((q) => q.orgId)}::bigint[], ${column((q) => dayOf(on, q))}::date[])
               with ordinality as a(supplier_id, item_id, org_id, day, n)
        ),
        orgs(n, org_id, depth) as (
          select asked.n, o.org_id, 0 from asked join srm_base_org o on o.org_id = asked.org_id
          union all
          select orgs.n, o.parent_org_id, orgs.depth + 1 from srm_base_org o join orgs on o.org_id = orgs.org_id
          where o.parent_org_id is not null and orgs.depth < 20
        ),
        cats(n, category_id, depth) as (
          select asked.n, i.category_id, 0 from asked join srm_base_item i on i.item_id = asked.item_id
          where i.category_id is not null
          union all
          select cats.n, c.parent_category_id, cats.depth + 1 from srm_base_category c join cats on c.category_id = cats.category_id
          where c.parent_category_id is not null and cats.depth < 20
        )
        select distinct on (asked.n) asked.n, a.asl_id, a.asl_code
        from asked
        join orgs on orgs.n = asked.n
        join srm_pur_asl a on a.org_id = orgs.org_id and a.supplier_id = asked.supplier_id
        where a.asl_status = 'VALID'
          and (a.item_id = asked.item_id
               or (a.item_id is null and a.category_id in (select category_id from cats where cats.n = asked.n)))
          and (a.valid_from is null or a.valid_from <= asked.day)
          and (a.valid_to is null or a.valid_to >= asked.day)
        order by asked.n, (a.item_id is null), orgs.depth, a.priority_num nulls last, a.asl_id`,
  );
  const found = new Map(rows.map((row) => [Number(row.n), row]));
  return queries.map((_, index) => {
    const row = found.get(index + 1);
    return row
      ? { allowed: true, aslId: Number(row.asl_id), aslCode: row.asl_code }
      : { allowed: false, aslId: null, aslCode: null };
  });
}

/**
 * Refuses (422, in the caller's language) when no valid ASL entry lets the supplier supply the
 * material to the organisation; the message names the three.
 */
export async function assertAslAllows(on: AslCheckOn, query: AslQuery): Promise<AslAnswer> {
  const answer = await aslAllows(on, query);
  if (answer.allowed) return answer;
  throw await aslRefusal(on, query);
}

/** The refusal of a query no valid entry allows: names the supplier, material and organisation. */
export async function aslRefusal(on: AslCheckOn, query: AslQuery): Promise<AppError> {
  // The names of the supplier, material and organisation the caller's own document names.
  const names = await queryRows<{ supplier: string | null; item: string | null; org: string | null }>(
    executorOf(on),
    sql`select (select supplier_name from srm_supplier_info where supplier_id = ${query.supplierId}) as supplier,
               (select item_code || ' ' || item_name from srm_base_item where item_id = ${query.itemId}) as item,
               (select org_name from srm_base_org where org_id = ${query.orgId}) as org`,
  );
  const found = names[0] ?? { supplier: null, item: null, org: null };
  return new AppError(422, 'srmPurAsl.notApproved', {
    supplier: found.supplier ?? String(query.supplierId),
    item: found.item ?? String(query.itemId),
    org: found.org ?? String(query.orgId),
  });
}
