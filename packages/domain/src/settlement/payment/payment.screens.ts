// Screens of money (web): payment applications, advances and deductions, the buyer's and the
// supplier's own.
import { type ScreenEntry, entityScreens } from '@srm/platform-ui';

const payment = () => import('./payment.entity').then((m) => m.payment);
const advance = () => import('../advance/advance.entity').then((m) => m.advance);
const deduction = () => import('../deduction/deduction.entity').then((m) => m.deduction);

export const moneyScreens: ScreenEntry[] = [
  ...entityScreens('settlement', 'srmStlPaymentHeader', payment, {
    list: 'paymentApply',
    edit: 'paymentApplyEdit',
  }),
  ...entityScreens('settlement', 'srmStlPaymentHeader', payment, {
    list: 'supplierPaymentApply',
    edit: 'supplierPaymentApplyEdit',
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
];
