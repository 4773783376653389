import { describe, expect, it } from 'vitest';
import { amount, checkbox, defineEntity, mul, number, price, quantity, ref, sum, text } from '@srm/kernel';
import { computedChanges, hasComputedFields, picksHeaderValue, touchedLines } from './liveCompute';

const line = defineEntity('uiLiveLine', {
  area: 'test',
  key: 'lineId',
  parent: { entity: 'uiLive', field: 'liveId' },
  fields: {
    liveId: ref('uiLive', { readonly: true }),
    quantity: quantity({ required: true, min: 0 }),
    price: price({ required: true, min: 0 }),
    taxRate: number({ precision: 2, min: 0, max: 100, default: 13 }),
    amount: amount({
      readonly: true,
      computed: (row) => mul(String(row.quantity ?? 0), String(row.price ?? 0)).toNumber(),
    }),
    // Uses the amount computed before it, as the server does.
    taxAmount: amount({
      readonly: true,
      computed: (row) =>
        mul(String(row.amount ?? 0), String(row.taxRate ?? 0))
          .div(100)
          .toDecimalPlaces(2)
          .toNumber(),
    }),
  },
  list: { columns: ['quantity', 'price', 'amount', 'taxAmount'] },
});

const header = defineEntity('uiLive', {
  area: 'test',
  key: 'liveId',
  fields: {
    title: text({ max: 30 }),
    roundFlag: checkbox(),
    total: amount({
      readonly: true,
      computed: (_row, context) =>
        sum(context.lines.lines ?? [], (row) => (row.amount as number | null) ?? 0).toNumber(),
    }),
  },
  lines: { lines: line },
  list: { columns: ['title', 'total'] },
});

const plain = defineEntity('uiPlain', {
  area: 'test',
  key: 'plainId',
  fields: { title: text({ max: 30 }) },
  list: { columns: ['title'] },
});

describe('computed fields following an edit', () => {
  it('computes a changed line in declaration order and reports only what changed', () => {
    const row = { quantity: 3, price: 1.25, taxRate: 13, amount: 3.75, taxAmount: 0.49 };
    expect(computedChanges(line, row, { lines: {} })).toEqual({});
    expect(computedChanges(line, { ...row, quantity: 4 }, { lines: {} })).toEqual({
      amount: 5,
      taxAmount: 0.65,
    });
    expect(computedChanges(line, { ...row, taxRate: 0 }, { lines: {} })).toEqual({ taxAmount: 0 });
  });

  it('stores null where the field refuses the computed value, as the server does', () => {
    // 3 × 1.235 has three decimals; an amount keeps two.
    expect(
      computedChanges(line, { quantity: 3, price: 1.235, taxRate: 13, amount: 3.7 }, { lines: {} }),
    ).toEqual({
      amount: null,
      taxAmount: 0,
    });
  });

  it('leaves a half-typed line alone when its computation fails', () => {
    const failing = defineEntity('uiFailing', {
      area: 'test',
      key: 'failingId',
      fields: {
        code: text({ max: 10 }),
        length: number({
          readonly: true,
          computed: (row) => (row.code as string).length,
        }),
      },
      list: { columns: ['code'] },
    });
    expect(computedChanges(failing, { code: null, length: 3 }, { lines: {} })).toEqual({});
    expect(computedChanges(failing, { code: 'AB', length: 3 }, { lines: {} })).toEqual({ length: 2 });
  });

  it("computes the header's totals over its lines", () => {
    const lines = [{ amount: 10.5 }, { amount: 0.25 }];
    expect(computedChanges(header, { title: 'x', total: 10.5 }, { lines: { lines } })).toEqual({
      total: 10.75,
    });
    expect(hasComputedFields(header)).toBe(true);
    expect(hasComputedFields(plain)).toBe(false);
  });

  it('finds the lines a form delta touched (a sparse array holds the changed line only)', () => {
    const delta: unknown[] = [];
    delta[7] = { quantity: 5 };
    expect(touchedLines(header, { lines: delta })).toEqual([['lines', [7]]]);
    expect(touchedLines(header, { title: 'y' })).toEqual([]);
  });

  it('has every line follow a picked header value, not typed header text', () => {
    expect(picksHeaderValue(header, { roundFlag: 'Y' })).toBe(true);
    expect(picksHeaderValue(header, { title: 'y' })).toBe(false);
    expect(picksHeaderValue(header, { lines: [] })).toBe(false);
  });
});
