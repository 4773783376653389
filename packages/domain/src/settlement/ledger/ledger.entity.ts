// Transaction information (往来明细; `rcn` lists — ADR 0027 §5): every posting of settlement as
// debit and credit rows per supplier, organisation, currency, document and date. Written only by
// posting, never edited: a correction is a new posting that names the one it reverses. Each
// posting balances (debits equal credits); the rows on the payable account carry the supplier's
// running balance after them, which both sides read for the supplier's own rows.
import { amount, date, defineEntity, lookup, number, ref, text } from '@srm/kernel';

/** What posted the rows. */
export const LEDGER_SOURCES = ['STATEMENT', 'INVOICE', 'PAYMENT', 'ADVANCE', 'DEDUCTION'] as const;
/**
 * The accounts: goods received not yet invoiced (入库暂估), payable to the supplier (应付账款),
 * the bank (银行存款), advances paid (预付账款), deductions withheld (其他应付—扣款) and the
 * invoice variances the buyer accepted (发票差异).
 */
export const LEDGER_ACCOUNTS = ['GRIR', 'AP', 'BANK', 'ADVANCE', 'DEDUCTION', 'VARIANCE'] as const;

export const ledger = defineEntity('srmStlLedger', {
  area: 'settlement',
  key: 'ledgerId',
  display: 'sourceNumber',
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  writableBy: [],
  // Each posting reads its account's last payable row (the balance it carries on) under the
  // account's lock: found in this index, not among every row of the supplier.
  indexes: [['supplierId', 'orgId', 'currencyId', 'accountCode', 'ledgerId']],
  fields: {
    postingDate: date({ required: true }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    sourceType: lookup('STL_LEDGER_SOURCE', { required: true, codes: LEDGER_SOURCES }),
    sourceId: number({ required: true, indexed: true }),
    sourceNumber: text({ max: 30 }),
    accountCode: lookup('STL_LEDGER_ACCOUNT', { required: true, codes: LEDGER_ACCOUNTS }),
    debitAmount: amount({ default: 0 }),
    creditAmount: amount({ default: 0 }),
    /** On payable rows: what the buyer owes the supplier after this row (credit − debit so far). */
    balanceAfter: amount(),
    /** One posting, once: `<source>:<id>:<event>:<row>`. */
    postingKey: text({ required: true, unique: true, max: 120, internalOnly: true }),
    reversesLedgerId: ref('srmStlLedger', { display: 'sourceNumber', displayAs: 'reversesNumber' }),
    memo: text({ max: 240 }),
  },
  list: {
    // The amounts and the balance read first on a 1440-pixel screen; who and where follow.
    columns: [
      'postingDate',
      'sourceType',
      'sourceNumber',
      'accountCode',
      'debitAmount',
      'creditAmount',
      'balanceAfter',
      'currencyCode',
      'memo',
      'supplierName',
      'orgName',
    ],
    filters: ['supplierId', 'orgId', 'accountCode', 'sourceType', 'postingDate', 'currencyId'],
    sort: [{ field: 'ledgerId', order: 'desc' }],
    sortable: ['postingDate'],
    summary: ['debitAmount', 'creditAmount'],
  },
});
