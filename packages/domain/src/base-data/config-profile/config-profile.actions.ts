// Business configuration on the server: one company-wide value per profile code (the database's
// unique index lets several rows without an organisation through, as NULLs differ).
import { defineActions } from '@srm/platform';
import { configProfile } from './config-profile.entity';

export const configProfileActions = defineActions(configProfile, {
  async beforeSave(ctx) {
    const { row } = ctx;
    if (row.orgId != null) return null;
    const global = await ctx.list(configProfile, { profileCode: row.profileCode, orgId: null });
    return global.some((other) => other.configProfileId !== row.configProfileId)
      ? {
          field: 'profileCode',
          message: 'srmBaseConfigProfile.duplicateGlobal',
          params: { code: row.profileCode },
        }
      : null;
  },
});
