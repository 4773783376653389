// Demo units of measure and the conversions between them (values of UNIT_CONVERSION_RATIO).
import { defineSeed } from '@srm/platform';
import { putLookupType } from '../support';

const UNITS = [
  ['PCS', '个', 'Piece', 'QUANTITY', 0],
  ['SET', '套', 'Set', 'QUANTITY', 0],
  ['PR', '双', 'Pair', 'QUANTITY', 0],
  ['DZ', '打', 'Dozen', 'QUANTITY', 0],
  ['KG', '千克', 'Kilogram', 'WEIGHT', 3],
  ['G', '克', 'Gram', 'WEIGHT', 2],
  ['T', '吨', 'Tonne', 'WEIGHT', 4],
  ['M', '米', 'Metre', 'LENGTH', 3],
  ['CM', '厘米', 'Centimetre', 'LENGTH', 2],
  ['MM', '毫米', 'Millimetre', 'LENGTH', 1],
  ['M2', '平方米', 'Square metre', 'AREA', 2],
  ['L', '升', 'Litre', 'VOLUME', 3],
  ['ML', '毫升', 'Millilitre', 'VOLUME', 1],
  ['H', '小时', 'Hour', 'TIME', 2],
  ['BOX', '箱', 'Box', 'PACKAGE', 0],
  ['ROLL', '卷', 'Roll', 'PACKAGE', 0],
] as const;

/** UNIT_CONVERSION_RATIO: [original unit, target unit, rate]. */
const CONVERSIONS = [
  ['KG', 'G', '1000'],
  ['T', 'KG', '1000'],
  ['M', 'MM', '1000'],
  ['CM', 'MM', '10'],
  ['L', 'ML', '1000'],
  ['BOX', 'PCS', '100'],
  ['DZ', 'PCS', '12'],
] as const;

export const unitSeed = defineSeed('base-data.units', async (ctx) => {
  for (const [uomCode, uomName, uomNameEn, uomClass, precisionNum] of UNITS) {
    await ctx.put('srmBaseUom', { uomCode }, { uomCode, uomName, uomNameEn, uomClass, precisionNum });
  }
  await putLookupType(
    ctx,
    'UNIT_CONVERSION_RATIO',
    '单位换算率',
    'Unit conversion ratio',
    CONVERSIONS.map(([lookupCode, meaning, description]) => ({ lookupCode, meaning, description })),
  );
});
