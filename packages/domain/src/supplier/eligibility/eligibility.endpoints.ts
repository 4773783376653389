// Eligibility for a list of suppliers to choose from (the batch form, ADR 0023): which suppliers
// may be invited to sourcing, ordered from, received from or paid for a category or a material in
// an organisation on a day, each with its verdict and the reasons in the caller's language, the
// allowed first. Internal users only; the suppliers are those the caller may read.
import { PURPOSES, eligibilityBatch } from './eligibility';
import { date, lookup, parseListRequest, ref, refs, text } from '@srm/kernel';
import { AppError, defineEndpoints, endpoint } from '@srm/platform';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { reasonText } from '../supplier-category-org/supplier-supply';

/** At most this many suppliers are answered at once. */
export const ELIGIBILITY_LIST_MAX = 500;
const RANK = { ALLOW: 0, WARN: 1, BLOCK: 2 } as const;

export const eligibilityEndpoints = defineEndpoints(supplierCategoryOrg, {
  /**
   * `{ orgId, categoryId | itemId, purpose, supplierIds? | keyword?, date? }` → one row per supplier
   * (enabled, not quit): `{ supplierId, supplierCode, supplierName, verdict, reasons: [{ level, text,
   * document }] }`, ALLOW before WARN before BLOCK, then by name.
   */
  listEligibility: endpoint({
    summary: 'Eligibility of suppliers for a category or material in an organisation (the batch form)',
    input: {
      orgId: ref('srmBaseOrg', { required: true }),
      categoryId: ref('srmBaseCategory'),
      itemId: ref('srmBaseItem'),
      purpose: lookup('SRM_ELIGIBILITY_PURPOSE', { required: true, codes: PURPOSES }),
      supplierIds: refs('srmSupplierInfo', { max: ELIGIBILITY_LIST_MAX }),
      keyword: text({ max: 100 }),
      date: date(),
    },
    scope: supplierCategoryOrg,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      if (input.categoryId == null && input.itemId == null)
        throw new AppError(400, 'srmSupplierSupply.noCategory');
      // The input's codes admit these only; found again to carry their type.
      const purpose = PURPOSES.find((code) => code === input.purpose);
      if (!purpose) throw new AppError(400, 'validation.lookup', { value: input.purpose });
      // The suppliers offered: enabled, not quit; by id, or by a picker's keyword as the supplier
      // list reads it (code, name, short name), within what the caller may read.
      const offered = { enabledFlag: 'Y' as const, status: ['POTENTIAL' as const, 'QUALIFIED' as const] };
      let suppliers: { supplierId: number; supplierCode: unknown; supplierName: unknown }[];
      if (input.keyword) {
        const parsed = parseListRequest(supplierInfo, {
          ...offered,
          ...(input.supplierIds?.length ? { supplierId: [...input.supplierIds] } : {}),
          keyword: input.keyword,
          pageRows: ELIGIBILITY_LIST_MAX,
        });
        if (!parsed.ok) throw new AppError(400, parsed.issue.message, parsed.issue.params);
        const found = await ctx.runtime.service(supplierInfo.name).list(ctx.actor, parsed.query);
        suppliers = found.rows.map((row) => ({
          supplierId: Number(row.supplierId),
          supplierCode: row.supplierCode,
          supplierName: row.supplierName,
        }));
      } else {
        suppliers = await ctx.list(
          supplierInfo,
          { ...offered, ...(input.supplierIds?.length ? { supplierId: [...input.supplierIds] } : {}) },
          { limit: ELIGIBILITY_LIST_MAX },
        );
      }
      const answers = await eligibilityBatch(
        ctx,
        suppliers.map((supplier) => ({
          supplierId: supplier.supplierId,
          orgId: input.orgId,
          categoryId: input.categoryId ?? null,
          itemId: input.itemId ?? null,
        })),
        purpose,
        input.date ?? undefined,
      );
      const rows = suppliers.map((supplier, index) => {
        const answer = answers[index]!;
        return {
          supplierId: supplier.supplierId,
          supplierCode: supplier.supplierCode,
          supplierName: supplier.supplierName,
          verdict: answer.verdict,
          reasons: answer.reasons.map((reason) => ({
            level: reason.level,
            text: reasonText(ctx, ctx.actor.locale, reason),
            document: reason.document ?? null,
          })),
        };
      });
      rows.sort(
        (a, b) =>
          RANK[a.verdict] - RANK[b.verdict] ||
          String(a.supplierName).localeCompare(String(b.supplierName), 'zh-CN'),
      );
      return { data: rows };
    },
  }),
});
