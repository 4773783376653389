// Receipts over real HTTP on a real database: receipts against submitted delivery notes move the
// received quantities onto the note and order lines (never negative, never over the note or the
// order beyond the configured tolerance, never on a closed line), post once when raced, are
// corrected by reversals and returns only; a supplier sees its own receipts and transactions only.
import { describe, expect, it } from 'vitest';
import { type Locale, codeLabel } from '@srm/kernel';
import { useProcurement } from '../../procurement.testing';
import { receivingArea } from '../area';
import { receivingHelpers } from '../receiving.testing';
import { transaction } from '../transaction/transaction.entity';

type Row = Record<string, unknown> & { lines?: Row[] };

const fixture = useProcurement();
const { ids, call, ok, suppliers } = fixture;
const { a: supA, b: supB } = suppliers;
const { submittedNote, orderReceived, noteState, post } = receivingHelpers(fixture);

/** A transaction's remark as the lists, forms and exports show it to a reader of `locale`. */
function remarkShown(row: Row, locale: Locale): unknown {
  const field = transaction.fields.remark;
  if (field.kind !== 'lookup') return row.remark;
  return codeLabel(receivingArea.messages, locale, field.lookupType, String(row.remark));
}

async function setTolerance(percent: string | null): Promise<void> {
  const found = await ok<Row[]>('srmBaseConfigProfile', 'listByPage', {
    profileCode: 'PUR_RECEIVE_TOLERANCE',
  });
  for (const row of found)
    await ok('srmBaseConfigProfile', 'delete', { configProfileId: row.configProfileId });
  if (percent === null) return;
  await ok('srmBaseConfigProfile', 'saveOrUpdate', {
    profileCode: 'PUR_RECEIVE_TOLERANCE',
    profileName: '收货超收允差',
    profileValue: percent,
    valueType: 'NUMBER',
    orgId: ids.orgA,
  });
}

