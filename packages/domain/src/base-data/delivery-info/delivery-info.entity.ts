// Delivery information (收货信息): ship-to addresses of an organisation with the receiver and
// phone, used on orders and delivery notes. One address per organisation is the default.
import { checkbox, defineEntity, ref, text } from '@srm/kernel';

export const deliveryInfo = defineEntity('srmBaseDeliveryInfo', {
  area: 'base-data',
  key: 'deliveryInfoId',
  display: 'detailAddress',
  orgScoped: 'orgId',
  fields: {
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    receiverName: text({ required: true, max: 60 }),
    receiverPhone: text({ required: true, max: 30, format: 'contactPhone' }),
    districtId: ref('srmBaseDistrict', { display: 'districtName', filter: () => ({ enabledFlag: 'Y' }) }),
    detailAddress: text({ required: true, max: 500 }),
    postalCode: text({ max: 20 }),
    defaultFlag: checkbox({ default: 'N' }),
    enabledFlag: checkbox({ default: 'Y' }),
  },
  list: {
    columns: [
      'orgName',
      'receiverName',
      'receiverPhone',
      'districtName',
      'detailAddress',
      'postalCode',
      'defaultFlag',
      'enabledFlag',
    ],
    filters: ['orgId', 'receiverName', 'receiverPhone', 'detailAddress', 'defaultFlag', 'enabledFlag'],
    sort: [
      { field: 'orgId', order: 'asc' },
      { field: 'defaultFlag', order: 'desc' },
    ],
  },
  form: {
    sections: [
      { key: 'basic', fields: ['orgId', 'receiverName', 'receiverPhone', 'defaultFlag', 'enabledFlag'] },
      { key: 'address', fields: ['districtId', 'detailAddress', 'postalCode'] },
    ],
  },
});
