// Units of measure on the server: converting quantities with the UNIT_CONVERSION_RATIO lookup
// (lookupCode = original unit, meaning = target unit, description = rate; the reverse direction
// uses the reciprocal rounded to 10 places) and keeping conversions pointing at real units.
import {
  PATTERNS,
  UNIT_CONVERSION_LOOKUP,
  type RuleIssue,
  type UnitConversionValue,
  conversionRate,
  convertQuantity,
  round,
} from '@srm/kernel';
import { type HookContext, type Row, legacyActions } from '@srm/platform';
import { uom } from './uom.entity';
import { badInput, bodyOf, findBy, listAll, optionalText, requiredDecimal, requiredText } from './support';

export interface StoredConversion extends UnitConversionValue {
  readonly lookupValuesId: number;
  readonly enabledFlag: string;
}

/** Every value of the UNIT_CONVERSION_RATIO lookup, as the caller may read them. */
export async function readConversions(context: HookContext): Promise<StoredConversion[]> {
  const rows = await listAll(
    context,
    'baseLookupValues',
    [{ field: 'lookupType', op: 'eq', value: UNIT_CONVERSION_LOOKUP }],
    [{ field: 'lookupCode', order: 'asc' }],
  );
  return rows.map((row) => ({
    lookupValuesId: row.lookupValuesId as number,
    lookupCode: row.lookupCode as string,
    meaning: row.meaning as string,
    description: (row.description as string | null) ?? '',
    enabledFlag: row.enabledFlag as string,
  }));
}

async function unitsByCode(context: HookContext, codes: readonly string[]): Promise<Map<string, Row>> {
  if (!codes.length) return new Map();
  const rows = await listAll(context, 'srmBaseUom', [
    { field: 'uomCode', op: 'in', value: [...new Set(codes)] },
  ]);
  return new Map(rows.map((row) => [row.uomCode as string, row]));
}

async function unitOf(context: HookContext, code: string): Promise<Row> {
  const unit = await findBy(context, 'srmBaseUom', 'uomCode', code);
  if (!unit) throw badInput('srmBaseUom.unknownUom', { code });
  return unit;
}

function conversionsUsing(conversions: readonly StoredConversion[], code: string): StoredConversion[] {
  return conversions.filter((c) => c.lookupCode === code || c.meaning === code);
}

export const uomActions = legacyActions(uom, {
  async beforeSave(context, { row, previous }): Promise<RuleIssue | null> {
    // Conversions name units by code: renaming a code in use would orphan them.
    if (!previous || previous.uomCode === row.uomCode) return null;
    const used = conversionsUsing(await readConversions(context), previous.uomCode as string);
    return used.length
      ? {
          field: 'uomCode',
          message: 'srmBaseUom.codeInConversion',
          params: { code: previous.uomCode as string },
        }
      : null;
  },

  async beforeDelete(context, row): Promise<RuleIssue | null> {
    const used = conversionsUsing(await readConversions(context), row.uomCode as string);
    return used.length
      ? {
          field: 'uomCode',
          message: 'srmBaseUom.deleteInConversion',
          params: { code: row.uomCode as string },
        }
      : null;
  },

  endpoints: {
    /** `{ quantity, fromUom, toUom }` → the quantity in the target unit. */
    convert: {
      read: true,
      async handle(context, input) {
        const body = bodyOf(input);
        const quantity = requiredDecimal(body, 'quantity');
        const fromUom = requiredText(body, 'fromUom', 30);
        const toUom = requiredText(body, 'toUom', 30);
        await unitOf(context, fromUom);
        const target = await unitOf(context, toUom);
        const conversions = (await readConversions(context)).filter(
          (c) => c.enabledFlag === 'Y' && PATTERNS.positive.test(c.description.trim()),
        );
        const rate = conversionRate(conversions, fromUom, toUom);
        const converted = convertQuantity(conversions, quantity, fromUom, toUom);
        if (!rate || !converted) throw badInput('srmBaseUom.noConversion', { from: fromUom, to: toUom });
        const direct =
          fromUom === toUom || conversions.some((c) => c.lookupCode === fromUom && c.meaning === toUom);
        const precision = target.precisionNum as number;
        return {
          data: {
            fromUom,
            toUom,
            quantity: quantity.toNumber(),
            rate: rate.toNumber(),
            reverse: !direct,
            convertedQuantity: converted.toNumber(),
            precision,
            roundedQuantity: round(converted, precision),
          },
        };
      },
    },

    /** `{ uomCode? }` → the conversions (of one unit, or all), with both units' names and the reverse rate. */
    conversions: {
      read: true,
      async handle(context, input) {
        const body = bodyOf(input);
        const code = optionalText(body, 'uomCode', 30);
        const all = await readConversions(context);
        const chosen = code ? conversionsUsing(all, code) : all;
        const units = await unitsByCode(
          context,
          chosen.flatMap((c) => [c.lookupCode, c.meaning]),
        );
        const data = chosen.map((c) => ({
          lookupValuesId: c.lookupValuesId,
          fromUom: c.lookupCode,
          fromUomName: (units.get(c.lookupCode)?.uomName as string | undefined) ?? null,
          toUom: c.meaning,
          toUomName: (units.get(c.meaning)?.uomName as string | undefined) ?? null,
          rate: rateOf(c, c.lookupCode, c.meaning),
          reverseRate: rateOf(c, c.meaning, c.lookupCode),
          enabledFlag: c.enabledFlag,
        }));
        return { data, page: { count: data.length, curIndex: 1 } };
      },
    },
  },
});

/** The rate of one stored conversion in a direction; null when its description is not a number. */
function rateOf(conversion: StoredConversion, from: string, to: string): number | null {
  if (!PATTERNS.positive.test(conversion.description.trim())) return null;
  return conversionRate([conversion], from, to)?.toNumber() ?? null;
}
