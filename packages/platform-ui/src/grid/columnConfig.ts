// The user's column configuration of a table (§4 "column visibility"): which columns show, in
// which order, how wide and fixed where. Saved per user and table on the server; merged with the
// screen's columns on load so that columns added or removed since the save behave.
import { TABLE_CONFIG_LIMITS, type TableColumnSetting } from '@srm/kernel';
import type { GridColumn, GridRow } from './types';

export type SavedColumn = TableColumnSetting;

export interface TableColumnConfig {
  readonly tableName: string;
  readonly columns: readonly SavedColumn[];
}

/** The file a configuration is exported to and imported from. */
export interface ColumnConfigFile {
  readonly kind: 'srm.tableColumns';
  readonly version: 1;
  readonly tableName: string;
  readonly columns: readonly SavedColumn[];
}

export const COLUMN_WIDTH_LIMITS = {
  min: TABLE_CONFIG_LIMITS.minWidth,
  max: TABLE_CONFIG_LIMITS.maxWidth,
} as const;

/** Top-level columns a user may configure (a column group is configured as one). */
export function configurableColumns<R extends GridRow>(columns: readonly GridColumn<R>[]): GridColumn<R>[] {
  return columns.filter((column) => column.isShow !== false);
}

/** The screen's own defaults: every column in its order, visible unless columnsDisplay is N. */
export function defaultColumnConfig<R extends GridRow>(columns: readonly GridColumn<R>[]): SavedColumn[] {
  return configurableColumns(columns).map((column) => ({
    key: column.key,
    visible: column.columnsDisplay !== 'N',
    ...(column.width ? { width: column.width } : {}),
    ...(column.fixed ? { fixed: column.fixed } : {}),
  }));
}

/**
 * The saved configuration applied over the defaults: saved columns in their saved order with
 * their visibility, width and fixing; saved keys the screen no longer has are dropped; columns
 * the save does not know keep their default and their place after the column they follow.
 */
export function mergeColumnConfig(
  defaults: readonly SavedColumn[],
  saved: readonly SavedColumn[] | null | undefined,
): SavedColumn[] {
  if (!saved?.length) return [...defaults];
  const known = new Map(defaults.map((column) => [column.key, column]));
  const out: SavedColumn[] = [];
  const seen = new Set<string>();
  for (const column of saved) {
    const base = known.get(column.key);
    if (!base || seen.has(column.key)) continue;
    seen.add(column.key);
    out.push({
      key: column.key,
      visible: column.visible,
      ...(validWidth(column.width) ? { width: column.width } : base.width ? { width: base.width } : {}),
      ...(column.fixed !== undefined
        ? column.fixed
          ? { fixed: column.fixed }
          : {}
        : base.fixed
          ? { fixed: base.fixed }
          : {}),
    });
  }
  defaults.forEach((column, index) => {
    if (seen.has(column.key)) return;
    // Place a new column after its default predecessor (or first when it has none).
    const before = defaults
      .slice(0, index)
      .reverse()
      .find((item) => seen.has(item.key));
    const at = before ? out.findIndex((item) => item.key === before.key) + 1 : 0;
    out.splice(at, 0, column);
    seen.add(column.key);
  });
  return out;
}

function validWidth(width: unknown): width is number {
  return (
    typeof width === 'number' &&
    Number.isInteger(width) &&
    width >= COLUMN_WIDTH_LIMITS.min &&
    width <= COLUMN_WIDTH_LIMITS.max
  );
}

/** The columns a grid shows under a configuration: ordered, hidden ones left out, widths applied. */
export function applyColumnConfig<R extends GridRow>(
  columns: readonly GridColumn<R>[],
  config: readonly SavedColumn[],
): GridColumn<R>[] {
  const byKey = new Map(configurableColumns(columns).map((column) => [column.key, column]));
  const out: GridColumn<R>[] = [];
  for (const item of config) {
    const column = byKey.get(item.key);
    if (!column || !item.visible) continue;
    out.push({
      ...column,
      ...(item.width ? { width: item.width } : {}),
      fixed: item.fixed ?? undefined,
    });
  }
  return out;
}

/** Whether a configuration differs from the defaults (a saved one is then worth keeping). */
export function isDefaultConfig(defaults: readonly SavedColumn[], config: readonly SavedColumn[]): boolean {
  return JSON.stringify(defaults) === JSON.stringify(config);
}

export function columnConfigFile(tableName: string, columns: readonly SavedColumn[]): string {
  const file: ColumnConfigFile = { kind: 'srm.tableColumns', version: 1, tableName, columns };
  return JSON.stringify(file, null, 2);
}

export type ParsedConfigFile = { ok: true; columns: SavedColumn[] } | { ok: false; messageKey: string };

/** Reads an exported configuration; a file of another table or a damaged file is refused. */
export function parseColumnConfigFile(text: string, tableName: string): ParsedConfigFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, messageKey: 'ui.grid.columns.badFile' };
  }
  const file = parsed as Partial<ColumnConfigFile> | null;
  if (!file || typeof file !== 'object' || file.kind !== 'srm.tableColumns' || !Array.isArray(file.columns))
    return { ok: false, messageKey: 'ui.grid.columns.badFile' };
  if (file.tableName !== tableName) return { ok: false, messageKey: 'ui.grid.columns.otherTable' };
  const columns: SavedColumn[] = [];
  for (const item of file.columns as unknown[]) {
    const column = item as Partial<SavedColumn> | null;
    if (!column || typeof column.key !== 'string' || typeof column.visible !== 'boolean')
      return { ok: false, messageKey: 'ui.grid.columns.badFile' };
    columns.push({
      key: column.key,
      visible: column.visible,
      ...(validWidth(column.width) ? { width: column.width } : {}),
      ...(column.fixed === 'left' || column.fixed === 'right' ? { fixed: column.fixed } : {}),
    });
  }
  return { ok: true, columns };
}
