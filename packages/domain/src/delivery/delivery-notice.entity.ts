// Delivery notices (送货通知 / 要货通知): the buyer calls off a quantity of a material to be
// delivered to a site by a date, against an order line (never a material alone). The supplier
// confirms it (the quantity and date it will deliver) and then ships against it with delivery
// notes, never more than remains; the buyer adjusts, closes or cancels it.
import { date, datetime, defineEntity, number, quantity, ref, text, textarea } from '@srm/kernel';

/** States in which the supplier answers on the lines. */
const ANSWERABLE = ['ISSUED'];

export const deliveryNoticeLine = defineEntity('srmPurDeliveryNoticeLine', {
  area: 'delivery',
  key: 'noticeLineId',
  parent: { entity: 'srmPurDeliveryNotice', field: 'noticeHeaderId' },
  display: 'itemName',
  fields: {
    noticeHeaderId: ref('srmPurDeliveryNotice', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'noticeNumber',
      displayAs: 'noticeNumber',
    }),
    lineNum: number({ required: true, min: 1, max: 99999 }),
    poLineId: ref('srmPoLine', { indexed: true, display: 'lineNum', displayAs: 'poLineNum' }),
    poHeaderId: ref('srmPoHeader', { readonly: true, display: 'poNumber', displayAs: 'poNumber' }),
    /** Optional: the supplier's approved agreement listing the order line's material. */
    agreementId: ref('srmPurAgreement', { display: 'agreementNumber', displayAs: 'agreementNumber' }),
    /** Copied from the order line: a notice calls off ordered material only. */
    itemId: ref('srmBaseItem', { readonly: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    specification: text({ readonly: true, max: 500 }),
    uomId: ref('srmBaseUom', { readonly: true, display: 'uomName' }),
    quantity: quantity({ required: true, min: 0.0001 }),
    needByDate: date({ required: true }),
    confirmedQuantity: quantity({ min: 0, writableBy: ['supplier'], editableIn: ANSWERABLE }),
    promisedDate: date({ writableBy: ['supplier'], editableIn: ANSWERABLE }),
    supplierComment: text({ max: 500, writableBy: ['supplier'], editableIn: ANSWERABLE }),
    /** On delivery notes that are not cancelled (a closed note: what it received). */
    shippedQuantity: quantity({ readonly: true, default: 0 }),
    remark: text({ max: 500 }),
  },
  unique: [['noticeHeaderId', 'lineNum']],
  list: {
    columns: [
      'noticeNumber',
      'lineNum',
      'poNumber',
      'poLineId',
      'agreementNumber',
      'itemId',
      'itemName',
      'specification',
      'uomName',
      'quantity',
      'needByDate',
      'confirmedQuantity',
      'promisedDate',
      'supplierComment',
      'shippedQuantity',
      'remark',
    ],
    filters: ['itemId', 'poHeaderId', 'needByDate'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    summary: ['quantity', 'confirmedQuantity', 'shippedQuantity'],
  },
});

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
    buyerName: text({ max: 60 }),
    issuedDate: datetime({ readonly: true }),
    confirmedDate: datetime({ readonly: true }),
    revisionNum: number({ readonly: true, default: 0 }),
    supplierComment: text({ max: 500, writableBy: ['supplier'], editableIn: ANSWERABLE }),
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
      doIssue: { from: ['DRAFT', 'ADJUSTING'], to: 'ISSUED' },
      doConfirm: { from: ['ISSUED'], to: 'CONFIRMED', side: 'supplier', confirm: true },
      doAdjust: { from: ['ISSUED', 'CONFIRMED'], to: 'ADJUSTING', confirm: true },
      doClose: { from: ['CONFIRMED'], to: 'CLOSED', confirm: true, danger: true },
      doCancel: { from: ['ISSUED', 'CONFIRMED', 'ADJUSTING'], to: 'CANCELLED', confirm: true, danger: true },
    },
  },
});
