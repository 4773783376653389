// Invoices (发票, `invoice`): the supplier's VAT invoice entered against lines of its confirmed
// statements — number and code as printed (a fully digital invoice: a 20-digit number and no
// code; a paper VAT invoice: a 10-digit code and an 8-digit number), date, totals and lines.
// Submitting matches every line against the statement (the order's price × the quantity received,
// three-way) within the organisation's tolerances: all within, the invoice is matched and posted;
// any outside, it waits in the buyer's exception queue, line by line (ADR 0027 §7).
import {
  add,
  amount,
  attachments,
  date,
  datetime,
  defineEntity,
  lookup,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { invoiceLine } from './invoice-line.entity';

export const INVOICE_TYPES = ['VAT_SPECIAL', 'VAT_ORDINARY', 'DIGITAL'] as const;

/** States in which the supplier writes the invoice. */
export const INVOICE_EDIT_STATES = ['DRAFT', 'RETURNED'];

export const invoice = defineEntity('srmStlInvoiceHeader', {
  area: 'settlement',
  key: 'invoiceId',
  display: 'invoiceDocNum',
  numbering: { field: 'invoiceDocNum', pattern: 'IV{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  writableBy: ['supplier'],
  fields: {
    invoiceDocNum: text({ readonly: true, max: 30 }),
    invoiceType: lookup('STL_INVOICE_TYPE', { required: true, codes: INVOICE_TYPES, default: 'VAT_SPECIAL' }),
    invoiceCode: text({ max: 12 }),
    invoiceNumber: text({ required: true, max: 20 }),
    invoiceDate: date({ required: true }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    amountExclTax: amount({ required: true }),
    taxAmount: amount({ required: true }),
    amountInclTax: amount({
      readonly: true,
      computed: (row) => add(String(row.amountExclTax ?? 0), String(row.taxAmount ?? 0)).toNumber(),
    }),
    matchStatus: lookup('STL_MATCH_STATUS', { readonly: true, codes: ['MATCHED', 'EXCEPTION'] }),
    /** Paid on posted payment applications. */
    paidAmount: amount({ readonly: true, default: 0 }),
    submittedDate: datetime({ readonly: true }),
    matchedDate: datetime({ readonly: true }),
    /** `<supplier>:<code>:<number>` while the invoice counts: one invoice number per supplier. */
    duplicateKey: text({ readonly: true, unique: true, max: 60, internalOnly: true }),
    remark: textarea({ max: 1000 }),
    attachmentIds: attachments({ maxCount: 10 }),
  },
  lines: { lines: invoiceLine },
  importLines: 'lines',
  list: {
    // Who, how much and where it stands read first on a 1440-pixel screen; the invoice's own
    // identifiers and the split of the amount follow.
    columns: [
      'invoiceDocNum',
      'supplierName',
      'invoiceNumber',
      'invoiceDate',
      'amountInclTax',
      'status',
      'matchStatus',
      'paidAmount',
      'currencyCode',
      'amountExclTax',
      'taxAmount',
      'invoiceType',
      'invoiceCode',
      'orgName',
    ],
    filters: [
      { field: 'invoiceNumber', op: 'prefix' },
      'supplierId',
      'orgId',
      'status',
      'matchStatus',
      'invoiceDate',
      { field: 'invoiceDocNum', op: 'prefix' },
    ],
    sort: [{ field: 'invoiceId', order: 'desc' }],
    sortable: ['invoiceDate', 'amountInclTax'],
    summary: ['amountExclTax', 'taxAmount', 'amountInclTax'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'invoiceDocNum',
          'invoiceType',
          'invoiceCode',
          'invoiceNumber',
          'invoiceDate',
          'supplierId',
          'orgId',
          'currencyId',
        ],
      },
      {
        key: 'amounts',
        fields: [
          'amountExclTax',
          'taxAmount',
          'amountInclTax',
          'matchStatus',
          'submittedDate',
          'matchedDate',
        ],
      },
      { key: 'other', fields: ['remark', 'attachmentIds'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SUBMITTED', 'EXCEPTION', 'RETURNED', 'MATCHED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: INVOICE_EDIT_STATES,
    deletableIn: ['DRAFT'],
    statusLookup: 'STL_INVOICE_STATUS',
    actions: {
      doSubmit: { from: INVOICE_EDIT_STATES, to: 'SUBMITTED', side: 'supplier', confirm: true },
      doMatch: { from: ['SUBMITTED'], to: 'MATCHED', system: true },
      doHold: { from: ['SUBMITTED'], to: 'EXCEPTION', system: true },
      doAcceptExceptions: { from: ['EXCEPTION'], to: 'MATCHED', confirm: true },
      doReturn: { from: ['EXCEPTION'], to: 'RETURNED', confirm: true, danger: true },
      doCancel: { from: INVOICE_EDIT_STATES, to: 'CANCELLED', side: 'supplier', confirm: true, danger: true },
    },
  },
});
