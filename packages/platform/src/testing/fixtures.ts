// Test-only entities exercising every part of the engine: a document with lines, numbering,
// workflow, supplier ownership, an organisation scope, computed totals and internal-only
// fields; and a bid with a sealed price opened by an action.
import {
  type Catalogue,
  amount,
  attachments,
  checkbox,
  compute,
  date,
  daterange,
  datetime,
  defineEntity,
  lookup,
  month,
  mul,
  number,
  price,
  quantity,
  ref,
  sum,
  text,
  textarea,
  time,
  year,
} from '@srm/kernel';

export const testOrg = defineEntity('testOrg', {
  area: 'test',
  table: 'test_org',
  key: 'orgId',
  fields: {
    orgCode: text({ required: true, unique: true, max: 30 }),
    orgName: text({ required: true, max: 120 }),
  },
  list: { columns: ['orgCode', 'orgName'], filters: ['orgCode'] },
});

export const testSupplier = defineEntity('testSupplier', {
  area: 'test',
  table: 'test_supplier',
  key: 'supplierId',
  fields: {
    supplierCode: text({ required: true, unique: true, max: 30 }),
    supplierName: text({ required: true, max: 120 }),
    supplierType: lookup('TEST_SUPPLIER_TYPE', { codes: ['PROD', 'SERVICE'] }),
  },
  list: { columns: ['supplierCode', 'supplierName'], filters: ['supplierCode', 'supplierType'] },
});

export const testOrderLine = defineEntity('testOrderLine', {
  area: 'test',
  table: 'test_order_line',
  key: 'lineId',
  parent: { entity: 'testOrder', field: 'orderId' },
  fields: {
    lineNum: number({ required: true, min: 1 }),
    itemName: text({ required: true, max: 60 }),
    quantity: quantity({ required: true, min: 0 }),
    price: price({ required: true, min: 0 }),
    lineAmount: amount({
      readonly: true,
      computed: (row) => mul(String(row.quantity ?? 0), String(row.price ?? 0)).toNumber(),
    }),
    promisedDate: date({ editableIn: ['APPROVED'], writableBy: ['supplier', 'internal'] }),
  },
  unique: [['orderId', 'lineNum']],
  list: {
    columns: ['lineNum', 'itemName', 'quantity', 'price', 'lineAmount'],
    sort: [{ field: 'lineNum', order: 'asc' }],
  },
});

export const testOrder = defineEntity('testOrder', {
  area: 'test',
  table: 'test_order',
  key: 'orderId',
  numbering: { field: 'orderNumber', pattern: 'TO{yyyyMMdd}{###}', scope: 'orgId' },
  ownedBy: 'supplierId',
  orgScoped: 'orgId',
  fields: {
    orderNumber: text({ readonly: true, max: 30 }),
    orgId: ref('testOrg', { required: true, display: 'orgName' }),
    supplierId: ref('testSupplier', { required: true, display: 'supplierName' }),
    title: text({ required: true, max: 100 }),
    currencyCode: lookup('TEST_CURRENCY', { required: true, codes: ['CNY', 'USD', 'EUR'] }),
    tags: lookup('TEST_TAG', { multi: true, codes: ['A', 'B', 'C'] }),
    totalAmount: amount({
      readonly: true,
      computed: (_row, context) => sum(context.lines.lines ?? [], (l) => l.lineAmount as number).toNumber(),
    }),
    budget: amount({ min: 0 }),
    needByDate: date(),
    validPeriod: daterange(),
    confirmedAt: datetime(),
    fiscalYear: year(),
    fiscalMonth: month(),
    cutoffTime: time(),
    urgentFlag: checkbox(),
    notes: textarea({ max: 500 }),
    internalNote: text({ internalOnly: true, max: 200 }),
    attachmentIds: attachments({ maxCount: 3 }),
    titleLength: compute('number', (row) => (typeof row.title === 'string' ? [...row.title].length : null)),
  },
  lines: { lines: testOrderLine },
  list: {
    columns: ['orderNumber', 'title', 'orgName', 'supplierName', 'totalAmount', 'status'],
    filters: [
      'orderNumber',
      'title',
      'currencyCode',
      'tags',
      'needByDate',
      'budget',
      'urgentFlag',
      'confirmedAt',
    ],
    sort: [{ field: 'orderId', order: 'desc' }],
    sortable: ['title', 'budget', 'needByDate'],
    summary: ['totalAmount'],
  },
  workflow: {
    states: ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED', 'CONFIRMED', 'CANCELLED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT', 'REJECTED'],
    actions: {
      doSubmit: { from: ['DRAFT', 'REJECTED'], to: 'SUBMITTED' },
      doApproval: { from: ['SUBMITTED'], to: 'APPROVED', system: true },
      doReject: { from: ['SUBMITTED'], to: 'REJECTED', needs: ['comment'] },
      doCancel: { from: ['DRAFT', 'REJECTED'], to: 'CANCELLED', danger: true },
      doSupplierConfirm: { from: ['APPROVED'], to: 'CONFIRMED', side: 'supplier' },
    },
  },
  rules: [
    (row) =>
      row.budget !== null &&
      row.budget !== undefined &&
      row.totalAmount !== null &&
      (row.totalAmount as number) > (row.budget as number)
        ? { field: 'budget', message: 'test.overBudget' }
        : null,
  ],
});

