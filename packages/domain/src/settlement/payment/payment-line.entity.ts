// Payment sources (付款来源明细): what makes up a payment application — matched invoices to pay,
// advances applied against them and deductions withheld — each with the amount taken of it.
import { amount, defineEntity, lookup, number, ref, text } from '@srm/kernel';

export const PAYMENT_SOURCES = ['INVOICE', 'ADVANCE', 'DEDUCTION'] as const;

export const paymentLine = defineEntity('srmStlPaymentLine', {
  area: 'settlement',
  key: 'paymentLineId',
  parent: { entity: 'srmStlPaymentHeader', field: 'paymentId' },
  display: 'lineNum',
  fields: {
    paymentId: ref('srmStlPaymentHeader', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'paymentNumber',
      displayAs: 'paymentNumber',
    }),
    lineNum: number({ required: true, min: 1, max: 99999, sequence: { step: 1 } }),
    sourceType: lookup('STL_PAYMENT_SOURCE', { required: true, codes: PAYMENT_SOURCES, default: 'INVOICE' }),
    invoiceId: ref('srmStlInvoiceHeader', {
      indexed: true,
      display: 'invoiceDocNum',
      displayAs: 'invoiceDocNum',
      appliesWhen: (row) => row.sourceType === 'INVOICE',
    }),
    advanceId: ref('srmStlAdvance', {
      indexed: true,
      display: 'advanceNumber',
      displayAs: 'advanceNumber',
      appliesWhen: (row) => row.sourceType === 'ADVANCE',
    }),
    deductionId: ref('srmStlDeduction', {
      indexed: true,
      display: 'deductionNumber',
      displayAs: 'deductionNumber',
      appliesWhen: (row) => row.sourceType === 'DEDUCTION',
    }),
    /**
     * The contract payment stage (付款节点) an invoice line pays, if any: a payable stage of a
     * contract in effect with the same supplier, unit and currency; paying adds to its paid amount.
     */
    contractStageId: ref('srmCctContractStage', {
      indexed: true,
      display: 'stageName',
      displayAs: 'contractStageName',
      // The picker offers payable stages, each with its contract's number; the save says why
      // another cannot be paid (not due, another supplier's, paid in full).
      offer: { stageStatus: 'PENDING' },
      appliesWhen: (row) => row.sourceType === 'INVOICE',
    }),
    /** The contract's number and the stage, as `HT20261202001 · 1 预付款`, copied on save. */
    stageLabel: text({ readonly: true, max: 120 }),
    /** The source's own number (invoice number, advance or deduction number), copied on save. */
    sourceNumber: text({ readonly: true, max: 30 }),
    /** What remained open of the source when the line was saved. */
    openAmount: amount({ readonly: true }),
    amount: amount({ required: true, min: 0.01 }),
    remark: text({ max: 240 }),
  },
  unique: [['paymentId', 'lineNum']],
  list: {
    columns: [
      'lineNum',
      'sourceType',
      'invoiceDocNum',
      'advanceNumber',
      'deductionNumber',
      'sourceNumber',
      'contractStageId',
      'stageLabel',
      'openAmount',
      'amount',
      'remark',
    ],
    filters: ['sourceType', 'invoiceId', 'advanceId', 'deductionId', 'contractStageId'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    summary: ['amount'],
  },
});
