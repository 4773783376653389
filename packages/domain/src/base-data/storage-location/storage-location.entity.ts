// Storage locations (库存地点): the warehouses and areas of an inventory organisation into which
// goods are received.
import { checkbox, defineEntity, lookup, ref, text } from '@srm/kernel';

export const storageLocation = defineEntity('srmBaseStorageLocation', {
  area: 'base-data',
  key: 'storageLocationId',
  display: 'locationName',
  orgScoped: 'orgId',
  fields: {
    orgId: ref('srmBaseOrg', {
      required: true,
      display: 'orgName',
      filter: () => ({ orgType: 'INV_ORG', enabledFlag: 'Y' }),
    }),
    locationCode: text({ required: true, max: 30, format: 'code' }),
    locationName: text({ required: true, max: 120 }),
    locationType: lookup('BASE_LOCATION_TYPE', { required: true }),
    address: text({ max: 500 }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  unique: [['orgId', 'locationCode']],
  list: {
    columns: ['orgName', 'locationCode', 'locationName', 'locationType', 'address', 'enabledFlag'],
    // Locations of two organisations may share a name (成品库): the picker names the organisation.
    pick: ['locationCode', 'orgName'],
    filters: [
      'orgId',
      { field: 'locationCode', op: 'prefix' },
      'locationName',
      'locationType',
      'enabledFlag',
    ],
    sort: [
      { field: 'orgId', order: 'asc' },
      { field: 'locationCode', order: 'asc' },
    ],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['orgId', 'locationCode', 'locationName', 'locationType', 'enabledFlag'] },
      { key: 'other', fields: ['address'] },
    ],
  },
});