export const testBid = defineEntity('testBid', {
  area: 'test',
  table: 'test_bid',
  key: 'bidId',
  ownedBy: 'supplierId',
  writableBy: ['supplier', 'internal'],
  fields: {
    bidTitle: text({ required: true, max: 60 }),
    supplierId: ref('testSupplier', { required: true }),
    bidPrice: price({ required: true, min: 0, sealed: { openedBy: 'doOpen' } }),
    bidNote: text({ max: 200, sealed: { openedBy: 'doOpen' } }),
  },
  list: { columns: ['bidTitle', 'bidPrice', 'status'], filters: ['bidTitle'] },
  workflow: {
    states: ['SEALED', 'OPENED'],
    initial: 'SEALED',
    editableIn: ['SEALED'],
    actions: { doOpen: { from: ['SEALED'], to: 'OPENED' } },
  },
});

/** A flat entity with one field of each comparable kind, for the list property test. */
export const testItem = defineEntity('testItem', {
  area: 'test',
  table: 'test_item',
  key: 'itemId',
  fields: {
    code: text({ required: true, max: 20 }),
    qty: quantity({ precision: 2 }),
    kind: lookup('TEST_KIND', { codes: ['RAW', 'SEMI', 'FIN'] }),
    dueDate: date(),
    activeFlag: checkbox(),
    seenAt: datetime(),
  },
  list: {
    columns: ['code', 'qty', 'kind', 'dueDate', 'activeFlag', 'seenAt'],
    filters: ['code', 'qty', 'kind', 'dueDate', 'activeFlag', 'seenAt'],
    // Pages by key too (list.property.test walks it).
    seek: true,
  },
});

export const testEntities = [testOrg, testSupplier, testOrder, testOrderLine, testBid, testItem];

export const testMessages: Catalogue = {
  'zh-CN': {
    'entity.testOrder': '测试订单',
    'testOrder.title': '标题',
    'testOrder.budget': '预算',
    'testOrder.lines': '订单行',
    'testOrderLine.quantity': '数量',
    'testOrderLine.itemName': '物料名称',
    'test.overBudget': '订单金额超出预算',
  },
  en: {
    'entity.testOrder': 'Test order',
    'testOrder.title': 'Title',
    'testOrder.budget': 'Budget',
    'testOrder.lines': 'Order lines',
    'testOrderLine.quantity': 'Quantity',
    'testOrderLine.itemName': 'Item name',
    'test.overBudget': 'The order amount exceeds the budget',
  },
};
