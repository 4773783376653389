// Settlement's public face to other areas (isomorphic): its definitions and constants.
export { excludeBill, EXCLUDE_REASONS } from './exclude/exclude.entity';
export { excludeLine } from './exclude/exclude-line.entity';
export { statement, STATEMENT_SUPPLIER_STATES } from './statement/statement.entity';
export {
  statementLine,
  STATEMENT_LINE_TYPES,
  STATEMENT_LINE_STATES,
} from './statement/statement-line.entity';
export { ledger, LEDGER_ACCOUNTS, LEDGER_SOURCES } from './ledger/ledger.entity';
export { invoice, INVOICE_TYPES } from './invoice/invoice.entity';
export { invoiceLine } from './invoice/invoice-line.entity';
export { payment, PAYMENT_PROCESS } from './payment/payment.entity';
export { paymentLine } from './payment/payment-line.entity';
export { advance, ADVANCE_PROCESS } from './advance/advance.entity';
export { deduction, DEDUCTION_TYPES } from './deduction/deduction.entity';
export { rcn, rcnLine, RCN_PROCESS } from './rcn/rcn.entity';
