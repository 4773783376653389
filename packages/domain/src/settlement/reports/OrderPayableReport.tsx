// 订单应付 (orderPayableReport): per released order, what was received, confirmed, invoiced and
// paid, and what is still payable; the chart stacks the ten suppliers owed most.
import { type ReportFilter, ReportPage } from '@srm/platform-ui';
import type { OrderPayableRow } from './reports';
import { ACCOUNT_FILTERS, type Series, topSuppliers } from './report.charts';

const filters: ReportFilter[] = [
  ...ACCOUNT_FILTERS,
  { name: 'poNumber', kind: 'text' },
  { name: 'orderFrom', kind: 'date' },
  { name: 'orderTo', kind: 'date' },
  { name: 'openOnly', kind: 'checkbox' },
];

const series: Series<OrderPayableRow>[] = [
  { key: 'paidAmount', color: '#52c41a' },
  { key: 'payableAmount', color: '#fa8c16' },
  { key: 'uninvoicedAmount', color: '#1677ff' },
];

export default function OrderPayableReport() {
  return (
    <ReportPage<OrderPayableRow>
      path="/api/srm/v1/srmStlLedgerRestful/orderPayableReport"
      labels="settlement.report.orderPayable"
      testId="order-payable-report"
      filters={filters}
      rowKey="poHeaderId"
      currency="currencyCode"
      columns={[
        { key: 'poNumber', kind: 'text', width: 150, fixed: true },
        { key: 'supplierName', kind: 'text', width: 200, fixed: true },
        { key: 'orgName', kind: 'text', width: 150 },
        { key: 'currencyCode', kind: 'text', width: 70 },
        { key: 'orderDate', kind: 'date', width: 110 },
        { key: 'status', kind: { lookup: 'DOC_STATUS' }, width: 100 },
        { key: 'orderAmount', kind: 'amount' },
        { key: 'receivedAmount', kind: 'amount' },
        { key: 'confirmedAmount', kind: 'amount' },
        { key: 'invoicedAmount', kind: 'amount' },
        { key: 'paidAmount', kind: 'amount' },
        { key: 'payableAmount', kind: 'amount' },
        { key: 'uninvoicedAmount', kind: 'amount' },
      ]}
      chart={(rows, t) => topSuppliers(rows, series, t)}
    />
  );
}
