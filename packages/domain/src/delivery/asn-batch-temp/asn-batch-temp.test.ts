// Batch temporary (批量暂存) over real HTTP on a real database: the supplier stages open order
// lines and confirmed notice lines across orders, edits them as drafts, and generates delivery
// notes grouped by header in one transaction — a row over the open quantity or on a closed line
// refuses the whole generation and writes nothing; supplier B never sees nor generates A's rows.
import { describe, expect, it } from 'vitest';
import { type Actor } from '@srm/platform';
import { useProcurement } from '../../procurement.testing';

type Row = Record<string, unknown> & { lines?: Row[] };

const { ids, call, ok, releasedOrder, suppliers } = useProcurement();
const { a: supA, b: supB } = suppliers;

const TEMP = 'srmPurAsnBatchTemp';

async function staged(actor: Partial<Actor>): Promise<Row[]> {
  return ok<Row[]>(TEMP, 'listByPage', { pageIndex: 1, pageRows: 500 }, actor);
}

async function clearStaged(actor: Partial<Actor>) {
  for (const row of await staged(actor)) await ok(TEMP, 'delete', { batchTempId: row.batchTempId }, actor);
}

async function notesOf(actor: Partial<Actor>): Promise<Row[]> {
  return ok<Row[]>('srmPurAsnHeader', 'listByPage', { pageIndex: 1, pageRows: 500 }, actor);
}

async function edit(row: Row, changes: Row, actor: Partial<Actor> = supA): Promise<Row> {
  return ok(
    TEMP,
    'saveOrUpdate',
    { batchTempId: row.batchTempId, versionNum: row.versionNum, ...changes },
    actor,
  );
}

