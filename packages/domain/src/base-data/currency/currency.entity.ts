// Currencies (币种): ISO 4217 codes; amounts in a currency keep its precision.
import { checkbox, defineEntity, number, text } from '@srm/kernel';

export const currency = defineEntity('srmBaseCurrency', {
  area: 'base-data',
  key: 'currencyId',
  supplierReadable: true,
  fields: {
    currencyCode: text({ required: true, unique: true, max: 10, format: 'code' }),
    currencyName: text({ required: true, max: 60, english: 'currencyNameEn' }),
    currencyNameEn: text({ max: 60 }),
    currencySymbol: text({ max: 10 }),
    precisionNum: number({ required: true, min: 0, max: 4, default: 2 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  rules: [
    (row) =>
      typeof row.currencyCode === 'string' && !/^[A-Z]{3}$/.test(row.currencyCode)
        ? { field: 'currencyCode', message: 'srmBaseCurrency.isoCode' }
        : null,
  ],
  list: {
    columns: [
      'currencyCode',
      'currencyName',
      'currencyNameEn',
      'currencySymbol',
      'precisionNum',
      'enabledFlag',
    ],
    filters: [{ field: 'currencyCode', op: 'prefix' }, 'currencyName', 'enabledFlag'],
    sort: [{ field: 'currencyCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'currencyCode',
          'currencyName',
          'currencyNameEn',
          'currencySymbol',
          'precisionNum',
          'enabledFlag',
        ],
      },
    ],
  },
});
