// Delivery notice lines (送货通知行): an order line called off — the quantity to deliver by a date —
// with the supplier's answer (what it confirms, by when) and what has shipped against it.
import { date, defineEntity, number, quantity, ref, text } from '@srm/kernel';

/** States in which the supplier answers on the lines. */
export const NOTICE_ANSWER_STATES = ['ISSUED'];

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
    lineNum: number({ required: true, min: 1, max: 99999, sequence: { step: 1 } }),
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
    confirmedQuantity: quantity({ min: 0, writableBy: ['supplier'], editableIn: NOTICE_ANSWER_STATES }),
    promisedDate: date({ writableBy: ['supplier'], editableIn: NOTICE_ANSWER_STATES }),
    supplierComment: text({ max: 500, writableBy: ['supplier'], editableIn: NOTICE_ANSWER_STATES }),
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
