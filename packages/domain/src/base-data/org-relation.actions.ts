// Organisation relations on the server: the known relation types link organisations of the
// right kinds (an OU_INV relation goes from an operating unit to an inventory organisation).
import type { RuleIssue } from '@srm/kernel';
import { legacyActions } from '@srm/platform';
import { orgRelation } from './org-relation.entity';
import { findBy } from './support';

/** Org types each end of a relation type must have, and the message when they do not. */
const RELATION_ENDS: Readonly<Record<string, { from: string; to: string; message: string }>> = {
  OU_INV: { from: 'OU', to: 'INV_ORG', message: 'srmBaseOrgRelation.ouInvTypes' },
  COMPANY_OU: { from: 'COMPANY', to: 'OU', message: 'srmBaseOrgRelation.companyOuTypes' },
};

export const orgRelationActions = legacyActions(orgRelation, {
  async beforeSave(context, { row }): Promise<RuleIssue | null> {
    const ends = RELATION_ENDS[row.relationType as string];
    if (!ends) return null;
    const from = await findBy(context, 'srmBaseOrg', 'orgId', row.fromOrgId);
    const to = await findBy(context, 'srmBaseOrg', 'orgId', row.toOrgId);
    if (from && from.orgType !== ends.from) return { field: 'fromOrgId', message: ends.message };
    if (to && to.orgType !== ends.to) return { field: 'toOrgId', message: ends.message };
    return null;
  },
});
