// The user's column configuration of a table (catalogue §7.2 "table configuration: create or
// update, get, delete"): its endpoints, limits and the one check both sides use.

export const TABLE_CONFIG_PREFIX = '/api/base/v1/baseUserTableConfigRestful';
export const TABLE_CONFIG_PATHS = {
  saveOrUpdate: `${TABLE_CONFIG_PREFIX}/saveOrUpdate`,
  get: `${TABLE_CONFIG_PREFIX}/findByTableName`,
  delete: `${TABLE_CONFIG_PREFIX}/delete`,
} as const;

export const TABLE_CONFIG_LIMITS = {
  tableName: 200,
  columns: 300,
  key: 100,
  minWidth: 40,
  maxWidth: 2000,
} as const;

export interface TableColumnSetting {
  readonly key: string;
  readonly visible: boolean;
  readonly width?: number;
  readonly fixed?: 'left' | 'right' | null;
}

export type TableConfigCheck<T> =
  { ok: true; value: T } | { ok: false; messageKey: string; params?: Record<string, number | string> };

const NAME = /^[A-Za-z0-9_.:/-]+$/;

/** A table name: 1–200 of letters, digits and `_ . : / -`. */
export function checkTableName(value: unknown): TableConfigCheck<string> {
  if (typeof value !== 'string' || !value.trim())
    return { ok: false, messageKey: 'tableConfig.nameRequired' };
  const name = value.trim();
  if (name.length > TABLE_CONFIG_LIMITS.tableName || !NAME.test(name))
    return { ok: false, messageKey: 'tableConfig.badName', params: { max: TABLE_CONFIG_LIMITS.tableName } };
  return { ok: true, value: name };
}

/** The column list of a configuration: keys unique, widths whole pixels within the limits. */
export function checkColumnSettings(value: unknown): TableConfigCheck<TableColumnSetting[]> {
  if (!Array.isArray(value) || !value.length) return { ok: false, messageKey: 'tableConfig.columnsRequired' };
  if (value.length > TABLE_CONFIG_LIMITS.columns)
    return {
      ok: false,
      messageKey: 'tableConfig.tooManyColumns',
      params: { max: TABLE_CONFIG_LIMITS.columns },
    };
  const seen = new Set<string>();
  const out: TableColumnSetting[] = [];
  for (const [index, item] of value.entries()) {
    const bad = { ok: false as const, messageKey: 'tableConfig.badColumn', params: { index: index + 1 } };
    if (!item || typeof item !== 'object' || Array.isArray(item)) return bad;
    const column = item as Record<string, unknown>;
    const allowed = new Set(['key', 'visible', 'width', 'fixed']);
    if (Object.keys(column).some((name) => !allowed.has(name))) return bad;
    const { key, visible, width, fixed } = column;
    if (typeof key !== 'string' || !key || key.length > TABLE_CONFIG_LIMITS.key) return bad;
    if (typeof visible !== 'boolean') return bad;
    if (
      width !== undefined &&
      width !== null &&
      (typeof width !== 'number' ||
        !Number.isInteger(width) ||
        width < TABLE_CONFIG_LIMITS.minWidth ||
        width > TABLE_CONFIG_LIMITS.maxWidth)
    )
      return {
        ok: false,
        messageKey: 'tableConfig.badWidth',
        params: { index: index + 1, min: TABLE_CONFIG_LIMITS.minWidth, max: TABLE_CONFIG_LIMITS.maxWidth },
      };
    if (fixed !== undefined && fixed !== null && fixed !== 'left' && fixed !== 'right') return bad;
    if (seen.has(key)) return { ok: false, messageKey: 'tableConfig.duplicateKey', params: { key } };
    seen.add(key);
    out.push({
      key,
      visible,
      ...(typeof width === 'number' ? { width } : {}),
      ...(fixed ? { fixed: fixed as 'left' | 'right' } : {}),
    });
  }
  return { ok: true, value: out };
}
