// Exclusion lines (排除明细, `excludeList`): one posted receipt, return or reversal line each,
// with what the server copies from it for the list (receipt, material, signed quantity).
import { date, defineEntity, number, quantity, ref, text } from '@srm/kernel';

export const excludeLine = defineEntity('srmStlExcludeLine', {
  area: 'settlement',
  key: 'excludeLineId',
  parent: { entity: 'srmStlExcludeHeader', field: 'excludeHeaderId' },
  display: 'receiveNumber',
  fields: {
    excludeHeaderId: ref('srmStlExcludeHeader', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'excludeNumber',
      displayAs: 'excludeNumber',
    }),
    lineNum: number({ required: true, min: 1, max: 99999, sequence: { step: 1 } }),
    receiveLineId: ref('srmPurReceiveLine', {
      required: true,
      indexed: true,
      display: 'lineNum',
      displayAs: 'receiveLineNum',
    }),
    receiveNumber: text({ readonly: true, max: 30 }),
    receiveDate: date({ readonly: true }),
    poNumber: text({ readonly: true, max: 30 }),
    itemId: ref('srmBaseItem', { readonly: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    /** What the line would settle: received (accepted) positive, returned or reversed negative. */
    quantity: quantity({ readonly: true }),
    remark: text({ max: 500 }),
  },
  unique: [['excludeHeaderId', 'lineNum']],
  list: {
    columns: [
      'excludeNumber',
      'lineNum',
      'receiveNumber',
      'receiveLineNum',
      'receiveDate',
      'poNumber',
      'itemCode',
      'itemName',
      'quantity',
      'remark',
    ],
    filters: ['excludeHeaderId', 'receiveLineId', 'itemId', { field: 'receiveNumber', op: 'prefix' }],
    sort: [{ field: 'excludeLineId', order: 'desc' }],
  },
});
