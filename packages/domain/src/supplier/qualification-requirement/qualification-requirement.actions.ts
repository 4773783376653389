// Qualification requirements on the server: one requirement per category, organisation scope
// (one organisation, or every organisation) and credential type — the database's unique index
// cannot say it for "every organisation", whose organisation is empty.
import { defineActions } from '@srm/platform';
import { qualificationRequirement } from './qualification-requirement.entity';

export const qualificationRequirementActions = defineActions(qualificationRequirement, {
  async beforeSave(ctx) {
    const { row } = ctx;
    const same = await ctx.list(qualificationRequirement, {
      categoryId: row.categoryId,
      orgId: row.orgId ?? null,
      credentialType: row.credentialType,
    });
    const other = same.find((found) => found.requirementId !== row.requirementId);
    if (!other) return null;
    return {
      field: 'credentialType',
      message: 'srmQualificationRequirement.duplicate',
      params: {
        category: other.categoryName ?? '',
        type: ctx.t(`lookup.SRM_SUPPLIER_CREDENTIAL_TYPE.${row.credentialType}`),
      },
    };
  },
});
