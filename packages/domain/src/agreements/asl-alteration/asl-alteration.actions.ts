// ASL alterations on the server: each line must fit its entry's state and organisation, checked
// when submitted and again when approved; the approval changes the entries, all or nothing, in
// the document's transaction.
import { type ChangesOf, type RowOf, type RuleIssue } from '@srm/kernel';
import { type DataApi, defineActions } from '@srm/platform';
import { asl } from '../asl/asl.entity';
import { issue } from '../support';
import { aslAlteration } from './asl-alteration.entity';
import { aslAlterationLine } from './asl-alteration-line.entity';

const ALLOWED: Readonly<Record<string, (status: string) => boolean>> = {
  SUSPEND: (status) => status === 'VALID',
  RESUME: (status) => status === 'SUSPENDED',
  DISABLE: (status) => status !== 'DISABLED',
  MODIFY: (status) => status !== 'DISABLED',
};

async function alterationIssues(ctx: DataApi, header: RowOf<typeof aslAlteration>): Promise<RuleIssue[]> {
  const lines = await ctx.lines(aslAlterationLine, header.aslAlterationId);
  if (!lines.length) return [issue('srmPurAslAlteration.noLines')];
  const issues: RuleIssue[] = [];
  const seen = new Set<number>();
  for (const [index, line] of lines.entries()) {
    const params = { line: index + 1, asl: String(line.aslCode ?? line.aslId) };
    const aslId = line.aslId;
    if (aslId === null) continue; // the line's rule refused it when saved
    if (seen.has(aslId)) {
      issues.push(issue('srmPurAslAlteration.duplicateLine', params));
      continue;
    }
    seen.add(aslId);
    // An entry the caller cannot read (another organisation's) is as unknown to it as a missing one.
    const [entry] = await ctx.list(asl, { aslId }, { limit: 1 });
    if (!entry) {
      issues.push(issue('srmPurAslAlteration.unknownEntry', params));
      continue;
    }
    if (entry.orgId !== header.orgId) issues.push(issue('srmPurAslAlteration.otherOrg', params));
    const type = line.alterationType;
    if (!ALLOWED[type]?.(entry.aslStatus)) {
      issues.push(issue(`srmPurAslAlteration.cannot.${type}`, params));
    } else if (type === 'MODIFY' && line.newPriorityNum === null && line.newValidTo === null) {
      issues.push(issue('srmPurAslAlteration.modifyNeedsValue', params));
    } else if (type === 'MODIFY' && line.newValidTo && entry.validFrom && line.newValidTo < entry.validFrom) {
      issues.push(issue('srmPurAsl.validRange', { line: index + 1, supplier: '', target: '' }));
    }
  }
  return issues;
}

export const aslAlterationActions = defineActions(aslAlteration, {
  guards: {
    doSubmit: (ctx) => alterationIssues(ctx, ctx.row),
    doApproval: (ctx) => alterationIssues(ctx, ctx.row),
  },
  actions: {
    async doApproval(ctx) {
      const { row } = ctx;
      // Entries are changed by approved documents only (writableBy: []), so by the platform.
      const platform = ctx.system('an approved ASL alteration changes its entries');
      for (const line of await ctx.lines(aslAlterationLine, row.aslAlterationId)) {
        if (line.aslId === null) continue;
        const change: ChangesOf<typeof asl> = { sourceNumber: row.alterationNumber };
        if (line.alterationType === 'SUSPEND') change.aslStatus = 'SUSPENDED';
        if (line.alterationType === 'RESUME') change.aslStatus = 'VALID';
        if (line.alterationType === 'DISABLE') change.aslStatus = 'DISABLED';
        if (line.alterationType === 'MODIFY') {
          if (line.newPriorityNum !== null) change.priorityNum = line.newPriorityNum;
          if (line.newValidTo !== null) change.validTo = line.newValidTo;
        }
        await platform.patch(asl, line.aslId, change);
      }
    },
  },
});
