// The grid's rules as plain functions (shell-and-toolkit §4, §5, §9): developer errors, the custom
// page size, the 合计 row (sums, means, merged cells), vertical merges, selections across pages,
// virtual scrolling and cell checks. The components only wire them to antd.
import {
  type Decimal,
  MIN_CUSTOM_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  VIRTUAL_SCROLL_COLUMNS,
  VIRTUAL_SCROLL_ROWS,
  dec,
  decimalPlaces,
  formatNumber,
  isNumeric,
  sum,
} from '@srm/kernel';
import type { FooterConfig, GridColumn, GridConfig, GridRow, MergeFooterItem } from './types';

/** Developer errors of §5 and §8, verbatim: they name a mistake in a screen's grid config. */
export const GRID_ERRORS = {
  noApi: '请配置API属性',
  noAttachmentConfig: 'Table column is not setting attachmentConfig',
  noLinkMethod: 'link method not configured',
  noClickFunction: 'Not declare Button click function',
} as const;

export interface GridConfigError {
  /** The column at fault, when one is. */
  readonly column?: string;
  readonly message: string;
}

/** Leaf columns in display order (a `colGroup` stands for its children). */
export function leafColumns<R extends GridRow>(columns: readonly GridColumn<R>[]): GridColumn<R>[] {
  return columns.flatMap((column) => (column.children?.length ? leafColumns(column.children) : [column]));
}

export function cellTypeOf<R extends GridRow>(column: GridColumn<R>): string {
  if (column.children?.length) return 'colGroup';
  return column.cellType ?? (column.type ? 'type' : 'text');
}

/** What is wrong in a grid's config: a grid needs rows (an api or local data), columns their handlers. */
export function configErrors<R extends GridRow>(
  config: Pick<GridConfig<R>, 'api' | 'columns'>,
  hasData: boolean,
): GridConfigError[] {
  const errors: GridConfigError[] = [];
  if (!config.api && !hasData) errors.push({ message: GRID_ERRORS.noApi });
  for (const column of leafColumns(config.columns)) {
    const types = new Set([column.cellType, column.editType]);
    if (types.has('upload') && !column.attachmentConfig)
      errors.push({ column: column.key, message: GRID_ERRORS.noAttachmentConfig });
    if (types.has('linkTag') && !column.onClick)
      errors.push({ column: column.key, message: GRID_ERRORS.noLinkMethod });
    if (types.has('button') && !column.onClick)
      errors.push({ column: column.key, message: GRID_ERRORS.noClickFunction });
    if ((types.has('editlookup') || types.has('modal')) && !column.onLookup)
      errors.push({ column: column.key, message: GRID_ERRORS.noClickFunction });
    if (types.has('tableOperate') || types.has('buttons')) {
      if (column.buttons?.some((button) => !button.onClick))
        errors.push({ column: column.key, message: GRID_ERRORS.noClickFunction });
    }
  }
  return errors;
}

export type CustomPageSize = { ok: true; size: number } | { ok: false; messageKey: string };

/**
 * A page size the user typed: below 0 is refused (自定义页码不能小于0！); the control's minimum
 * is 10, so 0–9 become 10; `max` caps what the service answers.
 */
export function customPageSize(input: number | string | null | undefined, max?: number): CustomPageSize {
  const value = typeof input === 'string' ? Number(input.trim()) : input;
  if (value === null || value === undefined || (typeof input === 'string' && input.trim() === ''))
    return { ok: false, messageKey: 'ui.grid.customPageSizeEmpty' };
  if (!Number.isFinite(value)) return { ok: false, messageKey: 'ui.grid.customPageSizeEmpty' };
  if (value < 0) return { ok: false, messageKey: 'ui.grid.customPageSizeNegative' };
  const size = Math.max(MIN_CUSTOM_PAGE_SIZE, Math.floor(value));
  return { ok: true, size: max ? Math.min(size, max) : size };
}

/** The size options: the spec's, plus a custom size in its place. */
export function pageSizeOptions(current: number): number[] {
  const options: number[] = [...PAGE_SIZE_OPTIONS];
  if (!options.includes(current)) options.push(current);
  return options.sort((a, b) => a - b);
}

/** Virtual scrolling above 100 rows or 10 columns (§9). */
export function shouldVirtualize(rowCount: number, columnCount: number): boolean {
  return rowCount > VIRTUAL_SCROLL_ROWS || columnCount > VIRTUAL_SCROLL_COLUMNS;
}

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

