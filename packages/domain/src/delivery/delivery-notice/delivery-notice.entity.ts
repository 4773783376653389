// Delivery notices (送货通知 / 要货通知): the buyer calls off a quantity of a material to be
// delivered to a site by a date, against an order line (never a material alone). The supplier
// confirms it (the quantity and date it will deliver) and then ships against it with delivery
// notes, never more than remains; the buyer adjusts, closes or cancels it.
import { datetime, defineEntity, number, ref, text, textarea } from '@srm/kernel';
import { NOTICE_ANSWER_STATES, deliveryNoticeLine } from './delivery-notice-line.entity';

export const deliveryNotice = defineEntity('srmPurDeliveryNotice', {
  area: 'delivery',
  key: 'noticeHeaderId',
  display: 'noticeNumber',
  numbering: { field: 'noticeNumber', pattern: 'DN{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['ISSUED', 'CONFIRMED', 'ADJUSTING', 'CLOSED', 'CANCELLED'],
  orgScoped: 'orgId',
  fields: {
    noticeNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      filter: () => ({ enabledFlag: 'Y' }),
    }),
    /** The receiving organisation. */
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName', filter: () => ({ enabledFlag: 'Y' }) }),
    deliveryInfoId: ref('srmBaseDeliveryInfo', { display: 'detailAddress', displayAs: 'deliveryAddress' }),
    shipToAddress: text({ max: 500 }),
    receiverName: text({ max: 60 }),
    receiverPhone: text({ max: 30, format: 'contactPhone' }),
    buyerName: text({ max: 60, profileDefault: 'userFullName' }),
    issuedDate: datetime({ readonly: true }),
    confirmedDate: datetime({ readonly: true }),
    revisionNum: number({ readonly: true, default: 0 }),
    supplierComment: text({ max: 500, writableBy: ['supplier'], editableIn: NOTICE_ANSWER_STATES }),
    remark: textarea({ max: 1000 }),
  },
  lines: { lines: deliveryNoticeLine },
  list: {
    columns: [
      'noticeNumber',
      'supplierName',
      'orgName',
      'shipToAddress',
      'buyerName',
      'issuedDate',
      'confirmedDate',
      'revisionNum',
      'status',
    ],
    filters: [{ field: 'noticeNumber', op: 'prefix' }, 'supplierId', 'orgId', 'status', 'issuedDate'],
    sort: [{ field: 'noticeHeaderId', order: 'desc' }],
    sortable: ['issuedDate'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'noticeNumber',
          'supplierId',
          'orgId',
          'buyerName',
          'issuedDate',
          'confirmedDate',
          'revisionNum',
        ],
      },
      { key: 'shipTo', fields: ['deliveryInfoId', 'shipToAddress', 'receiverName', 'receiverPhone'] },
      { key: 'other', fields: ['supplierComment', 'remark'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'ISSUED', 'CONFIRMED', 'ADJUSTING', 'CLOSED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'ADJUSTING'],
    deletableIn: ['DRAFT'],
    actions: {
      doIssue: { from: ['DRAFT', 'ADJUSTING'], to: 'ISSUED', confirm: true },
      doConfirm: { from: ['ISSUED'], to: 'CONFIRMED', side: 'supplier', confirm: true },
      doAdjust: { from: ['ISSUED', 'CONFIRMED'], to: 'ADJUSTING', confirm: true },
      doClose: { from: ['CONFIRMED'], to: 'CLOSED', confirm: true, danger: true },
      doCancel: { from: ['ISSUED', 'CONFIRMED', 'ADJUSTING'], to: 'CANCELLED', confirm: true, danger: true },
    },
  },
});
