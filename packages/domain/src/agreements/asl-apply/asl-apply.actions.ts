// ASL applications on the server: checked when submitted and again when approved (the list may
// have changed in between) — each line's supplier asked of eligibility (ORDER) for its material
// or category in the organisation, so no entry lists a supplier the library does not qualify —
// and the approval writes their entries, all or nothing, in the document's transaction.
import { type ReadRowOf, type RowOf, type RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { assertAllEligible } from '../../supplier/server';
import { asl } from '../asl/asl.entity';
import { issue } from '../support';
import { aslApply } from './asl-apply.entity';
import { aslApplyLine } from './asl-apply-line.entity';

type Line = ReadRowOf<typeof aslApplyLine>;
type Key = { supplierId: number; itemId: number | null; categoryId: number | null; orgId: number };

const sameKey = (a: Key, b: Key) =>
  a.supplierId === b.supplierId &&
  a.itemId === b.itemId &&
  a.categoryId === b.categoryId &&
  a.orgId === b.orgId;

const keyOf = (line: Line, orgId: number): Key => ({
  supplierId: line.supplierId,
  itemId: line.itemId,
  categoryId: line.categoryId,
  orgId,
});

const lineLabel = (line: Line, index: number) => ({
  line: index + 1,
  supplier: String(line.supplierName ?? line.supplierId),
  target: String(line.itemName ?? line.categoryName ?? ''),
});

/** The entries of the list for the supplier at the organisation (the caller's scope: its organisation). */
const entriesOf = (ctx: DataApi, key: Key) => ctx.list(asl, { supplierId: key.supplierId, orgId: key.orgId });

async function applyIssues(ctx: DataApi, header: RowOf<typeof aslApply>): Promise<RuleIssue[]> {
  const lines = await ctx.lines(aslApplyLine, header.aslApplyId);
  if (!lines.length) return [issue('srmPurAslApply.noLines')];
  await assertAllEligible(
    ctx,
    lines.map((line) => ({
      supplierId: line.supplierId,
      orgId: header.orgId,
      itemId: line.itemId,
      categoryId: line.categoryId,
    })),
    'ORDER',
  );
  const issues: RuleIssue[] = [];
  const seen: Key[] = [];
  for (const [index, line] of lines.entries()) {
    const key = keyOf(line, header.orgId);
    if (seen.some((other) => sameKey(other, key))) {
      issues.push(issue('srmPurAslApply.duplicateLine', lineLabel(line, index)));
      continue;
    }
    seen.push(key);
    if (line.validFrom && line.validTo && line.validFrom > line.validTo) {
      issues.push(issue('srmPurAsl.validRange', lineLabel(line, index)));
    }
    const live = (await entriesOf(ctx, key)).find(
      (entry) => sameKey(entry, key) && entry.aslStatus !== 'DISABLED',
    );
    if (live)
      issues.push(
        issue('srmPurAslApply.alreadyListed', { ...lineLabel(line, index), asl: String(live.aslCode) }),
      );
  }
  return issues;
}

export const aslApplyActions = defineActions(aslApply, {
  guards: {
    doSubmit: (ctx) => applyIssues(ctx, ctx.row),
    doApproval: (ctx) => applyIssues(ctx, ctx.row),
  },
  actions: {
    async doApproval(ctx) {
      const { row } = ctx;
      // Entries are written by approved documents only (writableBy: []), so by the platform.
      const platform = ctx.system('an approved ASL application writes its entries');
      for (const line of await ctx.lines(aslApplyLine, row.aslApplyId)) {
        const key = keyOf(line, row.orgId);
        const values = {
          aslStatus: 'VALID',
          priorityNum: line.priorityNum ?? 1,
          validFrom: line.validFrom,
          validTo: line.validTo,
          sourceNumber: row.applyNumber,
          remark: line.remark,
        };
        const existing = (await entriesOf(platform, key)).find((entry) => sameKey(entry, key));
        // An ended entry comes back to life rather than being listed twice.
        if (existing) await platform.patch(asl, existing.aslId, values);
        else await platform.insert(asl, [{ ...key, ...values }]);
      }
    },
  },
});