/** Decimal places a column shows: its precision, its field's, else the most the values carry. */
export function precisionOf<R extends GridRow>(column: GridColumn<R>, rows: readonly R[]): number {
  if (column.precision !== undefined) return column.precision;
  if (column.field && isNumeric(column.field)) return column.field.precision;
  if (column.cellType === 'amount') return 2;
  let places = 0;
  for (const row of rows) {
    const value = row[column.key];
    if (
      typeof value === 'number' ||
      (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)))
    )
      places = Math.max(places, decimalPlaces(value));
  }
  return places;
}

function thousandsOf<R extends GridRow>(column: GridColumn<R>): boolean {
  if (column.showThousandSeparator !== undefined) return column.showThousandSeparator;
  if (column.field && isNumeric(column.field))
    return column.field.thousands ?? column.field.kind === 'amount';
  return column.cellType === 'amount' || column.cellType === 'price';
}

/** A number as the column shows it: its precision and thousands separators. */
export function formatCellNumber<R extends GridRow>(
  column: GridColumn<R>,
  value: unknown,
  precision?: number,
): string {
  if (isBlank(value)) return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  return formatNumber(value as number, precision ?? precisionOf(column, []), thousandsOf(column));
}

/** Fields summed in the footer: the config's summaryFields, else the columns marked isSummary. */
export function summaryFields<R extends GridRow>(
  columns: readonly GridColumn<R>[],
  footer?: FooterConfig,
): string[] {
  const listed =
    footer?.summaryFields ??
    leafColumns(columns)
      .filter((c) => c.isSummary)
      .map((c) => c.key);
  return [...new Set([...listed, ...(footer?.meanNumFields ?? [])])];
}

/** One footer column's running figures. */
interface ColumnTotal {
  readonly total: Decimal;
  /** Rows with a value (for a mean). */
  readonly count: number;
  /** Rows by decimal places written, when the column's precision comes from its values. */
  readonly places: readonly number[] | null;
}

/**
 * The footer's figures with the rows they were taken from, so the next rows can be summed from
 * them: a keystroke in one cell of 10,000 lines changes one row, and the footer then subtracts
 * that row's old value and adds its new one instead of summing every line again.
 */
export interface FooterTotals<R extends GridRow> {
  readonly rows: readonly R[];
  readonly columns: readonly GridColumn<R>[];
  readonly footerKey: string;
  readonly totals: ReadonlyMap<string, ColumnTotal>;
  /** The footer's values by column key, formatted. */
  readonly values: Record<string, string>;
}

function numericValue(value: unknown): number | string | null {
  return typeof value === 'number' ||
    (typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value)))
    ? value
    : null;
}

/**
 * The footer's values for `rows`, taken from `previous` when only some rows changed (the same
 * columns and config, the same number of rows, the unchanged rows the same objects): exact
 * decimal sums, means of the non-empty values, precision from the column or from its values.
 */
