// The map picker's rules: ticked field paths become map lines that render the document, numbered
// after the existing lines, never twice; a response map writes back to plain text fields only.
import { describe, expect, it } from 'vitest';
import { order } from '../../purchasing';
import { getPath, renderBody } from '../wire/render';
import { type SchemaColumn, collectionOf, mappedColumns, pickedLines, writesBack } from './field-maps';

function column(columnName: string, dataType = 'text', writeBack = false): SchemaColumn {
  return { columnName, columnLabel: columnName, dataType, writeBack };
}

const poNumber = column('poNumber');
const supplierName = column('supplierName');
const erpPoNumber = column('erpPoNumber', 'text', true);
const itemCode = column('lines[].itemCode');
const quantity = column('lines[].quantity', 'quantity');

const existing = [
  { lineNum: 1, targetPath: 'orderNo', sourceType: 'FIELD', sourcePath: 'poNumber' },
  { lineNum: 10, targetPath: 'plant', sourceType: 'PARAMETER', sourcePath: 'plant' },
  { lineNum: 4, targetPath: 'biz_id', sourceType: 'KEY' },
];

describe('the request map lines of ticked columns', () => {
  it('send each field under its own path, line fields once per line, numbered after the last line', () => {
    const lines = pickedLines('reqMaps', [supplierName, itemCode, quantity], existing);
    expect(lines).toEqual([
      {
        lineNum: 11,
        targetPath: 'supplierName',
        sourceType: 'FIELD',
        sourcePath: 'supplierName',
        transform: 'NONE',
      },
      {
        lineNum: 12,
        targetPath: 'lines[].itemCode',
        sourceType: 'FIELD',
        sourcePath: 'lines[].itemCode',
        transform: 'NONE',
      },
      {
        lineNum: 13,
        targetPath: 'lines[].quantity',
        sourceType: 'FIELD',
        sourcePath: 'lines[].quantity',
        transform: 'NONE',
      },
    ]);
    // As the call renders them (wire/render.ts): header fields by name, one element per line.
    const document = {
      poNumber: 'PO202611270001',
      supplierName: '恒达精密',
      lines: [
        { itemCode: 'M-1', quantity: 20 },
        { itemCode: 'M-2', quantity: 300 },
      ],
    };
    const body = renderBody(lines, document, { parameters: {}, idempotencyKey: 'k' });
    expect(body).toEqual({
      supplierName: '恒达精密',
      lines: [
        { itemCode: 'M-1', quantity: 20 },
        { itemCode: 'M-2', quantity: 300 },
      ],
    });
    expect(getPath(body, 'lines[1].itemCode')).toBe('M-2');
  });

  it('skip a field the map reads already, a body path taken, and a column ticked twice', () => {
    const lines = pickedLines(
      'reqMaps',
      [poNumber, column('orderNo'), supplierName, supplierName],
      [
        ...existing,
        { lineNum: 2, targetPath: 'header.vendor', sourceType: 'FIELD', sourcePath: 'supplierId' },
      ],
    );
    expect(lines.map((line) => line.sourcePath)).toEqual(['supplierName']);
    expect(lines[0]?.lineNum).toBe(11);
  });

  it('a parameter or constant named like a field does not count as the field mapped', () => {
    const maps = [
      { targetPath: 'werks', sourceType: 'PARAMETER', sourcePath: 'plant' },
      { targetPath: 'memo', sourceType: 'CONSTANT', constantValue: 'x', sourcePath: 'remark' },
    ];
    const columns = [column('plant'), column('remark'), column('memo')];
    expect([...mappedColumns('reqMaps', columns, maps)]).toEqual(['memo']);
    expect(pickedLines('reqMaps', columns, maps).map((line) => line.sourcePath)).toEqual(['plant', 'remark']);
  });

  it('send line fields in the body array the map sends the lines as already', () => {
    const maps = [
      ...existing,
      { lineNum: 5, targetPath: 'items[].qty', sourceType: 'FIELD', sourcePath: 'lines[].quantity' },
      { lineNum: 6, targetPath: 'items[].uom', sourceType: 'FIELD', sourcePath: 'lines[].uomName' },
    ];
    expect([...mappedColumns('reqMaps', [quantity, itemCode, column('lines[].uom')], maps)]).toEqual([
      'lines[].quantity',
      'lines[].uom',
    ]);
    expect(pickedLines('reqMaps', [itemCode, quantity], maps)).toEqual([
      {
        lineNum: 11,
        targetPath: 'items[].itemCode',
        sourceType: 'FIELD',
        sourcePath: 'lines[].itemCode',
        transform: 'NONE',
      },
    ]);
  });

  it('the first lines of an empty map start at 1', () => {
    expect(pickedLines('reqMaps', [poNumber], []).map((line) => line.lineNum)).toEqual([1]);
  });
});

describe('the response map lines of ticked columns', () => {
  it('write the answer value of the same name back to a plain text field, numbered after the last', () => {
    const lines = pickedLines(
      'resMaps',
      [erpPoNumber],
      [{ lineNum: 1, responsePath: 'data.erpNo', targetField: 'remark' }],
    );
    expect(lines).toEqual([{ lineNum: 2, responsePath: 'erpPoNumber', targetField: 'erpPoNumber' }]);
  });

  it('never a field an answer may not write, nor one written back already', () => {
    const lines = pickedLines(
      'resMaps',
      [poNumber, quantity, erpPoNumber],
      [{ lineNum: 1, responsePath: 'data.erpNo', targetField: 'erpPoNumber' }],
    );
    expect(lines).toEqual([]);
  });
});

describe('which fields an answer may be written back to', () => {
  it('plain text the editors could write: the ERP number and the remark of an order', () => {
    expect(writesBack(order, 'erpPoNumber')).toBe(true);
    expect(writesBack(order, 'remark')).toBe(true);
  });

  it('never its number, status, references, amounts, read-only or unique text, or an unknown name', () => {
    for (const name of [
      'poNumber',
      'status',
      'supplierId',
      'supplierName',
      'amountInclTax',
      'sourceNum',
      'sourceKey',
      'nothing',
    ])
      expect(writesBack(order, name), name).toBe(false);
  });
});

describe('the line collection of a path', () => {
  it('names the collection of a line field, none for a header field', () => {
    expect(collectionOf('lines[].itemCode')).toBe('lines');
    expect(collectionOf('poNumber')).toBeNull();
  });
});
