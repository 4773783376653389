// Screens of settlement's reports (catalogue §2.15): 订单应付, 付款计划, 付款汇总, 对账单报表 — buyer side,
// each a fixed report over the ledger's readers (see reports.endpoints.ts).
import type { ComponentType } from 'react';
import { type ScreenEntry, customScreen } from '@srm/platform-ui';

const report = (
  path: string,
  menu: string,
  load: () => Promise<{ default: ComponentType }>,
): ScreenEntry => ({
  ...customScreen('settlement', path, `menu.${menu}`, load),
  entityName: 'srmStlLedger',
});

export const reportScreens: ScreenEntry[] = [
  report('orderPayableReport', 'STL_REPORT_PAYABLE', () => import('./OrderPayableReport')),
  report('paymentScheduleReport', 'STL_REPORT_SCHEDULE', () => import('./PaymentScheduleReport')),
  report('paymentTotalReport', 'STL_REPORT_PAYMENT', () => import('./PaymentTotalReport')),
  report('accountStatementReport', 'STL_REPORT_STATEMENT', () => import('./StatementReport')),
];
