// Business configuration on the server: one company-wide value per profile code (the database's
// unique index lets several rows without an organisation through, as NULLs differ), and the
// lookup of the value that applies to an organisation.
import type { RuleIssue } from '@srm/kernel';
import { type HookContext, type Row, legacyActions } from '@srm/platform';
import { configProfile } from './config-profile.entity';
import { badInput, bodyOf, findBy, listAll, optionalInteger, requiredText } from './support';

async function rowsOfCode(context: HookContext, profileCode: string, enabledOnly = false): Promise<Row[]> {
  return listAll(context, configProfile.name, [
    { field: 'profileCode', op: 'eq', value: profileCode },
    ...(enabledOnly ? [{ field: 'enabledFlag', op: 'eq' as const, value: 'Y' }] : []),
  ]);
}

export const configProfileActions = legacyActions(configProfile, {
  async beforeSave(context, { row }): Promise<RuleIssue | null> {
    if (row.orgId !== null && row.orgId !== undefined) return null;
    const duplicate = (await rowsOfCode(context, row.profileCode as string)).some(
      (other) => other.orgId === null && other.configProfileId !== row.configProfileId,
    );
    return duplicate
      ? {
          field: 'profileCode',
          message: 'srmBaseConfigProfile.duplicateGlobal',
          params: { code: row.profileCode as string },
        }
      : null;
  },

  endpoints: {
    /**
     * `{ profileCode, orgId? }` → the enabled value that applies: the organisation's own, else
     * the company-wide one; null when neither exists.
     */
    findValue: {
      read: true,
      async handle(context, input) {
        const body = bodyOf(input);
        const profileCode = requiredText(body, 'profileCode', 60);
        const orgId = optionalInteger(body, 'orgId', 1, Number.MAX_SAFE_INTEGER);
        if (orgId !== null && !(await findBy(context, 'srmBaseOrg', 'orgId', orgId))) {
          throw badInput('srmBaseConfigProfile.unknownOrg', { id: orgId });
        }
        const rows = await rowsOfCode(context, profileCode, true);
        const own = orgId === null ? undefined : rows.find((r) => r.orgId === orgId);
        const chosen = own ?? rows.find((r) => r.orgId === null);
        return {
          data: chosen
            ? {
                profileCode,
                orgId,
                profileValue: chosen.profileValue,
                valueType: chosen.valueType,
                source: own ? 'ORG' : 'GLOBAL',
                configProfileId: chosen.configProfileId,
              }
            : null,
        };
      },
    },
  },
});
