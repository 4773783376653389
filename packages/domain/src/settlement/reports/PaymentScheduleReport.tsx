// 付款计划 (paymentScheduleReport): per order and node of its payment term, what the node plans,
// what of it its event reached, from when it is payable, what was paid and what is open; the
// chart stacks what is open by the month it is payable from.
import { type ReportFilter, ReportPage } from '@srm/platform-ui';
import type { PaymentStageRow } from './schedule';
import { ACCOUNT_FILTERS, type Series, byMonth } from './report.charts';

const filters: ReportFilter[] = [
  ...ACCOUNT_FILTERS,
  { name: 'poNumber', kind: 'text' },
  { name: 'orderFrom', kind: 'date' },
  { name: 'orderTo', kind: 'date' },
  { name: 'dueTo', kind: 'date' },
  { name: 'openOnly', kind: 'checkbox' },
];

const series: Series<PaymentStageRow & { month: string }>[] = [{ key: 'openAmount', color: '#fa8c16' }];

export default function PaymentScheduleReport() {
  return (
    <ReportPage<PaymentStageRow>
      path="/api/srm/v1/srmStlLedgerRestful/paymentScheduleReport"
      labels="settlement.report.schedule"
      testId="payment-schedule-report"
      filters={filters}
      rowKey="key"
      currency="currencyCode"
      columns={[
        { key: 'poNumber', kind: 'text', width: 150, fixed: true },
        { key: 'supplierName', kind: 'text', width: 200, fixed: true },
        { key: 'nodeNum', kind: 'number', width: 60 },
        { key: 'nodeType', kind: { lookup: 'BASE_PAYMENT_NODE_TYPE' }, width: 100 },
        { key: 'percent', kind: 'number', width: 90 },
        { key: 'plannedAmount', kind: 'amount' },
        { key: 'dueAmount', kind: 'amount' },
        { key: 'dueDate', kind: 'date', width: 110 },
        { key: 'paidAmount', kind: 'amount' },
        { key: 'openAmount', kind: 'amount' },
        { key: 'stageStatus', kind: { lookup: 'STL_STAGE_STATUS' }, width: 90 },
        { key: 'termName', kind: 'text', width: 160 },
        { key: 'currencyCode', kind: 'text', width: 70 },
        { key: 'orgName', kind: 'text', width: 150 },
      ]}
      chart={(rows, t) =>
        byMonth(
          rows
            .filter((row) => row.dueDate !== null && Number(row.openAmount) > 0)
            .map((row) => ({ ...row, month: row.dueDate!.slice(0, 7) })),
          series,
          t,
        )
      }
    />
  );
}
