// Entities of the engine benchmarks: an order header and a big line table.
import { amount, date, defineEntity, mul, number, price, quantity, sum, text } from '@srm/kernel';

export const benchLine = defineEntity('benchLine', {
  area: 'bench',
  table: 'bench_line',
  key: 'lineId',
  parent: { entity: 'benchOrder', field: 'orderId' },
  fields: {
    lineNum: number({ required: true, min: 1 }),
    itemCode: text({ required: true, max: 30 }),
    quantity: quantity({ required: true, min: 0 }),
    price: price({ required: true, min: 0 }),
    lineAmount: amount({
      readonly: true,
      computed: (row) => mul(String(row.quantity ?? 0), String(row.price ?? 0)).toNumber(),
    }),
    needByDate: date(),
  },
  list: {
    columns: ['lineNum', 'itemCode', 'quantity', 'price', 'lineAmount', 'needByDate'],
    filters: [{ field: 'itemCode', op: 'eq' }, 'needByDate'],
  },
});

export const benchOrder = defineEntity('benchOrder', {
  area: 'bench',
  table: 'bench_order',
  key: 'orderId',
  numbering: { field: 'orderNumber', pattern: 'BO{yyyyMMdd}{######}' },
  fields: {
    orderNumber: text({ readonly: true, max: 30 }),
    title: text({ required: true, max: 100 }),
    totalAmount: amount({
      readonly: true,
      computed: (_row, context) => sum(context.lines.lines ?? [], (l) => l.lineAmount as number).toNumber(),
    }),
  },
  lines: { lines: benchLine },
  list: { columns: ['orderNumber', 'title', 'totalAmount', 'status'] },
  workflow: {
    states: ['DRAFT', 'SUBMITTED'],
    initial: 'DRAFT',
    editableIn: ['DRAFT'],
    actions: { doSubmit: { from: ['DRAFT'], to: 'SUBMITTED' } },
  },
});

export const benchEntities = [benchOrder, benchLine];
