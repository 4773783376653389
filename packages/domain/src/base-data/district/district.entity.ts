// Administrative districts (行政区划): country, province, city and county codes used in
// addresses, as a tree by parent district.
import { checkbox, defineEntity, lookup, number, ref, text } from '@srm/kernel';

export const district = defineEntity('srmBaseDistrict', {
  area: 'base-data',
  key: 'districtId',
  supplierReadable: true,
  fields: {
    districtCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    districtName: text({ required: true, max: 120, english: 'districtNameEn' }),
    districtNameEn: text({ max: 120 }),
    countryCode: lookup('BASE_COUNTRY', { required: true }),
    levelNum: number({ required: true, min: 1, max: 5 }),
    parentDistrictId: ref('srmBaseDistrict', { display: 'districtName', displayAs: 'parentDistrictName' }),
    postalCode: text({ max: 20 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  tree: { parent: 'parentDistrictId' },
  list: {
    columns: [
      'districtCode',
      'districtName',
      'districtNameEn',
      'countryCode',
      'levelNum',
      'parentDistrictName',
      'postalCode',
      'enabledFlag',
    ],
    filters: [
      { field: 'districtCode', op: 'prefix' },
      'districtName',
      'countryCode',
      'levelNum',
      'enabledFlag',
    ],
    sort: [{ field: 'districtCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'districtCode',
          'districtName',
          'districtNameEn',
          'countryCode',
          'levelNum',
          'parentDistrictId',
          'postalCode',
          'enabledFlag',
        ],
      },
    ],
  },
});
