// Suspension and resumption on the server. Saving: at least one line, each a library line of the
// supplier in the state the change needs — QUALIFIED to suspend, SUSPENDED by hand to resume (a
// lapsed certificate's suspension ends with the renewal); resuming a blacklisted or quit supplier is
// refused. Submitting checks the lines again (they may have moved). Approval changes them all
// (history source MANUAL, the document's number and reason) and tells the supplier.
import type { RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { setLineStatus } from '../supplier-category-org/line-status';
import { supplierCategoryOrg } from '../supplier-category-org/supplier-category-org.entity';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { supplierLineChange, supplierLineChangeLine } from './supplier-line-change.entity';

const platform = (ctx: DataApi) => ctx.system('a suspension reads and changes the supplier’s library');

type Named = { readonly categoryId: number; readonly orgId: number };

/** The library lines named, or the first line (1-based) that may not change this way. */
async function linesFor(
  ctx: DataApi,
  supplierId: number,
  changeType: string,
  named: readonly Named[],
): Promise<{ ids: number[] } | { bad: number }> {
  const library = await platform(ctx).list(supplierCategoryOrg, { supplierId });
  const ids: number[] = [];
  for (const [index, line] of named.entries()) {
    const found = library.find((l) => l.categoryId === line.categoryId && l.orgId === line.orgId);
    const fits =
      changeType === 'SUSPEND'
        ? found?.status === 'QUALIFIED'
        : found?.status === 'SUSPENDED' && found.suspendCause === 'MANUAL';
    if (!found || !fits) return { bad: index + 1 };
    ids.push(found.categoryOrgId);
  }
  return { ids };
}

async function check(
  ctx: DataApi,
  supplierId: number,
  changeType: string,
  named: readonly Named[],
): Promise<RuleIssue | null> {
  if (!named.length) return { field: 'lines', message: 'srmSupplierLineChange.linesRequired' };
  if (changeType === 'RESUME') {
    const [supplier] = await platform(ctx).list(supplierInfo, { supplierId }, { limit: 1 });
    if (supplier && (supplier.status === 'QUIT' || supplier.blacklistFlag === 'Y'))
      return {
        field: 'supplierId',
        message: 'srmSupplierLineChange.supplierBlocked',
        params: { supplier: supplier.supplierName },
      };
  }
  const found = await linesFor(ctx, supplierId, changeType, named);
  return 'bad' in found
    ? {
        field: 'lines',
        message: `srmSupplierLineChange.lineNot${changeType === 'SUSPEND' ? 'Qualified' : 'Suspended'}`,
        params: { line: String(found.bad) },
      }
    : null;
}

export const supplierLineChangeActions = defineActions(supplierLineChange, {
  beforeSave: (ctx) => check(ctx, ctx.row.supplierId, ctx.row.changeType, ctx.newLines.lines),
  guards: {
    async doSubmit(ctx) {
      const { previous } = ctx;
      return check(
        ctx,
        previous.supplierId,
        previous.changeType,
        await platform(ctx).lines(supplierLineChangeLine, previous.lineChangeId),
      );
    },
  },
  actions: {
    async doApproval(ctx) {
      const { row } = ctx;
      const named = await platform(ctx).lines(supplierLineChangeLine, row.lineChangeId);
      // Lines that moved since submitting (a certificate lapsed, another document) are left as
      // they are; the others change.
      const ids: number[] = [];
      for (const line of named) {
        const found = await linesFor(ctx, row.supplierId, row.changeType, [line]);
        if ('ids' in found) ids.push(...found.ids);
      }
      await setLineStatus(ctx, ids, row.changeType === 'SUSPEND' ? 'SUSPENDED' : 'QUALIFIED', {
        source: 'MANUAL',
        documentRef: row.lineChangeNum,
        reason: row.reason,
        suspendCause: 'MANUAL',
      });
      await ctx.services.siteMessages?.notify({
        supplierId: row.supplierId,
        titleKey: `srmSupplierLineChange.message.${row.changeType === 'SUSPEND' ? 'suspended' : 'resumed'}Title`,
        contentKey: `srmSupplierLineChange.message.${row.changeType === 'SUSPEND' ? 'suspended' : 'resumed'}Content`,
        params: { number: row.lineChangeNum ?? '', reason: row.reason },
        link: { entityName: supplierLineChange.name, documentId: row.lineChangeId },
        source: row.changeType === 'SUSPEND' ? 'SUPPLIER_LINES_SUSPENDED' : 'SUPPLIER_LINES_RESUMED',
        email: true,
        eventId: `${row.lineChangeId}-${row.changeType}`,
      });
    },
  },
});
