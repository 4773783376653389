// Organisations on the server: the tree stays a tree (no organisation under itself).
import { defineActions } from '@srm/platform';
import { treeParent } from '../support';
import { org } from './org.entity';

export const orgActions = defineActions(org, {
  async beforeSave(ctx) {
    const { row } = ctx;
    if (row.parentOrgId == null) return null;
    const { cycle } = await treeParent(
      row.orgId,
      row.parentOrgId,
      async (id) => (await ctx.list(org, { orgId: id }, { limit: 1 }))[0],
      (found) => found.parentOrgId,
    );
    return cycle ? { field: 'parentOrgId', message: 'srmBaseOrg.parentCycle' } : null;
  },
});
