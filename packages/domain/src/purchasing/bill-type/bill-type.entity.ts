// Purchase bill types (采购单据类型): the kinds of purchasing documents (standard, consignment,
// outsourcing…) that requisitions and orders name; administrators enable or invalidate them.
import { defineEntity, lookup, text, textarea } from '@srm/kernel';

export const BILL_DOC_CATEGORIES = ['REQUISITION', 'ORDER', 'AGREEMENT'] as const;

export const billType = defineEntity('srmPurBillType', {
  area: 'purchasing',
  key: 'billTypeId',
  display: 'billTypeName',
  supplierReadable: true,
  fields: {
    billTypeCode: text({ required: true, unique: true, max: 30, format: 'code' }),
    billTypeName: text({ required: true, max: 120, english: 'billTypeNameEn' }),
    billTypeNameEn: text({ max: 120 }),
    docCategory: lookup('PUR_BILL_DOC_CATEGORY', { required: true, codes: BILL_DOC_CATEGORIES }),
    description: textarea({ max: 500 }),
  },
  list: {
    columns: ['billTypeCode', 'billTypeName', 'billTypeNameEn', 'docCategory', 'status'],
    filters: [{ field: 'billTypeCode', op: 'prefix' }, 'billTypeName', 'docCategory', 'status'],
    sort: [{ field: 'billTypeCode', order: 'asc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: ['billTypeCode', 'billTypeName', 'billTypeNameEn', 'docCategory', 'description'],
      },
    ],
  },
  workflow: {
    states: ['NEW', 'ENABLED', 'INVALID'],
    initial: 'NEW',
    editableIn: ['NEW', 'INVALID'],
    deletableIn: ['NEW'],
    actions: {
      doEnable: { from: ['NEW', 'INVALID'], to: 'ENABLED' },
      doInvalid: { from: ['ENABLED'], to: 'INVALID', confirm: true, danger: true },
    },
  },
});
