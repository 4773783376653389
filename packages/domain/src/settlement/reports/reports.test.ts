// Settlement's reports over real HTTP on a real database: an order received, confirmed, invoiced
// and paid (less an advance and a deduction), and a second order received only — each figure of
// the order payable, payment total and statement reports, the same rows as an xlsx in the asked
// columns (amounts as numbers, states by their meaning), and the refusals: a column the report
// does not have, a supplier.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { formatDate } from '@srm/kernel';
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
    const month = formatDate(Date.now(), server().runtime.timeZone).slice(0, 7);
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

  it('plan the payment stages of orders by their payment term: due with their events, paid in order', async () => {
    const term = await ok('srmBasePaymentTerm', 'saveOrUpdate', {
      termCode: 'PT-30-60-10',
      termName: '预付30%，到货60%，质保10%',
      nodes: [
        { nodeNum: 1, nodeType: 'ADVANCE', percent: 30, dueDays: 0 },
        { nodeNum: 2, nodeType: 'DELIVERY', percent: 60, dueDays: 30 },
        { nodeNum: 3, nodeType: 'WARRANTY', percent: 10, dueDays: 365 },
      ],
    });
    // Two orders of 245.78: the first received on 12-20, invoiced and paid (77.41); the second
    // received on 12-21 only. The term is set on them as an order saved with it would carry it.
    const ordersBefore = new Set(
      (await ok<Row[]>('srmPoHeader', 'listByPage', { supplierId: ids.supA, pageRows: 50 })).map(
        (row) => row.poHeaderId,
      ),
    );
    const bill = await matchedInvoice('2026-12-20', '24322000000000000031');
    await received('2026-12-21');
    const ordersOfA = (
      await ok<Row[]>('srmPoHeader', 'listByPage', { supplierId: ids.supA, pageRows: 50 })
    ).filter((row) => !ordersBefore.has(row.poHeaderId));
    expect(ordersOfA).toHaveLength(2);
    await queryRows(
      server().runtime.executor(),
      sql`update srm_po_header set payment_term_id = ${term.paymentTermId}
           where po_header_id in (${sql.join(
             ordersOfA.map((row) => sql`${row.poHeaderId}`),
             sql`, `,
           )})`,
    );
    const payment = await ok('srmStlPaymentHeader', 'saveOrUpdate', {
      ...account(),
      applyDate: '2026-12-22',
      lines: [{ lineNum: 1, sourceType: 'INVOICE', invoiceId: bill.invoiceId, amount: 77.41 }],
    });
    await approved('srmStlPaymentHeader', 'paymentId', payment.paymentId);
    await ok('srmStlPaymentHeader', 'doPay', { paymentId: payment.paymentId });

    const released = formatDate(Date.now(), server().runtime.timeZone);
    const stages = await report('paymentScheduleReport');
    const paidOrder = (await report('orderPayableReport')).find((row) => row.paidAmount === '77.41')!;
    const of = (order: unknown) =>
      stages
        .filter((row) => row.poNumber === order)
        .map((row) => [
          row.nodeType,
          row.plannedAmount,
          row.dueAmount,
          row.dueDate,
          row.paidAmount,
          row.openAmount,
          row.stageStatus,
        ]);
    // Paid 77.41: the advance stage (73.73) first, the rest (3.68) on delivery, which is reached
    // at 60 % of the 77.41 received and payable 30 days after the receipt.
    expect(of(paidOrder.poNumber)).toEqual([
      ['ADVANCE', '73.73', '73.73', released, '73.73', '0.00', 'PAID'],
      ['DELIVERY', '147.47', '46.45', '2027-01-19', '3.68', '42.77', 'NOT_DUE'],
      ['WARRANTY', '24.58', '0.00', '2027-12-20', '0.00', '0.00', 'NOT_DUE'],
    ]);
    const open = stages.find((row) => row.poNumber !== paidOrder.poNumber && row.nodeType === 'ADVANCE')!;
    expect(open).toMatchObject({
      dueAmount: '73.73',
      paidAmount: '0.00',
      openAmount: '73.73',
      stageStatus: 'DUE',
    });
    // 仅应付未付: the second order's advance stage alone; payable by today: both advance stages.
    expect((await report('paymentScheduleReport', { openOnly: 'Y' })).map((row) => row.key)).toEqual([
      open.key,
    ]);
    expect((await report('paymentScheduleReport', { dueTo: released })).map((row) => row.nodeType)).toEqual([
      'ADVANCE',
      'ADVANCE',
    ]);
    // As an xlsx: the stage by its meaning, amounts as numbers.
    const sheet = await workbook('paymentScheduleReport', {
      requestParams: { ...account(), openOnly: 'Y' },
      columns: [{ key: 'poNumber' }, { key: 'nodeType' }, { key: 'openAmount' }, { key: 'stageStatus' }],
    });
    expect(sheet.rows.slice(1)).toEqual([[open.poNumber, '预付款', 73.73, '应付']]);
  });

  it('are the buyer side’s: a supplier is refused, by JSON and by Excel', async () => {
    for (const name of [
      'orderPayableReport',
      'paymentScheduleReport',
      'paymentTotalReport',
      'accountStatementReport',
    ]) {
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
