// Invoices over real HTTP on a real database: the supplier invoices its confirmed statement; a
// line outside the tolerances is held for the buyer, who accepts it (the variance posts once) or
// returns the invoice for correction line by line; numbers are checked as printed and entered
// once per supplier; the other supplier can do none of it.
import { describe, expect, it } from 'vitest';
import { useProcurement } from '../../procurement.testing';
import { type Row, STATEMENT, settlementHelpers } from '../settlement.testing';

const fixture = useProcurement();
const { ids, call, ok, suppliers } = fixture;
const { confirmedStatement, received } = settlementHelpers(fixture);
const I = 'srmStlInvoiceHeader';
const account = () => ({ supplierId: ids.supA, orgId: ids.orgA, currencyId: ids.currency });

let numbers = 10000000;
const printed = () => ({
  invoiceType: 'VAT_SPECIAL',
  invoiceCode: '3200231130',
  invoiceNumber: String((numbers += 1)),
  invoiceDate: '2026-12-10',
});

/** The invoice with its lines changed as `change` says and its totals following them, saved by supplier A. */
async function edited(row: Row, change: (line: Row) => Row): Promise<Row> {
  const lines = row.lines!.map((line) => {
    const next = change(line);
    const excl = Math.round(Number(next.quantity) * Number(next.unitPriceExclTax) * 100) / 100;
    return {
      invoiceLineId: next.invoiceLineId,
      lineNum: next.lineNum,
      accountLineId: next.accountLineId,
      quantity: next.quantity,
      unitPriceExclTax: next.unitPriceExclTax,
      taxRate: next.taxRate,
      amountExclTax: excl,
      taxAmount: Math.round(excl * Number(next.taxRate)) / 100,
    };
  });
  const total = (field: 'amountExclTax' | 'taxAmount') =>
    Math.round(lines.reduce((sum, line) => sum + line[field] * 100, 0)) / 100;
  return ok(
    I,
    'saveOrUpdate',
    {
      invoiceId: row.invoiceId,
      versionNum: row.versionNum,
      amountExclTax: total('amountExclTax'),
      taxAmount: total('taxAmount'),
      lines,
    },
    suppliers.a,
  );
}

const ledgerOf = async (invoice: Row) =>
  (await ok<Row[]>('srmStlLedger', 'listByPage', { sourceType: 'INVOICE', pageRows: 200 }))
    .filter((row) => row.sourceNumber === invoice.invoiceDocNum)
    .map((row) => [row.accountCode, row.debitAmount, row.creditAmount]);

