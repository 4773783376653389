// 付款汇总 (paymentTotalReport): per month, supplier and currency, what payments and advances
// paid out, with the advances and deductions the payments applied; the chart stacks the months.
import { type ReportFilter, ReportPage } from '@srm/platform-ui';
import type { PaymentTotalRow } from './reports';
import { ACCOUNT_FILTERS, type Series, byMonth } from './report.charts';

const filters: ReportFilter[] = [
  ...ACCOUNT_FILTERS,
  { name: 'dateFrom', kind: 'date' },
  { name: 'dateTo', kind: 'date' },
];

const series: Series<PaymentTotalRow>[] = [
  { key: 'paidAmount', color: '#1677ff' },
  { key: 'advancePaid', color: '#faad14' },
];

export default function PaymentTotalReport() {
  return (
    <ReportPage<PaymentTotalRow>
      path="/api/srm/v1/srmStlLedgerRestful/paymentTotalReport"
      labels="settlement.report.paymentTotal"
      testId="payment-total-report"
      filters={filters}
      rowKey="key"
      currency="currencyCode"
      columns={[
        { key: 'month', kind: 'text', width: 90, fixed: true },
        { key: 'supplierName', kind: 'text', width: 200, fixed: true },
        { key: 'orgName', kind: 'text', width: 150 },
        { key: 'currencyCode', kind: 'text', width: 70 },
        { key: 'paymentCount', kind: 'number', width: 90, total: true },
        { key: 'invoiceAmount', kind: 'amount' },
        { key: 'advanceApplied', kind: 'amount' },
        { key: 'deductionAmount', kind: 'amount' },
        { key: 'paidAmount', kind: 'amount' },
        { key: 'advancePaid', kind: 'amount' },
        { key: 'cashOut', kind: 'amount' },
      ]}
      chart={(rows, t) => byMonth(rows, series, t)}
    />
  );
}
