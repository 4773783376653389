// Purchase orders (采购订单): a binding order to one supplier, approved internally, released to
// the supplier, who confirms it line by line or proposes changes the buyer accepts or rejects.
// A supplier never sees an order before it is released.
import {
  amount,
  approvalWorkflow,
  attachments,
  date,
  datetime,
  defineEntity,
  lookup,
  number,
  quantity,
  ref,
  rows,
  sum,
  text,
  textarea,
} from '@srm/kernel';
import { ORDERABLE_SUPPLIER_STATES, eligibilityAdvice } from '../../supplier';
import { orderLine } from './order-line.entity';

/** The approval process of orders (its template: approval.ts). */
export const ORDER_PROCESS = 'PUR_ORDER_APPROVAL';

export const PO_SOURCE_TYPES = [
  'MANUAL',
  'REQUISITION',
  'AGREEMENT',
  'AWARD',
  'CATALOGUE',
  'CONTRACT',
] as const;

/** States in which the order exists for its supplier. */
export const SUPPLIER_VISIBLE_STATES = ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CLOSED'] as const;

/**
 * The supplier's answer when confirming or proposing: per line a promised date, or a proposed
 * date or quantity, and a comment (lines it leaves out keep what it saved on them before).
 */
const supplierAnswer = {
  lines: rows(
    {
      poLineId: ref('srmPoLine', { required: true }),
      promisedDate: date(),
      proposedDate: date(),
      proposedQuantity: quantity({ min: 0.0001 }),
      supplierComment: text({ max: 500 }),
    },
    { max: 20000 },
  ),
};

const total =
  (field: string) =>
  (_row: unknown, context: { lines: Readonly<Record<string, readonly Record<string, unknown>[]>> }) =>
    sum(context.lines.lines ?? [], (line) => Number(line[field] ?? 0)).toNumber();

export const order = defineEntity('srmPoHeader', {
  area: 'purchasing',
  key: 'poHeaderId',
  display: 'poNumber',
  numbering: { field: 'poNumber', pattern: 'PO{yyyyMMdd}{####}' },
  ownedBy: 'supplierId',
  supplierVisibleIn: SUPPLIER_VISIBLE_STATES,
  orgScoped: 'orgId',
  fields: {
    poNumber: text({ readonly: true, max: 30 }),
    billTypeId: ref('srmPurBillType', {
      required: true,
      display: 'billTypeName',
      filter: () => ({ status: 'ENABLED', docCategory: 'ORDER' }),
    }),
    orgId: ref('srmBaseOrg', { required: true, display: 'orgName' }),
    // The picker leaves out frozen, blacklisted and eliminated suppliers (the supply check of the
    // save refuses them by name).
    supplierId: ref('srmSupplierInfo', {
      required: true,
      display: 'supplierName',
      offer: { status: ORDERABLE_SUPPLIER_STATES, blacklistFlag: 'N' },
      advice: eligibilityAdvice('ORDER', 'lines'),
    }),
    supplierEmail: text({ max: 120, format: 'email' }),
    buyerName: text({ max: 60, profileDefault: 'userFullName' }),
    currencyId: ref('srmBaseCurrency', {
      required: true,
      display: 'currencyCode',
      displayAs: 'currencyCode',
    }),
    exchangeRate: number({ precision: 6, min: 0, default: 1 }),
    paymentTermId: ref('srmBasePaymentTerm', { display: 'termName' }),
    orderDate: date({ required: true, profileDefault: 'today' }),
    shipToAddress: text({ max: 240 }),
    amountExclTax: amount({ readonly: true, computed: total('amountExclTax') }),
    taxAmount: amount({ readonly: true, computed: total('taxAmount') }),
    amountInclTax: amount({ readonly: true, computed: total('amountInclTax') }),
    sourceType: lookup('PUR_PO_SOURCE_TYPE', { readonly: true, codes: PO_SOURCE_TYPES, default: 'MANUAL' }),
    /** The document it was made from (an award's number, for a draft of a sourcing award). */
    sourceNum: text({ max: 30, readonly: true }),
    /** What made it, once (an award's hand-off: a second run finds it). */
    sourceKey: text({ max: 80, unique: true, readonly: true, internalOnly: true }),
    approvedDate: datetime({ readonly: true }),
    releasedDate: datetime({ readonly: true }),
    supplierConfirmDate: datetime({ readonly: true }),
    revisionNum: number({ readonly: true, default: 0 }),
    erpPoNumber: text({ max: 60 }),
    remark: textarea({ max: 1000 }),
    attachmentIds: attachments({ maxCount: 20 }),
  },
  lines: { lines: orderLine },
  // A supplier's orders by status, and the buyer's by status and order date within its
  // organisations: their pages' counts read these indexes alone (bench/mixed-load.bench.ts).
  indexes: [
    ['supplierId', 'status'],
    ['status', 'orderDate', 'orgId'],
  ],
  list: {
    columns: [
      'poNumber',
      'billTypeName',
      'orgName',
      'supplierName',
      'orderDate',
      'currencyCode',
      'amountInclTax',
      'buyerName',
      'status',
    ],
    filters: [
      { field: 'poNumber', op: 'prefix' },
      'supplierId',
      'orgId',
      'status',
      'orderDate',
      'billTypeId',
      'buyerName',
      { field: 'sourceNum', op: 'prefix' },
    ],
    sort: [{ field: 'poHeaderId', order: 'desc' }],
    sortable: ['orderDate', 'amountInclTax'],
    summary: ['amountExclTax', 'taxAmount', 'amountInclTax'],
  },
  form: {
    sections: [
      {
        key: 'basic',
        fields: [
          'poNumber',
          'billTypeId',
          'orgId',
          'supplierId',
          'supplierEmail',
          'buyerName',
          'orderDate',
          'currencyId',
          'exchangeRate',
          'paymentTermId',
          'shipToAddress',
          'sourceType',
          'sourceNum',
        ],
      },
      { key: 'amounts', fields: ['amountExclTax', 'taxAmount', 'amountInclTax'] },
      {
        key: 'progress',
        fields: ['approvedDate', 'releasedDate', 'supplierConfirmDate', 'revisionNum', 'erpPoNumber'],
      },
      { key: 'other', fields: ['remark', 'attachmentIds'] },
    ],
  },
  workflow: approvalWorkflow(ORDER_PROCESS, {
    states: ['RELEASED', 'CHANGE_PROPOSED', 'CONFIRMED', 'CANCELLED', 'CLOSED'],
    actions: {
      doRelease: { from: ['APPROVED'], to: 'RELEASED', confirm: true },
      doCancel: { from: ['DRAFT', 'REJECTED', 'APPROVED'], to: 'CANCELLED', confirm: true, danger: true },
      doSupplierConfirm: {
        from: ['RELEASED'],
        to: 'CONFIRMED',
        side: 'supplier',
        input: supplierAnswer,
        confirm: true,
      },
      doSupplierPropose: {
        from: ['RELEASED'],
        to: 'CHANGE_PROPOSED',
        side: 'supplier',
        input: supplierAnswer,
      },
      doBuyerConfirm: { from: ['CHANGE_PROPOSED'], to: 'CONFIRMED', confirm: true },
      doBuyerReject: { from: ['CHANGE_PROPOSED'], to: 'RELEASED', needs: ['comment'], danger: true },
      doClose: { from: ['CONFIRMED'], to: 'CLOSED', confirm: true, danger: true },
      doOpen: { from: ['CLOSED'], to: 'CONFIRMED' },
    },
  }),
});
