// Unit conversions are values of the lookup type UNIT_CONVERSION_RATIO (shell-and-toolkit §3):
// lookupCode is the original unit, meaning the target unit, description the rate. Saving that
// lookup type checks every value against the units of measure.
import { PATTERNS, UNIT_CONVERSION_LOOKUP, type RuleIssue, lookupType } from '@srm/kernel';
import { legacyActions } from '@srm/platform';
import { listAll } from './support';

export const unitConversionActions = legacyActions(lookupType, {
  async beforeSave(context, { row, lines }): Promise<RuleIssue[]> {
    if (row.lookupType !== UNIT_CONVERSION_LOOKUP) return [];
    const values = lines.values ?? [];
    const codes = [...new Set(values.flatMap((v) => [v.lookupCode, v.meaning]).filter(Boolean))] as string[];
    const known = new Set(
      codes.length
        ? (await listAll(context, 'srmBaseUom', [{ field: 'uomCode', op: 'in', value: codes }])).map(
            (unit) => unit.uomCode as string,
          )
        : [],
    );
    const issues: RuleIssue[] = [];
    values.forEach((value, index) => {
      const line = index + 1;
      const from = value.lookupCode as string;
      const to = value.meaning as string;
      const rate = (value.description as string | null) ?? '';
      if (!known.has(from)) {
        issues.push({
          field: 'values',
          message: 'srmBaseUom.conversion.unknownFrom',
          params: { line, code: from },
        });
      }
      if (!known.has(to)) {
        issues.push({
          field: 'values',
          message: 'srmBaseUom.conversion.unknownTo',
          params: { line, code: to },
        });
      }
      if (from === to) {
        issues.push({
          field: 'values',
          message: 'srmBaseUom.conversion.sameUnit',
          params: { line, code: from },
        });
      }
      if (!PATTERNS.positive.test(rate.trim())) {
        issues.push({ field: 'values', message: 'srmBaseUom.conversion.badRate', params: { line, rate } });
      }
      // One pair, one rate: a value and its reverse would say two things about the same units.
      const reverse = values.findIndex((other) => other.lookupCode === to && other.meaning === from);
      if (reverse >= 0 && reverse < index) {
        issues.push({
          field: 'values',
          message: 'srmBaseUom.conversion.reverseDefined',
          params: { line, first: reverse + 1, from, to },
        });
      }
    });
    return issues;
  },
});
