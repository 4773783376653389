// Delivery over real HTTP on a real database: delivery notes against released orders (never
// more than remains open, also when two notes race for the last quantity), submitted to the
// buyer, cancelled and closed; a supplier never sees another supplier's notes.
import { describe, expect, it } from 'vitest';
import { type Actor } from '@srm/platform';
import { readCode128, readPdf, readQr } from '@srm/platform/testing';
import { DEMO_SUPPLIERS } from '../supplier/server';
import { useProcurement } from '../procurement.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

const { ids, call, ok, releasedOrder, suppliers, server } = useProcurement();
const { a: supA, b: supB } = suppliers;

function asnBody(lines: { poLineId: unknown; shipQuantity: number }[], extra: Row = {}): Row {
  return {
    shipDate: '2026-12-01',
    expectedArrivalDate: '2026-12-03',
    carrierName: '顺丰速运',
    lines: lines.map((line, index) => ({ lineNum: index + 1, ...line })),
    ...extra,
  };
}

describe('delivery notes', () => {
  it('the supplier ships against its released order lines: material copied, organisation set, number given', async () => {
    const order = await releasedOrder();
    const [screws, brackets] = order.lines!;
    const open = await ok<Row[]>('srmPurAsnHeader', 'openOrderLines', { poHeaderId: order.poHeaderId }, supA);
    expect(open.map((line) => [line.lineNum, line.openQuantity])).toEqual([
      [1, 100],
      [2, 30],
    ]);
    const note = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([
        { poLineId: screws!.poLineId, shipQuantity: 60 },
        { poLineId: brackets!.poLineId, shipQuantity: 30 },
      ]),
      supA,
    );
    expect(note.asnNumber).toMatch(/^ASN\d{8}\d{4}$/);
    expect(note).toMatchObject({ status: 'DRAFT', supplierId: ids.supA, orgId: ids.orgA });
    expect(note.lines![0]).toMatchObject({
      poNumber: order.poNumber,
      itemCode: '02030001',
      itemName: '内六角圆柱头螺钉 M6×20',
      shipQuantity: 60,
      receivedQuantity: 0,
    });
    const after = await ok<Row[]>(
      'srmPurAsnHeader',
      'openOrderLines',
      { poHeaderId: order.poHeaderId },
      supA,
    );
    expect(after.map((line) => [line.lineNum, line.openQuantity])).toEqual([[1, 40]]);
  });

  it('never ships more than remains open; cancelling gives the quantity back', async () => {
    const order = await releasedOrder();
    const screws = order.lines![0]!;
    const first = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 70 }]),
      supA,
    );
    const over = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 31 }]),
      supA,
      'EN',
    );
    expect(over.httpStatus).toBe(422);
    expect(over.body.msg).toBe(
      `Line 1 of order ${String(order.poNumber)}: 31 exceeds the quantity still open (30).`,
    );
    const overCn = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 31 }]),
      supA,
      'CN',
    );
    expect(overCn.body.msg).toBe(`订单 ${String(order.poNumber)} 第 1 行：发货数量 31 超过未发货数量 30。`);
    // Two lines of one note on the same order line count together.
    const split = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([
        { poLineId: screws.poLineId, shipQuantity: 20 },
        { poLineId: screws.poLineId, shipQuantity: 11 },
      ]),
      supA,
    );
    expect(split.httpStatus).toBe(422);
    // Raising the first note's own quantity counts its stored quantity only once.
    const raised = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      {
        asnHeaderId: first.asnHeaderId,
        versionNum: first.versionNum,
        lines: [
          { asnLineId: first.lines![0]!.asnLineId, lineNum: 1, poLineId: screws.poLineId, shipQuantity: 100 },
        ],
      },
      supA,
    );
    expect(raised.lines![0]!.shipQuantity).toBe(100);
    const none = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 1 }]),
      supA,
    );
    expect(none.httpStatus).toBe(422);
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: first.asnHeaderId }, supA);
    const [cancelled] = await ok<Row[]>(
      'srmPurAsnHeader',
      'doCancel',
      { asnHeaderId: first.asnHeaderId },
      supA,
    );
    expect(cancelled!.status).toBe('CANCELLED');
    await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws.poLineId, shipQuantity: 100 }]),
      supA,
    );
  });

  it('two notes racing for the last open quantity: one is saved, the other refused', async () => {
    const order = await releasedOrder();
    const brackets = order.lines![1]!;
    await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: brackets.poLineId, shipQuantity: 10 }]),
      supA,
    );
    const race = () =>
      call(
        'srmPurAsnHeader',
        'saveOrUpdate',
        asnBody([{ poLineId: brackets.poLineId, shipQuantity: 15 }]),
        supA,
      );
    const answers = await Promise.all([race(), race(), race()]);
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 422, 422]);
    const open = await ok<Row[]>('srmPurAsnHeader', 'openOrderLines', { poHeaderId: order.poHeaderId }, supA);
    expect(open.find((line) => line.poLineId === brackets.poLineId)?.openQuantity).toBe(5);
  });

  it('a draft or unreleased order, a closed line and another supplier’s line are refused', async () => {
    const draft = await ok('srmPoHeader', 'saveOrUpdate', {
      billTypeId: ids.poType,
      orgId: ids.orgA,
      supplierId: ids.supA,
      currencyId: ids.currency,
      orderDate: '2026-11-21',
      lines: [{ lineNum: 1, itemId: ids.screw, quantity: 5, unitPriceExclTax: 1, needByDate: '2026-12-10' }],
    });
    const onDraft = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: draft.lines![0]!.poLineId, shipQuantity: 1 }]),
      supA,
    );
    expect(onDraft.body.status).toBe('E');
    expect([400, 404, 422]).toContain(onDraft.httpStatus);
    const order = await releasedOrder();
    const [screws, brackets] = order.lines!;
    await ok('srmPoHeader', 'doCloseLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [brackets!.poLineId],
    });
    const closed = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: brackets!.poLineId, shipQuantity: 1 }]),
      supA,
      'EN',
    );
    expect(closed.httpStatus).toBe(422);
    expect(closed.body.msg).toBe(
      `Line 2 of order ${String(order.poNumber)} is closed and accepts no delivery.`,
    );
    const foreign = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws!.poLineId, shipQuantity: 1 }]),
      supB,
    );
    expect(foreign.body.status).toBe('E');
    expect([400, 404]).toContain(foreign.httpStatus);
    const buyer = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: screws!.poLineId, shipQuantity: 1 }]),
    );
    expect(buyer.httpStatus).toBe(403);
  });

  it('a supplier never sees another supplier’s notes; the buyer sees submitted ones', async () => {
    const order = await releasedOrder();
    const note = await ok(
      'srmPurAsnHeader',
      'createFromOrderLines',
      { shipDate: '2026-12-02', lines: [{ poLineId: order.lines![0]!.poLineId, shipQuantity: 25 }] },
      supA,
    );
    const key = { asnHeaderId: note.asnHeaderId };
    expect(note.lines!.map((line) => line.shipQuantity)).toEqual([25]);
    expect((await call('srmPurAsnHeader', 'findById', key, supB)).httpStatus).toBe(404);
    expect(await ok<Row[]>('srmPurAsnHeader', 'listByPage', { asnHeaderId: note.asnHeaderId }, supB)).toEqual(
      [],
    );
    expect(await ok<Row[]>('srmPurAsnLine', 'listByPage', { asnHeaderId: note.asnHeaderId }, supB)).toEqual(
      [],
    );
    expect((await call('srmPurAsnHeader', 'doSubmit', key, supB)).httpStatus).toBe(404);
    expect((await call('srmPurAsnHeader', 'doCancel', key, supB)).httpStatus).toBe(404);
    const listB = await ok<Row[]>('srmPurAsnHeader', 'listByPage', { pageRows: 500 }, supB);
    expect(listB.every((row) => row.supplierId === ids.supB)).toBe(true);
    // The buyer cannot submit for the supplier; the supplier submits.
    expect((await call('srmPurAsnHeader', 'doSubmit', key)).httpStatus).toBe(403);
    const [submitted] = await ok<Row[]>('srmPurAsnHeader', 'doSubmit', key, supA);
    expect(submitted!.status).toBe('SUBMITTED');
    expect(submitted!.submittedDate).toEqual(expect.any(Number));
    const buyerList = await ok<Row[]>('srmPurAsnHeader', 'listByPage', {
      status: ['SUBMITTED', 'RECEIVING', 'RECEIVED', 'CLOSED'],
      pageRows: 500,
    });
    expect(buyerList.some((row) => row.asnHeaderId === note.asnHeaderId)).toBe(true);
    // Submitted notes are locked for the supplier; the buyer closes it.
    const edit = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      { asnHeaderId: note.asnHeaderId, versionNum: submitted!.versionNum, remark: '改' },
      supA,
    );
    expect(edit.httpStatus).toBe(409);
    const [closed] = await ok<Row[]>('srmPurAsnHeader', 'doClose', key);
    expect(closed!.status).toBe('CLOSED');
    // A closed note without receipts gives back its quantity.
    const open = await ok<Row[]>('srmPurAsnHeader', 'openOrderLines', { poHeaderId: order.poHeaderId }, supA);
    expect(open.find((line) => line.lineNum === 1)?.openQuantity).toBe(100);
  });

  it('an empty note cannot be submitted; bad dates are refused', async () => {
    const empty = await ok('srmPurAsnHeader', 'saveOrUpdate', asnBody([]), supA);
    const refused = await call('srmPurAsnHeader', 'doSubmit', { asnHeaderId: empty.asnHeaderId }, supA, 'EN');
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('without lines');
    const backwards = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([], { shipDate: '2026-12-05', expectedArrivalDate: '2026-12-01' }),
      supA,
    );
    expect(backwards.httpStatus).toBe(400);
  });
});

