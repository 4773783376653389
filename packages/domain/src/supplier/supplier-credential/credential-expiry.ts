// Certificates and their expiry (issue 18): reminders to the supplier and its owning buyer at 60,
// 30 and 7 days before (the program's parameter), the suspension of library lines whose
// mandatory certificate has expired, from the day after its last valid day, and their resumption
// once a valid certificate of that type is on file again (a renewal saved or approved). Both
// directions are set-based statements over every certificate: the program's work does not grow
// with the number of suppliers in round trips. The program SUPPLIER_CREDENTIAL_EXPIRY runs it
// daily; a save of a supplier's credentials reviews that supplier's lines at once.
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type DataApi, type Executable, type NotifyInput, writeAudit } from '@srm/platform';
import { qualificationRequirement } from '../qualification-requirement/qualification-requirement.entity';
import { setLineStatus } from '../supplier-category-org/line-status';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierCredential, supplierCredentialRemind } from './supplier-credential.entity';
import { dayIn } from './supplier-credential.validity';

export const DEFAULT_REMINDER_DAYS = [60, 30, 7] as const;

const table = (data: DataApi, name: string) => sql.raw(data.runtime.registry.get(name).table);

interface Lapsed {
  readonly lineId: number;
  readonly supplierId: number;
  readonly credentialType: string;
  readonly credentialNumber: string;
  readonly expiryDate: string;
}

/**
 * Lines (in `status`) for which some enabled mandatory requirement covering their category (or
 * a parent) and organisation (or a parent, or every organisation) has no certificate of its type
 * valid on `day`: `lapsed`, one expired before it is on file (what suspends a line); `unmet`,
 * whether or not one ever was (what keeps a suspended line from resuming: deleting the expired
 * certificate is not a renewal).
 */
function lapsedLines(
  data: DataApi,
  day: string,
  status: SQL,
  supplierIds: readonly number[] | undefined,
  mode: 'lapsed' | 'unmet' = 'lapsed',
): SQL {
  const lines = table(data, supplierCategoryOrg.name);
  const requirements = table(data, qualificationRequirement.name);
  const credentials = table(data, supplierCredential.name);
  const categories = table(data, 'srmBaseCategory');
  const orgs = table(data, 'srmBaseOrg');
  const only = supplierIds ? sql`and l.supplier_id = any(${sql.param([...supplierIds])}::bigint[])` : sql``;
  return sql`
    with recursive category_up(category_id, ancestor_id, depth) as (
      select category_id, category_id, 0 from ${categories}
      union all
      select u.category_id, c.parent_category_id, u.depth + 1
        from category_up u join ${categories} c on c.category_id = u.ancestor_id
       where c.parent_category_id is not null and u.depth < 20
    ), org_up(org_id, ancestor_id, depth) as (
      select org_id, org_id, 0 from ${orgs}
      union all
      select u.org_id, o.parent_org_id, u.depth + 1
        from org_up u join ${orgs} o on o.org_id = u.ancestor_id
       where o.parent_org_id is not null and u.depth < 20
    )
    select distinct on (l.category_org_id)
           l.category_org_id as line_id, l.supplier_id, r.credential_type,
           x.credential_number, x.expiry_date::text as expiry_date
      from ${lines} l
      join category_up cu on cu.category_id = l.category_id
      join ${requirements} r on r.category_id = cu.ancestor_id
       and r.enabled_flag = 'Y' and r.mandatory_flag = 'Y'
      ${mode === 'lapsed' ? sql`join` : sql`left join`} lateral (
        select c.credential_number, c.expiry_date from ${credentials} c
         where c.supplier_id = l.supplier_id and c.credential_type = r.credential_type
           and c.long_term_flag is distinct from 'Y' and c.expiry_date < ${day}::date
         order by c.expiry_date desc limit 1
      ) x on true
     where ${status} ${only}
       and (r.org_id is null or exists (
             select 1 from org_up ou where ou.org_id = l.org_id and ou.ancestor_id = r.org_id))
       and not exists (
             select 1 from ${credentials} v
              where v.supplier_id = l.supplier_id and v.credential_type = r.credential_type
                and (v.long_term_flag = 'Y' or v.expiry_date >= ${day}::date))
     order by l.category_org_id, r.credential_type`;
}

/**
 * Suspends qualified lines whose mandatory certificate lapsed and resumes lines suspended for a
 * lapsed certificate that is valid again; answers both counts.
 */
