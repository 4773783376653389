// The barcode list (送货单条码) over real HTTP on a real database: a note's package barcodes stored
// on submit and on print (a draft's follow its lines), searched, printed again from the list;
// each supplier sees only its own, nobody writes the list.
import { describe, expect, it } from 'vitest';
import { type Actor } from '@srm/platform';
import { readCode128, readPdf } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { asnBody } from '../delivery.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

const { ids, call, ok, releasedOrder, suppliers } = useProcurement();
const { a: supA, b: supB } = suppliers;

describe('barcode list', () => {
  it('the barcode list: stored on submit and on print, searched by barcode, note and material; supplier B never sees A’s', async () => {
    type Printed = { fileName: string; content: string; labels: { barcode: string }[] };
    const barcodesOf = (filters: Row, actor?: Partial<Actor>) =>
      ok<Row[]>('srmPurAsnBarcode', 'listByPage', { pageRows: 500, ...filters }, actor);
    // Supplier A: 50 screws in packages of 20 and 12 brackets in one package.
    const orderA = await releasedOrder();
    const [screws, brackets] = orderA.lines!;
    const draft = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([
        { poLineId: screws!.poLineId, shipQuantity: 50 },
        { poLineId: brackets!.poLineId, shipQuantity: 12 },
      ]),
      supA,
    );
    const numberA = String(draft.asnNumber);
    // Printing a draft stores its barcodes; a changed package size replaces them.
    await ok('srmPurAsnHeader', 'printLabels', { asnHeaderId: draft.asnHeaderId }, supA);
    expect((await barcodesOf({ asnNumber: numberA }, supA)).map((row) => row.barcode)).toEqual([
      `${numberA}-002-001`,
      `${numberA}-001-001`,
    ]);
    await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      {
        asnHeaderId: draft.asnHeaderId,
        versionNum: draft.versionNum,
        lines: draft.lines!.map((line, index) => ({
          asnLineId: line.asnLineId,
          lineNum: line.lineNum,
          poLineId: line.poLineId,
          shipQuantity: line.shipQuantity,
          ...(index === 0 ? { packageQuantity: 20, lotNumber: 'L2611' } : {}),
        })),
      },
      supA,
    );
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: draft.asnHeaderId }, supA);
    const listA = await barcodesOf({ asnNumber: numberA }, supA);
    expect(
      listA.map((row) => [row.barcode, row.packageNum, row.packageCount, row.quantity, row.itemCode]).sort(),
    ).toEqual([
      [`${numberA}-001-001`, 1, 3, 20, '02030001'],
      [`${numberA}-001-002`, 2, 3, 20, '02030001'],
      [`${numberA}-001-003`, 3, 3, 10, '02030001'],
      [`${numberA}-002-001`, 1, 1, 12, '02010001'],
    ]);
    expect(listA.every((row) => row.supplierId === ids.supA && row.poNumber === orderA.poNumber)).toBe(true);
    // The stale barcode of the first print is gone, the one that stayed counts its print.
    expect(listA.find((row) => row.barcode === `${numberA}-002-001`)!.printCount).toBe(1);
    expect(listA.find((row) => row.barcode === `${numberA}-001-002`)!.printCount).toBe(0);
    // Searches: barcode prefix, note number, material code.
    expect((await barcodesOf({ barcode: `${numberA}-001` }, supA)).length).toBe(3);
    expect((await barcodesOf({ asnNumber: numberA, itemCode: '0201' }, supA)).length).toBe(1);

    // Supplier B ships its own order; the buyer sees both, each supplier only its own.
    const orderB = await releasedOrder(ids.supB);
    const noteB = await ok(
      'srmPurAsnHeader',
      'createFromOrderLines',
      { shipDate: '2026-12-02', lines: [{ poLineId: orderB.lines![0]!.poLineId, shipQuantity: 5 }] },
      supB,
    );
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: noteB.asnHeaderId }, supB);
    const numberB = String(noteB.asnNumber);
    const [barcodeB] = await barcodesOf({ asnNumber: numberB }, supB);
    expect(barcodeB!.barcode).toBe(`${numberB}-001-001`);
    const buyer = await barcodesOf({ asnHeaderId: [draft.asnHeaderId, noteB.asnHeaderId] });
    expect(buyer.length).toBe(5);
    expect(await barcodesOf({ asnNumber: numberB }, supA)).toEqual([]);
    expect(await barcodesOf({ barcode: numberA }, supB)).toEqual([]);
    expect((await barcodesOf({}, supA)).every((row) => row.supplierId === ids.supA)).toBe(true);
    expect((await barcodesOf({}, supB)).every((row) => row.supplierId === ids.supB)).toBe(true);
    const byA = await call('srmPurAsnBarcode', 'findById', { barcodeId: barcodeB!.barcodeId }, supA);
    expect(byA.httpStatus).toBe(404);
    const printByA = await call(
      'srmPurAsnBarcode',
      'printLabels',
      { ids: [listA[0]!.barcodeId, barcodeB!.barcodeId] },
      supA,
    );
    expect(printByA.httpStatus).toBe(404);
    // Nobody writes the list.
    expect((await call('srmPurAsnBarcode', 'saveOrUpdate', { barcode: 'X' }, supA)).httpStatus).toBe(403);

    // Labels printed again from the list: the chosen packages only, counted.
    const chosen = listA.filter((row) => String(row.barcode).startsWith(`${numberA}-001`)).slice(0, 2);
    const printed = await ok<Printed>(
      'srmPurAsnBarcode',
      'printLabels',
      { ids: chosen.map((row) => row.barcodeId) },
      supA,
    );
    expect(printed.fileName).toBe(`${numberA}-labels.pdf`);
    expect(printed.labels.map((label) => label.barcode).sort()).toEqual(
      chosen.map((row) => String(row.barcode)).sort(),
    );
    const pages = await readPdf(Buffer.from(printed.content, 'base64'));
    expect(pages).toHaveLength(2);
    expect(readCode128(pages[0]!.rects.filter((rect) => rect.height > 30))).toBe(printed.labels[0]!.barcode);
    const after = await barcodesOf({ barcode: String(chosen[0]!.barcode) }, supA);
    expect(after[0]!.printCount).toBe(Number(chosen[0]!.printCount) + 1);
    // The buyer prints B's label from the list too; bad input is a 400 in both languages.
    expect(
      (await ok<Printed>('srmPurAsnBarcode', 'printLabels', { barcodeId: barcodeB!.barcodeId })).labels,
    ).toHaveLength(1);
    const bad = await call('srmPurAsnBarcode', 'printLabels', { ids: [] }, supA, 'EN');
    expect(bad.httpStatus).toBe(400);
    expect(bad.body.msg).toBe('Choose between 1 and 1000 barcodes.');
    const badCn = await call('srmPurAsnBarcode', 'printLabels', { ids: [] }, supA, 'CN');
    expect(badCn.body.msg).toBe('请选择 1 至 1000 个条码。');
  });
});