describe('barcode labels', () => {
  it('one label per package: Code 128 and QR read back from the PDF; supplier B cannot print A’s', async () => {
    const order = await releasedOrder();
    const [screws, brackets] = order.lines!;
    const note = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([
        { poLineId: screws!.poLineId, shipQuantity: 50 },
        { poLineId: brackets!.poLineId, shipQuantity: 12 },
      ]),
      supA,
    );
    // 50 screws in packages of 20: 20, 20, 10; the brackets in one package.
    const key = { asnHeaderId: note.asnHeaderId, versionNum: note.versionNum };
    const lines = note.lines!.map((line, index) => ({
      asnLineId: line.asnLineId,
      lineNum: line.lineNum,
      poLineId: line.poLineId,
      shipQuantity: line.shipQuantity,
      ...(index === 0 ? { packageQuantity: 20, lotNumber: 'L2611' } : {}),
    }));
    await ok('srmPurAsnHeader', 'saveOrUpdate', { ...key, lines }, supA);
    const printed = await ok<{
      fileName: string;
      content: string;
      labels: { barcode: string; qr: string }[];
    }>('srmPurAsnHeader', 'printLabels', { asnHeaderId: note.asnHeaderId }, supA);
    const asnNumber = String(note.asnNumber);
    expect(printed.fileName).toBe(`${asnNumber}-labels.pdf`);
    expect(printed.labels.map((label) => label.barcode)).toEqual([
      `${asnNumber}-001-001`,
      `${asnNumber}-001-002`,
      `${asnNumber}-001-003`,
      `${asnNumber}-002-001`,
    ]);
    const pages = await readPdf(Buffer.from(printed.content, 'base64'));
    expect(pages).toHaveLength(4);
    const third = pages[2]!;
    expect(readCode128(third.rects.filter((rect) => rect.height > 30))).toBe(`${asnNumber}-001-003`);
    expect(await readQr(third.rects.filter((rect) => rect.height < 30))).toBe(
      `${asnNumber}-001-003|${asnNumber}|${String(order.poNumber)}|02030001|10|L2611`,
    );
    expect(third.text).toContain(asnNumber);
    expect(third.text).toContain('内六角圆柱头螺钉');
    expect(third.text).toContain('第 3 包 / 共 3 包');
    expect(third.text).toContain(DEMO_SUPPLIERS[0]!.supplier.supplierName);
    // Another supplier's note does not exist for B; a bad id is a 400.
    const byB = await call('srmPurAsnHeader', 'printLabels', { asnHeaderId: note.asnHeaderId }, supB);
    expect(byB.httpStatus).toBe(404);
    expect(byB.body.status).toBe('E');
    expect((await call('srmPurAsnHeader', 'printLabels', { asnHeaderId: 'x' }, supA)).httpStatus).toBe(400);
  });

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

describe('delivery notices', () => {
  async function issuedNotice(order: Row, quantity: number, extra: Row = {}): Promise<Row> {
    const saved = await ok('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: order.supplierId,
      orgId: order.orgId,
      shipToAddress: '苏州市吴中区东吴南路88号 1号仓库',
      receiverName: '王强',
      lines: [{ lineNum: 1, poLineId: order.lines![0]!.poLineId, quantity, needByDate: '2026-12-05' }],
      ...extra,
    });
    // A draft does not exist for the supplier.
    expect(
      (await call('srmPurDeliveryNotice', 'findById', { noticeHeaderId: saved.noticeHeaderId }, supA))
        .httpStatus,
    ).toBe(404);
    const [issued] = await ok<Row[]>('srmPurDeliveryNotice', 'doIssue', {
      noticeHeaderId: saved.noticeHeaderId,
    });
    return issued!;
  }

  it('a line without an order line (a material or an agreement alone) is refused at creation, in both languages', async () => {
    const body = {
      supplierId: ids.supA,
      orgId: ids.orgA,
      lines: [{ lineNum: 1, quantity: 10, needByDate: '2026-12-05' }],
    };
    // The material comes from the order line: a client cannot name one.
    const withItem = { ...body, lines: [{ ...body.lines[0], itemId: ids.screw }] };
    expect((await call('srmPurDeliveryNotice', 'saveOrUpdate', withItem)).httpStatus).toBe(400);
    const cn = await call('srmPurDeliveryNotice', 'saveOrUpdate', body, undefined, 'CN');
    expect(cn.httpStatus).toBe(422);
    expect(cn.body.msg).toBe(
      '第 1 行：送货通知是对订单行的要货，请选择订单行（只填物料或协议的行无法据以送货）。',
    );
    const en = await call('srmPurDeliveryNotice', 'saveOrUpdate', body, undefined, 'EN');
    expect(en.body.msg).toBe(
      'Line 1: a delivery notice calls off an order line; choose the order line (a line with only a material or an agreement cannot be shipped against).',
    );
    expect(
      await ok<Row[]>('srmPurDeliveryNotice', 'listByPage', { supplierId: ids.supA, status: 'DRAFT' }),
    ).toEqual([]);
  });

  it('the buyer calls off part of an order line; the supplier confirms less and ships only what it confirmed', async () => {
    const order = await releasedOrder();
    const notice = await issuedNotice(order, 50);
    expect(notice).toMatchObject({ status: 'ISSUED', supplierId: ids.supA, revisionNum: 0 });
    expect(String(notice.noticeNumber)).toMatch(/^DN\d{12}$/);
    expect(notice.lines![0]).toMatchObject({ itemCode: '02030001', poNumber: order.poNumber, quantity: 50 });
    const key = { noticeHeaderId: notice.noticeHeaderId };
    // Supplier B does not see it, cannot confirm it or ship it.
    expect((await call('srmPurDeliveryNotice', 'findById', key, supB)).httpStatus).toBe(404);
    expect((await call('srmPurDeliveryNotice', 'doConfirm', key, supB)).httpStatus).toBe(404);
    expect((await call('srmPurDeliveryNotice', 'createAsn', key, supB)).httpStatus).toBe(404);
    // The buyer does not confirm for the supplier.
    expect((await call('srmPurDeliveryNotice', 'doConfirm', key)).httpStatus).toBe(403);
    // The supplier's answer on the line: 40 by 12-06; more than asked is refused at confirmation.
    const line = notice.lines![0]!;
    const answer = (confirmedQuantity: number, versionNum: unknown) =>
      call(
        'srmPurDeliveryNotice',
        'saveOrUpdate',
        {
          ...key,
          versionNum,
          lines: [{ noticeLineId: line.noticeLineId, confirmedQuantity, promisedDate: '2026-12-06' }],
        },
        supA,
      );
    const over = await answer(60, notice.versionNum);
    expect(over.body.status, over.body.msg).toBe('S');
    const refused = await call('srmPurDeliveryNotice', 'doConfirm', key, supA, 'EN');
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('cannot exceed the quantity called off (50)');
    const answered = await answer(40, (over.body.data as Row).versionNum);
    expect(answered.body.status, answered.body.msg).toBe('S');
    // Nothing ships before the supplier confirms.
    const early = await call('srmPurDeliveryNotice', 'createAsn', key, supA);
    expect(early.httpStatus).toBe(422);
    const [confirmed] = await ok<Row[]>('srmPurDeliveryNotice', 'doConfirm', key, supA);
    expect(confirmed!.status).toBe('CONFIRMED');
    expect(confirmed!.lines![0]).toMatchObject({ confirmedQuantity: 40, promisedDate: '2026-12-06' });
    // A delivery note from the notice ships what remains: 40.
    const note = await ok('srmPurDeliveryNotice', 'createAsn', { ...key, shipDate: '2026-12-04' }, supA);
    expect(note.lines!.map((l) => [l.poLineId, l.deliveryNoticeLineId, l.shipQuantity])).toEqual([
      [line.poLineId, line.noticeLineId, 40],
    ]);
    expect(note.shipToAddress).toBe('苏州市吴中区东吴南路88号 1号仓库');
    const after = await ok('srmPurDeliveryNotice', 'findById', key, supA);
    expect(after.lines![0]!.shippedQuantity).toBe(40);
    expect(await ok<Row[]>('srmPurDeliveryNotice', 'openNoticeLines', key, supA)).toEqual([]);
    // More than the notice leaves is refused, even though the order line has 60 more open.
    const extra = await call(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: line.poLineId, shipQuantity: 1 }], {
        lines: [
          { lineNum: 1, poLineId: line.poLineId, deliveryNoticeLineId: line.noticeLineId, shipQuantity: 1 },
        ],
      }),
      supA,
      'EN',
    );
    expect(extra.httpStatus).toBe(422);
    expect(extra.body.msg).toBe(
      `Line 1 of delivery notice ${String(notice.noticeNumber)}: 1 exceeds the quantity still open (0).`,
    );
    // Shipped: cancel is refused, close is the way; a closed notice ships nothing.
    const cancel = await call('srmPurDeliveryNotice', 'doCancel', key, undefined, 'EN');
    expect(cancel.httpStatus).toBe(422);
    expect(cancel.body.msg).toContain('close it instead');
    // Cancelling the note gives the quantity back to the notice.
    await ok('srmPurAsnHeader', 'doCancel', { asnHeaderId: note.asnHeaderId }, supA);
    expect((await ok('srmPurDeliveryNotice', 'findById', key, supA)).lines![0]!.shippedQuantity).toBe(0);
    const [closed] = await ok<Row[]>('srmPurDeliveryNotice', 'doClose', key);
    expect(closed!.status).toBe('CLOSED');
    expect((await call('srmPurDeliveryNotice', 'createAsn', key, supA)).httpStatus).toBe(422);
  });

  it('adjusting: back to the buyer, never below what shipped; re-issued with a new revision', async () => {
    const order = await releasedOrder();
    const notice = await issuedNotice(order, 30);
    const key = { noticeHeaderId: notice.noticeHeaderId };
    await ok('srmPurDeliveryNotice', 'doConfirm', key, supA);
    await ok(
      'srmPurDeliveryNotice',
      'createAsn',
      { ...key, lines: [{ noticeLineId: notice.lines![0]!.noticeLineId, shipQuantity: 20 }] },
      supA,
    );
    const [adjusting] = await ok<Row[]>('srmPurDeliveryNotice', 'doAdjust', key);
    expect(adjusting!.status).toBe('ADJUSTING');
    // The supplier still sees it while the buyer adjusts, but cannot ship more meanwhile.
    expect((await call('srmPurDeliveryNotice', 'findById', key, supA)).httpStatus).toBe(200);
    const line = adjusting!.lines![0]!;
    const below = await call(
      'srmPurDeliveryNotice',
      'saveOrUpdate',
      {
        ...key,
        versionNum: adjusting!.versionNum,
        lines: [
          {
            noticeLineId: line.noticeLineId,
            lineNum: 1,
            poLineId: line.poLineId,
            quantity: 15,
            needByDate: '2026-12-05',
          },
        ],
      },
      undefined,
      'EN',
    );
    expect(below.httpStatus).toBe(400);
    expect(JSON.stringify(below.body)).toContain('cannot be below what has shipped (20)');
    const raised = await ok('srmPurDeliveryNotice', 'saveOrUpdate', {
      ...key,
      versionNum: adjusting!.versionNum,
      lines: [
        {
          noticeLineId: line.noticeLineId,
          lineNum: 1,
          poLineId: line.poLineId,
          quantity: 45,
          needByDate: '2026-12-09',
        },
      ],
    });
    const [reissued] = await ok<Row[]>('srmPurDeliveryNotice', 'doIssue', {
      ...key,
      versionNum: raised.versionNum,
    });
    expect(reissued).toMatchObject({ status: 'ISSUED', revisionNum: 1 });
    // A notice never asks for more than the order line still has open (100 − 20 shipped + 20 of its own).
    const tooMuch = await call('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: order.supplierId,
      orgId: order.orgId,
      lines: [{ lineNum: 1, poLineId: order.lines![0]!.poLineId, quantity: 81, needByDate: '2026-12-05' }],
    });
    expect(tooMuch.httpStatus).toBe(400);
    // Another supplier's order line cannot be called off from this supplier.
    const foreign = await call('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: ids.supB,
      orgId: order.orgId,
      lines: [{ lineNum: 1, poLineId: order.lines![0]!.poLineId, quantity: 1, needByDate: '2026-12-05' }],
    });
    expect(foreign.httpStatus).toBe(422);
  });
});

