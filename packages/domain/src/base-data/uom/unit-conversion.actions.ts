// Unit conversions are values of the platform's lookup type UNIT_CONVERSION_RATIO
// (shell-and-toolkit §3): lookupCode is the original unit, meaning the target unit, description
// the rate. Saving that lookup type checks every value against this area's units of measure. The
// hook sits on the lookup type: its values are lines, saved (and checked) with it.
import { PATTERNS, UNIT_CONVERSION_LOOKUP, type RuleIssue, lookupType } from '@srm/kernel';
import { defineActions } from '@srm/platform';
import { uom } from './uom.entity';

export const unitConversionActions = defineActions(lookupType, {
  async beforeSave(ctx) {
    if (ctx.row.lookupType !== UNIT_CONVERSION_LOOKUP) return [];
    const values = ctx.newLines.values;
    const codes = [...new Set(values.flatMap((v) => [v.lookupCode, v.meaning]).filter(Boolean))];
    const known = new Set(
      codes.length ? (await ctx.list(uom, { uomCode: codes })).map((unit) => unit.uomCode) : [],
    );
    const issues: RuleIssue[] = [];
    values.forEach((value, index) => {
      const line = index + 1;
      const from = value.lookupCode;
      const to = value.meaning;
      const rate = value.description ?? '';
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
