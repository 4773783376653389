// Agreements on the server: each save compares every line's price with the last agreed one and
// flags more than five percent (§7.2); submit checks the lines against the approved supplier
// list, the step prices and quotas against the lines; approval checks that no material's quotas
// at an organisation add up to more than 100 % over the approved agreements of the period.
// Endpoints: `checkPriceChange` (the §7.2 check, for a stored agreement or prices not yet saved)
// and `splitQuota` (a quantity shared among suppliers by quota, for orders and requisitions).
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { type RuleIssue, date, dec, json, number, quantity } from '@srm/kernel';
import { AppError, type HookContext, type Row, legacyActions } from '@srm/platform';
import { agreement } from './agreement.entity';
import { aslAllows } from './asl-check';
import { type PriceChange, type PriceContext, priceChange } from './price-change';
import { splitByQuota } from './quota';
import { issue, linesOf } from './support';

const lineNo = (index: number) => index + 1;

async function lineIssues(context: HookContext, header: Row): Promise<RuleIssue[]> {
  const id = header.agreementId as number;
  const [lines, steps, orgs, quotas] = await Promise.all([
    linesOf(context, 'srmPurAgreementLine', id),
    linesOf(context, 'srmPurAgreementStep', id),
    linesOf(context, 'srmPurAgreementOrg', id),
    linesOf(context, 'srmPurAgreementQuota', id),
  ]);
  if (!lines.length) return [issue('srmPurAgreement.noLines')];
  const issues: RuleIssue[] = [];
  const items = new Set<number>();
  for (const [index, line] of lines.entries()) {
    const itemId = line.itemId as number;
    if (items.has(itemId))
      issues.push(
        issue('srmPurAgreement.duplicateItem', { line: lineNo(index), item: String(line.itemName) }),
      );
    items.add(itemId);
    const asl = await aslAllows(context, {
      supplierId: header.supplierId as number,
      itemId,
      orgId: header.orgId as number,
      date: String(header.startDate),
    });
    if (!asl.allowed)
      issues.push(issue('srmPurAgreement.notOnAsl', { line: lineNo(index), item: String(line.itemName) }));
  }
  const tiers = new Set<string>();
  for (const [index, step] of steps.entries()) {
    if (!items.has(step.itemId as number))
      issues.push(issue('srmPurAgreement.stepItem', { line: lineNo(index), item: String(step.itemName) }));
    const tier = `${String(step.itemId)}:${String(dec(step.fromQuantity as number))}`;
    if (tiers.has(tier))
      issues.push(issue('srmPurAgreement.stepTwice', { line: lineNo(index), item: String(step.itemName) }));
    tiers.add(tier);
  }
  const orgIds = new Set<number>([header.orgId as number, ...orgs.map((o) => o.orgId as number)]);
  const seen = new Set<string>();
  for (const [index, quota] of quotas.entries()) {
    const params = { line: lineNo(index), item: String(quota.itemName), org: String(quota.orgName) };
    if (!items.has(quota.itemId as number)) issues.push(issue('srmPurAgreement.quotaItem', params));
    if (!orgIds.has(quota.orgId as number)) issues.push(issue('srmPurAgreement.quotaOrg', params));
    const key = `${String(quota.itemId)}:${String(quota.orgId)}`;
    if (seen.has(key)) issues.push(issue('srmPurAgreement.quotaTwice', params));
    seen.add(key);
  }
  return issues;
}

