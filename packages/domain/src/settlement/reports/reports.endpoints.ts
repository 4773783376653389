// The endpoints of settlement's reports (§2.15 "listByPageReport" in spirit: filters in, rows
// out), on the ledger — whoever reads the ledger reads the reports, and each report keeps to the
// caller's scope of the documents it sums. Buyer side only: a supplier reads its own balance and
// postings in 往来明细. Each also answers as an xlsx (`{name}/exportExcel`, the engine's sheet).
import { amount, checkbox, date, datetime, lookup, number, ref, text } from '@srm/kernel';
import { defineEndpoints, endpoint } from '@srm/platform';
import { order } from '../../purchasing';
import { ledger } from '../ledger/ledger.entity';
import { statement } from '../statement/statement.entity';
import { PAYMENT_NODE_TYPES } from '../../base-data';
import { orderPayableReport, paymentTotalReport, statementReport } from './reports';
import { STAGE_STATES, paymentScheduleReport } from './schedule';

const account = {
  orgId: ref('srmBaseOrg'),
  supplierId: ref('srmSupplierInfo'),
  currencyId: ref('srmBaseCurrency'),
};

const named = { supplierName: text(), orgName: text(), currencyCode: text() };

export const reportEndpoints = defineEndpoints(ledger, {
  /** Filters → `{ rows, truncated }`: per released order, received, confirmed, invoiced, paid (订单应付). */
  orderPayableReport: endpoint({
    summary: 'Order payable: per order its value, received, confirmed, invoiced, paid and still payable',
    input: {
      ...account,
      poNumber: text({ max: 30 }),
      orderFrom: date(),
      orderTo: date(),
      openOnly: checkbox(),
    },
    scope: ledger,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return { data: await orderPayableReport(ctx, { ...input, openOnly: input.openOnly === 'Y' }) };
    },
    sheet: {
      labels: 'settlement.report.orderPayable',
      rows: (data) => data.rows,
      columns: {
        poNumber: text(),
        ...named,
        orderDate: date(),
        status: order.fields.status!,
        orderAmount: amount(),
        receivedAmount: amount(),
        confirmedAmount: amount(),
        invoicedAmount: amount(),
        paidAmount: amount(),
        payableAmount: amount(),
        uninvoicedAmount: amount(),
      },
    },
  }),
  /** Filters → `{ rows, truncated }`: per order and payment-term node, planned, due, paid, open (付款计划). */
  paymentScheduleReport: endpoint({
    summary: 'Payment stages: per order and node of its payment term, what is planned, due, paid and open',
    input: {
      ...account,
      poNumber: text({ max: 30 }),
      orderFrom: date(),
      orderTo: date(),
      dueTo: date(),
      openOnly: checkbox(),
    },
    scope: ledger,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return { data: await paymentScheduleReport(ctx, { ...input, openOnly: input.openOnly === 'Y' }) };
    },
    sheet: {
      labels: 'settlement.report.schedule',
      rows: (data) => data.rows,
      columns: {
        poNumber: text(),
        ...named,
        termName: text(),
        nodeNum: number(),
        nodeType: lookup('BASE_PAYMENT_NODE_TYPE', { codes: PAYMENT_NODE_TYPES }),
        percent: number({ precision: 2 }),
        plannedAmount: amount(),
        dueAmount: amount(),
        dueDate: date(),
        paidAmount: amount(),
        openAmount: amount(),
        stageStatus: lookup('STL_STAGE_STATUS', { codes: STAGE_STATES }),
      },
    },
  }),
  /** Filters → `{ rows, truncated }`: per month and supplier, the cash paid (付款汇总). */
  paymentTotalReport: endpoint({
    summary: 'Payment total: per month, supplier and currency, payments, advances and deductions posted',
    input: { ...account, dateFrom: date(), dateTo: date() },
    scope: ledger,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return { data: await paymentTotalReport(ctx, input) };
    },
    sheet: {
      labels: 'settlement.report.paymentTotal',
      rows: (data) => data.rows,
      columns: {
        month: text(),
        ...named,
        paymentCount: number(),
        invoiceAmount: amount(),
        advanceApplied: amount(),
        deductionAmount: amount(),
        paidAmount: amount(),
        advancePaid: amount(),
        cashOut: amount(),
      },
    },
  }),
  /** Filters → `{ rows, truncated }`: per statement, amount, disputes, invoiced, turnaround (对账单报表). */
  accountStatementReport: endpoint({
    summary: 'Account statements: per statement its amount, disputed lines, invoiced and days to confirm',
    input: {
      ...account,
      status: text({ max: 20 }),
      periodFrom: date(),
      periodTo: date(),
    },
    scope: ledger,
    resource: 'read',
    sides: ['internal'],
    async handle(ctx, input) {
      return { data: await statementReport(ctx, input) };
    },
    sheet: {
      labels: 'settlement.report.statement',
      rows: (data) => data.rows,
      columns: {
        accountNumber: text(),
        ...named,
        periodStartDate: date(),
        periodEndDate: date(),
        status: statement.fields.status!,
        lineCount: number(),
        disputedLines: number(),
        amountInclTax: amount(),
        invoicedAmount: amount(),
        uninvoicedAmount: amount(),
        sentDate: datetime(),
        supplierConfirmDate: datetime(),
        daysToConfirm: number({ precision: 1 }),
      },
    },
  }),
});
