// Write-off lines (核销明细): a posted receipt line cleared against a posted return or reversal
// line that took goods back from it, for a quantity no larger than what remains open on either.
import { defineEntity, number, quantity, ref, text } from '@srm/kernel';

export const writeOffLine = defineEntity('srmPurWriteOffLine', {
  area: 'receiving',
  key: 'writeOffLineId',
  parent: { entity: 'srmPurWriteOff', field: 'writeOffId' },
  display: 'itemName',
  fields: {
    writeOffId: ref('srmPurWriteOff', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'writeOffNumber',
      displayAs: 'writeOffNumber',
    }),
    lineNum: number({ required: true, min: 1, max: 99999, sequence: { step: 1 } }),
    receiveLineId: ref('srmPurReceiveLine', {
      required: true,
      indexed: true,
      display: 'lineNum',
      displayAs: 'receiveLineNum',
    }),
    receiveNumber: text({ readonly: true, max: 30 }),
    offsetReceiveLineId: ref('srmPurReceiveLine', {
      required: true,
      indexed: true,
      display: 'lineNum',
      displayAs: 'offsetLineNum',
    }),
    offsetReceiveNumber: text({ readonly: true, max: 30 }),
    poLineId: ref('srmPoLine', { readonly: true, display: 'lineNum', displayAs: 'poLineNum' }),
    poHeaderId: ref('srmPoHeader', { readonly: true, display: 'poNumber', displayAs: 'poNumber' }),
    itemId: ref('srmBaseItem', { readonly: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    quantity: quantity({ required: true, min: 0.0001 }),
    remark: text({ max: 500 }),
  },
  unique: [['writeOffId', 'lineNum']],
  list: {
    columns: [
      'writeOffNumber',
      'lineNum',
      'receiveNumber',
      'receiveLineNum',
      'offsetReceiveNumber',
      'offsetLineNum',
      'poNumber',
      'poLineNum',
      'itemCode',
      'itemName',
      'quantity',
      'remark',
    ],
    filters: ['receiveLineId', 'offsetReceiveLineId', 'itemId'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    summary: ['quantity'],
  },
});
