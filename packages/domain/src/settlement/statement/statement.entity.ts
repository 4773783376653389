// Account statements (对账单, `accountStmt`): what the buyer owes one supplier for one
// organisation, currency and period — the posted receipts, returns and reversals not yet settled
// and not excluded, at the order's price and tax. The buyer generates and sends it; the supplier
// confirms it, or disputes lines with a reason and evidence; the buyer takes a disputed line off,
// adjusts its price or holds to it, and sends it back; a statement the supplier confirms is locked
// and posted to the supplier's account (ADR 0027).
import { amount, datetime, date, defineEntity, number, ref, rows, text, textarea, lookup } from '@srm/kernel';
import {
  BUYER_DECISIONS,
  SUPPLIER_ANSWERS,
  SUPPLIER_ANSWER_STATES,
  statementLine,
} from './statement-line.entity';

/** States in which the owning supplier sees its statements. */
export const STATEMENT_SUPPLIER_STATES = ['SENT', 'DISPUTED', 'CONFIRMED'] as const;

const supplierAnswers = {
  lines: rows(
    {
      accountLineId: ref('srmStlAccountLine', { required: true }),
      supplierAnswer: lookup('STL_SUPPLIER_ANSWER', { codes: SUPPLIER_ANSWERS }),
      disputeReason: text({ max: 500 }),
    },
    { max: 100000 },
  ),
};

const buyerDecisions = {
  lines: rows(
    {
      accountLineId: ref('srmStlAccountLine', { required: true }),
      buyerDecision: lookup('STL_BUYER_DECISION', { codes: BUYER_DECISIONS }),
      adjustedPrice: number({ precision: 6, min: 0 }),
      buyerAnswer: text({ max: 500 }),
    },
    { max: 100000 },
  ),
};

export const statement = defineEntity('srmStlAccountHeader', {
  area: 'settlement',
  key: 'accountHeaderId',
  display: 'accountNumber',
  numbering: { field: 'accountNumber', pattern: 'AS{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: STATEMENT_SUPPLIER_STATES,
  orgScoped: 'orgId',
  // Made by generation only; each side writes its own fields (the buyer's remark, the supplier's).
  writableBy: [],
  fields: {
    accountNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, readonly: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, readonly: true, display: 'orgName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      readonly: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    periodStartDate: date({ required: true, readonly: true }),
    periodEndDate: date({ required: true, readonly: true }),
    lineCount: number({ readonly: true, default: 0 }),
    amountExclTax: amount({ readonly: true, default: 0 }),
    taxAmount: amount({ readonly: true, default: 0 }),
    amountInclTax: amount({ readonly: true, default: 0 }),
    sentDate: datetime({ readonly: true }),
    supplierConfirmDate: datetime({ readonly: true }),
    remark: textarea({ max: 1000, writableBy: ['internal'] }),
    supplierRemark: textarea({ max: 1000, writableBy: ['supplier'], editableIn: SUPPLIER_ANSWER_STATES }),
  },
  lines: { lines: statementLine },
  list: {
    columns: [
      'accountNumber',
      'supplierName',
      'orgName',
      'currencyCode',
      'periodStartDate',
      'periodEndDate',
      'lineCount',
      'amountExclTax',
      'taxAmount',
      'amountInclTax',
      'sentDate',
      'supplierConfirmDate',
      'status',
    ],
    filters: [
      { field: 'accountNumber', op: 'prefix' },
      'supplierId',
      'orgId',
      'status',
      'periodEndDate',
      'currencyId',
    ],
    sort: [{ field: 'accountHeaderId', order: 'desc' }],
    sortable: ['periodEndDate', 'amountInclTax'],
    summary: ['amountExclTax', 'taxAmount', 'amountInclTax'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'accountNumber',
          'supplierId',
          'orgId',
          'currencyId',
          'periodStartDate',
          'periodEndDate',
          'sentDate',
          'supplierConfirmDate',
        ],
      },
      { key: 'amounts', fields: ['lineCount', 'amountExclTax', 'taxAmount', 'amountInclTax'] },
      { key: 'other', fields: ['remark', 'supplierRemark'] },
    ],
  },
  workflow: {
    states: ['DRAFT', 'SENT', 'DISPUTED', 'CONFIRMED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'SENT', 'DISPUTED'],
    deletableIn: [],
    statusLookup: 'STL_ACCOUNT_STATUS',
    actions: {
      doSend: { from: ['DRAFT'], to: 'SENT', confirm: true },
      doCancel: { from: ['DRAFT'], to: 'CANCELLED', confirm: true, danger: true },
      doSupplierConfirm: {
        from: ['SENT'],
        to: 'CONFIRMED',
        side: 'supplier',
        input: supplierAnswers,
        confirm: true,
      },
      doSupplierDispute: {
        from: ['SENT'],
        to: 'DISPUTED',
        side: 'supplier',
        input: supplierAnswers,
        confirm: true,
      },
      doResolve: { from: ['DISPUTED'], to: 'SENT', input: buyerDecisions, confirm: true },
    },
  },
});