describe('receipts', () => {
  it('a receipt fills its lines from the note; posting moves accepted quantities and writes the transactions', async () => {
    const { order, note } = await submittedNote();
    const draft = await ok('srmPurReceiveHeader', 'saveOrUpdate', {
      asnHeaderId: note.asnHeaderId,
      receiveDate: '2026-12-03',
      storageLocationId: ids.store,
    });
    expect(draft.receiveNumber).toMatch(/^RCV\d{8}\d{4}$/);
    expect(draft).toMatchObject({
      status: 'DRAFT',
      receiveType: 'RECEIVE',
      supplierId: ids.supA,
      orgId: ids.orgA,
    });
    expect(
      (draft.lines as Row[]).map((line) => [line.quantity, line.acceptedQuantity, line.poNumber]),
    ).toEqual([
      [60, 60, order.poNumber],
      [30, 30, order.poNumber],
    ]);
    // Only part of the screws arrived, 5 of them refused at the dock; brackets come later.
    const [screws] = draft.lines as Row[];
    const edited = await ok('srmPurReceiveHeader', 'saveOrUpdate', {
      receiveHeaderId: draft.receiveHeaderId,
      versionNum: draft.versionNum,
      lines: [
        {
          receiveLineId: screws!.receiveLineId,
          lineNum: 1,
          asnLineId: screws!.asnLineId,
          quantity: 40,
          rejectedQuantity: 5,
        },
      ],
    });
    expect(
      (edited.lines as Row[]).map((line) => [line.quantity, line.acceptedQuantity, line.rejectedQuantity]),
    ).toEqual([[40, 35, 5]]);
    const [posted] = await ok<Row[]>('srmPurReceiveHeader', 'doPost', {
      receiveHeaderId: draft.receiveHeaderId,
    });
    expect(posted!.status).toBe('POSTED');
    expect(await orderReceived(order)).toEqual([35, 0]);
    expect(await noteState(note)).toEqual({ status: 'RECEIVING', received: [35, 0] });
    const transactions = await ok<Row[]>('srmPurTransaction', 'listByPage', {
      receiveHeaderId: draft.receiveHeaderId,
    });
    expect(transactions.map((row) => [row.transactionType, row.quantity]).sort()).toEqual([
      ['DELIVER', 35],
      ['RECEIVE', 40],
      ['RETURN_TO_SUPPLIER', 5],
    ]);
    // The rejection's remark reads as words in each language, never as the code posting wrote.
    const rejection = transactions.find((row) => row.transactionType === 'RETURN_TO_SUPPLIER')!;
    expect([remarkShown(rejection, 'zh-CN'), remarkShown(rejection, 'en')]).toEqual(['拒收', 'Rejected']);
    const stock = await ok<Row[]>('srmPurStorageTransaction', 'listByPage', {
      storageLocationId: ids.store,
      itemId: ids.screw,
    });
    expect(stock.find((row) => row.receiveNumber === draft.receiveNumber)).toMatchObject({
      direction: 'IN',
      sourceType: 'RECEIPT',
      quantity: 35,
    });
    // Posted documents are never edited again.
    const after = await ok('srmPurReceiveHeader', 'findById', { receiveHeaderId: draft.receiveHeaderId });
    const edit = await call('srmPurReceiveHeader', 'saveOrUpdate', {
      receiveHeaderId: draft.receiveHeaderId,
      versionNum: after.versionNum,
      remark: '改',
    });
    expect(edit.httpStatus).toBe(409);
    // The rest arrives: the note is received in full.
    const rest = await ok('srmPurReceiveHeader', 'receiveAsn', {
      asnHeaderId: note.asnHeaderId,
      storageLocationId: ids.store,
    });
    expect(rest.status).toBe('POSTED');
    expect((rest.lines as Row[]).map((line) => line.quantity)).toEqual([25, 30]);
    expect(await noteState(note)).toEqual({ status: 'RECEIVED', received: [60, 30] });
    expect(await orderReceived(order)).toEqual([60, 30]);
    const more = await call(
      'srmPurReceiveHeader',
      'receiveAsn',
      { asnHeaderId: note.asnHeaderId, storageLocationId: ids.store },
      undefined,
      'EN',
    );
    expect(more.httpStatus).toBe(400);
    expect(more.body.msg).toContain('is not waiting for receipt');
  });

  it('over-receipt is refused without tolerance and allowed within the configured one', async () => {
    const { order, note } = await submittedNote(100, 30);
    const [screwLine] = note.lines as Row[];
    const over = await call(
      'srmPurReceiveHeader',
      'receiveAsn',
      {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
        lines: [{ asnLineId: screwLine!.asnLineId, quantity: 101 }],
      },
      undefined,
      'EN',
    );
    expect(over.httpStatus).toBe(422);
    expect(over.body.status).toBe('E');
    expect(over.body.msg).toBe(
      `Line 1 of delivery note ${String(note.asnNumber)}: 101 exceeds the quantity still to receive (100).`,
    );
    const overCn = await call(
      'srmPurReceiveHeader',
      'receiveAsn',
      {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
        lines: [{ asnLineId: screwLine!.asnLineId, quantity: 101 }],
      },
      undefined,
      'CN',
    );
    expect(overCn.body.msg).toBe(`送货单 ${String(note.asnNumber)} 第 1 行：收货数量 101 超过可收数量 100。`);
    expect(await orderReceived(order)).toEqual([0, 0]);
    expect(
      (await ok<Row[]>('srmPurReceiveHeader', 'listByPage', { asnHeaderId: note.asnHeaderId })).length,
    ).toBe(0);
    await setTolerance('10');
    try {
      const within = await ok('srmPurReceiveHeader', 'receiveAsn', {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
        lines: [{ asnLineId: screwLine!.asnLineId, quantity: 108 }],
      });
      expect(within.status).toBe('POSTED');
      expect(await orderReceived(order)).toEqual([108, 0]);
      const beyond = await call('srmPurReceiveHeader', 'receiveAsn', {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
        lines: [{ asnLineId: screwLine!.asnLineId, quantity: 3 }],
      });
      expect(beyond.httpStatus).toBe(422);
      expect(await orderReceived(order)).toEqual([108, 0]);
    } finally {
      await setTolerance(null);
    }
  });

  it('a closed order line accepts no receipt', async () => {
    const { order, note } = await submittedNote(10, 5);
    await ok('srmPoHeader', 'doCloseLines', {
      poHeaderId: order.poHeaderId,
      poLineIds: [order.lines![1]!.poLineId],
    });
    const refused = await call(
      'srmPurReceiveHeader',
      'receiveAsn',
      { asnHeaderId: note.asnHeaderId, storageLocationId: ids.store },
      undefined,
      'EN',
    );
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toBe(
      `Line 2 of order ${String(order.poNumber)} is closed and accepts no receipt.`,
    );
    expect(await orderReceived(order)).toEqual([0, 0]);
    expect(await noteState(note)).toEqual({ status: 'SUBMITTED', received: [0, 0] });
  });

  it('concurrent receipts of the same note post once', async () => {
    const { order, note } = await submittedNote(50, 20);
    const race = () =>
      call('srmPurReceiveHeader', 'receiveAsn', {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
      });
    const answers = await Promise.all([race(), race(), race(), race()]);
    // The losers are refused: by the save's check of the note's state (400) or, when they raced
    // past it on PostgreSQL, by the posting under the note's row lock (422).
    expect(answers.filter((answer) => answer.httpStatus === 200).length).toBe(1);
    for (const answer of answers.filter((one) => one.httpStatus !== 200)) {
      expect(answer.body.status).toBe('E');
      expect([400, 422]).toContain(answer.httpStatus);
    }
    expect(await orderReceived(order)).toEqual([50, 20]);
    const posted = await ok<Row[]>('srmPurReceiveHeader', 'listByPage', { asnHeaderId: note.asnHeaderId });
    expect(posted.map((row) => row.status)).toEqual(['POSTED']);
    const receives = await ok<Row[]>('srmPurTransaction', 'listByPage', {
      asnHeaderId: note.asnHeaderId,
      transactionType: 'RECEIVE',
    });
    expect(receives.length).toBe(2);
    // The same draft posted twice at once: one posting, the other refused for its state.
    const second = await submittedNote(8, 4);
    const draft = await ok('srmPurReceiveHeader', 'saveOrUpdate', {
      asnHeaderId: second.note.asnHeaderId,
      receiveDate: '2026-12-04',
      storageLocationId: ids.store,
    });
    const postings = await Promise.all(
      [1, 2, 3].map(() => call('srmPurReceiveHeader', 'doPost', { receiveHeaderId: draft.receiveHeaderId })),
    );
    expect(postings.map((answer) => answer.httpStatus).sort()).toEqual([200, 409, 409]);
    expect(await orderReceived(second.order)).toEqual([8, 4]);
  });

  it('returns and reversals restore the quantities; nothing goes negative', async () => {
    const { order, note } = await submittedNote(40, 10);
    const receipt = await ok('srmPurReceiveHeader', 'receiveAsn', {
      asnHeaderId: note.asnHeaderId,
      storageLocationId: ids.store,
    });
    const [screws, brackets] = receipt.lines as Row[];
    expect(await orderReceived(order)).toEqual([40, 10]);
    // Return 15 screws, then more than is left is refused.
    const returned = await post({
      receiveType: 'RETURN',
      originalReceiveHeaderId: receipt.receiveHeaderId,
      receiveDate: '2026-12-05',
      lines: [{ lineNum: 1, originalReceiveLineId: screws!.receiveLineId, quantity: 15 }],
    });
    expect(returned).toMatchObject({ status: 'POSTED', asnHeaderId: note.asnHeaderId, supplierId: ids.supA });
    expect(await orderReceived(order)).toEqual([25, 10]);
    expect(await noteState(note)).toEqual({ status: 'RECEIVING', received: [25, 10] });
    const tooMany = await ok('srmPurReceiveHeader', 'saveOrUpdate', {
      receiveType: 'RETURN',
      originalReceiveHeaderId: receipt.receiveHeaderId,
      receiveDate: '2026-12-05',
      lines: [{ lineNum: 1, originalReceiveLineId: screws!.receiveLineId, quantity: 26 }],
    });
    const refused = await call(
      'srmPurReceiveHeader',
      'doPost',
      { receiveHeaderId: tooMany.receiveHeaderId },
      undefined,
      'EN',
    );
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toBe('Line 1: returning 26 exceeds what can still be returned (25).');
    // A receipt with returns is not reversed before its returns are.
    const blocked = await call(
      'srmPurReceiveHeader',
      'doReverse',
      { receiveHeaderId: receipt.receiveHeaderId },
      undefined,
      'EN',
    );
    expect(blocked.httpStatus).toBe(422);
    expect(blocked.body.msg).toContain('reverse them first');
    const [undone] = await ok<Row[]>('srmPurReceiveHeader', 'doReverse', {
      receiveHeaderId: returned.receiveHeaderId,
      comment: '退货未发出',
    });
    expect(undone!.status).toBe('REVERSED');
    expect(await orderReceived(order)).toEqual([40, 10]);
    const [reversed] = await ok<Row[]>('srmPurReceiveHeader', 'doReverse', {
      receiveHeaderId: receipt.receiveHeaderId,
    });
    expect(reversed!.status).toBe('REVERSED');
    expect(await orderReceived(order)).toEqual([0, 0]);
    expect(await noteState(note)).toEqual({ status: 'SUBMITTED', received: [0, 0] });
    const reversals = await ok<Row[]>('srmPurReceiveHeader', 'listByPage', {
      asnHeaderId: note.asnHeaderId,
      receiveType: 'REVERSE',
    });
    expect(reversals.map((row) => [row.status, row.originalReceiveNumber]).sort()).toEqual(
      [
        ['POSTED', receipt.receiveNumber],
        ['POSTED', returned.receiveNumber],
      ].sort(),
    );
    const corrections = await ok<Row[]>('srmPurTransaction', 'listByPage', {
      asnHeaderId: note.asnHeaderId,
      transactionType: 'CORRECT',
    });
    expect(corrections.map((row) => row.quantity).sort()).toEqual([10, 15, 40]);
    expect(
      corrections
        .map((row) => [row.quantity, remarkShown(row, 'zh-CN'), remarkShown(row, 'en')])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [10, '冲销收货', 'Reversal of receipt'],
      [15, '冲销退货', 'Reversal of return'],
      [40, '冲销收货', 'Reversal of receipt'],
    ]);
    expect(corrections.every((row) => Number(row.quantity) >= 0)).toBe(true);
    // Twice is refused; a reversal is not reversed; a reversal is never created by hand.
    expect(
      (await call('srmPurReceiveHeader', 'doReverse', { receiveHeaderId: receipt.receiveHeaderId }))
        .httpStatus,
    ).toBe(409);
    const again = await call('srmPurReceiveHeader', 'doReverse', {
      receiveHeaderId: reversals[0]!.receiveHeaderId,
    });
    expect(again.body.status).toBe('E');
    expect([409, 422]).toContain(again.httpStatus);
    const byHand = await call('srmPurReceiveHeader', 'saveOrUpdate', {
      receiveType: 'REVERSE',
      asnHeaderId: note.asnHeaderId,
      receiveDate: '2026-12-05',
    });
    expect(byHand.httpStatus).toBe(400);
    void brackets;
    // The note can be received again after the reversal.
    await ok('srmPurReceiveHeader', 'receiveAsn', {
      asnHeaderId: note.asnHeaderId,
      storageLocationId: ids.store,
    });
    expect(await orderReceived(order)).toEqual([40, 10]);
  });

  it('a supplier reads its own posted receipts and transactions only, and writes none', async () => {
    const { note } = await submittedNote(6, 3);
    const receipt = await ok('srmPurReceiveHeader', 'receiveAsn', {
      asnHeaderId: note.asnHeaderId,
      storageLocationId: ids.store,
    });
    const key = { receiveHeaderId: receipt.receiveHeaderId };
    expect((await ok('srmPurReceiveHeader', 'findById', key, supA)).receiveNumber).toBe(
      receipt.receiveNumber,
    );
    expect((await call('srmPurReceiveHeader', 'findById', key, supB)).httpStatus).toBe(404);
    expect(await ok<Row[]>('srmPurReceiveHeader', 'listByPage', key, supB)).toEqual([]);
    expect(await ok<Row[]>('srmPurReceiveLine', 'listByPage', key, supB)).toEqual([]);
    const mine = await ok<Row[]>('srmPurTransaction', 'listByPage', { asnHeaderId: note.asnHeaderId }, supA);
    expect(mine.length).toBeGreaterThan(0);
    expect(
      await ok<Row[]>('srmPurTransaction', 'listByPage', { asnHeaderId: note.asnHeaderId }, supB),
    ).toEqual([]);
    const all = await ok<Row[]>('srmPurTransaction', 'listByPage', { pageRows: 500 }, supB);
    expect(all.every((row) => row.supplierId === ids.supB)).toBe(true);
    const stock = await call('srmPurStorageTransaction', 'listByPage', {}, supA);
    expect(stock.body.status).toBe('E');
    expect((await call('srmPurReceiveHeader', 'doReverse', key, supA)).httpStatus).toBe(403);
    const create = await call('srmPurReceiveHeader', 'receiveAsn', { asnHeaderId: note.asnHeaderId }, supA);
    expect(create.body.status).toBe('E');
    expect([403, 404]).toContain(create.httpStatus);
  });

  it('bad input is refused with a clear message, never a server error', async () => {
    const { note } = await submittedNote(5, 5);
    const cases: unknown[] = [
      { asnHeaderId: 'abc' },
      { asnHeaderId: -1 },
      { asnHeaderId: 999999999 },
      { asnHeaderId: note.asnHeaderId, lines: 'x' },
      { asnHeaderId: note.asnHeaderId, lines: [] },
      {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
        lines: [{ asnLineId: 'x', quantity: 1 }],
      },
      {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
        lines: [{ asnLineId: (note.lines as Row[])[0]!.asnLineId, quantity: -3 }],
      },
      {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
        lines: [{ asnLineId: (note.lines as Row[])[0]!.asnLineId, quantity: 2, rejectedQuantity: 3 }],
      },
      {
        asnHeaderId: note.asnHeaderId,
        storageLocationId: ids.store,
        lines: [{ asnLineId: (note.lines as Row[])[0]!.asnLineId, quantity: 1.123456 }],
      },
      {
        asnHeaderId: note.asnHeaderId,
        lines: [{ asnLineId: (note.lines as Row[])[0]!.asnLineId, quantity: 1, bogus: 1 }],
      },
      { asnHeaderId: note.asnHeaderId, receiveDate: '2026-13-45' },
      [],
    ];
    for (const body of cases) {
      for (const language of ['CN', 'EN'] as const) {
        const answer = await call('srmPurReceiveHeader', 'receiveAsn', body, undefined, language);
        expect(answer.body.status, JSON.stringify(body)).toBe('E');
        expect([400, 404, 422], JSON.stringify(body)).toContain(answer.httpStatus);
        expect(answer.body.msg).toBeTruthy();
        if (language === 'CN') expect(answer.body.msg).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    // No accepted goods without a storage location.
    const noPlace = await call(
      'srmPurReceiveHeader',
      'receiveAsn',
      { asnHeaderId: note.asnHeaderId },
      undefined,
      'EN',
    );
    expect(noPlace.httpStatus).toBe(422);
    expect(noPlace.body.msg).toContain('storage location');
    expect(await noteState(note)).toEqual({ status: 'SUBMITTED', received: [0, 0] });
  });
});
