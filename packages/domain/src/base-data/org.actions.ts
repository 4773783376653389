// Organisations on the server: the tree stays a tree (no organisation under itself).
import type { RuleIssue } from '@srm/kernel';
import { legacyActions } from '@srm/platform';
import { org } from './org.entity';
import { checkTreeParent } from './support';

export const orgActions = legacyActions(org, {
  async beforeSave(context, { row }): Promise<RuleIssue | null> {
    const parentId = row.parentOrgId as number | null;
    if (parentId === null || parentId === undefined) return null;
    const { cycle } = await checkTreeParent(
      context,
      org.name,
      'orgId',
      'parentOrgId',
      (row.orgId as number | undefined) ?? null,
      parentId,
    );
    return cycle ? { field: 'parentOrgId', message: 'srmBaseOrg.parentCycle' } : null;
  },
});