describe('batch temporary (批量暂存)', () => {
  it('rows from two orders and a notice are edited as drafts and generate one note per shared header', async () => {
    await clearStaged(supA);
    const first = await releasedOrder();
    const second = await releasedOrder();
    // A confirmed notice on the second order's brackets: 12 called off, 10 confirmed.
    const notice = await ok('srmPurDeliveryNotice', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      shipToAddress: '苏州市吴中区东吴南路88号 2号仓库',
      lines: [{ lineNum: 1, poLineId: second.lines![1]!.poLineId, quantity: 12, needByDate: '2026-12-06' }],
    });
    const key = { noticeHeaderId: notice.noticeHeaderId };
    const [issued] = await ok<Row[]>('srmPurDeliveryNotice', 'doIssue', key);
    await ok(
      'srmPurDeliveryNotice',
      'saveOrUpdate',
      {
        ...key,
        versionNum: issued!.versionNum,
        lines: [
          {
            noticeLineId: issued!.lines![0]!.noticeLineId,
            confirmedQuantity: 10,
            promisedDate: '2026-12-05',
          },
        ],
      },
      supA,
    );
    await ok('srmPurDeliveryNotice', 'doConfirm', { noticeHeaderId: notice.noticeHeaderId }, supA);
    const noticeLine = (await ok<Row[]>('srmPurDeliveryNotice', 'openNoticeLines', {}, supA)).find(
      (line) => line.noticeHeaderId === notice.noticeHeaderId,
    )!;
    expect(noticeLine.openQuantity).toBe(10);

    const added = await ok<{ ids: number[] }>(
      TEMP,
      'addLines',
      {
        shipDate: '2026-12-01',
        lines: [
          { poLineId: first.lines![0]!.poLineId },
          { poLineId: first.lines![1]!.poLineId },
          { poLineId: second.lines![0]!.poLineId },
          { noticeLineId: noticeLine.noticeLineId },
        ],
      },
      supA,
    );
    expect(added.ids).toHaveLength(4);
    const rows = await staged(supA);
    expect(
      rows.map((row) => [row.poNumber, row.poLineNum, row.noticeNumber ?? null, row.shipQuantity]),
    ).toEqual([
      [first.poNumber, 1, null, 100],
      [first.poNumber, 2, null, 30],
      [second.poNumber, 1, null, 100],
      [second.poNumber, 2, notice.noticeNumber, 10],
    ]);
    expect(rows[3]).toMatchObject({
      shipToAddress: '苏州市吴中区东吴南路88号 2号仓库',
      itemCode: '02010001',
    });
    // What remains open is staged already: adding the line again is refused.
    const again = await call(
      TEMP,
      'addLines',
      { lines: [{ poLineId: first.lines![0]!.poLineId }] },
      supA,
      'EN',
    );
    expect(again.httpStatus).toBe(422);
    expect(again.body.msg).toBe('Line 1: what remains open is already in your drafts.');

    // Drafts are saved rows: edited now, still there in a later session.
    const [a1, a2, b1, n1] = rows;
    await edit(a1!, { shipQuantity: 40, packageQuantity: 15, lotNumber: 'L2612A', carrierName: '顺丰速运' });
    await edit(a2!, { shipQuantity: 30, carrierName: '顺丰速运' });
    await edit(b1!, { shipQuantity: 25, carrierName: '顺丰速运' });
    await edit(n1!, { shipDate: '2026-12-02' });
    const kept = await staged(supA);
    expect(kept.map((row) => [row.shipQuantity, row.packageCount, row.lotNumber ?? null])).toEqual([
      [40, 3, 'L2612A'],
      [30, 1, null],
      [25, 1, null],
      [10, 1, null],
    ]);
    // The order line of a draft row is fixed.
    const moved = await call(
      TEMP,
      'saveOrUpdate',
      { batchTempId: a1!.batchTempId, versionNum: kept[0]!.versionNum, poLineId: b1!.poLineId },
      supA,
    );
    expect(moved.httpStatus).toBe(400);

    const before = (await notesOf(supA)).length;
    const generated = await ok<{ notes: Row[] }>(TEMP, 'generateAsn', {}, supA);
    // Three rows share organisation, ship date, ship-to (none) and carrier: one note across two
    // orders; the notice row ships on another day to the notice's address: a note of its own.
    expect(generated.notes.map((note) => [note.lineCount, note.shipDate])).toEqual([
      [3, '2026-12-01'],
      [1, '2026-12-02'],
    ]);
    expect(await staged(supA)).toEqual([]);
    expect((await notesOf(supA)).length).toBe(before + 2);
    const [big, small] = await Promise.all(
      generated.notes.map((note) =>
        ok('srmPurAsnHeader', 'findById', { asnHeaderId: note.asnHeaderId }, supA),
      ),
    );
    expect(big).toMatchObject({ status: 'DRAFT', carrierName: '顺丰速运', orgId: ids.orgA });
    expect(
      big!.lines!.map((line) => [line.poNumber, line.poLineNum, line.shipQuantity, line.packageQuantity]),
    ).toEqual([
      [first.poNumber, 1, 40, 15],
      [first.poNumber, 2, 30, null],
      [second.poNumber, 1, 25, null],
    ]);
    expect(small!.shipToAddress).toBe('苏州市吴中区东吴南路88号 2号仓库');
    expect(small!.lines![0]).toMatchObject({
      deliveryNoticeLineId: noticeLine.noticeLineId,
      shipQuantity: 10,
    });
    // The notice counts what its new note ships.
    const after = await ok(
      'srmPurDeliveryNotice',
      'findById',
      { noticeHeaderId: notice.noticeHeaderId },
      supA,
    );
    expect(after.lines![0]!.shippedQuantity).toBe(10);
  });

  it('a row over the open quantity refuses the whole generation, naming the row; nothing is written', async () => {
    await clearStaged(supA);
    const first = await releasedOrder();
    const second = await releasedOrder();
    await ok(
      TEMP,
      'addLines',
      {
        shipDate: '2026-12-01',
        lines: [{ poLineId: first.lines![0]!.poLineId }, { poLineId: second.lines![0]!.poLineId }],
      },
      supA,
    );
    // A note saved meanwhile takes 80 of the second order's 100 screws.
    await ok(
      'srmPurAsnHeader',
      'createFromOrderLines',
      { shipDate: '2026-12-01', lines: [{ poLineId: second.lines![0]!.poLineId, shipQuantity: 80 }] },
      supA,
    );
    const rows = await staged(supA);
    // Another ship date: the first row would be a note of its own, generated before the refused one.
    await edit(rows[0]!, { shipDate: '2026-11-30' });
    const before = (await notesOf(supA)).length;
    const en = await call(TEMP, 'generateAsn', {}, supA, 'EN');
    expect(en.httpStatus).toBe(422);
    expect(en.body.msg).toBe(
      `No delivery note was generated: Line 1 of order ${String(second.poNumber)}: 100 exceeds the quantity still open (20).`,
    );
    expect(en.body.data).toEqual([{ path: `rows.${String(rows[1]!.batchTempId)}`, message: en.body.msg }]);
    const cn = await call(TEMP, 'generateAsn', {}, supA, 'CN');
    expect(cn.body.msg).toBe(
      `未生成任何送货单：订单 ${String(second.poNumber)} 第 1 行：发货数量 100 超过未发货数量 20。`,
    );
    // No partial write: no note, the rows still staged.
    expect((await notesOf(supA)).length).toBe(before);
    expect((await staged(supA)).map((row) => row.batchTempId)).toEqual(rows.map((row) => row.batchTempId));
    // Corrected, the generation goes through.
    await edit((await staged(supA))[1]!, { shipQuantity: 20 });
    const done = await ok<{ notes: Row[] }>(
      TEMP,
      'generateAsn',
      { ids: rows.map((row) => row.batchTempId) },
      supA,
    );
    expect(done.notes).toHaveLength(2);
  });

  it('a closed order line refuses the generation', async () => {
    await clearStaged(supA);
    const order = await releasedOrder();
    await ok(
      TEMP,
      'addLines',
      { shipDate: '2026-12-01', lines: [{ poLineId: order.lines![1]!.poLineId }] },
      supA,
    );
    await ok('srmPoHeader', 'doCloseLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [order.lines![1]!.poLineId],
    });
    const before = (await notesOf(supA)).length;
    const refused = await call(TEMP, 'generateAsn', {}, supA, 'EN');
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toBe(
      `No delivery note was generated: Line 2 of order ${String(order.poNumber)} is closed and accepts no delivery.`,
    );
    expect((await notesOf(supA)).length).toBe(before);
    expect(await staged(supA)).toHaveLength(1);
    // A closed line cannot be added either.
    const add = await call(TEMP, 'addLines', { lines: [{ poLineId: order.lines![1]!.poLineId }] }, supA);
    expect(add.httpStatus).toBe(422);
    await clearStaged(supA);
  });

  it('supplier B never sees, edits nor generates supplier A’s rows, nor stages A’s lines; the buyer writes none', async () => {
    await clearStaged(supA);
    const order = await releasedOrder();
    await ok(
      TEMP,
      'addLines',
      { shipDate: '2026-12-01', lines: [{ poLineId: order.lines![0]!.poLineId }] },
      supA,
    );
    const [rowA] = await staged(supA);
    expect(await staged(supB)).toEqual([]);
    expect((await call(TEMP, 'findById', { batchTempId: rowA!.batchTempId }, supB)).httpStatus).toBe(404);
    const editB = await call(
      TEMP,
      'saveOrUpdate',
      { batchTempId: rowA!.batchTempId, versionNum: rowA!.versionNum, shipQuantity: 1 },
      supB,
    );
    expect(editB.httpStatus).toBe(404);
    const before = (await notesOf(supA)).length;
    const generateB = await call(TEMP, 'generateAsn', { ids: [rowA!.batchTempId] }, supB, 'EN');
    expect(generateB.httpStatus).toBe(404);
    // Another supplier's row does not exist for B (the engine's answer for any reference it
    // may not read, before the endpoint runs).
    expect(generateB.body.msg).toBe('The record does not exist or you may not access it');
    // B's own generation without rows touches nothing of A's.
    expect((await call(TEMP, 'generateAsn', {}, supB)).httpStatus).toBe(422);
    expect((await notesOf(supA)).length).toBe(before);
    expect(await staged(supA)).toHaveLength(1);
    // B cannot stage A's order line, neither by the endpoint nor by a direct save.
    // (A's order line does not exist for B: 404, as for any reference B may not read.)
    expect(
      (await call(TEMP, 'addLines', { lines: [{ poLineId: order.lines![0]!.poLineId }] }, supB)).httpStatus,
    ).toBe(404);
    const direct = await call(
      TEMP,
      'saveOrUpdate',
      { poLineId: order.lines![0]!.poLineId, shipQuantity: 1, shipDate: '2026-12-01' },
      supB,
    );
    expect(direct.body.status).toBe('E');
    expect([400, 404]).toContain(direct.httpStatus);
    expect(await staged(supB)).toEqual([]);
    // The buyer neither stages nor generates.
    expect((await call(TEMP, 'generateAsn', {})).httpStatus).toBe(403);
    expect(
      (
        await call(TEMP, 'saveOrUpdate', {
          poLineId: order.lines![0]!.poLineId,
          shipQuantity: 1,
          shipDate: '2026-12-01',
        })
      ).httpStatus,
    ).toBe(403);
    await clearStaged(supA);
  });
  it('bad input to its own endpoints is a clear message, never a server error nor a row', async () => {
    await clearStaged(supA);
    const order = await releasedOrder();
    const poLineId = order.lines![0]!.poLineId;
    const bad: [string, unknown][] = [
      ['addLines', { lines: 'x' }],
      ['addLines', { lines: [] }],
      ['addLines', { lines: [{ poLineId: 'abc' }] }],
      ['addLines', { lines: [{ poLineId: 2 ** 40 }] }],
      ['addLines', { lines: [{ poLineId }], shipDate: 'not a date' }],
      ['addLines', { lines: [{ poLineId }], shipDate: "2026-12-01'; drop table x;--" }],
      ['addLines', null],
      ['generateAsn', { ids: 'x' }],
      ['generateAsn', { ids: ['x', {}] }],
      ['generateAsn', { ids: [2 ** 40] }],
    ];
    for (const [action, body] of bad) {
      const answer = await call(TEMP, action, body, supA);
      expect(answer.body.status, `${action} ${JSON.stringify(body)}`).toBe('E');
      expect(answer.httpStatus, `${action} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
    expect(await staged(supA)).toEqual([]);
  });
});