describe('an invoice of a confirmed statement', () => {
  it('held on a price outside tolerance, accepted by the buyer, posted once; the other supplier sees nothing', async () => {
    const statement = await confirmedStatement('2026-12-07');
    const key = { accountHeaderId: statement.accountHeaderId };
    // Supplier B cannot invoice A's statement; a badly printed number is refused.
    expect((await call(I, 'createFromStatement', { ...key, ...printed() }, suppliers.b)).httpStatus).toBe(
      404,
    );
    const badNumber = await call(
      I,
      'createFromStatement',
      { ...key, ...printed(), invoiceCode: '320023113' },
      suppliers.a,
      'EN',
    );
    expect(badNumber.httpStatus).toBe(400);
    expect(badNumber.body.msg).toContain('10-digit code');
    // The buyer does not enter the supplier's invoice.
    expect((await call(I, 'createFromStatement', { ...key, ...printed() })).httpStatus).toBe(403);

    const number = printed();
    const draft = await ok(I, 'createFromStatement', { ...key, ...number }, suppliers.a);
    expect(draft).toMatchObject({
      status: 'DRAFT',
      amountExclTax: 68.5,
      taxAmount: 8.91,
      amountInclTax: 77.41,
    });
    expect(draft.lines!.map((line) => [line.quantity, line.expectedQuantity, line.unitPriceExclTax])).toEqual(
      [
        [20, 20, 0.3],
        [10, 10, 6.25],
      ],
    );
    expect(draft).not.toHaveProperty('duplicateKey');
    // The same number twice is refused, whatever the statement.
    const twice = await call(I, 'createFromStatement', { ...key, ...number }, suppliers.a, 'EN');
    expect(twice.httpStatus).toBe(400);
    expect(twice.body.msg).toContain('entered already');
    expect((await call(I, 'findById', { invoiceId: draft.invoiceId }, suppliers.b)).httpStatus).toBe(404);

    // The supplier's invoice prints 6.40 for the brackets; no tolerance is configured.
    const priced = await edited(draft, (line) =>
      line.lineNum === 2 ? { ...line, unitPriceExclTax: 6.4 } : line,
    );
    expect(priced.amountInclTax).toBe(79.1);
    await ok(I, 'doSubmit', { invoiceId: draft.invoiceId }, suppliers.a);
    const held = await ok(I, 'findById', { invoiceId: draft.invoiceId }, suppliers.a);
    expect(held).toMatchObject({ status: 'EXCEPTION', matchStatus: 'EXCEPTION' });
    expect(held.lines!.map((line) => [line.matchStatus, line.exceptionReasons, line.priceVariance])).toEqual([
      ['MATCHED', null, 0],
      ['EXCEPTION', ['PRICE'], 0.15],
    ]);
    // Held, it still holds its quantities: a second invoice of the statement finds nothing left.
    const second = await call(I, 'createFromStatement', { ...key, ...printed() }, suppliers.a);
    expect(second.httpStatus).toBe(422);
    // Supplier B reads none of it; the buyer decides line by line.
    expect(await ok<Row[]>(I, 'listByPage', {}, suppliers.b)).toEqual([]);
    expect((await call(I, 'doAcceptExceptions', { invoiceId: draft.invoiceId })).httpStatus).toBe(422);
    const forBuyer = await ok(I, 'findById', { invoiceId: draft.invoiceId });
    await ok(I, 'saveOrUpdate', {
      invoiceId: forBuyer.invoiceId,
      versionNum: forBuyer.versionNum,
      lines: forBuyer.lines!.map((line) => ({
        invoiceLineId: line.invoiceLineId,
        ...(line.matchStatus === 'EXCEPTION'
          ? { exceptionDecision: 'ACCEPT', buyerComment: '按新报价执行' }
          : {}),
      })),
    });
    await ok(I, 'doAcceptExceptions', { invoiceId: draft.invoiceId });
    expect((await ok(I, 'findById', { invoiceId: draft.invoiceId })).status).toBe('MATCHED');
    // The statement lines count it; the variance the buyer accepted posts once, balanced.
    const after = await ok(STATEMENT, 'findById', key);
    expect(after.lines!.map((line) => [line.invoicedQuantity, line.invoicedAmount])).toEqual([
      [20, 6.78],
      [10, 72.32],
    ]);
    expect(await ledgerOf(draft)).toEqual(
      expect.arrayContaining([
        ['VARIANCE', 1.69, 0],
        ['AP', 0, 1.69],
      ]),
    );
    expect(await ledgerOf(draft)).toHaveLength(2);
    // Nothing is left to invoice on the statement.
    const more = await call(I, 'createFromStatement', { ...key, ...printed() }, suppliers.a, 'EN');
    expect(more.httpStatus).toBe(422);
  });

  it('returned for correction line by line, corrected and matched', async () => {
    const statement = await confirmedStatement('2026-12-08');
    const draft = await ok(
      I,
      'createFromStatement',
      { accountHeaderId: statement.accountHeaderId, ...printed() },
      suppliers.a,
    );
    const over = await edited(draft, (line) => (line.lineNum === 1 ? { ...line, quantity: 25 } : line));
    await ok(I, 'doSubmit', { invoiceId: over.invoiceId }, suppliers.a);
    const held = await ok(I, 'findById', { invoiceId: over.invoiceId });
    expect(held.lines!.map((line) => line.exceptionReasons)).toEqual([['QUANTITY'], null]);
    const decide = async (comment: string | null) => {
      const now = await ok(I, 'findById', { invoiceId: over.invoiceId });
      await ok(I, 'saveOrUpdate', {
        invoiceId: now.invoiceId,
        versionNum: now.versionNum,
        lines: now.lines!.map((line) => ({
          invoiceLineId: line.invoiceLineId,
          ...(line.matchStatus === 'EXCEPTION'
            ? { exceptionDecision: 'CORRECT', buyerComment: comment }
            : {}),
        })),
      });
    };
    await decide(null);
    expect((await call(I, 'doReturn', { invoiceId: over.invoiceId })).httpStatus).toBe(422);
    await decide('实收 20 件，请按实收数量开票');
    await ok(I, 'doReturn', { invoiceId: over.invoiceId });
    const returned = await ok(I, 'findById', { invoiceId: over.invoiceId }, suppliers.a);
    expect(returned.status).toBe('RETURNED');
    expect(returned.lines![0]!.buyerComment).toBe('实收 20 件，请按实收数量开票');
    const fixed = await edited(returned, (line) => (line.lineNum === 1 ? { ...line, quantity: 20 } : line));
    await ok(I, 'doSubmit', { invoiceId: fixed.invoiceId }, suppliers.a);
    expect(await ok(I, 'findById', { invoiceId: fixed.invoiceId })).toMatchObject({
      status: 'MATCHED',
      matchStatus: 'MATCHED',
    });
    expect(await ledgerOf(fixed)).toEqual([]);
  });

  it('matches within the organisation’s configured price tolerance', async () => {
    const profile = await ok('srmBaseConfigProfile', 'saveOrUpdate', {
      profileCode: 'STL_MATCH_PRICE_PCT',
      profileName: '发票单价容差（%）',
      valueType: 'NUMBER',
      profileValue: '3',
      orgId: ids.orgA,
    });
    try {
      const statement = await confirmedStatement('2026-12-09');
      const draft = await ok(
        I,
        'createFromStatement',
        { accountHeaderId: statement.accountHeaderId, ...printed() },
        suppliers.a,
      );
      const higher = await edited(draft, (line) =>
        line.lineNum === 2 ? { ...line, unitPriceExclTax: 6.4 } : line,
      );
      await ok(I, 'doSubmit', { invoiceId: higher.invoiceId }, suppliers.a);
      expect((await ok(I, 'findById', { invoiceId: higher.invoiceId })).status).toBe('MATCHED');
    } finally {
      await ok('srmBaseConfigProfile', 'delete', { configProfileId: profile.configProfileId });
    }
  });

  it('invoices by order where the organisation allows it, each receipt once, through a statement of its own', async () => {
    const receipt = await received('2026-12-15');
    const poHeaderId = receipt.lines![0]!.poHeaderId;
    const byOrder = () => ({ poHeaderIds: [poHeaderId], ...printed() });
    const refused = await call(I, 'createFromOrders', byOrder(), suppliers.a);
    expect(refused.httpStatus).toBe(422);
    expect(refused.body.msg).toContain('未开通按订单开票');
    const profile = await ok('srmBaseConfigProfile', 'saveOrUpdate', {
      profileCode: 'STL_INVOICE_BY_ORDER',
      profileName: '允许按订单开票',
      valueType: 'FLAG',
      profileValue: 'Y',
      orgId: ids.orgA,
    });
    try {
      // Supplier B cannot name A's order; A's draft has its two received lines at the order's prices.
      expect((await call(I, 'createFromOrders', byOrder(), suppliers.b)).httpStatus).toBe(404);
      const draft = await ok(I, 'createFromOrders', byOrder(), suppliers.a);
      expect(draft).toMatchObject({ status: 'DRAFT', amountInclTax: 77.41 });
      expect(draft.lines!.map((line) => [line.quantity, line.unitPriceExclTax])).toEqual([
        [20, 0.3],
        [10, 6.25],
      ]);
      // The receipts were settled on a statement the platform confirmed for A (posted once).
      const statement = await ok(STATEMENT, 'findById', {
        accountHeaderId: draft.lines![0]!.accountHeaderId,
      });
      expect(statement).toMatchObject({ status: 'CONFIRMED', amountInclTax: 77.41 });
      // Nothing is left to invoice of the order, nor to settle on a statement of that day.
      expect((await call(I, 'createFromOrders', byOrder(), suppliers.a)).httpStatus).toBe(422);
      const again = await call(STATEMENT, 'generate', {
        ...account(),
        periodStartDate: '2026-12-15',
        periodEndDate: '2026-12-15',
      });
      expect(again.body.msg).toContain('所选期间没有可对账的收货');
      await ok(I, 'doSubmit', { invoiceId: draft.invoiceId }, suppliers.a);
      expect((await ok(I, 'findById', { invoiceId: draft.invoiceId })).status).toBe('MATCHED');
    } finally {
      await ok('srmBaseConfigProfile', 'delete', { configProfileId: profile.configProfileId });
    }
  });
});
