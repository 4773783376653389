import { describe, expect, it } from 'vitest';
import { amount, defineEntity, number, quantity, ref, text } from '@srm/kernel';
import { lineColumns } from './LinesCard';

const receipt = defineEntity('uiReceipt', {
  area: 'test',
  key: 'receiptId',
  fields: {
    receiptNumber: text({ readonly: true, max: 30 }),
    warehouse: text({ readonly: true, max: 30 }),
    amount: amount({ readonly: true }),
  },
  list: { columns: ['receiptNumber'] },
});

const receiptLine = defineEntity('uiReceiptLine', {
  area: 'test',
  key: 'receiptLineId',
  parent: { entity: 'uiReceipt', field: 'receiptId' },
  fields: {
    receiptId: ref('uiReceipt', { readonly: true, display: 'receiptNumber', displayAs: 'receiptNumber' }),
    lineNum: number({ required: true, min: 1 }),
    itemName: text({ readonly: true, max: 60 }),
    warehouse: text({ readonly: true, max: 30 }),
    quantity: quantity({ required: true, min: 0 }),
    amount: amount({ readonly: true, computed: (row) => (row.quantity as number) * 2 }),
    remark: text({ required: true, max: 60 }),
  },
  // A lines list (收货明细) names each line's document first.
  list: { columns: ['receiptNumber', 'lineNum', 'itemName', 'warehouse', 'quantity', 'amount'] },
});

describe('the columns of a line grid inside its document', () => {
  it('leave out the number of the document being edited and what is copied from its header', () => {
    // The line's computed amount is its own, although the header has a field of that name.
    expect(lineColumns(receipt, receiptLine)).toEqual([
      'lineNum',
      'itemName',
      'quantity',
      'amount',
      'remark',
    ]);
  });

  it('show the input of a reference the line sets where the list shows its display copy', () => {
    const orderLine = defineEntity('uiOrderLine', {
      area: 'test',
      key: 'orderLineId',
      parent: { entity: 'uiReceipt', field: 'receiptId' },
      fields: {
        receiptId: ref('uiReceipt', { readonly: true, display: 'receiptNumber', displayAs: 'receiptNumber' }),
        lineNum: number({ required: true, min: 1 }),
        itemId: ref('uiItem', { required: true, display: 'itemCode', displayAs: 'itemCode' }),
        itemName: text({ readonly: true, max: 60 }),
        quantity: quantity({ required: true, min: 0 }),
      },
      list: { columns: ['receiptNumber', 'lineNum', 'itemCode', 'itemName', 'quantity'] },
    });
    // Not a read-only copy first and the material's input last.
    expect(lineColumns(receipt, orderLine)).toEqual(['lineNum', 'itemId', 'itemName', 'quantity']);
  });

  it('leave out a field for internal users only on the supplier’s side', () => {
    const findingLine = defineEntity('uiFinding', {
      area: 'test',
      key: 'findingId',
      parent: { entity: 'uiReceipt', field: 'receiptId' },
      fields: {
        findingText: text({ required: true, max: 60 }),
        privateNote: text({ max: 60, internalOnly: true }),
      },
      list: { columns: ['findingText', 'privateNote'] },
    });
    expect(lineColumns(receipt, findingLine)).toEqual(['findingText', 'privateNote']);
    expect(lineColumns(receipt, findingLine, 'supplier')).toEqual(['findingText']);
  });

  it('never add the line’s header reference, even when it is a required input', () => {
    const stage = defineEntity('uiStage', {
      area: 'test',
      key: 'stageId',
      parent: { entity: 'uiReceipt', field: 'receiptId' },
      fields: {
        receiptId: ref('uiReceipt', { required: true }),
        stageNum: number({ required: true, min: 1 }),
        note: text({ required: true, max: 60 }),
      },
      list: { columns: ['stageNum'] },
    });
    expect(lineColumns(receipt, stage)).toEqual(['stageNum', 'note']);
  });
});
