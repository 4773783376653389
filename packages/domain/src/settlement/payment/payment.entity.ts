// Payment applications (付款申请, `paymentApply`): a payment to one supplier of matched invoices,
// less the advances applied and the deductions withheld, submitted for approval and paid once.
// Paying writes the transaction information (who was paid what, from which sources) and the
// cash flow; a posted payment is never edited (a correction is a reversal that names it).
import {
  amount,
  approvalWorkflow,
  attachments,
  date,
  datetime,
  defineEntity,
  lookup,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { paymentLine } from './payment-line.entity';

export const PAYMENT_PROCESS = 'STL_PAYMENT_APPROVAL';
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'ACCEPTANCE_BILL'] as const;

export const payment = defineEntity('srmStlPaymentHeader', {
  area: 'settlement',
  key: 'paymentId',
  display: 'paymentNumber',
  numbering: { field: 'paymentNumber', pattern: 'PA{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: ['APPROVED', 'PAID'],
  orgScoped: 'orgId',
  fields: {
    paymentNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    applyDate: date({ required: true, profileDefault: 'today' }),
    plannedPayDate: date(),
    paymentMethod: lookup('STL_PAYMENT_METHOD', {
      required: true,
      codes: PAYMENT_METHODS,
      default: 'BANK_TRANSFER',
    }),
    invoiceAmount: amount({ readonly: true, default: 0 }),
    advanceAmount: amount({ readonly: true, default: 0 }),
    deductionAmount: amount({ readonly: true, default: 0 }),
    /** Paid to the supplier: invoices less advances and deductions. */
    payAmount: amount({ readonly: true, default: 0 }),
    paidDate: datetime({ readonly: true }),
    reversedDate: datetime({ readonly: true }),
    bankReference: text({ max: 60 }),
    remark: textarea({ max: 1000, internalOnly: true }),
    attachmentIds: attachments({ maxCount: 10 }),
  },
  lines: { lines: paymentLine },
  list: {
    columns: [
      'paymentNumber',
      'supplierName',
      'orgName',
      'currencyCode',
      'invoiceAmount',
      'advanceAmount',
      'deductionAmount',
      'payAmount',
      'applyDate',
      'plannedPayDate',
      'paidDate',
      'status',
    ],
    filters: [{ field: 'paymentNumber', op: 'prefix' }, 'supplierId', 'orgId', 'status', 'applyDate'],
    sort: [{ field: 'paymentId', order: 'desc' }],
    sortable: ['applyDate', 'payAmount'],
    summary: ['invoiceAmount', 'advanceAmount', 'deductionAmount', 'payAmount'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'paymentNumber',
          'supplierId',
          'orgId',
          'currencyId',
          'applyDate',
          'plannedPayDate',
          'paymentMethod',
          'bankReference',
          'paidDate',
        ],
      },
      { key: 'amounts', fields: ['invoiceAmount', 'advanceAmount', 'deductionAmount', 'payAmount'] },
      { key: 'other', fields: ['remark', 'attachmentIds'] },
    ],
  },
  workflow: approvalWorkflow(PAYMENT_PROCESS, {
    states: ['PAID', 'REVERSED', 'CANCELLED'],
    statusLookup: 'STL_PAY_STATUS',
    actions: {
      // The bank's reference of the transfer, when known at once (also editable before).
      doPay: { from: ['APPROVED'], to: 'PAID', confirm: true, input: { bankReference: text({ max: 60 }) } },
      // Approved but not paid: 作废 releases what it held.
      doCancel: { from: ['DRAFT', 'REJECTED', 'APPROVED'], to: 'CANCELLED', confirm: true, danger: true },
      // 冲销: a payment made in error is undone by a reversal that names it, never edited.
      doReverse: { from: ['PAID'], to: 'REVERSED', needs: ['comment'], danger: true },
    },
  }),
});
