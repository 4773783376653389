// Units of measure's endpoints: converting a quantity with the UNIT_CONVERSION_RATIO lookup (the
// reverse direction uses the reciprocal rounded to 10 places), and the list of conversions.
import { PATTERNS, conversionRate, convertQuantity, dec, quantity, round, text } from '@srm/kernel';
import { AppError, type DataApi, defineEndpoints, endpoint } from '@srm/platform';
import { conversionsUsing, rateOf, readConversions } from './uom.conversions';
import { uom } from './uom.entity';

async function unitOf(ctx: DataApi, code: string) {
  const [unit] = await ctx.list(uom, { uomCode: code }, { limit: 1 });
  if (!unit) throw new AppError(400, 'srmBaseUom.unknownUom', { code });
  return unit;
}

export const uomEndpoints = defineEndpoints(uom, {
  /** `{ quantity, fromUom, toUom }` → the quantity in the target unit. */
  convert: endpoint({
    summary: 'A quantity converted from one unit of measure to another',
    input: {
      quantity: quantity({ required: true }),
      fromUom: text({ required: true, max: 30 }),
      toUom: text({ required: true, max: 30 }),
    },
    scope: uom,
    resource: 'read',
    async handle(ctx, input) {
      const { fromUom, toUom } = input;
      const amount = dec(input.quantity);
      await unitOf(ctx, fromUom);
      const target = await unitOf(ctx, toUom);
      const conversions = (await readConversions(ctx)).filter(
        (c) => c.enabledFlag === 'Y' && PATTERNS.positive.test(c.description.trim()),
      );
      const rate = conversionRate(conversions, fromUom, toUom);
      const converted = convertQuantity(conversions, amount, fromUom, toUom);
      if (!rate || !converted)
        throw new AppError(400, 'srmBaseUom.noConversion', { from: fromUom, to: toUom });
      const direct =
        fromUom === toUom || conversions.some((c) => c.lookupCode === fromUom && c.meaning === toUom);
      const precision = target.precisionNum;
      return {
        data: {
          fromUom,
          toUom,
          quantity: amount.toNumber(),
          rate: rate.toNumber(),
          reverse: !direct,
          convertedQuantity: converted.toNumber(),
          precision,
          roundedQuantity: round(converted, precision),
        },
      };
    },
  }),

  /** `{ uomCode? }` → the conversions (of one unit, or all), with both units' names and the reverse rate. */
  conversions: endpoint({
    summary: 'The unit conversions (of one unit, or all) with both units and the reverse rate',
    input: { uomCode: text({ max: 30 }) },
    scope: uom,
    resource: 'read',
    async handle(ctx, { uomCode }) {
      const all = await readConversions(ctx);
      const chosen = uomCode ? conversionsUsing(all, uomCode) : all;
      const codes = [...new Set(chosen.flatMap((c) => [c.lookupCode, c.meaning]))];
      const units = new Map(
        (codes.length ? await ctx.list(uom, { uomCode: codes }) : []).map((unit) => [unit.uomCode, unit]),
      );
      const data = chosen.map((c) => ({
        lookupValuesId: c.lookupValuesId,
        fromUom: c.lookupCode,
        fromUomName: units.get(c.lookupCode)?.uomName ?? null,
        toUom: c.meaning,
        toUomName: units.get(c.meaning)?.uomName ?? null,
        rate: rateOf(c, c.lookupCode, c.meaning),
        reverseRate: rateOf(c, c.meaning, c.lookupCode),
        enabledFlag: c.enabledFlag,
      }));
      return { data, page: { count: data.length, curIndex: 1 } };
    },
  }),
});
