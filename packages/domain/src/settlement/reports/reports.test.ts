// Settlement's reports over real HTTP on a real database: an order received, confirmed, invoiced
// and paid (less an advance and a deduction), and a second order received only — each figure of
// the order payable, payment total and statement reports, the same rows as an xlsx in the asked
// columns (amounts as numbers, states by their meaning), and the refusals: a column the report
// does not have, a supplier.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TEST_ACTOR_HEADER } from '@srm/platform/testing';
import { useProcurement } from '../../procurement.testing';
import { type Row, settlementHelpers } from '../settlement.testing';

const fixture = useProcurement();
const { ids, call, ok, suppliers, server } = fixture;
const { approved, generate, matchedInvoice, received } = settlementHelpers(fixture);
const L = 'srmStlLedger';
const account = () => ({ supplierId: ids.supA, orgId: ids.orgA, currencyId: ids.currency });

/** The report's rows for supplier A's account. */
const report = async (name: string, filters: Row = {}) =>
  (await ok<{ rows: Row[]; truncated: boolean }>(L, name, { ...account(), ...filters })).rows;

async function workbook(name: string, body: Row, language = 'CN') {
  const response = await fetch(`${server().url}/api/srm/v1/${L}Restful/${name}/exportExcel`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'SAAF-Language': language,
      [TEST_ACTOR_HEADER]: JSON.stringify({}),
    },
    body: JSON.stringify(body),
  });
  const content = Buffer.from(await response.arrayBuffer());
  if (!response.ok) return { status: response.status, text: content.toString('utf8'), rows: [] };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await new Blob([content]).arrayBuffer());
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { status: response.status, text: '', rows, type: response.headers.get('content-type') };
}