export function footerTotals<R extends GridRow>(
  previous: FooterTotals<R> | null,
  columns: readonly GridColumn<R>[],
  rows: readonly R[],
  footer?: FooterConfig,
): FooterTotals<R> {
  const footerKey = JSON.stringify(footer ?? null);
  const leaves = leafColumns(columns);
  const keys = summaryFields(columns, footer);
  const columnOf = (key: string) =>
    leaves.find((item) => item.key === key) ?? ({ key, title: key } as GridColumn<R>);
  const readerOf = (column: GridColumn<R>) => (row: R) =>
    numericValue(column.compute ? column.compute(row) : row[column.key]);
  // The precision comes from the values only when neither the column nor its field gives one.
  const placesFromValues = (column: GridColumn<R>) =>
    column.precision === undefined &&
    !(column.field && isNumeric(column.field)) &&
    column.cellType !== 'amount';

  let changed: number[] | null = null;
  if (
    previous &&
    previous.columns === columns &&
    previous.footerKey === footerKey &&
    previous.rows.length === rows.length
  ) {
    if (previous.rows === rows) return previous;
    changed = [];
    // Beyond an eighth of the rows, summing them all again is no slower.
    const limit = Math.max(16, rows.length >> 3);
    for (let index = 0; index < rows.length && changed; index++) {
      if (rows[index] !== previous.rows[index]) {
        changed.push(index);
        if (changed.length > limit) changed = null;
      }
    }
    if (changed?.length === 0) return { ...previous, rows };
  }

  const totals = new Map<string, ColumnTotal>();
  for (const key of keys) {
    const column = columnOf(key);
    const read = readerOf(column);
    const withPlaces = placesFromValues(column);
    const before = changed ? previous!.totals.get(key) : undefined;
    if (changed && before) {
      let total = before.total;
      let count = before.count;
      const places = before.places ? [...before.places] : null;
      for (const index of changed) {
        const old = read(previous!.rows[index]!);
        const next = read(rows[index]!);
        if (old !== null) {
          total = total.minus(old);
          count--;
        }
        if (next !== null) {
          total = total.plus(next);
          count++;
        }
        if (places) {
          const oldRaw = numericValue(previous!.rows[index]![column.key]);
          const newRaw = numericValue(rows[index]![column.key]);
          if (oldRaw !== null) places[decimalPlaces(oldRaw)]!--;
          if (newRaw !== null) places[decimalPlaces(newRaw)] = (places[decimalPlaces(newRaw)] ?? 0) + 1;
        }
      }
      totals.set(key, { total, count, places });
      continue;
    }
    let count = 0;
    const total = sum(rows, (row) => {
      const value = read(row);
      if (value !== null) count++;
      return value;
    });
    let places: number[] | null = null;
    if (withPlaces) {
      places = [];
      for (const row of rows) {
        const raw = numericValue(row[column.key]);
        if (raw !== null) places[decimalPlaces(raw)] = (places[decimalPlaces(raw)] ?? 0) + 1;
      }
    }
    totals.set(key, { total, count, places });
  }

  const means = new Set(footer?.meanNumFields ?? []);
  const values: Record<string, string> = {};
  for (const key of keys) {
    const column = columnOf(key);
    const { total, count, places } = totals.get(key)!;
    let precision = precisionOf(column, []);
    if (places) {
      precision = 0;
      places.forEach((rowsWith, at) => {
        if (rowsWith > 0) precision = at;
      });
    }
    values[key] = means.has(key)
      ? count
        ? formatCellNumber(column, total.dividedBy(count).toString(), precision)
        : ''
      : formatCellNumber(column, total.toString(), precision);
  }
  return { rows, columns, footerKey, totals, values };
}

/**
 * The footer's values by column key, formatted: the sum of the rows (exact decimals) for the
 * summary fields, the mean of the non-empty values for the mean fields.
 */
export function footerValues<R extends GridRow>(
  columns: readonly GridColumn<R>[],
  rows: readonly R[],
  footer?: FooterConfig,
): Record<string, string> {
  return footerTotals(null, columns, rows, footer).values;
}

export interface FooterCell {
  readonly colSpan: number;
  readonly rowSpan: number;
  /** Covered by a merged cell: not rendered. */
  readonly hidden: boolean;
}

/** The cells of a footer row after its merges (vxe's mergeFooterItems: row, col, rowspan, colspan). */
export function footerCells(count: number, merges: readonly MergeFooterItem[] = [], row = 0): FooterCell[] {
  const cells: FooterCell[] = Array.from({ length: count }, () => ({
    colSpan: 1,
    rowSpan: 1,
    hidden: false,
  }));
  for (const merge of merges) {
    if ((merge.row ?? 0) !== row || merge.col < 0 || merge.col >= count) continue;
    const span = Math.max(1, Math.min(merge.colspan, count - merge.col));
    if (cells[merge.col]!.hidden) continue;
    cells[merge.col] = { colSpan: span, rowSpan: Math.max(1, merge.rowspan ?? 1), hidden: false };
    for (let index = merge.col + 1; index < merge.col + span; index += 1)
      cells[index] = { colSpan: 0, rowSpan: 1, hidden: true };
  }
  return cells;
}

/**
 * Vertical merges of rowSpanFields: the first row of a run of equal values spans the run, the
 * others are hidden (0). A field only merges inside the runs of the fields listed before it.
 */
