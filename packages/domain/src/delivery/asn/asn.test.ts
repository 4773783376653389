// Delivery notes over real HTTP on a real database: notes against released orders (never more
// than remains open, also when two notes race for the last quantity), submitted to the buyer,
// cancelled and closed, their package labels printed; a supplier never sees another supplier's notes.
import { describe, expect, it } from 'vitest';
import { readCode128, readPdf, readQr } from '@srm/platform/testing';
import { DEMO_SUPPLIERS } from '../../demo';
import { useProcurement } from '../../procurement.testing';
import { asnBody } from '../delivery.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

const { ids, call, ok, releasedOrder, suppliers } = useProcurement();
const { a: supA, b: supB } = suppliers;

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
});