describe("settlement's reports", () => {
  it('sum what was received, confirmed, invoiced and paid, per order, month and statement', async () => {
    const bill = await matchedInvoice('2026-12-11', '24322000000000000011');
    await received('2026-12-12');
    // The second order's statement, sent and disputed on one line.
    const disputed = await generate('2026-12-12');
    await ok('srmStlAccountHeader', 'doSend', { accountHeaderId: disputed.accountHeaderId });
    await ok(
      'srmStlAccountHeader',
      'doSupplierDispute',
      {
        accountHeaderId: disputed.accountHeaderId,
        lines: disputed.lines!.map((line, index) => ({
          accountLineId: line.accountLineId,
          supplierAnswer: index === 0 ? 'DISPUTE' : 'CONFIRM',
          disputeReason: index === 0 ? '单价应按年度协议价' : null,
        })),
      },
      suppliers.a,
    );
    const advance = await ok('srmStlAdvance', 'saveOrUpdate', {
      ...account(),
      applyDate: '2026-12-13',
      amount: 20,
      reason: '备料预付',
    });
    await approved('srmStlAdvance', 'advanceId', advance.advanceId);
    await ok('srmStlAdvance', 'doPay', { advanceId: advance.advanceId });
    const deduction = await ok('srmStlDeduction', 'saveOrUpdate', {
      ...account(),
      deductionDate: '2026-12-13',
      deductionType: 'QUALITY_CLAIM',
      amount: 5,
      reason: '来料不良挑选费',
    });
    await ok('srmStlDeduction', 'doIssue', { deductionId: deduction.deductionId });
    await ok('srmStlDeduction', 'doAcknowledge', { deductionId: deduction.deductionId }, suppliers.a);
    const payment = await ok('srmStlPaymentHeader', 'saveOrUpdate', {
      ...account(),
      applyDate: '2026-12-14',
      lines: [
        { lineNum: 1, sourceType: 'INVOICE', invoiceId: bill.invoiceId, amount: 77.41 },
        { lineNum: 2, sourceType: 'ADVANCE', advanceId: advance.advanceId, amount: 20 },
        { lineNum: 3, sourceType: 'DEDUCTION', deductionId: deduction.deductionId, amount: 5 },
      ],
    });
    await approved('srmStlPaymentHeader', 'paymentId', payment.paymentId);
    await ok('srmStlPaymentHeader', 'doPay', { paymentId: payment.paymentId });

    // 订单应付: the paid order owes nothing; the second is received, not yet on a statement.
    const orders = await report('orderPayableReport');
    expect(orders).toHaveLength(2);
    const paidOrder = orders.find((row) => row.invoicedAmount !== '0.00');
    const openOrder = orders.find((row) => row !== paidOrder);
    expect(paidOrder).toMatchObject({
      receivedAmount: '77.41',
      confirmedAmount: '77.41',
      invoicedAmount: '77.41',
      paidAmount: '77.41',
      payableAmount: '0.00',
      uninvoicedAmount: '0.00',
    });
    expect(openOrder).toMatchObject({
      receivedAmount: '77.41',
      confirmedAmount: '0.00',
      invoicedAmount: '0.00',
      paidAmount: '0.00',
      uninvoicedAmount: '77.41',
    });
    // 仅未付清 leaves the paid order out.
    expect((await report('orderPayableReport', { openOnly: 'Y' })).map((row) => row.poNumber)).toEqual([
      openOrder!.poNumber,
    ]);

    // 付款汇总: this month's payment (less the advance and the deduction) and the advance paid.
    // Posted today (the database's date).
    const month = new Date().toISOString().slice(0, 7);
    expect(await report('paymentTotalReport')).toEqual([
      expect.objectContaining({
        paymentCount: 1,
        invoiceAmount: '77.41',
        advanceApplied: '20.00',
        deductionAmount: '5.00',
        paidAmount: '52.41',
        advancePaid: '20.00',
        cashOut: '72.41',
      }),
    ]);
    expect((await report('paymentTotalReport'))[0]!.month).toBe(month);

    // 对账单报表: the disputed statement (newest period first) and the confirmed one, invoiced in full.
    expect(await report('accountStatementReport')).toEqual([
      expect.objectContaining({
        status: 'DISPUTED',
        disputedLines: 1,
        amountInclTax: '77.41',
        invoicedAmount: '0.00',
        uninvoicedAmount: '77.41',
      }),
      expect.objectContaining({
        status: 'CONFIRMED',
        lineCount: 2,
        disputedLines: 0,
        amountInclTax: '77.41',
        invoicedAmount: '77.41',
        uninvoicedAmount: '0.00',
      }),
    ]);

    // The same rows as an xlsx, in the asked columns and titles; amounts are numbers, states meanings.
    const sheet = await workbook('accountStatementReport', {
      requestParams: account(),
      columns: [
        { key: 'accountNumber', title: '对账单号' },
        { key: 'status', title: '状态' },
        { key: 'amountInclTax', title: '对账金额' },
      ],
      fileName: '对账单报表',
    });
    expect(sheet.status).toBe(200);
    expect(sheet.rows[0]).toEqual(['对账单号', '状态', '对账金额']);
    expect(sheet.rows.slice(1)).toEqual([
      [disputed.accountNumber, '有异议', 77.41],
      [expect.stringMatching(/^AS/), '已确认', 77.41],
    ]);
    // A column the report does not have, and bad parameters, are refused before a byte is written.
    const unknown = await workbook(
      'orderPayableReport',
      { requestParams: {}, columns: [{ key: 'secret' }] },
      'EN',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('secret');
    expect(
      (
        await workbook('orderPayableReport', {
          requestParams: { orgId: 'x' },
          columns: [{ key: 'poNumber' }],
        })
      ).status,
    ).toBe(400);
  });

  it('are the buyer side’s: a supplier is refused, by JSON and by Excel', async () => {
    for (const name of ['orderPayableReport', 'paymentTotalReport', 'accountStatementReport']) {
      expect((await call(L, name, {}, suppliers.a)).httpStatus).toBe(403);
    }
    const response = await fetch(`${server().url}/api/srm/v1/${L}Restful/orderPayableReport/exportExcel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TEST_ACTOR_HEADER]: JSON.stringify(suppliers.a) },
      body: JSON.stringify({ requestParams: {}, columns: [{ key: 'poNumber' }] }),
    });
    expect(response.status).toBe(403);
  });
});
