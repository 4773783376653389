// Unit conversions as the unit's behaviour reads them: values of the lookup type
// UNIT_CONVERSION_RATIO (lookupCode = original unit, meaning = target unit, description = rate).
import {
  PATTERNS,
  UNIT_CONVERSION_LOOKUP,
  type UnitConversionValue,
  conversionRate,
  lookupValues,
} from '@srm/kernel';
import type { DataApi } from '@srm/platform';

export interface StoredConversion extends UnitConversionValue {
  readonly lookupValuesId: number;
  readonly enabledFlag: 'Y' | 'N' | null;
}

/** Every value of the UNIT_CONVERSION_RATIO lookup, as the caller may read them. */
export async function readConversions(ctx: DataApi): Promise<StoredConversion[]> {
  const rows = await ctx.list(
    lookupValues,
    { lookupType: UNIT_CONVERSION_LOOKUP },
    { orderBy: [{ field: 'lookupCode', order: 'asc' }] },
  );
  return rows.map((row) => ({
    lookupValuesId: row.lookupValuesId,
    lookupCode: row.lookupCode,
    meaning: row.meaning,
    description: row.description ?? '',
    enabledFlag: row.enabledFlag,
  }));
}

export function conversionsUsing(conversions: readonly StoredConversion[], code: string): StoredConversion[] {
  return conversions.filter((c) => c.lookupCode === code || c.meaning === code);
}

/** The rate of one stored conversion in a direction; null when its description is not a number. */
export function rateOf(conversion: StoredConversion, from: string, to: string): number | null {
  if (!PATTERNS.positive.test(conversion.description.trim())) return null;
  return conversionRate([conversion], from, to)?.toNumber() ?? null;
}
