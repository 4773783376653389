// Statements over real HTTP on a real database: generated from posted receipts and returns at the
// order's price and tax (exclusions left out until released), each receipt line settled once even
// when two generations run at once; the supplier disputes a line, the buyer adjusts its price or
// takes it off, the supplier confirms and the statement posts once to its balanced ledger; the other
// supplier sees none of it.
import { describe, expect, it } from 'vitest';
import { useProcurement } from '../../procurement.testing';
import { type Row, STATEMENT, settlementHelpers } from '../settlement.testing';

const fixture = useProcurement();
const { ids, call, ok, suppliers } = fixture;
const { received, post, period, generate } = settlementHelpers(fixture);
const S = STATEMENT;

const amounts = (row: Row) => [
  row.quantity,
  row.unitPriceExclTax,
  row.amountExclTax,
  row.taxAmount,
  row.amountInclTax,
];

describe('statement generation', () => {
  it('settles receipts and returns at the order price, leaves exclusions out until released, once', async () => {
    const day = '2026-12-02';
    const receipt = await received(day);
    const [screws, brackets] = receipt.lines!;
    await post({
      receiveType: 'RETURN',
      originalReceiveHeaderId: receipt.receiveHeaderId,
      receiveDate: day,
      lines: [{ lineNum: 1, originalReceiveLineId: screws!.receiveLineId, quantity: 4 }],
    });
    // The brackets are on quality hold.
    const hold = await ok('srmStlExcludeHeader', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      reasonCode: 'QUALITY_HOLD',
      lines: [{ lineNum: 1, receiveLineId: brackets!.receiveLineId }],
    });
    expect(hold.lines![0]).toMatchObject({ receiveNumber: receipt.receiveNumber, quantity: 10 });

    const first = await generate(day);
    expect(first).toMatchObject({
      status: 'DRAFT',
      lineCount: 2,
      amountExclTax: 4.8,
      taxAmount: 0.62,
      amountInclTax: 5.42,
    });
    expect(first.lines!.map((line) => [line.transactionType, ...amounts(line)])).toEqual([
      ['RECEIPT', 20, 0.3, 6, 0.78, 6.78],
      ['RETURN', -4, 0.3, -1.2, -0.16, -1.36],
    ]);
    // Settled and held lines are not taken again; a held line cannot be held twice or once settled.
    const again = await call(S, 'generate', period(day), undefined, 'EN');
    expect(again.httpStatus).toBe(422);
    expect(again.body.msg).toContain('Nothing to settle');
    const settledHold = await call('srmStlExcludeHeader', 'saveOrUpdate', {
      supplierId: ids.supA,
      orgId: ids.orgA,
      reasonCode: 'OTHER',
      lines: [
        { lineNum: 1, receiveLineId: screws!.receiveLineId },
        { lineNum: 2, receiveLineId: brackets!.receiveLineId },
      ],
    });
    expect(settledHold.httpStatus).toBe(400);
    expect(JSON.stringify(settledHold.body)).toContain(String(hold.excludeNumber));

    await ok('srmStlExcludeHeader', 'doRelease', { excludeHeaderId: hold.excludeHeaderId });
    const second = await generate(day);
    expect(second.lines!.map((line) => [line.transactionType, ...amounts(line)])).toEqual([
      ['RECEIPT', 10, 6.25, 62.5, 8.13, 70.63],
    ]);
    // Cancelling a draft frees its lines for the next generation.
    await ok(S, 'doCancel', { accountHeaderId: second.accountHeaderId });
    expect((await generate(day)).amountInclTax).toBe(70.63);
  });

  it('makes one statement when the same generation runs twice at once', async () => {
    const day = '2026-12-03';
    await received(day);
    const answers = await Promise.all([call(S, 'generate', period(day)), call(S, 'generate', period(day))]);
    expect(answers.map((answer) => answer.httpStatus).sort()).toEqual([200, 422]);
    const listed = await ok<Row[]>(S, 'listByPage', {
      supplierId: ids.supA,
      periodEndDate: [day, day],
      pageRows: 50,
    });
    expect(listed.filter((row) => row.status !== 'CANCELLED')).toHaveLength(1);
  });

  it('refuses a bad period and an unknown organisation with a message, never a 500', async () => {
    const backwards = await call(
      S,
      'generate',
      { ...period('2026-12-04'), periodStartDate: '2026-12-05' },
      undefined,
      'EN',
    );
    expect(backwards.httpStatus).toBe(400);
    expect(backwards.body.status).toBe('E');
    const unknown = await call(S, 'generate', { ...period('2026-12-04'), orgId: 999999 });
    expect([400, 404]).toContain(unknown.httpStatus);
    const bySupplier = await call(S, 'generate', period('2026-12-04'), suppliers.a);
    expect(bySupplier.httpStatus).toBe(403);
  });
});