describe('purchase history and production plans', () => {
  it('an approved order writes one history row per line; suppliers cannot read it', async () => {
    const order = await releasedOrder(ids.supB);
    const rows = await ok<Row[]>('srmPurPriceHistory', 'listByPage', { poHeaderId: order.poHeaderId });
    expect(rows.map((row) => [row.lineNum, row.itemName, row.unitPriceExclTax, row.supplierId])).toEqual(
      expect.arrayContaining([
        [1, '内六角圆柱头螺钉 M6×20', 0.3, ids.supB],
        [2, expect.any(String), 6.25, ids.supB],
      ]),
    );
    // The buyer's tool: suppliers do not read prices at all.
    const bySupplier = await call('srmPurPriceHistory', 'listByPage', { poHeaderId: order.poHeaderId }, supB);
    expect(bySupplier.httpStatus).toBe(403);
    // Nobody writes history by hand.
    const write = await call('srmPurPriceHistory', 'saveOrUpdate', { itemId: ids.screw });
    expect(write.body.status).toBe('E');
    expect([400, 403]).toContain(write.httpStatus);
  });

  it('a supplier keeps its own production plan; another supplier never sees it, the buyer only reads it', async () => {
    const saved = await ok(
      'srmPurProductionPlan',
      'saveOrUpdate',
      { orgId: ids.orgA, itemId: ids.bracket, planDate: '2026-12-08', planQuantity: 500, dailyCapacity: 120 },
      supA,
    );
    expect(saved.supplierId).toBe(ids.supA);
    const key = { productionPlanId: saved.productionPlanId };
    expect((await call('srmPurProductionPlan', 'findById', key, supB)).httpStatus).toBe(404);
    expect((await ok('srmPurProductionPlan', 'findById', key)).planQuantity).toBe(500);
    const byBuyer = await call('srmPurProductionPlan', 'saveOrUpdate', {
      ...key,
      versionNum: saved.versionNum,
      planQuantity: 1,
    });
    expect(byBuyer.httpStatus).toBe(403);
  });
});