export function rowSpans<R extends GridRow>(
  rows: readonly R[],
  fields: readonly string[],
): Record<string, number[]> {
  const spans: Record<string, number[]> = {};
  const runOf = (index: number, upTo: number) =>
    JSON.stringify(fields.slice(0, upTo + 1).map((field) => rows[index]?.[field] ?? null));
  fields.forEach((field, position) => {
    const list = new Array<number>(rows.length).fill(1);
    let start = 0;
    for (let index = 1; index <= rows.length; index += 1) {
      if (index < rows.length && runOf(index, position) === runOf(start, position)) {
        list[index] = 0;
        continue;
      }
      list[start] = index - start;
      start = index;
    }
    spans[field] = list;
  });
  return spans;
}

/** A row's identity across pages: the values of the key fields. */
export function selectionKey(row: GridRow, keyFields: readonly string[]): string {
  return keyFields.length === 1
    ? String(row[keyFields[0]!])
    : JSON.stringify(keyFields.map((field) => row[field] ?? null));
}

/**
 * Selections remembered across pages (§4): the rows chosen on the current page replace that
 * page's part of the selection; rows of other pages stay.
 */
export function mergePageSelection<R extends GridRow>(
  selected: ReadonlyMap<string, R>,
  pageRows: readonly R[],
  chosenOnPage: readonly R[],
  keyFields: readonly string[],
): Map<string, R> {
  const next = new Map(selected);
  for (const row of pageRows) next.delete(selectionKey(row, keyFields));
  for (const row of chosenOnPage) next.set(selectionKey(row, keyFields), row);
  return next;
}

/** Local sort: numbers by value, the rest by their text in the user's language. */
export function sortRows<R extends GridRow>(
  rows: readonly R[],
  key: string,
  order: 'asc' | 'desc',
  locale = 'zh-CN',
): R[] {
  const factor = order === 'desc' ? -1 : 1;
  const collator = new Intl.Collator(locale, { numeric: true });
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (isBlank(x) && isBlank(y)) return 0;
    if (isBlank(x)) return 1;
    if (isBlank(y)) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * factor;
    const nx = Number(x);
    const ny = Number(y);
    if (
      typeof x !== 'boolean' &&
      !isNaN(nx) &&
      !isNaN(ny) &&
      String(x).trim() !== '' &&
      String(y).trim() !== ''
    )
      return dec(nx).comparedTo(ny) * factor;
    return collator.compare(String(x), String(y)) * factor;
  });
}

export interface CellIssue {
  readonly index: number;
  readonly key: string;
  /** Message key (validation.*) with its params, or a text from a column's validator. */
  readonly message: string;
  readonly params?: Record<string, string | number>;
}

/** Checks the editable cells of rows: required, min, max, precision and the columns' validators. */
export function checkRows<R extends GridRow>(
  columns: readonly GridColumn<R>[],
  rows: readonly R[],
): CellIssue[] {
  const issues: CellIssue[] = [];
  const leaves = leafColumns(columns);
  rows.forEach((row, index) => {
    for (const column of leaves) {
      const value = row[column.key];
      if (column.validate?.required && isBlank(value)) {
        issues.push({ index, key: column.key, message: 'validation.required' });
        continue;
      }
      const type = column.editType ?? column.cellType;
      if (!isBlank(value) && (type === 'number' || type === 'price' || type === 'amount')) {
        const number = Number(value);
        if (!Number.isFinite(number)) {
          issues.push({ index, key: column.key, message: 'validation.quantity' });
          continue;
        }
        if (column.min !== undefined && number < column.min) {
          issues.push({ index, key: column.key, message: 'validation.min', params: { min: column.min } });
          continue;
        }
        if (column.max !== undefined && number > column.max) {
          issues.push({ index, key: column.key, message: 'validation.max', params: { max: column.max } });
          continue;
        }
        if (column.precision !== undefined && decimalPlaces(number) > column.precision) {
          issues.push({
            index,
            key: column.key,
            message: 'validation.precision',
            params: { precision: column.precision },
          });
          continue;
        }
      }
      const own = column.validate?.validator?.(value, row);
      if (own) issues.push({ index, key: column.key, message: own });
    }
  });
  return issues;
}

/** A number typed into a number cell, kept inside min and max and at the column's precision. */
export function clampNumber(
  value: number | null,
  options: { min?: number; max?: number; precision?: number },
): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  let next = value;
  if (options.min !== undefined && next < options.min) next = options.min;
  if (options.max !== undefined && next > options.max) next = options.max;
  if (options.precision !== undefined) next = dec(next).toDecimalPlaces(options.precision).toNumber();
  return next;
}
