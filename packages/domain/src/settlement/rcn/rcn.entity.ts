// Balance confirmations (往来对账确认单, `rcnBalanceConfirm`; ADR 0027 §12 — our reading of `rcn`
// transaction information with its approval flow): for one supplier account (organisation and
// currency) and period, the payable balance at its start, what the period's postings added and
// took away, and the balance at its end, with the postings themselves as lines — a snapshot of the
// ledger taken when the draft is saved. Finance submits it, the manager approves it, and the
// approved confirmation goes to the supplier, who confirms the balance or disputes it giving its
// own figure and why. Withdrawn, rejected or abolished (作废) as §4 says.
import {
  amount,
  approvalWorkflow,
  date,
  datetime,
  defineEntity,
  lookup,
  number,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import { LEDGER_SOURCES } from '../ledger/ledger.entity';

export const RCN_PROCESS = 'STL_RCN_APPROVAL';
/** States in which the supplier sees a confirmation: once approved, it is sent. */
export const RCN_SUPPLIER_STATES = ['APPROVED', 'CONFIRMED', 'DISPUTED'] as const;

/** One payable posting of the period, as the ledger had it when the draft was saved. */
export const rcnLine = defineEntity('srmStlRcnLine', {
  area: 'settlement',
  key: 'rcnLineId',
  parent: { entity: 'srmStlRcnHeader', field: 'rcnHeaderId' },
  display: 'sourceNumber',
  rowsByPlatform: true,
  fields: {
    rcnHeaderId: ref('srmStlRcnHeader', { required: true, display: 'rcnNumber', displayAs: 'rcnNumber' }),
    lineNum: number({ required: true, readonly: true, min: 1, max: 999999 }),
    postingDate: date({ readonly: true }),
    sourceType: lookup('STL_LEDGER_SOURCE', { readonly: true, codes: LEDGER_SOURCES }),
    sourceNumber: text({ readonly: true, max: 30 }),
    memo: text({ readonly: true, max: 240 }),
    debitAmount: amount({ readonly: true }),
    creditAmount: amount({ readonly: true }),
    balanceAfter: amount({ readonly: true }),
  },
  list: {
    columns: [
      'lineNum',
      'postingDate',
      'sourceType',
      'sourceNumber',
      'memo',
      'creditAmount',
      'debitAmount',
      'balanceAfter',
    ],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const rcn = defineEntity('srmStlRcnHeader', {
  area: 'settlement',
  key: 'rcnHeaderId',
  display: 'rcnNumber',
  numbering: { field: 'rcnNumber', pattern: 'RC{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: RCN_SUPPLIER_STATES,
  orgScoped: 'orgId',
  lines: { lines: rcnLine },
  fields: {
    rcnNumber: text({ readonly: true, max: 30 }),
    supplierId: ref('srmSupplierInfo', { required: true, display: 'supplierName' }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    periodStartDate: date({ required: true }),
    periodEndDate: date({ required: true }),
    /** What the buyer owed the supplier before the period (credit − debit of earlier postings). */
    openingBalance: amount({ readonly: true, default: 0 }),
    /** The period's credits: statements confirmed, invoice variances. */
    increaseAmount: amount({ readonly: true, default: 0 }),
    /** The period's debits: payments, advances applied, deductions withheld. */
    decreaseAmount: amount({ readonly: true, default: 0 }),
    closingBalance: amount({ readonly: true, default: 0 }),
    lineCount: number({ readonly: true, default: 0 }),
    /** The supplier's own figure when it disputes the balance. */
    supplierBalance: amount({ writableBy: ['supplier'], editableIn: ['APPROVED'] }),
    supplierComment: text({ max: 500, writableBy: ['supplier'], editableIn: ['APPROVED'] }),
    answeredDate: datetime({ readonly: true }),
    remark: textarea({ max: 1000, internalOnly: true }),
  },
  list: {
    // The balances read first on a 1440-pixel screen; the account and the movements follow.
    columns: [
      'rcnNumber',
      'supplierName',
      'periodStartDate',
      'periodEndDate',
      'closingBalance',
      'supplierBalance',
      'status',
      'openingBalance',
      'increaseAmount',
      'decreaseAmount',
      'currencyCode',
      'orgName',
    ],
    filters: [{ field: 'rcnNumber', op: 'prefix' }, 'supplierId', 'orgId', 'status', 'periodEndDate'],
    sort: [{ field: 'rcnHeaderId', order: 'desc' }],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'rcnNumber',
          'supplierId',
          'orgId',
          'currencyId',
          'periodStartDate',
          'periodEndDate',
          'answeredDate',
          'remark',
        ],
      },
      {
        key: 'balance',
        fields: ['openingBalance', 'increaseAmount', 'decreaseAmount', 'closingBalance', 'lineCount'],
      },
      { key: 'answer', fields: ['supplierBalance', 'supplierComment'] },
    ],
  },
  workflow: approvalWorkflow(RCN_PROCESS, {
    states: ['CONFIRMED', 'DISPUTED', 'ABOLISHED'],
    statusLookup: 'STL_RCN_STATUS',
    actions: {
      doSupplierConfirm: { from: ['APPROVED'], to: 'CONFIRMED', side: 'supplier', confirm: true },
      // 有异议: the supplier's own balance and why it differs.
      doSupplierDispute: { from: ['APPROVED'], to: 'DISPUTED', side: 'supplier', needs: ['comment'] },
      // 作废: a confirmation not to be pursued (a new one is made for the corrected postings).
      doAbolish: {
        from: ['DRAFT', 'REJECTED', 'APPROVED', 'DISPUTED'],
        to: 'ABOLISHED',
        needs: ['comment'],
        danger: true,
      },
    },
  }),
});