export async function reviewCertificateLines(
  data: DataApi,
  day: string,
  supplierIds?: readonly number[],
): Promise<{ suspended: number; resumed: number }> {
  const lapsed = (
    await queryRows<{
      line_id: string | number;
      supplier_id: string | number;
      credential_type: string;
      credential_number: string;
      expiry_date: string;
    }>(data.tx, lapsedLines(data, day, sql`l.status = 'QUALIFIED'`, supplierIds))
  ).map((row): Lapsed => ({
    lineId: Number(row.line_id),
    supplierId: Number(row.supplier_id),
    credentialType: row.credential_type,
    credentialNumber: row.credential_number,
    expiryDate: row.expiry_date,
  }));
  // One statement per distinct reason (usually a handful a day): the reason names the certificate.
  const byReason = new Map<string, number[]>();
  for (const line of lapsed) {
    const reason = data.t('srmSupplierCredential.lapsedReason', {
      type: data.t(`lookup.SRM_SUPPLIER_CREDENTIAL_TYPE.${line.credentialType}`),
      number: line.credentialNumber,
      expiryDate: line.expiryDate,
    });
    byReason.set(reason, [...(byReason.get(reason) ?? []), line.lineId]);
  }
  let suspended = 0;
  for (const [reason, lineIds] of byReason) {
    suspended += await setLineStatus(data, lineIds, 'SUSPENDED', {
      source: 'CERT_EXPIRY',
      suspendCause: 'CERT_EXPIRY',
      reason,
      documentRef: reason.slice(0, 200),
    });
  }

  const stillLapsed = new Set(
    (
      await queryRows<{ line_id: string | number }>(
        data.tx,
        lapsedLines(
          data,
          day,
          sql`l.status = 'SUSPENDED' and l.suspend_cause = 'CERT_EXPIRY'`,
          supplierIds,
          'unmet',
        ),
      )
    ).map((row) => Number(row.line_id)),
  );
  const l = data.runtime.table(supplierCategoryOrg.name);
  const waiting = (
    await data.tx
      .select({ id: l.categoryOrgId! })
      .from(l)
      .where(
        sql`${l.status!} = 'SUSPENDED' and ${l.suspendCause!} = 'CERT_EXPIRY' ${
          supplierIds ? sql`and ${l.supplierId!} = any(${sql.param([...supplierIds])}::bigint[])` : sql``
        }`,
      )
  )
    .map((row) => Number(row.id))
    .filter((id) => !stillLapsed.has(id));
  const resumed = await setLineStatus(data, waiting, 'QUALIFIED', {
    source: 'CERT_RENEWAL',
    reason: data.t('srmSupplierCredential.renewedReason'),
  });
  return { suspended, resumed };
}

interface Reminder {
  readonly remindId: number;
  readonly credentialId: number;
  readonly supplierId: number;
  readonly credentialType: string;
  readonly credentialNumber: string;
  readonly expiryDate: string;
  readonly daysBefore: number;
}

/**
 * Records and sends the reminders due on `day`: each certificate expiring within the largest
 * threshold is told at the smallest threshold it has reached, once per threshold and expiry date
 * (a certificate added five days before expiry gets the 7-day reminder, not three at once).
 * One message per supplier lists its certificates; its owning buyer (our reading: whoever
 * created the supplier record) gets one too.
 */
