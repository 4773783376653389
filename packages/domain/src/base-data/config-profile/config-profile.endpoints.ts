// Business configuration's endpoint: the value that applies to an organisation.
import { ref, text } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { configProfile } from './config-profile.entity';

export const configProfileEndpoints = defineEndpoints(configProfile, {
  /**
   * `{ profileCode, orgId? }` → the enabled value that applies: the organisation's own, else the
   * company-wide one; null when neither exists.
   */
  findValue: endpoint({
    summary: 'The enabled configuration value in effect for an organisation (else the company-wide one)',
    input: {
      profileCode: text({ required: true, max: 60 }),
      orgId: ref('srmBaseOrg'),
    },
    scope: configProfile,
    resource: 'read',
    async handle(ctx, { profileCode, orgId }) {
      const rows = await ctx.list(configProfile, { profileCode, enabledFlag: 'Y' });
      const own = orgId == null ? undefined : rows.find((row) => row.orgId === orgId);
      const chosen = own ?? rows.find((row) => row.orgId === null);
      return {
        data: chosen
          ? {
              profileCode,
              orgId: orgId ?? null,
              profileValue: chosen.profileValue,
              valueType: chosen.valueType,
              source: own ? 'ORG' : 'GLOBAL',
              configProfileId: chosen.configProfileId,
            }
          : null,
      };
    },
  }),
});
