// 对账单报表 (accountStatementReport): per statement its amount, the lines disputed, what was
// invoiced of it and the days the supplier took to confirm; the chart stacks the ten suppliers
// with most on statements, invoiced and not.
import { type ReportFilter, ReportPage } from '@srm/platform-ui';
import type { StatementReportRow } from './reports';
import { ACCOUNT_FILTERS, type Series, topSuppliers } from './report.charts';

const STATES = ['DRAFT', 'SENT', 'DISPUTED', 'CONFIRMED'] as const;

const filters: ReportFilter[] = [
  ...ACCOUNT_FILTERS,
  { name: 'status', kind: 'lookup', lookup: 'STL_ACCOUNT_STATUS', codes: STATES },
  { name: 'periodFrom', kind: 'date' },
  { name: 'periodTo', kind: 'date' },
];

const series: Series<StatementReportRow>[] = [
  { key: 'invoicedAmount', color: '#52c41a' },
  { key: 'uninvoicedAmount', color: '#1677ff' },
];

export default function StatementReport() {
  return (
    <ReportPage<StatementReportRow>
      path="/api/srm/v1/srmStlLedgerRestful/accountStatementReport"
      labels="settlement.report.statement"
      testId="statement-report"
      filters={filters}
      rowKey="accountHeaderId"
      currency="currencyCode"
      columns={[
        { key: 'accountNumber', kind: 'text', width: 150, fixed: true },
        { key: 'supplierName', kind: 'text', width: 200, fixed: true },
        { key: 'orgName', kind: 'text', width: 150 },
        { key: 'currencyCode', kind: 'text', width: 70 },
        { key: 'periodStartDate', kind: 'date', width: 110 },
        { key: 'periodEndDate', kind: 'date', width: 110 },
        { key: 'status', kind: { lookup: 'STL_ACCOUNT_STATUS' }, width: 110 },
        { key: 'lineCount', kind: 'number', width: 80, total: true },
        { key: 'disputedLines', kind: 'number', width: 90, total: true },
        { key: 'amountInclTax', kind: 'amount' },
        { key: 'invoicedAmount', kind: 'amount' },
        { key: 'uninvoicedAmount', kind: 'amount' },
        { key: 'sentDate', kind: 'datetime', width: 160 },
        { key: 'supplierConfirmDate', kind: 'datetime', width: 160 },
        { key: 'daysToConfirm', kind: 'number', width: 90 },
      ]}
      chart={(rows, t) => topSuppliers(rows, series, t)}
    />
  );
}