describe('hand-over messages', () => {
  it('released order and issued notice reach the supplier’s users; a proposal and a submitted note reach the buyer', async () => {
    const user = async (userName: string, extra: Row) =>
      (await ok('baseUser', 'saveOrUpdate', { userName, userFullName: userName, ...extra })).userId as number;
    const buyerId = await user('buyer_msg', { userType: 'INTERNAL' });
    const supAUser = await user('supa_msg', { userType: 'EXTERNAL', supplierId: ids.supA });
    const supBUser = await user('supb_msg', { userType: 'EXTERNAL', supplierId: ids.supB });
    const buyer: Partial<Actor> = { userId: buyerId, userName: 'buyer_msg' };
    const asA: Partial<Actor> = { ...supA, userId: supAUser, userName: 'supa_msg' };
    const asB: Partial<Actor> = { ...supB, userId: supBUser, userName: 'supb_msg' };
    const titles = async (actor: Partial<Actor>) => {
      const answer = await server().post<Row[]>(
        '/api/message/v1/baseSiteMessageRestful/findMyMessages',
        { pageIndex: 1, pageRows: 100 },
        { actor },
      );
      expect(answer.body.status, answer.body.msg).toBe('S');
      return answer.body.data.map((row) => String(row.title));
    };
    const order = await releasedOrder(ids.supA, buyer);
    const po = String(order.poNumber);
    expect(await titles(asA)).toContain(`新采购订单 ${po}`);
    await ok(
      'srmPoHeader',
      'doSupplierPropose',
      {
        poHeaderId: order.poHeaderId,
        lines: [{ poLineId: order.lines![0]!.poLineId, proposedDate: '2026-12-30' }],
      },
      asA,
    );
    expect(await titles(buyer)).toContain(`订单 ${po} 供应商提出变更`);
    await ok('srmPoHeader', 'doBuyerConfirm', { poHeaderId: order.poHeaderId }, buyer);
    const note = await ok(
      'srmPurAsnHeader',
      'saveOrUpdate',
      asnBody([{ poLineId: order.lines![1]!.poLineId, shipQuantity: 5 }]),
      asA,
    );
    await ok('srmPurAsnHeader', 'doSubmit', { asnHeaderId: note.asnHeaderId }, asA);
    expect(await titles(buyer)).toContain(`送货单 ${String(note.asnNumber)} 已提交`);
    const notice = await ok('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      lines: [{ lineNum: 1, poLineId: order.lines![1]!.poLineId, quantity: 5, needByDate: '2026-12-05' }],
    });
    await ok('srmPurDeliveryNotice', 'doIssue', { noticeHeaderId: notice.noticeHeaderId });
    expect(await titles(asA)).toContain(`新送货通知 ${String(notice.noticeNumber)}`);
    // Supplier B's users hear of none of it.
    const heardByB = (await titles(asB)).join('|');
    for (const number of [po, String(note.asnNumber), String(notice.noticeNumber)]) {
      expect(heardByB).not.toContain(number);
    }
  });
});
