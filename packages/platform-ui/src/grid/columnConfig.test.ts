// The user's column configuration over the screen's columns: saved order, visibility and widths
// win; columns added since the save keep their default place; removed ones are dropped; a file
// of another table or a damaged file is refused.
import { describe, expect, it } from 'vitest';
import {
  applyColumnConfig,
  columnConfigFile,
  defaultColumnConfig,
  mergeColumnConfig,
  parseColumnConfigFile,
} from './columnConfig';
import type { GridColumn } from './types';

const columns: GridColumn[] = [
  { key: 'code', title: '编码', width: 120 },
  { key: 'name', title: '名称' },
  { key: 'note', title: '备注', columnsDisplay: 'N' },
  { key: 'secret', title: '内部', isShow: false },
  { key: 'amount', title: '金额', fixed: 'right' },
];

describe('column configuration', () => {
  it('defaults to the screen’s columns, hidden where columnsDisplay is N, never the isShow:false ones', () => {
    expect(defaultColumnConfig(columns)).toEqual([
      { key: 'code', visible: true, width: 120 },
      { key: 'name', visible: true },
      { key: 'note', visible: false },
      { key: 'amount', visible: true, fixed: 'right' },
    ]);
  });

  it('applies the saved order, visibility, widths and fixing', () => {
    const defaults = defaultColumnConfig(columns);
    const merged = mergeColumnConfig(defaults, [
      { key: 'amount', visible: true, width: 200, fixed: null },
      { key: 'note', visible: true },
      { key: 'code', visible: false },
      { key: 'name', visible: true },
    ]);
    expect(merged).toEqual([
      { key: 'amount', visible: true, width: 200 },
      { key: 'note', visible: true },
      { key: 'code', visible: false, width: 120 },
      { key: 'name', visible: true },
    ]);
    const shown = applyColumnConfig(columns, merged);
    expect(shown.map((column) => [column.key, column.width, column.fixed])).toEqual([
      ['amount', 200, undefined],
      ['note', undefined, undefined],
      ['name', undefined, undefined],
    ]);
  });

  it('keeps columns added since the save after their predecessor, and drops unknown saved keys', () => {
    const defaults = defaultColumnConfig(columns);
    const merged = mergeColumnConfig(defaults, [
      { key: 'gone', visible: true },
      { key: 'code', visible: true },
      { key: 'amount', visible: false },
    ]);
    expect(merged.map((column) => column.key)).toEqual(['code', 'name', 'note', 'amount']);
    expect(merged.find((column) => column.key === 'amount')?.visible).toBe(false);
    expect(merged.find((column) => column.key === 'note')?.visible).toBe(false);
  });

  it('uses the defaults without a saved configuration', () => {
    const defaults = defaultColumnConfig(columns);
    expect(mergeColumnConfig(defaults, null)).toEqual(defaults);
    expect(mergeColumnConfig(defaults, [])).toEqual(defaults);
  });

  it('round-trips through its file and refuses a file of another table or a damaged one', () => {
    const saved = [
      { key: 'name', visible: true, width: 300 },
      { key: 'code', visible: false },
    ];
    const text = columnConfigFile('entity:srmBaseDistrict', saved);
    expect(parseColumnConfigFile(text, 'entity:srmBaseDistrict')).toEqual({ ok: true, columns: saved });
    expect(parseColumnConfigFile(text, 'entity:other')).toEqual({
      ok: false,
      messageKey: 'ui.grid.columns.otherTable',
    });
    expect(parseColumnConfigFile('{nope', 'x')).toEqual({ ok: false, messageKey: 'ui.grid.columns.badFile' });
    expect(
      parseColumnConfigFile('{"kind":"srm.tableColumns","tableName":"x","columns":[{"key":1}]}', 'x').ok,
    ).toBe(false);
  });
});
