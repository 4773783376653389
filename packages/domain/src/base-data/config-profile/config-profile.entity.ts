// Business configuration (业务配置): named parameters and switches, with an optional override
// per organisation. The value is text checked against its declared type.
import {
  type RuleIssue,
  PATTERNS,
  checkbox,
  defineEntity,
  isValidDate,
  lookup,
  ref,
  text,
  textarea,
} from '@srm/kernel';

export const CONFIG_VALUE_TYPES = ['TEXT', 'NUMBER', 'FLAG', 'DATE'] as const;

/** Whether a profile value fits its type; the message key when it does not. */
export function valueTypeIssue(valueType: unknown, value: unknown): RuleIssue | null {
  if (typeof value !== 'string' || value === '') return null;
  switch (valueType) {
    case 'NUMBER':
      return PATTERNS.quantity.test(value)
        ? null
        : { field: 'profileValue', message: 'srmBaseConfigProfile.badNumber' };
    case 'FLAG':
      return value === 'Y' || value === 'N'
        ? null
        : { field: 'profileValue', message: 'srmBaseConfigProfile.badFlag' };
    case 'DATE':
      return isValidDate(value) ? null : { field: 'profileValue', message: 'srmBaseConfigProfile.badDate' };
    default:
      return null;
  }
}

export const configProfile = defineEntity('srmBaseConfigProfile', {
  area: 'base-data',
  key: 'configProfileId',
  display: 'profileName',
  fields: {
    profileCode: text({ required: true, max: 60, format: 'code', indexed: true }),
    profileName: text({ required: true, max: 120 }),
    profileValue: text({ required: true, max: 1000 }),
    valueType: lookup('BASE_CONFIG_VALUE_TYPE', {
      required: true,
      codes: CONFIG_VALUE_TYPES,
      default: 'TEXT',
    }),
    orgId: ref('srmBaseOrg', { display: 'orgName' }),
    description: textarea({ max: 1000 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  unique: [['profileCode', 'orgId']],
  rules: [(row) => valueTypeIssue(row.valueType, row.profileValue)],
  list: {
    columns: [
      'profileCode',
      'profileName',
      'profileValue',
      'valueType',
      'orgName',
      'enabledFlag',
      'lastUpdateDate',
    ],
    filters: [{ field: 'profileCode', op: 'prefix' }, 'profileName', 'valueType', 'orgId', 'enabledFlag'],
    sort: [
      { field: 'profileCode', order: 'asc' },
      { field: 'orgId', order: 'asc' },
    ],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['profileCode', 'profileName', 'valueType', 'profileValue', 'orgId', 'enabledFlag'],
      },
      { key: 'other', fields: ['description'] },
    ],
  },
});
