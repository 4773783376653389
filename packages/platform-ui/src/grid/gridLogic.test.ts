// The grid's rules as the spec states them: row numbers, the custom page size, the 合计 row with
// sums, means and merged cells, vertical merges, selections across pages, virtual scrolling,
// developer errors and cell checks.
import { describe, expect, it } from 'vitest';
import { rowNumber } from '@srm/kernel';
import {
  GRID_ERRORS,
  checkRows,
  clampNumber,
  configErrors,
  customPageSize,
  footerCells,
  footerTotals,
  footerValues,
  leafColumns,
  mergePageSelection,
  pageSizeOptions,
  rowSpans,
  selectionKey,
  shouldVirtualize,
  sortRows,
} from './gridLogic';
import { titleWidth } from './titleWidth';
import type { GridColumn, GridRow } from './types';

describe('row numbers', () => {
  it('are (page-1)*size + index + 1', () => {
    expect(rowNumber(1, 20, 0)).toBe(1);
    expect(rowNumber(3, 50, 4)).toBe(105);
    expect(rowNumber(2, 200, 199)).toBe(400);
  });
});

describe('the custom page size', () => {
  it('refuses a value below 0 with the spec’s text key', () => {
    expect(customPageSize(-1)).toEqual({ ok: false, messageKey: 'ui.grid.customPageSizeNegative' });
    expect(customPageSize('-20')).toEqual({ ok: false, messageKey: 'ui.grid.customPageSizeNegative' });
  });
  it('has a minimum of 10', () => {
    expect(customPageSize(0)).toEqual({ ok: true, size: 10 });
    expect(customPageSize(9)).toEqual({ ok: true, size: 10 });
    expect(customPageSize(35.7)).toEqual({ ok: true, size: 35 });
  });
  it('is capped by what the service answers, and needs a number', () => {
    expect(customPageSize(1000, 500)).toEqual({ ok: true, size: 500 });
    expect(customPageSize(1000)).toEqual({ ok: true, size: 1000 });
    expect(customPageSize(null).ok).toBe(false);
    expect(customPageSize('abc').ok).toBe(false);
  });
  it('joins the spec’s options 20, 50, 100, 200, 500', () => {
    expect(pageSizeOptions(200)).toEqual([20, 50, 100, 200, 500]);
    expect(pageSizeOptions(35)).toEqual([20, 35, 50, 100, 200, 500]);
  });
});

const money: GridColumn = { key: 'amount', title: '金额', cellType: 'amount', precision: 2, isSummary: true };
const qty: GridColumn = { key: 'qty', title: '数量', cellType: 'number', precision: 3 };
const price: GridColumn = { key: 'price', title: '单价', cellType: 'price', precision: 4 };

