// Invoice lines (发票行): one confirmed statement line each, as the supplier's invoice prints it —
// quantity, unit price excluding tax, tax rate, amount and tax — beside what the statement expects
// (the order's price × the quantity received and not yet invoiced). Submitting matches each line;
// a line outside the organisation's tolerances is an exception the buyer accepts, rejects or asks
// the supplier to correct, with a comment the supplier reads.
import { add, amount, defineEntity, lookup, number, price, quantity, ref, text } from '@srm/kernel';

export const MATCH_STATES = ['MATCHED', 'EXCEPTION'] as const;
/** Why a line is held: price, quantity, tax (rate or rounding), amount ≠ quantity × price. */
export const EXCEPTION_REASONS = ['PRICE', 'QUANTITY', 'TAX_RATE', 'TAX', 'AMOUNT'] as const;
export const EXCEPTION_DECISIONS = ['ACCEPT', 'REJECT', 'CORRECT'] as const;

/** States of the invoice in which the buyer decides held lines. */
export const EXCEPTION_STATES = ['EXCEPTION'];

export const invoiceLine = defineEntity('srmStlInvoiceLine', {
  area: 'settlement',
  key: 'invoiceLineId',
  parent: { entity: 'srmStlInvoiceHeader', field: 'invoiceId' },
  display: 'lineNum',
  writableBy: ['supplier'],
  fields: {
    invoiceId: ref('srmStlInvoiceHeader', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'invoiceDocNum',
      displayAs: 'invoiceDocNum',
    }),
    lineNum: number({ required: true, min: 1, max: 99999, sequence: { step: 1 } }),
    accountLineId: ref('srmStlAccountLine', {
      required: true,
      indexed: true,
      display: 'lineRef',
      displayAs: 'accountLineRef',
    }),
    accountHeaderId: ref('srmStlAccountHeader', {
      readonly: true,
      display: 'accountNumber',
      displayAs: 'accountNumber',
    }),
    poLineId: ref('srmPoLine', { readonly: true, display: 'lineNum', displayAs: 'poLineNum' }),
    itemId: ref('srmBaseItem', { readonly: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    uomId: ref('srmBaseUom', { readonly: true, display: 'uomName' }),
    expectedQuantity: quantity({ readonly: true }),
    expectedPrice: price({ readonly: true }),
    expectedTaxRate: number({ readonly: true, precision: 2 }),
    quantity: quantity({ required: true }),
    unitPriceExclTax: price({ required: true }),
    taxRate: number({ required: true, precision: 2, min: 0, max: 100 }),
    amountExclTax: amount({ required: true }),
    taxAmount: amount({ required: true }),
    amountInclTax: amount({
      readonly: true,
      computed: (row) => add(String(row.amountExclTax ?? 0), String(row.taxAmount ?? 0)).toNumber(),
    }),
    quantityVariance: quantity({ readonly: true }),
    priceVariance: price({ readonly: true }),
    matchStatus: lookup('STL_MATCH_STATUS', { readonly: true, codes: MATCH_STATES }),
    /** Why the line is held: the codes of STL_EXCEPTION_REASON, shown by their meanings. */
    exceptionReasons: lookup('STL_EXCEPTION_REASON', {
      readonly: true,
      multi: true,
      codes: EXCEPTION_REASONS,
    }),
    exceptionDecision: lookup('STL_EXCEPTION_DECISION', {
      codes: EXCEPTION_DECISIONS,
      writableBy: ['internal'],
      editableIn: EXCEPTION_STATES,
    }),
    buyerComment: text({ max: 500, writableBy: ['internal'], editableIn: EXCEPTION_STATES }),
  },
  unique: [['invoiceId', 'lineNum']],
  list: {
    // What the buyer decides on comes first: the line, what was invoiced against what was agreed,
    // why it is held and the decision; the amounts and references follow.
    columns: [
      'lineNum',
      'itemCode',
      'itemName',
      'quantity',
      'unitPriceExclTax',
      'expectedQuantity',
      'expectedPrice',
      'quantityVariance',
      'priceVariance',
      'matchStatus',
      'exceptionReasons',
      'exceptionDecision',
      'buyerComment',
      'taxRate',
      'amountExclTax',
      'taxAmount',
      'amountInclTax',
      'uomName',
      'accountNumber',
      'accountLineRef',
    ],
    filters: ['matchStatus', 'itemId', 'accountHeaderId'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    summary: ['amountExclTax', 'taxAmount', 'amountInclTax'],
  },
});