describe('a statement between buyer and supplier', () => {
  it('disputed, adjusted, confirmed and posted once; the other supplier sees nothing', async () => {
    const day = '2026-12-05';
    await received(day);
    const draft = await generate(day);
    const key = { accountHeaderId: draft.accountHeaderId };
    // A draft is not the supplier's yet.
    expect((await call(S, 'findById', key, suppliers.a)).httpStatus).toBe(404);
    await ok(S, 'doSend', key);
    const sent = await ok(S, 'findById', key, suppliers.a);
    expect(sent.status).toBe('SENT');
    expect(sent.lines![0]).not.toHaveProperty('settleKey');
    expect((await call(S, 'findById', key, suppliers.b)).httpStatus).toBe(404);
    expect(await ok<Row[]>(S, 'listByPage', { accountNumber: draft.accountNumber }, suppliers.b)).toEqual([]);

    const [screws, brackets] = sent.lines!;
    // Confirming with a line marked 异议, or disputing without a reason, is refused.
    const marked = [
      { accountLineId: brackets!.accountLineId, supplierAnswer: 'DISPUTE', disputeReason: '单价应为 6.00' },
    ];
    const wrongButton = await call(S, 'doSupplierConfirm', { ...key, lines: marked }, suppliers.a, 'EN');
    expect(wrongButton.httpStatus).toBe(422);
    const noReason = await call(
      S,
      'doSupplierDispute',
      { ...key, lines: [{ accountLineId: brackets!.accountLineId, supplierAnswer: 'DISPUTE' }] },
      suppliers.a,
    );
    expect(noReason.httpStatus).toBe(422);
    // Supplier B cannot answer A's statement.
    expect((await call(S, 'doSupplierDispute', { ...key, lines: marked }, suppliers.b)).httpStatus).toBe(404);
    await ok(S, 'doSupplierDispute', { ...key, lines: marked }, suppliers.a);
    const disputed = await ok(S, 'findById', key);
    expect(disputed.status).toBe('DISPUTED');
    expect(disputed.lines!.map((line) => line.lineConfirmStatus)).toEqual(['CONFIRMED', 'DISPUTED']);

    // The buyer must decide every disputed line; then agrees to 6.00.
    expect((await call(S, 'doResolve', key)).httpStatus).toBe(422);
    await ok(S, 'doResolve', {
      ...key,
      lines: [{ accountLineId: brackets!.accountLineId, buyerDecision: 'ADJUST_PRICE', adjustedPrice: 6 }],
    });
    const answered = await ok(S, 'findById', key, suppliers.a);
    expect(answered.status).toBe('SENT');
    expect(
      answered.lines!.map((line) => [
        line.lineNum,
        line.transactionType,
        line.lineConfirmStatus,
        ...amounts(line),
      ]),
    ).toEqual([
      [1, 'RECEIPT', 'CONFIRMED', 20, 0.3, 6, 0.78, 6.78],
      [2, 'RECEIPT', 'CONFIRMED', 10, 6.25, 62.5, 8.13, 70.63],
      [3, 'ADJUSTMENT', 'PENDING', 10, -0.25, -2.5, -0.33, -2.83],
    ]);
    expect(answered.lines![2]!.adjustsLineId).toBe(brackets!.accountLineId);
    expect(answered.amountInclTax).toBe(74.58);
    expect(screws!.accountLineId).toBe(answered.lines![0]!.accountLineId);

    // Confirmed by the supplier: locked, posted once to a balanced ledger.
    await ok(S, 'doSupplierConfirm', key, suppliers.a);
    const confirmed = await ok(S, 'findById', key, suppliers.a);
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.lines!.every((line) => line.lineConfirmStatus === 'CONFIRMED')).toBe(true);
    expect((await call(S, 'doSupplierConfirm', key, suppliers.a)).httpStatus).toBe(409);
    const rows = await ok<Row[]>(
      'srmStlLedger',
      'listByPage',
      { sourceType: 'STATEMENT', pageRows: 100 },
      suppliers.a,
    );
    const mine = rows.filter((row) => row.sourceNumber === draft.accountNumber);
    expect(mine.map((row) => [row.accountCode, row.debitAmount, row.creditAmount])).toEqual(
      expect.arrayContaining([
        ['GRIR', 74.58, 0],
        ['AP', 0, 74.58],
      ]),
    );
    expect(mine).toHaveLength(2);
    const [balanceA] = await ok<Row[]>('srmStlLedger', 'balance', {}, suppliers.a);
    expect(balanceA).toMatchObject({
      supplierId: ids.supA,
      balance: mine.find((row) => row.accountCode === 'AP')!.balanceAfter,
    });
    expect(await ok<Row[]>('srmStlLedger', 'balance', {}, suppliers.b)).toEqual([]);
    expect(await ok<Row[]>('srmStlLedger', 'listByPage', {}, suppliers.b)).toEqual([]);
  });

  it('a line taken off after a dispute is excluded, and comes back once the exclusion is released', async () => {
    const day = '2026-12-06';
    await received(day);
    const draft = await generate(day);
    const key = { accountHeaderId: draft.accountHeaderId };
    await ok(S, 'doSend', key);
    const [, brackets] = draft.lines!;
    // As the screens send it: the key, the version and each line's key with what the side writes.
    const shown = await ok(S, 'findById', key, suppliers.a);
    const answers = (extra: Row) =>
      shown.lines!.map((line) => ({
        accountLineId: line.accountLineId,
        ...(line.accountLineId === brackets!.accountLineId ? extra : {}),
      }));
    // The supplier writes only its answer: a price of its own is refused.
    const priced = await call(
      S,
      'saveOrUpdate',
      { ...key, versionNum: shown.versionNum, lines: answers({ unitPriceExclTax: 1 }) },
      suppliers.a,
    );
    expect(priced.httpStatus).toBe(400);
    await ok(
      S,
      'saveOrUpdate',
      {
        ...key,
        versionNum: shown.versionNum,
        lines: answers({ supplierAnswer: 'DISPUTE', disputeReason: '未收到该批货' }),
      },
      suppliers.a,
    );
    await ok(S, 'doSupplierDispute', key, suppliers.a);
    // Nobody makes a statement by hand.
    expect((await call(S, 'saveOrUpdate', { remark: '手工对账单' })).httpStatus).toBe(403);
    const reject = await call(
      S,
      'doResolve',
      { ...key, lines: [{ accountLineId: brackets!.accountLineId, buyerDecision: 'REJECT' }] },
      undefined,
      'EN',
    );
    expect(reject.httpStatus).toBe(422);
    expect(reject.body.msg).toContain('answer');
    const disputed = await ok(S, 'findById', key);
    // As the screens send it: the key, the version and each line's key with what the buyer writes.
    await ok(S, 'saveOrUpdate', {
      ...key,
      versionNum: disputed.versionNum,
      lines: disputed.lines!.map((line) => ({
        accountLineId: line.accountLineId,
        ...(line.accountLineId === brackets!.accountLineId ? { buyerDecision: 'REMOVE' } : {}),
      })),
    });
    await ok(S, 'doResolve', key);
    const after = await ok(S, 'findById', key);
    expect(after).toMatchObject({ status: 'SENT', lineCount: 1, amountInclTax: 6.78 });
    const [exclusion] = await ok<Row[]>('srmStlExcludeHeader', 'listByPage', {
      sourceNumber: draft.accountNumber,
    });
    expect(exclusion).toMatchObject({ reasonCode: 'DISPUTE', status: 'ACTIVE' });
    expect((await call(S, 'generate', period(day))).httpStatus).toBe(422);
    await ok('srmStlExcludeHeader', 'doRelease', { excludeHeaderId: exclusion!.excludeHeaderId });
    const next = await generate(day);
    expect(next.lines!.map((line) => line.receiveLineId)).toEqual([brackets!.receiveLineId]);
  });
});
