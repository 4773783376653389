// Agreements on the server: each save compares every line's price with the last agreed one and
// flags more than five percent (§7.2); submit and approval ask eligibility (ORDER) of the
// supplier for every material and check the lines against the approved supplier list, the step
// prices and quotas against the lines; approval checks that no material's quotas at an
// organisation add up to more than 100 % over the approved agreements of the period.
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type RowOf, type RuleIssue, dec } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { assertAllEligible, lineQueries } from '../../supplier/server';
import { aslAllowsEach } from '../asl/asl.check';
import { issue } from '../support';
import { agreement } from './agreement.entity';
import { agreementLine, agreementOrg, agreementQuota, agreementStep } from './agreement-lines.entity';
import { priceChange } from './agreement.price-change';

type Header = RowOf<typeof agreement>;

const lineNo = (index: number) => index + 1;

async function lineIssues(ctx: DataApi, header: Header): Promise<RuleIssue[]> {
  const id = header.agreementId;
  const [lines, steps, orgs, quotas] = await Promise.all([
    ctx.lines(agreementLine, id),
    ctx.lines(agreementStep, id),
    ctx.lines(agreementOrg, id),
    ctx.lines(agreementQuota, id),
  ]);
  if (!lines.length) return [issue('srmPurAgreement.noLines')];
  const named = lines.map((line) => ({ ...line, supplierId: header.supplierId, orgId: header.orgId }));
  await assertAllEligible(ctx, lineQueries(named), 'ORDER');
  const issues: RuleIssue[] = [];
  const items = new Set<number>();
  const listed = await aslAllowsEach(
    ctx,
    lines.map((line) => ({
      supplierId: header.supplierId,
      itemId: line.itemId,
      orgId: header.orgId,
      date: header.startDate,
    })),
  );
  for (const [index, line] of lines.entries()) {
    const params = { line: lineNo(index), item: String(line.itemName) };
    if (items.has(line.itemId)) issues.push(issue('srmPurAgreement.duplicateItem', params));
    items.add(line.itemId);
    if (!listed[index]!.allowed) issues.push(issue('srmPurAgreement.notOnAsl', params));
  }
  const tiers = new Set<string>();
  for (const [index, step] of steps.entries()) {
    const params = { line: lineNo(index), item: String(step.itemName) };
    if (!items.has(step.itemId)) issues.push(issue('srmPurAgreement.stepItem', params));
    const tier = `${step.itemId}:${dec(step.fromQuantity).toString()}`;
    if (tiers.has(tier)) issues.push(issue('srmPurAgreement.stepTwice', params));
    tiers.add(tier);
  }
  const orgIds = new Set<number>([header.orgId, ...orgs.map((o) => o.orgId)]);
  const seen = new Set<string>();
  for (const [index, quota] of quotas.entries()) {
    const params = { line: lineNo(index), item: String(quota.itemName), org: String(quota.orgName) };
    if (!items.has(quota.itemId)) issues.push(issue('srmPurAgreement.quotaItem', params));
    if (!orgIds.has(quota.orgId)) issues.push(issue('srmPurAgreement.quotaOrg', params));
    const key = `${quota.itemId}:${quota.orgId}`;
    if (seen.has(key)) issues.push(issue('srmPurAgreement.quotaTwice', params));
    seen.add(key);
  }
  return issues;
}

/** Quotas of this agreement that would push a material's total at an organisation above 100 %. */
async function quotaTotalIssues(ctx: DataApi, header: Header): Promise<RuleIssue[]> {
  // An aggregate over the whole register, on purpose: the 100 % rule holds across every approved
  // agreement, whoever may read them; the message names only this agreement's material and
  // organisation and the total. (The approval process runs this guard as the platform.)
  const rows = await queryRows<{ item: string; org: string; total: string }>(
    ctx.tx,
    sql`select i.item_code || ' ' || i.item_name as item, o.org_name as org,
               q.quota_percent + coalesce((
                 select sum(q2.quota_percent) from srm_pur_agreement_quota q2
                 join srm_pur_agreement a2 on a2.agreement_id = q2.agreement_id
                 where a2.status = 'APPROVED' and a2.agreement_id <> q.agreement_id
                   and q2.item_id = q.item_id and q2.org_id = q.org_id
                   and a2.start_date <= ${header.endDate}::date and a2.end_date >= ${header.startDate}::date
               ), 0) as total
        from srm_pur_agreement_quota q
        join srm_base_item i on i.item_id = q.item_id
        join srm_base_org o on o.org_id = q.org_id
        where q.agreement_id = ${header.agreementId}`,
  );
  return rows
    .filter((row) => dec(row.total).greaterThan(100))
    .map((row) =>
      issue('srmPurAgreement.quotaOver', { item: row.item, org: row.org, total: Number(dec(row.total)) }),
    );
}

export const agreementActions = defineActions(agreement, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const on = {
      supplierId: row.supplierId,
      orgId: row.orgId,
      currencyId: row.currencyId,
      agreementId: row.agreementId ?? null,
    };
    let warn = false;
    for (const line of ctx.newLines.lines) {
      const change = await priceChange(ctx, on, line.itemId, line.unitPrice);
      line.lastPrice = change.lastPrice;
      line.lastAgreementNumber = change.lastAgreementNumber;
      line.changePercent = change.changePercent;
      line.priceWarnFlag = change.exceeds ? 'Y' : 'N';
      warn ||= change.exceeds;
    }
    row.priceWarnFlag = warn ? 'Y' : 'N';
  },
  guards: {
    doSubmit: (ctx) => lineIssues(ctx, ctx.row),
    async doApproval(ctx) {
      return [...(await lineIssues(ctx, ctx.row)), ...(await quotaTotalIssues(ctx, ctx.row))];
    },
  },
});
