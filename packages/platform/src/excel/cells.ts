// Export cells: each column of a row as the caller reads it — lookups and states by their
// meaning, references by their display value, dates as yyyy-MM-dd, times as
// yyyy-MM-dd HH:mm:ss in the business time zone, numbers as numbers (stored at their precision;
// no per-cell number format, which would cost a style per cell), sealed values masked and internal-only fields absent for suppliers (the
// entity service shapes rows that way), and text that a spreadsheet could take for a formula
// neutralised.
import {
  type Catalogue,
  type EntityDef,
  type FieldDef,
  type Locale,
  type LookupField,
  formatDateTime,
  propertyLabel,
  refDisplayName,
  translate,
} from '@srm/kernel';
import type { Actor } from '../access/actor';
import { AppError } from '../http/errors';
import type { Row } from '../entity/rows';
import type { ExportColumn } from './request';
import type { LookupMeanings } from './lookups';

export type CellValue = string | number | null;

export interface CellColumn {
  readonly key: string;
  readonly title: string;
  /** Excel width in characters. */
  readonly width: number;
  readonly value: (row: Row) => CellValue;
}

/** Text a spreadsheet would read as a formula (or that hides one behind a tab or a return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a cell: prefixed with an apostrophe when it could start a formula. */
export function safeText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * yyyy-MM-dd HH:mm:ss of moments in a time zone. Intl's formatToParts costs microseconds a call;
 * an export formats two timestamps a row, so the zone's offset is looked up once per quarter
 * hour (zones change offset on such boundaries) and the rest is arithmetic.
 */
export function dateTimeFormatter(timeZone: string): (ms: number) => string {
  const offsets = new Map<number, number>();
  const pad = (n: number) => (n < 10 ? `0${n}` : String(n));
  return (ms) => {
    const bucket = Math.floor(ms / 900_000);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const parts = formatDateTime(bucket * 900_000, timeZone);
      const [date, time] = parts.split(' ') as [string, string];
      const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
      const [h, mi, se] = time.split(':').map(Number) as [number, number, number];
      offset = Date.UTC(y, mo - 1, d, h, mi, se) - bucket * 900_000;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    const t = new Date(ms + offset);
    return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
  };
}

/** A readable property of the entity: a field, a reference's display value, the status. */
function propertyOf(entity: EntityDef, key: string): { field?: FieldDef; displayOf?: string } | null {
  const field = entity.fields[key];
  if (field) return { field };
  for (const [name, candidate] of Object.entries(entity.fields)) {
    if (candidate.kind === 'ref' && refDisplayName(name, candidate) === key) return { displayOf: name };
  }
  return null;
}

export interface CellContext {
  readonly entity: EntityDef;
  readonly actor: Actor;
  readonly messages: Catalogue;
  readonly locale: Locale;
  readonly timeZone: string;
  readonly lookups: LookupMeanings;
}

/** A column's width in characters, from the screen's pixels (16 when not given). */
function columnWidth(column: ExportColumn): number {
  return column.width ? Math.max(6, Math.min(100, Math.round(column.width / 7))) : 16;
}

/** The lookup fields the columns need meanings for. */
export function columnLookups(entity: EntityDef, columns: readonly ExportColumn[]): LookupField[] {
  return columns
    .map((column) => entity.fields[column.key])
    .filter((field): field is LookupField => field?.kind === 'lookup');
}

/**
 * The columns as cells. A supplier never gets an internal-only column (not even its header);
 * a key that names nothing readable is refused.
 */
export function cellColumns(context: CellContext, columns: readonly ExportColumn[]): CellColumn[] {
  const { entity, actor, messages, locale } = context;
  const external = actor.side === 'supplier' && !actor.system;
  const out: CellColumn[] = [];
  for (const column of columns) {
    const property = propertyOf(entity, column.key);
    if (!property) throw new AppError(400, 'excel.unknownColumn', { key: column.key });
    const owner = property.field ?? entity.fields[property.displayOf!]!;
    if (external && owner.internalOnly) continue;
    const title = column.title ?? propertyLabel(messages, locale, entity, column.key);
    const field = property.field;
    out.push({
      key: column.key,
      title,
      width: columnWidth(column),
      value: field ? fieldCell(context, column.key, field) : textCell(column.key),
    });
  }
  return out;
}

/**
 * The columns of a report's sheet (an endpoint's `sheet`): each asked column written as the
 * field it is declared as; a column not declared is refused. Titles are the screen's (the key
 * when none is given).
 */
export function sheetColumns(
  context: Omit<CellContext, 'entity'>,
  declared: Readonly<Record<string, FieldDef>>,
  columns: readonly ExportColumn[],
): CellColumn[] {
  return columns.map((column) => {
    const field = Object.hasOwn(declared, column.key) ? declared[column.key] : undefined;
    if (!field) throw new AppError(400, 'excel.unknownColumn', { key: column.key });
    return {
      key: column.key,
      title: column.title ?? column.key,
      width: columnWidth(column),
      value: fieldCell(context, column.key, field),
    };
  });
}

function textCell(key: string): (row: Row) => CellValue {
  return (row) => {
    const value = row[key];
    return value === null || value === undefined || value === '' ? null : safeText(String(value));
  };
}

function fieldCell(
  context: Omit<CellContext, 'entity'>,
  key: string,
  field: FieldDef,
): (row: Row) => CellValue {
  const { messages, locale, timeZone, lookups } = context;
  const yes = translate(messages, locale, 'excel.yes');
  const no = translate(messages, locale, 'excel.no');
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  const format = dateTimeFormatter(timeZone);
  const time = (value: unknown) => (typeof value === 'number' ? format(value) : null);
  switch (field.kind) {
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
    case 'year':
      return (row) => {
        const value = row[key];
        if (empty(value)) return null;
        const number = typeof value === 'number' ? value : Number(value);
        return Number.isFinite(number) ? number : safeText(String(value));
      };
    case 'lookup':
      return (row) => {
        const value = row[key];
        if (empty(value)) return null;
        const codes = Array.isArray(value) ? (value as unknown[]).map(String) : [String(value)];
        return safeText(codes.map((code) => lookups.meaning(field, code)).join(','));
      };
    case 'ref': {
      const display = refDisplayName(key, field);
      return (row) => {
        const shown = display ? row[display] : null;
        if (!empty(shown)) return safeText(String(shown));
        return empty(row[key]) ? null : Number(row[key]);
      };
    }
    case 'datetime':
      return (row) => time(row[key]);
    case 'datetimerange':
      return (row) => {
        const value = row[key];
        return Array.isArray(value) ? `${time(value[0]) ?? ''} ~ ${time(value[1]) ?? ''}` : null;
      };
    case 'daterange':
      return (row) => {
        const value = row[key];
        return Array.isArray(value) ? `${String(value[0] ?? '')} ~ ${String(value[1] ?? '')}` : null;
      };
    case 'checkbox':
      return (row) => {
        const value = row[key];
        if (empty(value)) return null;
        return value === true || value === 'Y' ? yes : no;
      };
    case 'json':
      return (row) => (empty(row[key]) ? null : safeText(JSON.stringify(row[key])));
    case 'compute':
      if (field.as === 'datetime') return (row) => time(row[key]);
      if (field.as !== 'text' && field.as !== 'date')
        return (row) => (typeof row[key] === 'number' ? (row[key] as number) : null);
      return textCell(key);
    default:
      // text, textarea, date, month, time, attachments: the API's text.
      return textCell(key);
  }
}
