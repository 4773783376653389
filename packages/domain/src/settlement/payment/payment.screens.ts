// Screens of money (web): payment applications, advances, deductions and balance confirmations,
// the buyer's and the supplier's own. A payment application prints (打印) with its amount in capitals.
import { Suspense, createElement, lazy } from 'react';
import {
  type LinesEditor,
  type LinesEditorProps,
  type ScreenEntry,
  entityScreens,
  pdfButton,
} from '@srm/platform-ui';

const printButton = pdfButton('printPdf', 'srmStlPaymentHeader.view');
const PaymentSourceLines = lazy(() => import('./PaymentSourceLines'));
// The application's lines with 选择待付来源 in their toolbar (the buyer's page).
const sourcesEditor: LinesEditor = {
  collections: ['lines'],
  component: (props: LinesEditorProps) =>
    createElement(Suspense, { fallback: null }, createElement(PaymentSourceLines, props)),
};

const payment = () => import('./payment.entity').then((m) => m.payment);
const advance = () => import('../advance/advance.entity').then((m) => m.advance);
const deduction = () => import('../deduction/deduction.entity').then((m) => m.deduction);
const rcn = () => import('../rcn/rcn.entity').then((m) => m.rcn);

export const moneyScreens: ScreenEntry[] = [
  ...entityScreens('settlement', 'srmStlPaymentHeader', payment, {
    list: 'paymentApply',
    edit: 'paymentApplyEdit',
    editButtons: [printButton],
    linesEditor: sourcesEditor,
  }),
  ...entityScreens('settlement', 'srmStlPaymentHeader', payment, {
    list: 'supplierPaymentApply',
    edit: 'supplierPaymentApplyEdit',
    editButtons: [printButton],
  }),
  ...entityScreens('settlement', 'srmStlAdvance', advance, {
    list: 'advanceApply',
    edit: 'advanceApplyEdit',
  }),
  ...entityScreens('settlement', 'srmStlAdvance', advance, {
    list: 'supplierAdvanceApply',
    edit: 'supplierAdvanceApplyEdit',
  }),
  ...entityScreens('settlement', 'srmStlDeduction', deduction, {
    list: 'deductions',
    edit: 'deductionsEdit',
  }),
  ...entityScreens('settlement', 'srmStlDeduction', deduction, {
    list: 'supplierDeductions',
    edit: 'supplierDeductionsEdit',
  }),
  // 往来对账确认: the buyer's balance confirmations, and the supplier's to confirm or dispute.
  ...entityScreens('settlement', 'srmStlRcnHeader', rcn, {
    list: 'rcnBalanceConfirm',
    edit: 'rcnBalanceConfirmEdit',
  }),
  ...entityScreens('settlement', 'srmStlRcnHeader', rcn, {
    list: 'supplierRcnBalanceConfirm',
    edit: 'supplierRcnBalanceConfirmEdit',
  }),
];
