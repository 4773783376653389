// Purchase categories (采购品类): a tree grouping materials for sourcing and for qualifying
// suppliers. The level follows the parent and is kept by the server.
import { checkbox, defineEntity, number, ref, text, textarea } from '@srm/kernel';

export const category = defineEntity('srmBaseCategory', {
  area: 'base-data',
  key: 'categoryId',
  supplierReadable: true,
  display: 'categoryName',
  fields: {
    categoryCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    categoryName: text({ required: true, max: 120, english: 'categoryNameEn' }),
    categoryNameEn: text({ max: 120 }),
    parentCategoryId: ref('srmBaseCategory', {
      display: 'categoryName',
      displayAs: 'parentCategoryName',
    }),
    levelNum: number({ readonly: true, min: 1 }),
    enabledFlag: checkbox({ default: 'Y' }),
    description: textarea({ max: 1000 }),
  },
  tree: { parent: 'parentCategoryId' },
  list: {
    columns: [
      'categoryCode',
      'categoryName',
      'categoryNameEn',
      'levelNum',
      'parentCategoryName',
      'enabledFlag',
    ],
    filters: [
      { field: 'categoryCode', op: 'prefix' },
      'categoryName',
      'levelNum',
      'parentCategoryId',
      'enabledFlag',
    ],
    sort: [{ field: 'categoryCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'categoryCode',
          'categoryName',
          'categoryNameEn',
          'parentCategoryId',
          'levelNum',
          'enabledFlag',
        ],
      },
      { key: 'other', fields: ['description'] },
    ],
  },
});