describe('the 合计 row', () => {
  const rows = [
    { amount: 1234.5, qty: 1.1, price: 10 },
    { amount: 0.1, qty: 2.2, price: 20 },
    { amount: 0.2, qty: null, price: 33.3333 },
  ];
  it('sums exactly, at the column’s precision, with thousands separators for amounts', () => {
    expect(footerValues([money, qty], rows, { summaryFields: ['amount', 'qty'] })).toEqual({
      amount: '1,234.80',
      qty: '3.300',
    });
  });
  it('takes the columns marked isSummary when no summary fields are given', () => {
    expect(footerValues([money, qty], rows)).toEqual({ amount: '1,234.80' });
  });
  it('shows the mean of the non-empty values for the mean fields', () => {
    expect(
      footerValues([money, qty, price], rows, { summaryFields: ['amount'], meanNumFields: ['qty', 'price'] }),
    ).toEqual({
      amount: '1,234.80',
      qty: '1.650',
      price: '21.1111',
    });
  });
  it('is empty for a mean of nothing', () => {
    expect(footerValues([qty], [{ qty: null }], { meanNumFields: ['qty'] })).toEqual({ qty: '' });
  });
  it('follows an edit from the last totals, reading only the rows that changed', () => {
    const free: GridColumn = { key: 'free', title: '自由', cellType: 'number' };
    const config = { summaryFields: ['amount', 'free'], meanNumFields: ['qty'] };
    const columns = [money, qty, free];
    let rows = Array.from({ length: 10_000 }, (_, index) => ({
      amount: (index % 97) / 10 + 0.01,
      qty: index % 5 ? (index % 13) + 0.125 : null,
      free: index % 7 === 0 ? '1.5' : index,
    }));
    let totals = footerTotals(null, columns, rows, config);
    expect(totals.values).toEqual(footerValues(columns, rows, config));
    // Count the rows read: an edit must not read the other 9,999.
    let reads = 0;
    const counted = columns.map((column) => ({
      ...column,
      compute: (row: Record<string, unknown>) => {
        reads++;
        return row[column.key];
      },
    }));
    totals = footerTotals(null, counted, rows, config);
    const edits: [number, Record<string, unknown>][] = [
      [17, { amount: 0.1, qty: 3.3333, free: 2.25 }],
      [9_999, { amount: -4.07, qty: null, free: '' }],
      [0, { amount: 1e6, qty: 0.5, free: 7 }],
      // The only value with 3 places changes back to fewer: the free column's precision drops.
      [17, { amount: 0.2, qty: 1, free: 2 }],
    ];
    for (const [index, values] of edits) {
      rows = rows.map((row, at) => (at === index ? { ...row, ...values } : row));
      reads = 0;
      totals = footerTotals(totals, counted, rows, config);
      expect(reads).toBeLessThanOrEqual(2 * counted.length);
      expect(totals.values).toEqual(footerValues(columns, rows, config));
    }
    expect(totals.values.free).toMatch(/^\d+\.\d$/);
    // Lines added or removed, or many changed at once: summed again in full.
    const fewer = rows.slice(1);
    expect(footerTotals(totals, counted, fewer, config).values).toEqual(footerValues(columns, fewer, config));
    const doubled = rows.map((row) => ({ ...row, amount: row.amount * 2 }));
    expect(footerTotals(totals, counted, doubled, config).values).toEqual(
      footerValues(columns, doubled, config),
    );
  });
  it('merges footer cells: the merged cell spans, the covered ones are not drawn', () => {
    const cells = footerCells(6, [{ row: 0, col: 1, rowspan: 1, colspan: 3 }]);
    expect(cells.map((cell) => (cell.hidden ? '-' : cell.colSpan))).toEqual([1, 3, '-', '-', 1, 1]);
    expect(footerCells(3, [{ col: 2, colspan: 5 }]).map((cell) => cell.colSpan)).toEqual([1, 1, 1]);
    expect(footerCells(3, [{ row: 1, col: 0, colspan: 2 }]).every((cell) => cell.colSpan === 1)).toBe(true);
  });
});

describe('vertical merges of rowSpanFields', () => {
  it('span runs of equal values, nested in the runs of the fields before', () => {
    const rows = [
      { order: 'A', line: 1 },
      { order: 'A', line: 1 },
      { order: 'A', line: 2 },
      { order: 'B', line: 2 },
    ];
    expect(rowSpans(rows, ['order', 'line'])).toEqual({ order: [3, 0, 0, 1], line: [2, 0, 1, 1] });
  });
});

describe('selections across pages', () => {
  const page1 = [{ id: 1 }, { id: 2 }, { id: 3 }];
  const page2 = [{ id: 4 }, { id: 5 }];
  it('remember rows of other pages by their key fields', () => {
    let selected = mergePageSelection(new Map(), page1, [page1[0]!, page1[2]!], ['id']);
    selected = mergePageSelection(selected, page2, [page2[1]!], ['id']);
    expect([...selected.keys()]).toEqual(['1', '3', '5']);
    // Unticking on page 1 keeps page 2's row.
    selected = mergePageSelection(selected, page1, [page1[0]!], ['id']);
    expect([...selected.keys()].sort()).toEqual(['1', '5']);
  });
  it('identify a row by several key fields', () => {
    expect(selectionKey({ a: 1, b: 'x', c: 9 }, ['a', 'b'])).toBe('[1,"x"]');
  });
});

describe('virtual scrolling', () => {
  it('starts above 100 rows or 10 columns', () => {
    expect(shouldVirtualize(100, 10)).toBe(false);
    expect(shouldVirtualize(101, 3)).toBe(true);
    expect(shouldVirtualize(5, 11)).toBe(true);
  });
});