export async function remindExpiring(
  data: DataApi,
  day: string,
  thresholds: readonly number[],
): Promise<number> {
  const days = [...new Set(thresholds.filter((d) => Number.isInteger(d) && d >= 0))].sort((a, b) => a - b);
  if (!days.length) return 0;
  const credentials = table(data, supplierCredential.name);
  const reminds = table(data, supplierCredentialRemind.name);
  const actor = data.actor.userId;
  // The log is the record of what was told (one row per reminder, version 1, audited in bulk
  // below); a reminder already logged is skipped by the unique key, so a second run on one day
  // tells nobody twice.
  const sent = (
    await queryRows<{
      remind_id: string | number;
      credential_id: string | number;
      supplier_id: string | number;
      credential_type: string;
      credential_number: string;
      expiry_date: string;
      days_before: number;
    }>(
      data.tx,
      sql`
      with due as (
        select c.supplier_credential_id, c.supplier_id, c.credential_type, c.credential_number, c.expiry_date,
               (select min(d) from unnest(${sql.param(days)}::int[]) d where d >= c.expiry_date - ${day}::date) as days_before
          from ${credentials} c
         where c.long_term_flag is distinct from 'Y' and c.expiry_date >= ${day}::date
           and c.expiry_date <= ${day}::date + ${days[days.length - 1]!}::int
      ), told as (
        insert into ${reminds} (supplier_credential_id, supplier_id, expiry_date, days_before,
                                version_num, created_by, creation_date, last_updated_by, last_update_date)
        select supplier_credential_id, supplier_id, expiry_date, days_before, 1, ${actor}, ${data.now}, ${actor}, ${data.now}
          from due where days_before is not null
        on conflict do nothing
        returning remind_id, supplier_credential_id, expiry_date, days_before
      )
      select t.remind_id, t.supplier_credential_id as credential_id, d.supplier_id, d.credential_type, d.credential_number,
             t.expiry_date::text as expiry_date, t.days_before
        from told t join due d on d.supplier_credential_id = t.supplier_credential_id
       order by d.supplier_id, t.expiry_date`,
    )
  ).map((row): Reminder => ({
    remindId: Number(row.remind_id),
    credentialId: Number(row.credential_id),
    supplierId: Number(row.supplier_id),
    credentialType: row.credential_type,
    credentialNumber: row.credential_number,
    expiryDate: row.expiry_date,
    daysBefore: Number(row.days_before),
  }));
  if (!sent.length) return 0;
  // One audit entry per reminder row, written in bulk (the trail's rule: an entry per version).
  await writeAudit(
    data.tx,
    data.actor,
    data.now,
    sent.map((reminder) => ({
      entity: supplierCredentialRemind.name,
      recordId: reminder.remindId,
      action: data.operation,
    })),
  );
  const bySupplier = new Map<number, Reminder[]>();
  for (const reminder of sent)
    bySupplier.set(reminder.supplierId, [...(bySupplier.get(reminder.supplierId) ?? []), reminder]);
  const s = data.runtime.table(supplierInfo.name);
  const owners = new Map(
    (
      await data.tx
        .select({ id: s.supplierId!, name: s.supplierName!, owner: s.createdBy! })
        .from(s)
        .where(sql`${s.supplierId!} = any(${sql.param([...bySupplier.keys()])}::bigint[])`)
    ).map((row) => [
      Number(row.id),
      { name: String(row.name), owner: row.owner === null ? null : Number(row.owner) },
    ]),
  );
  // Every supplier and its buyer told in one go (one recipients query, multi-row inserts, one
  // batch of e-mails): the first run after go-live tells thousands.
  const inputs: NotifyInput[] = [];
  for (const [supplierId, list] of bySupplier) {
    const listing = list
      .map((r) => `${r.credentialNumber}（${r.expiryDate}）`)
      .slice(0, 10)
      .join('、');
    const first = list[0]!;
    const params = {
      supplier: owners.get(supplierId)?.name ?? '',
      count: list.length,
      days: Math.min(...list.map((r) => r.daysBefore)),
      certificates: list.length > 10 ? `${listing} …` : listing,
    };
    const eventId = `${supplierId}-${day}-${first.credentialId}`;
    inputs.push({
      supplierId,
      titleKey: 'srmSupplierCredential.message.expiringTitle',
      contentKey: 'srmSupplierCredential.message.expiringContent',
      params,
      link: { route: 'supplier/companyInfo' },
      source: 'SUPPLIER_CREDENTIAL_EXPIRING',
      email: true,
      eventId,
    });
    const owner = owners.get(supplierId)?.owner;
    if (owner !== null && owner !== undefined && owner > 0)
      inputs.push({
        userIds: [owner],
        titleKey: 'srmSupplierCredential.message.expiringBuyerTitle',
        contentKey: 'srmSupplierCredential.message.expiringContent',
        params,
        link: { entityName: supplierInfo.name, documentId: supplierId },
        source: 'SUPPLIER_CREDENTIAL_EXPIRING',
        eventId: `${eventId}-buyer`,
      });
  }
  await data.services.siteMessages?.notifyMany(inputs);
  return sent.length;
}

/** The thresholds of the program's parameter `reminderDays` ("60,30,7"). */
export function reminderDays(value: unknown): number[] {
  const parsed = String(value ?? '')
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map(Number)
    .filter((d) => Number.isInteger(d) && d >= 0 && d <= 3650);
  return parsed.length ? parsed : [...DEFAULT_REMINDER_DAYS];
}

/**
 * SUPPLIER_CREDENTIAL_EXPIRY (a concurrent program, daily): reminders, suspensions and
 * resumptions of the day, in one unit of work.
 */
export const credentialExpiry: Executable = async (context) => {
  const result = await context.work(async (data) => {
    const system = data.system('the expiry program reviews every certificate');
    const day = dayIn(system.now, system.runtime.timeZone);
    const reminded = await remindExpiring(system, day, reminderDays(context.params.reminderDays));
    const lines = await reviewCertificateLines(system, day);
    return { reminded, ...lines };
  });
  const summary = `${result.reminded} reminded, ${result.suspended} lines suspended, ${result.resumed} resumed`;
  context.log(summary);
  return summary;
};