/** Quotas of this agreement that would push a material's total at an organisation above 100 %. */
async function quotaTotalIssues(context: HookContext, header: Row): Promise<RuleIssue[]> {
  const rows = await queryRows<{ item: string; org: string; total: string }>(
    context.tx,
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

const priceContextOf = (row: Row): PriceContext => ({
  supplierId: row.supplierId as number,
  orgId: row.orgId as number,
  currencyId: row.currencyId as number,
  agreementId: (row.agreementId as number | null) ?? null,
});

export const agreementActions = legacyActions(agreement, {
  async beforeSave(context, { row, previous, lines }) {
    const header = { ...(previous ?? {}), ...row };
    const agreementLines = lines.lines;
    if (!agreementLines || !header.supplierId || !header.orgId || !header.currencyId) return;
    let warn = false;
    for (const line of agreementLines) {
      if (line.itemId == null || line.unitPrice == null) continue;
      const change = await priceChange(
        context,
        priceContextOf(header),
        line.itemId as number,
        line.unitPrice as number,
      );
      line.lastPrice = change.lastPrice;
      line.lastAgreementNumber = change.lastAgreementNumber;
      line.changePercent = change.changePercent;
      line.priceWarnFlag = change.exceeds ? 'Y' : 'N';
      warn ||= change.exceeds;
    }
    row.priceWarnFlag = warn ? 'Y' : 'N';
  },
  guards: {
    doSubmit: (context, { row }) => lineIssues(context, row),
    async doApproval(context, { row }) {
      return [...(await lineIssues(context, row)), ...(await quotaTotalIssues(context, row))];
    },
  },
  endpoints: {
    /**
     * The §7.2 check: `{ agreementId }` for a stored agreement, or `{ supplierId, orgId,
     * currencyId, lines: [{ itemId, unitPrice }] }` for prices not saved yet. Answers each line's
     * last agreed price, change in percent and whether it exceeds five percent.
     */
    checkPriceChange: {
      read: true,
      input: {
        agreementId: number({ min: 1 }),
        supplierId: number({ min: 1 }),
        orgId: number({ min: 1 }),
        currencyId: number({ min: 1 }),
        lines: json(),
      },
      async handle(context, body) {
        const input = body as Row;
        let on: PriceContext;
        let prices: { itemId: number; unitPrice: number | string }[];
        if (input.agreementId) {
          const stored = await context.runtime
            .service('srmPurAgreement')
            .find(context.actor, input.agreementId as number);
          on = priceContextOf(stored);
          prices = (stored.lines as Row[]).map((line) => ({
            itemId: line.itemId as number,
            unitPrice: line.unitPrice as number,
          }));
        } else {
          if (!input.supplierId || !input.orgId || !input.currencyId || !Array.isArray(input.lines))
            throw new AppError(400, 'srmPurAgreement.checkInput');
          on = {
            supplierId: input.supplierId as number,
            orgId: input.orgId as number,
            currencyId: input.currencyId as number,
          };
          prices = (input.lines as unknown[]).map((line) => {
            const value = line as Row | null;
            const itemId = value?.itemId;
            const unitPrice = value?.unitPrice;
            const priceOk =
              (typeof unitPrice === 'number' && Number.isFinite(unitPrice) && unitPrice >= 0) ||
              (typeof unitPrice === 'string' && /^\d+(\.\d+)?$/.test(unitPrice));
            if (typeof itemId !== 'number' || !Number.isSafeInteger(itemId) || itemId < 1 || !priceOk)
              throw new AppError(400, 'srmPurAgreement.checkInput');
            return { itemId, unitPrice: unitPrice as number | string };
          });
          if (prices.length > 1000) throw new AppError(400, 'entity.tooManyIds', { max: 1000 });
        }
        const changes: PriceChange[] = [];
        for (const price of prices)
          changes.push(await priceChange(context, on, price.itemId, price.unitPrice));
        const exceeding = changes.filter((change) => change.exceeds).length;
        return {
          data: { threshold: 5, exceeds: exceeding > 0, lines: changes },
          msg: exceeding
            ? context.runtime.t(context.actor.locale, 'srmPurAgreement.priceWarning', { count: exceeding })
            : '',
        };
      },
    },
    /** `{ itemId, orgId, quantity, date? }` → the quantity shared among suppliers by quota. */
    splitQuota: {
      read: true,
      input: {
        itemId: number({ required: true, min: 1 }),
        orgId: number({ required: true, min: 1 }),
        quantity: quantity({ required: true, min: 0 }),
        date: date(),
      },
      async handle(context, body) {
        const input = body as { itemId: number; orgId: number; quantity: number; date?: string | null };
        return {
          data: await splitByQuota(context, {
            itemId: input.itemId,
            orgId: input.orgId,
            quantity: input.quantity,
            ...(input.date ? { date: input.date } : {}),
          }),
        };
      },
    },
  },
});
