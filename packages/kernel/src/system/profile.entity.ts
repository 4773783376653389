// Profiles (配置文件): named system settings that code reads instead of hard-coding a value. A
// profile has a type and a site-level default; lines set it per organisation, responsibility
// or user (the most specific level wins, EBS style). Values are stored as text and checked
// against the profile's type.
import { isValidDate } from '../dates';
import { type RuleIssue, defineEntity } from '../entity/define';
import { checkbox, lookup, number, text, textarea } from '../entity/fields';
import { PATTERNS, textOf } from '../validation/validators';

export const PROFILE_VALUE_TYPES = ['TEXT', 'NUMBER', 'FLAG', 'DATE'] as const;
export type ProfileValueType = (typeof PROFILE_VALUE_TYPES)[number];

/** Levels a profile value is set at, from the least to the most specific. */
export const PROFILE_LEVEL_TYPES = ['SITE', 'ORG', 'RESP', 'USER'] as const;
export type ProfileLevelType = (typeof PROFILE_LEVEL_TYPES)[number];

/**
 * Why a value does not fit a profile's type, as the suffix of a message key (`badNumber`,
 * `badFlag`, `badDate`), or null when it fits. An empty value fits every type.
 */
export function profileValueProblem(
  valueType: unknown,
  value: unknown,
): 'badNumber' | 'badFlag' | 'badDate' | null {
  if (value === undefined || value === null || value === '') return null;
  const text = textOf(value) ?? '';
  switch (valueType) {
    case 'NUMBER':
      return PATTERNS.quantity.test(text) ? null : 'badNumber';
    case 'FLAG':
      return text === 'Y' || text === 'N' ? null : 'badFlag';
    case 'DATE':
      return isValidDate(text) ? null : 'badDate';
    default:
      return null;
  }
}

/**
 * The profile's rule: the default and every level value fit the value type, and no level is
 * set twice. There is one site, whatever the level value says; the unique constraint alone
 * would let two SITE lines through, their empty level values being distinct to the database.
 */
export function profileIssues(
  row: Readonly<Record<string, unknown>>,
  lines: readonly Readonly<Record<string, unknown>>[],
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const problem = profileValueProblem(row.valueType, row.defaultValue);
  if (problem) issues.push({ field: 'defaultValue', message: `baseProfile.${problem}` });
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const lineProblem = profileValueProblem(row.valueType, line.profileValue);
    const params = { line: index + 1 };
    if (lineProblem) issues.push({ field: 'values', message: `baseProfileValue.${lineProblem}`, params });
    const level =
      line.levelType === 'SITE' ? 'SITE' : `${String(line.levelType)}:${String(line.levelValueId ?? '')}`;
    if (seen.has(level)) issues.push({ field: 'values', message: 'baseProfileValue.duplicateLevel', params });
    seen.add(level);
  });
  return issues;
}

/** A profile value at one level: the site, an organisation, a responsibility or a user. */
export const profileValue = defineEntity('baseProfileValue', {
  area: 'system',
  service: 'base',
  table: 'base_profile_value',
  key: 'profileValueId',
  parent: { entity: 'baseProfile', field: 'profileId' },
  fields: {
    levelType: lookup('BASE_PROFILE_LEVEL_TYPE', { required: true, codes: PROFILE_LEVEL_TYPES }),
    /** The id of the organisation, responsibility or user; empty at the SITE level. */
    levelValueId: number({ min: 1 }),
    profileValue: text({ required: true, max: 1000 }),
  },
  unique: [['profileId', 'levelType', 'levelValueId']],
  list: { columns: ['levelType', 'levelValueId', 'profileValue'] },
  rules: [
    (row) =>
      row.levelType && row.levelType !== 'SITE' && row.levelValueId == null
        ? { field: 'levelValueId', message: 'baseProfileValue.levelValueRequired' }
        : null,
  ],
});

export const profile = defineEntity('baseProfile', {
  area: 'system',
  service: 'base',
  table: 'base_profile',
  key: 'profileId',
  display: 'profileName',
  fields: {
    profileCode: text({ required: true, unique: true, max: 60, format: 'code' }),
    profileName: text({ required: true, max: 120, english: 'profileNameEn' }),
    profileNameEn: text({ max: 120 }),
    description: textarea({ max: 1000 }),
    valueType: lookup('BASE_PROFILE_VALUE_TYPE', {
      required: true,
      codes: PROFILE_VALUE_TYPES,
      default: 'TEXT',
    }),
    /** The site-level value, used when no line sets a more specific one. */
    defaultValue: text({ max: 1000 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  lines: { values: profileValue },
  list: {
    columns: [
      'profileCode',
      'profileName',
      'profileNameEn',
      'valueType',
      'defaultValue',
      'enabledFlag',
      'lastUpdateDate',
    ],
    filters: [{ field: 'profileCode', op: 'prefix' }, 'profileName', 'valueType', 'enabledFlag'],
    sort: [{ field: 'profileCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'profileCode',
          'profileName',
          'profileNameEn',
          'valueType',
          'defaultValue',
          'enabledFlag',
          'description',
        ],
      },
    ],
  },
  rules: [(row, { lines }) => profileIssues(row, lines.values ?? [])],
});

export const profileEntities = [profile, profileValue];