describe('developer errors', () => {
  const ok: GridColumn = { key: 'a', title: 'A' };
  it('name a grid without api or rows: 请配置API属性', () => {
    expect(configErrors({ columns: [ok] }, false)).toEqual([{ message: '请配置API属性' }]);
    expect(configErrors({ columns: [ok], api: '/api/x' }, false)).toEqual([]);
    expect(configErrors({ columns: [ok] }, true)).toEqual([]);
  });
  it('name the column missing its handler or attachment config, with the spec’s texts', () => {
    const columns: GridColumn[] = [
      { key: 'file', title: '附件', cellType: 'upload' },
      { key: 'no', title: '单号', cellType: 'linkTag' },
      { key: 'go', title: '按钮', cellType: 'button' },
      { key: 'item', title: '物料', cellType: 'editlookup' },
      { key: 'pick', title: '选择', cellType: 'modal' },
      { key: 'ops', title: '操作', cellType: 'tableOperate', buttons: [{ key: 'x', label: 'x' }] },
    ];
    expect(configErrors({ columns, api: '/x' }, false)).toEqual([
      { column: 'file', message: 'Table column is not setting attachmentConfig' },
      { column: 'no', message: 'link method not configured' },
      { column: 'go', message: 'Not declare Button click function' },
      { column: 'item', message: 'Not declare Button click function' },
      { column: 'pick', message: 'Not declare Button click function' },
      { column: 'ops', message: 'Not declare Button click function' },
    ]);
    expect(GRID_ERRORS.noApi).toBe('请配置API属性');
  });
  it('look inside column groups', () => {
    const group: GridColumn = {
      key: 'g',
      title: 'G',
      cellType: 'colGroup',
      children: [{ key: 'l', title: 'L', cellType: 'linkTag' }],
    };
    expect(leafColumns([group]).map((column) => column.key)).toEqual(['l']);
    expect(configErrors({ columns: [group], api: '/x' }, false)).toEqual([
      { column: 'l', message: 'link method not configured' },
    ]);
  });
});

describe('cell checks', () => {
  const columns: GridColumn[] = [
    { key: 'code', title: '编码', validate: { required: true } },
    { key: 'qty', title: '数量', cellType: 'number', min: 1, max: 100, precision: 2 },
    {
      key: 'mail',
      title: '邮箱',
      validate: { validator: (value) => (value && !String(value).includes('@') ? '邮箱格式错误' : null) },
    },
  ];
  it('find required, min, max, precision and own checks per row and column', () => {
    const rows: GridRow[] = [
      { code: '', qty: 5, mail: 'a@b.cn' },
      { code: 'A', qty: 0, mail: 'x' },
      { code: 'B', qty: 101 },
      { code: 'C', qty: 1.234 },
    ];
    expect(checkRows(columns, rows)).toEqual([
      { index: 0, key: 'code', message: 'validation.required' },
      { index: 1, key: 'qty', message: 'validation.min', params: { min: 1 } },
      { index: 1, key: 'mail', message: '邮箱格式错误' },
      { index: 2, key: 'qty', message: 'validation.max', params: { max: 100 } },
      { index: 3, key: 'qty', message: 'validation.precision', params: { precision: 2 } },
    ]);
  });
  it('keep typed numbers within min, max and precision', () => {
    expect(clampNumber(150, { min: 0, max: 100 })).toBe(100);
    expect(clampNumber(-3, { min: 0 })).toBe(0);
    expect(clampNumber(1.005, { precision: 2 })).toBe(1.01);
    expect(clampNumber(null, {})).toBeNull();
  });
});

describe('local sorting', () => {
  it('orders numbers by value and text in the user’s language, blanks last', () => {
    const rows = [{ v: 10 }, { v: 9 }, { v: null }, { v: 100 }];
    expect(sortRows(rows, 'v', 'asc').map((row) => row.v)).toEqual([9, 10, 100, null]);
    expect(sortRows(rows, 'v', 'desc').map((row) => row.v)).toEqual([100, 10, 9, null]);
    expect(sortRows([{ v: 'b2' }, { v: 'b10' }, { v: 'a' }], 'v', 'asc').map((row) => row.v)).toEqual([
      'a',
      'b2',
      'b10',
    ]);
  });
});

describe('header widths', () => {
  it('leave room for the title, its sorter and its star', () => {
    expect(titleWidth('物料编码')).toBe(4 * 14 + 18);
    expect(titleWidth('Material code', { sortable: true, required: true })).toBe(
      Math.ceil(13 * 7.5 + 18 + 22 + 12),
    );
  });
});
