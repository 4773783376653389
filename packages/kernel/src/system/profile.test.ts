import { describe, expect, it } from 'vitest';
import { ruleIssues } from '../entity/validation';
import { profile, profileValue, profileValueProblem } from './profile.entity';

const save = (valueType: string, defaultValue: string | null, values: Record<string, unknown>[] = []) =>
  ruleIssues(profile, { valueType, defaultValue }, { values });

describe('profile values', () => {
  it('accepts values that fit the type', () => {
    expect(profileValueProblem('TEXT', 'anything at all')).toBeNull();
    for (const value of ['0', '12', '-3', '+4.5', '0.125'])
      expect(profileValueProblem('NUMBER', value)).toBeNull();
    for (const value of ['Y', 'N']) expect(profileValueProblem('FLAG', value)).toBeNull();
    for (const value of ['2024-02-29', '2025-12-31']) expect(profileValueProblem('DATE', value)).toBeNull();
    // Empty means "not set", whatever the type.
    for (const type of ['NUMBER', 'FLAG', 'DATE']) {
      expect(profileValueProblem(type, '')).toBeNull();
      expect(profileValueProblem(type, null)).toBeNull();
    }
  });

  it('refuses values that do not', () => {
    for (const value of ['abc', '1,000', '1.', '.5', '1e3', ' 12']) {
      expect(profileValueProblem('NUMBER', value), value).toBe('badNumber');
    }
    for (const value of ['y', 'Yes', 'true', '1'])
      expect(profileValueProblem('FLAG', value), value).toBe('badFlag');
    for (const value of ['2025-02-29', '2025-13-01', '2025/01/01', '20250101', '2025-1-1']) {
      expect(profileValueProblem('DATE', value), value).toBe('badDate');
    }
  });

  it('checks the site default and every level value against the type', () => {
    expect(save('NUMBER', '10', [{ levelType: 'ORG', levelValueId: 1, profileValue: '12.5' }])).toEqual([]);
    expect(save('NUMBER', 'ten')).toEqual([{ path: ['defaultValue'], message: 'baseProfile.badNumber' }]);
    expect(
      save('FLAG', 'Y', [
        { levelType: 'ORG', levelValueId: 1, profileValue: 'N' },
        { levelType: 'USER', levelValueId: 7, profileValue: 'yes' },
      ]),
    ).toEqual([{ path: ['values'], message: 'baseProfileValue.badFlag', params: { line: 2 } }]);
    expect(save('DATE', null, [{ levelType: 'RESP', levelValueId: 3, profileValue: '2025-02-30' }])).toEqual([
      { path: ['values'], message: 'baseProfileValue.badDate', params: { line: 1 } },
    ]);
    // A text profile takes anything.
    expect(save('TEXT', 'abc', [{ levelType: 'SITE', profileValue: '2025-02-30' }])).toEqual([]);
  });

  it('refuses a level set twice, the site level included', () => {
    expect(
      save('TEXT', null, [
        { levelType: 'SITE', profileValue: 'a' },
        { levelType: 'ORG', levelValueId: 1, profileValue: 'b' },
        { levelType: 'ORG', levelValueId: 2, profileValue: 'c' },
        { levelType: 'SITE', profileValue: 'd' },
        { levelType: 'ORG', levelValueId: 1, profileValue: 'e' },
      ]),
    ).toEqual([
      { path: ['values'], message: 'baseProfileValue.duplicateLevel', params: { line: 4 } },
      { path: ['values'], message: 'baseProfileValue.duplicateLevel', params: { line: 5 } },
    ]);
  });

  it('needs a level value below the site level', () => {
    expect(ruleIssues(profileValue, { levelType: 'SITE', profileValue: 'a' }, {})).toEqual([]);
    expect(ruleIssues(profileValue, { levelType: 'USER', profileValue: 'a' }, {})).toEqual([
      { path: ['levelValueId'], message: 'baseProfileValue.levelValueRequired' },
    ]);
    expect(ruleIssues(profileValue, { levelType: 'USER', levelValueId: 5, profileValue: 'a' }, {})).toEqual(
      [],
    );
  });
});
