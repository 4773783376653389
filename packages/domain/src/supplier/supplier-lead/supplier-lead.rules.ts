// A lead must not duplicate what the platform already knows: another open lead, a supplier, or a
// registration under way, with the same unified social credit code or the same company name
// written differently. Names are compared by a key: compatibility forms folded (full-width
// letters, digits and brackets become ASCII: NFKC), spaces and punctuation dropped, letters in
// capitals; so "苏州恒达（精密）五金 有限公司" and "苏州恒达(精密)五金有限公司" are one company.
// The key is computed by the database for both sides, so no second normaliser can disagree; the
// data API's field filters cannot compare such an expression across three tables, hence the SQL.
import { type SQL, sql } from 'drizzle-orm';
import type { RuleIssue } from '@srm/kernel';
import { queryRows } from '@srm/db';
import type { DataApi } from '@srm/platform';

/** The comparison key of a company name, as SQL. */
export const nameKey = (name: SQL | string): SQL =>
  sql`upper(regexp_replace(normalize(${name}, NFKC), '[[:space:][:punct:]]', '', 'g'))`;

/** The registrations that are under way (a rejected one may be corrected and sent again). */
const REGISTERING = ['DRAFT', 'SUBMITTED', 'REJECTED'];

interface Found {
  kind: 'lead' | 'supplier' | 'register';
  number: string;
  name: string;
  same_code: boolean;
}

/**
 * The first record the lead would duplicate, as a rule issue on the field that matched (the
 * credit code before the name); null when there is none.
 */
export async function duplicateOfLead(
  ctx: Pick<DataApi, 'tx'>,
  lead: {
    readonly leadId?: number | null;
    readonly companyName: string;
    readonly creditCode?: string | null;
  },
): Promise<RuleIssue | null> {
  const code = lead.creditCode?.trim() || null;
  const key = nameKey(lead.companyName);
  const [found] = await queryRows<Found>(
    ctx.tx,
    sql`select * from (
          select 'lead' as kind, lead_number as number, company_name as name,
                 coalesce(credit_code = ${code}, false) as same_code, 1 as rank
            from srm_supplier_lead
           where lead_id <> ${lead.leadId ?? -1} and status <> 'CLOSED'
             and (credit_code = ${code} or ${nameKey(sql`company_name`)} = ${key})
          union all
          select 'supplier', supplier_code, supplier_name, coalesce(credit_code = ${code}, false), 0
            from srm_supplier_info
           where credit_code = ${code} or ${nameKey(sql`supplier_name`)} = ${key}
          union all
          select 'register', register_number, company_name, coalesce(credit_code = ${code}, false), 2
            from srm_supplier_register
           where status in (${sql.join(
             REGISTERING.map((state) => sql`${state}`),
             sql`, `,
           )})
             and (credit_code = ${code} or ${nameKey(sql`company_name`)} = ${key})
        ) found
        order by same_code desc, rank
        limit 1`,
  );
  if (!found) return null;
  return {
    field: found.same_code ? 'creditCode' : 'companyName',
    message: `srmSupplierLead.duplicate.${found.kind}.${found.same_code ? 'code' : 'name'}`,
    params: { number: found.number, name: found.name },
  };
}
