// Materials (物料): the goods and services bought, with unit, category and purchasing
// attributes; the organisations using each material are its lines (组织物料).
import { checkbox, defineEntity, lookup, number, quantity, ref, text } from '@srm/kernel';
import { itemOrg } from './item-org.entity';

export const item = defineEntity('srmBaseItem', {
  area: 'base-data',
  key: 'itemId',
  display: 'itemName',
  fields: {
    itemCode: text({ required: true, unique: true, max: 40, format: 'code' }),
    itemName: text({ required: true, max: 240, english: 'itemNameEn' }),
    itemNameEn: text({ max: 240 }),
    specification: text({ max: 500 }),
    itemType: lookup('BASE_ITEM_TYPE', { required: true }),
    categoryId: ref('srmBaseCategory', {
      display: 'categoryName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    uomId: ref('srmBaseUom', { required: true, display: 'uomName', filter: () => ({ enabledFlag: 'Y' }) }),
    leadTimeDays: number({ min: 0, max: 999 }),
    minOrderQty: quantity({ min: 0 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  lines: { orgs: itemOrg },
  list: {
    columns: [
      'itemCode',
      'itemName',
      'specification',
      'itemType',
      'categoryName',
      'uomName',
      'leadTimeDays',
      'minOrderQty',
      'enabledFlag',
    ],
    filters: [
      { field: 'itemCode', op: 'prefix' },
      'itemName',
      'specification',
      'itemType',
      'categoryId',
      'enabledFlag',
    ],
    sort: [{ field: 'itemCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'itemCode',
          'itemName',
          'itemNameEn',
          'specification',
          'itemType',
          'categoryId',
          'uomId',
          'enabledFlag',
        ],
      },
      { key: 'purchase', fields: ['leadTimeDays', 'minOrderQty'] },
    ],
  },
});
