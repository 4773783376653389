// Units of measure (计量单位). Conversions between units are values of the lookup type
// UNIT_CONVERSION_RATIO (see uom.actions.ts), not columns of the unit.
import { checkbox, defineEntity, lookup, number, text } from '@srm/kernel';

export const uom = defineEntity('srmBaseUom', {
  area: 'base-data',
  key: 'uomId',
  supplierReadable: true,
  fields: {
    uomCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    uomName: text({ required: true, max: 60, english: 'uomNameEn' }),
    uomNameEn: text({ max: 60 }),
    uomClass: lookup('BASE_UOM_CLASS', { required: true }),
    precisionNum: number({ required: true, min: 0, max: 6, default: 0 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  list: {
    columns: ['uomCode', 'uomName', 'uomNameEn', 'uomClass', 'precisionNum', 'enabledFlag'],
    filters: [{ field: 'uomCode', op: 'prefix' }, 'uomName', 'uomClass', 'enabledFlag'],
    sort: [{ field: 'uomCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['uomCode', 'uomName', 'uomNameEn', 'uomClass', 'precisionNum', 'enabledFlag'],
      },
    ],
  },
});
