// Purchase order lines (采购订单行): quantity × price with tax, the buyer's need-by date and the
// supplier's answer — a promised date, or a proposed date or quantity the buyer accepts or not.
import {
  type ComputeContext,
  amount,
  checkbox,
  date,
  defineEntity,
  lookup,
  mul,
  number,
  price,
  quantity,
  ref,
  text,
} from '@srm/kernel';

/** The supplier's answer on a line. */
export const LINE_CONFIRM_STATES = ['PENDING', 'CONFIRMED', 'PROPOSED'] as const;

/** States of the order in which the supplier writes its answer on lines. */
export const SUPPLIER_ANSWER_STATES = ['RELEASED'];

type Values = Readonly<Record<string, unknown>>;

export function lineAmounts(row: Values): { excl: number; tax: number; incl: number; priceIncl: number } {
  const qty = String(row.quantity ?? 0);
  const unit = String(row.unitPriceExclTax ?? 0);
  const rate = String(row.taxRate ?? 0);
  const excl = mul(qty, unit).toDecimalPlaces(2);
  const tax = excl.mul(rate).div(100).toDecimalPlaces(2);
  const priceIncl = mul(unit, mul(rate, '0.01').add(1)).toDecimalPlaces(6);
  return {
    excl: excl.toNumber(),
    tax: tax.toNumber(),
    incl: excl.add(tax).toNumber(),
    priceIncl: priceIncl.toNumber(),
  };
}

const computedAmount =
  (pick: (a: ReturnType<typeof lineAmounts>) => number) => (row: Values, _c: ComputeContext) =>
    pick(lineAmounts(row));

export const orderLine = defineEntity('srmPoLine', {
  area: 'purchasing',
  key: 'poLineId',
  parent: { entity: 'srmPoHeader', field: 'poHeaderId' },
  display: 'itemName',
  fields: {
    poHeaderId: ref('srmPoHeader', {
      readonly: true,
      onDelete: 'cascade',
      indexed: true,
      display: 'poNumber',
      displayAs: 'poNumber',
    }),
    lineNum: number({ required: true, min: 1, max: 99999, sequence: { step: 1 } }),
    itemId: ref('srmBaseItem', { required: true, display: 'itemCode', displayAs: 'itemCode' }),
    itemName: text({ readonly: true, max: 240 }),
    specification: text({ readonly: true, max: 500 }),
    categoryId: ref('srmBaseCategory', { readonly: true, display: 'categoryName' }),
    uomId: ref('srmBaseUom', { readonly: true, display: 'uomName' }),
    quantity: quantity({ required: true, min: 0.0001 }),
    unitPriceExclTax: price({ required: true, min: 0 }),
    taxRate: number({ precision: 2, min: 0, max: 100, default: 13 }),
    unitPriceInclTax: price({ readonly: true, computed: computedAmount((a) => a.priceIncl) }),
    amountExclTax: amount({ readonly: true, computed: computedAmount((a) => a.excl) }),
    taxAmount: amount({ readonly: true, computed: computedAmount((a) => a.tax) }),
    amountInclTax: amount({ readonly: true, computed: computedAmount((a) => a.incl) }),
    needByDate: date({ required: true }),
    promisedDate: date({ editableIn: SUPPLIER_ANSWER_STATES, writableBy: ['supplier'] }),
    proposedDate: date({ editableIn: SUPPLIER_ANSWER_STATES, writableBy: ['supplier'] }),
    proposedQuantity: quantity({ min: 0.0001, editableIn: SUPPLIER_ANSWER_STATES, writableBy: ['supplier'] }),
    supplierComment: text({ max: 500, editableIn: SUPPLIER_ANSWER_STATES, writableBy: ['supplier'] }),
    supplierConfirmStatus: lookup('PUR_LINE_CONFIRM_STATUS', {
      readonly: true,
      codes: LINE_CONFIRM_STATES,
      default: 'PENDING',
    }),
    requisitionLineId: ref('srmPurRequisitionLine', { indexed: true }),
    /**
     * The contract it is ordered under (合同号) and the contract line (合同行) of the same
     * material: an effective contract of the order's supplier, unit and currency; the contract
     * counts the line as executed and may refuse it beyond what it has left (执行控制).
     */
    contractId: ref('srmCctContract', {
      display: 'contractNumber',
      displayAs: 'contractNumber',
      filter: () => ({ status: 'EFFECTIVE' }),
    }),
    contractItemId: ref('srmCctContractItem', {
      indexed: true,
      display: 'lineNum',
      displayAs: 'contractLineNum',
      filter: (row) => ({ contractId: row.contractId ?? undefined, itemId: row.itemId ?? undefined }),
    }),
    receivedQuantity: quantity({ readonly: true, default: 0 }),
    closedFlag: checkbox({ readonly: true }),
    remark: text({ max: 500 }),
  },
  unique: [['poHeaderId', 'lineNum']],
  // The lines of one material in the list's order (采购订单行 / 需求池 by material): read from
  // the index, not by walking every line in line order and skipping the other materials.
  indexes: [['itemId', 'lineNum', 'poLineId']],
  rules: [
    // A contract and its line, or neither.
    (row) =>
      row.contractId && !row.contractItemId
        ? { field: 'contractItemId', message: 'srmPoLine.contractLineNeeded' }
        : !row.contractId && row.contractItemId
          ? { field: 'contractId', message: 'srmPoLine.contractNeeded' }
          : null,
  ],
  list: {
    // In the order a buyer fills a line (material, quantity, price, rate, date), then what follows
    // from it; the line grid shows the material's input where the list shows its code.
    columns: [
      'poNumber',
      'lineNum',
      'itemCode',
      'itemName',
      'specification',
      'uomName',
      'quantity',
      'unitPriceExclTax',
      'taxRate',
      'needByDate',
      'amountExclTax',
      'amountInclTax',
      'promisedDate',
      'proposedDate',
      'proposedQuantity',
      'supplierComment',
      'supplierConfirmStatus',
      'receivedQuantity',
      'closedFlag',
      'contractNumber',
      'contractLineNum',
    ],
    filters: ['itemId', 'contractId', 'needByDate', 'promisedDate', 'supplierConfirmStatus', 'closedFlag'],
    sort: [{ field: 'lineNum', order: 'asc' }],
    sortable: ['needByDate', 'promisedDate'],
    // A picked order line (a delivery note's) shows its order, line, material and quantities.
    search: ['poNumber', 'itemCode', 'itemName', 'specification'],
    pick: ['poNumber', 'lineNum', 'itemCode', 'itemName', 'quantity', 'receivedQuantity'],
    summary: ['quantity', 'amountExclTax', 'taxAmount', 'amountInclTax'],
  },
});
