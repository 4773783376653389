// Statement lines (对账单行): one settled receipt, return or reversal line each, signed (a return
// or a reversed receipt settles a negative quantity), at the order line's price and tax rate; or
// a price adjustment that names the line it corrects. The supplier answers each line (确认 or 异议
// with a reason and evidence); the buyer decides each dispute. The platform makes the rows; each
// side writes only its own answer fields, in the states it answers in.
import {
  amount,
  attachments,
  date,
  defineEntity,
  lookup,
  number,
  price,
  quantity,
  ref,
  text,
} from '@srm/kernel';

export const STATEMENT_LINE_TYPES = ['RECEIPT', 'RETURN', 'REVERSAL', 'ADJUSTMENT'] as const;
/** A line's settlement state: what the totals and the ledger count is every line not REMOVED. */
export const STATEMENT_LINE_STATES = ['PENDING', 'CONFIRMED', 'DISPUTED', 'REMOVED'] as const;
export const SUPPLIER_ANSWERS = ['CONFIRM', 'DISPUTE'] as const;
/** The buyer's decision on a disputed line: take it off (excluded for now), adjust its price, or hold to it. */
export const BUYER_DECISIONS = ['REMOVE', 'ADJUST_PRICE', 'REJECT'] as const;

/** Header states in which the supplier answers lines, and in which the buyer decides disputes. */
export const SUPPLIER_ANSWER_STATES = ['SENT'];
export const BUYER_DECISION_STATES = ['DISPUTED'];

export const statementLine = defineEntity('srmStlAccountLine', {
  area: 'settlement',
  key: 'accountLineId',
  parent: { entity: 'srmStlAccountHeader', field: 'accountHeaderId' },
  display: 'lineRef',
  rowsByPlatform: true,
  writableBy: [],
  fields: {
    accountHeaderId: ref('srmStlAccountHeader', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'accountNumber',
      displayAs: 'accountNumber',
    }),
    lineNum: number({ required: true, readonly: true, min: 1, max: 999999 }),
    /** The line as people name it: the statement's number and the line's (AS202612010001-3). */
    lineRef: text({ readonly: true, max: 40, indexed: true }),
    transactionType: lookup('STL_LINE_TYPE', { readonly: true, codes: STATEMENT_LINE_TYPES }),
    transactionDate: date({ readonly: true }),
    receiveHeaderId: ref('srmPurReceiveHeader', {
      readonly: true,
      display: 'receiveNumber',
      displayAs: 'receiveNumber',
    }),
    receiveLineId: ref('srmPurReceiveLine', {
      readonly: true,
      indexed: true,
      display: 'lineNum',
      displayAs: 'receiveLineNum',
    }),
    /**
     * `R<receiveLineId>` while the line settles its receipt line: unique, so a receipt line is
     * settled at most once across every statement, whatever runs at the same time. Cleared when
     * the line leaves its statement (cancelled, or taken off after a dispute).
     */
    settleKey: text({ readonly: true, unique: true, max: 30, internalOnly: true }),
    adjustsLineId: ref('srmStlAccountLine', {
      readonly: true,
      display: 'lineNum',
      displayAs: 'adjustsLineNum',
    }),
    poHeaderId: ref('srmPoHeader', { readonly: true, display: 'poNumber', displayAs: 'poNumber' }),
    poLineId: ref('srmPoLine', { readonly: true, indexed: true, display: 'lineNum', displayAs: 'poLineNum' }),
    itemId: ref('srmBaseItem', { readonly: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    uomId: ref('srmBaseUom', { readonly: true, display: 'uomName' }),
    quantity: quantity({ readonly: true }),
    unitPriceExclTax: price({ readonly: true }),
    taxRate: number({ readonly: true, precision: 2 }),
    unitPriceInclTax: price({ readonly: true }),
    amountExclTax: amount({ readonly: true }),
    taxAmount: amount({ readonly: true }),
    amountInclTax: amount({ readonly: true }),
    /** Matched on invoices so far (quantity, amount including tax). */
    invoicedQuantity: quantity({ readonly: true, default: 0 }),
    invoicedAmount: amount({ readonly: true, default: 0 }),
    lineConfirmStatus: lookup('STL_LINE_STATUS', {
      readonly: true,
      codes: STATEMENT_LINE_STATES,
      default: 'PENDING',
    }),
    supplierAnswer: lookup('STL_SUPPLIER_ANSWER', {
      codes: SUPPLIER_ANSWERS,
      writableBy: ['supplier'],
      editableIn: SUPPLIER_ANSWER_STATES,
    }),
    disputeReason: text({ max: 500, writableBy: ['supplier'], editableIn: SUPPLIER_ANSWER_STATES }),
    disputeAttachmentIds: attachments({
      maxCount: 5,
      writableBy: ['supplier'],
      editableIn: SUPPLIER_ANSWER_STATES,
    }),
    buyerDecision: lookup('STL_BUYER_DECISION', {
      codes: BUYER_DECISIONS,
      writableBy: ['internal'],
      editableIn: BUYER_DECISION_STATES,
    }),
    /** The price the buyer agrees to, excluding tax, with ADJUST_PRICE. */
    adjustedPrice: price({ min: 0, writableBy: ['internal'], editableIn: BUYER_DECISION_STATES }),
    buyerAnswer: text({ max: 500, writableBy: ['internal'], editableIn: BUYER_DECISION_STATES }),
  },
  list: {
    // Each side's answer follows the line it answers: what was received and its value, then the
    // supplier's answer and the buyer's decision; references and invoicing come last.
    columns: [
      'lineNum',
      'transactionType',
      'transactionDate',
      'itemCode',
      'itemName',
      'quantity',
      'unitPriceExclTax',
      'amountInclTax',
      'lineConfirmStatus',
      'supplierAnswer',
      'disputeReason',
      'disputeAttachmentIds',
      'buyerDecision',
      'adjustedPrice',
      'buyerAnswer',
      'taxRate',
      'amountExclTax',
      'taxAmount',
      'uomName',
      'receiveNumber',
      'poNumber',
      'poLineNum',
      'adjustsLineNum',
      'invoicedQuantity',
      'invoicedAmount',
    ],
    // Few: each filter is an index that 100,000 generated lines maintain (the lines are read with
    // their statement, not searched on their own).
    filters: ['lineConfirmStatus', 'itemId'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    summary: ['amountExclTax', 'taxAmount', 'amountInclTax'],
  },
});
