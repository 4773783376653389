// Settlement on the server: the behaviour and endpoints of exclusions, statements, invoices,
// advances, deductions, payments and the ledger, their approval processes, and their demo data
// (after receiving's, whose receipts they settle).
import { defineServerArea } from '@srm/platform';
import { settlementArea } from './area';
import { settlementSeeds } from './settlement.seed';
import { advanceActions } from './advance/advance.actions';
import { settlementApprovals } from './approval';
import { deductionActions } from './deduction/deduction.actions';
import { deductionEndpoints } from './deduction/deduction.from-refund';
import { excludeActions } from './exclude/exclude.actions';
import { invoiceActions } from './invoice/invoice.actions';
import { contractInvoiced } from './invoice/invoice.contracts';
import { invoiceEndpoints } from './invoice/invoice.endpoints';
import { ledgerEndpoints } from './ledger/ledger.endpoints';
import { paymentActions } from './payment/payment.actions';
import { paymentEndpoints } from './payment/payment.endpoints';
import { rcnActions } from './rcn/rcn.actions';
import { reportEndpoints } from './reports/reports.endpoints';
import { statementActions } from './statement/statement.actions';
import { statementEndpoints } from './statement/statement.endpoints';

export const settlementServer = defineServerArea(settlementArea, {
  actions: [
    excludeActions,
    statementActions,
    statementEndpoints,
    invoiceActions,
    invoiceEndpoints,
    advanceActions,
    deductionActions,
    deductionEndpoints,
    paymentActions,
    paymentEndpoints,
    ledgerEndpoints,
    reportEndpoints,
    rcnActions,
  ],
  observers: [contractInvoiced],
  seeds: settlementSeeds,
  approvalTemplates: settlementApprovals,
});
