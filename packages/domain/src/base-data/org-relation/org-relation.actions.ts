// Organisation relations on the server: the known relation types link organisations of the
// right kinds (an OU_INV relation goes from an operating unit to an inventory organisation).
import { defineActions } from '@srm/platform';
import { org } from '../org/org.entity';
import { orgRelation } from './org-relation.entity';

/** Org types each end of a relation type must have, and the message when they do not. */
const RELATION_ENDS: Readonly<Record<string, { from: string; to: string; message: string }>> = {
  OU_INV: { from: 'OU', to: 'INV_ORG', message: 'srmBaseOrgRelation.ouInvTypes' },
  COMPANY_OU: { from: 'COMPANY', to: 'OU', message: 'srmBaseOrgRelation.companyOuTypes' },
};

export const orgRelationActions = defineActions(orgRelation, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const ends = RELATION_ENDS[row.relationType];
    if (!ends) return null;
    const [from] = await ctx.list(org, { orgId: row.fromOrgId }, { limit: 1 });
    const [to] = await ctx.list(org, { orgId: row.toOrgId }, { limit: 1 });
    if (from && from.orgType !== ends.from) return { field: 'fromOrgId', message: ends.message };
    if (to && to.orgType !== ends.to) return { field: 'toOrgId', message: ends.message };
    return null;
  },
});
