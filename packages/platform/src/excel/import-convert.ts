// Import cells → API values, per field kind: meanings → codes, names → ids of visible records
// (in bulk, per column), Excel dates and serial numbers → yyyy-MM-dd (timestamps read as the
// business time zone's wall clock), 是/否 → Y/N. A cell that cannot be read is an issue of its
// row and column; the field is then left out of the row.
import { and, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type CheckboxField,
  type FieldDef,
  type MessageParams,
  type RefField,
  dateParts,
  isValidDate,
  isValidMonth,
  isValidTime,
} from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import { scopeConditions } from '../entity/query';
import type { PlainCell } from './import-sheet';
import type { LookupMeanings } from './lookups';

export interface CellIssue {
  readonly message: string;
  readonly params?: MessageParams;
}

export type Converted = { ok: true; value: unknown } | { ok: false; issue: CellIssue };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 86_400_000;

function textOf(cell: PlainCell): string {
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).trim();
}

/** A wall-clock time in a time zone as milliseconds. */
export function zonedMs(parts: number[], timeZone: string): number {
  const [y, mo, d, h = 0, mi = 0, s = 0] = parts as [number, number, number, number?, number?, number?];
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  const offsetAt = (ms: number) => {
    const p = dateParts(ms, timeZone);
    return Date.UTC(+p.yyyy, +p.MM - 1, +p.dd, +p.HH, +p.mm, +p.ss) - ms;
  };
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

/** Date and time parts of a cell: an Excel date, a serial number, or text. */
function partsOf(cell: PlainCell): number[] | null {
  if (cell instanceof Date) {
    return [
      cell.getUTCFullYear(),
      cell.getUTCMonth() + 1,
      cell.getUTCDate(),
      cell.getUTCHours(),
      cell.getUTCMinutes(),
      cell.getUTCSeconds(),
    ];
  }
  if (typeof cell === 'number') {
    if (!(cell > 0 && cell < 2958466)) return null;
    return partsOf(new Date(EXCEL_EPOCH + Math.round((cell * DAY) / 1000) * 1000));
  }
  const match =
    /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/.exec(
      String(cell).trim(),
    );
  return match ? match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) : null;
}

function dateOf(cell: PlainCell): string | null {
  const parts = partsOf(cell);
  if (!parts) return null;
  const text = `${pad(parts[0]!, 4)}-${pad(parts[1]!)}-${pad(parts[2]!)}`;
  return isValidDate(text) ? text : null;
}

function timeOf(cell: PlainCell): string | null {
  if (cell instanceof Date)
    return `${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}:${pad(cell.getUTCSeconds())}`;
  if (typeof cell === 'number' && cell >= 0 && cell < 1) {
    const seconds = Math.round(cell * 86400);
    return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  }
  const match = /^(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?$/.exec(String(cell).trim());
  if (!match) return null;
  const text = `${pad(Number(match[1]))}:${pad(Number(match[2]))}:${pad(Number(match[3] ?? 0))}`;
  return isValidTime(text) ? text : null;
}

const YES = new Set(['y', 'yes', 'true', '1', '是', '√']);
const NO = new Set(['n', 'no', 'false', '0', '否', '×']);

export interface ConvertContext {
  readonly lookups: LookupMeanings;
  readonly timeZone: string;
  /** The words for yes and no in the caller's language (checkbox cells). */
  readonly yes: string;
  readonly no: string;
}

/** One cell as the field's API value (refs answer the name; `RefResolver` turns it into an id). */
export function convertCell(field: FieldDef, cell: PlainCell, context: ConvertContext): Converted {
  const value = textOf(cell);
  const bad = (message: string): Converted => ({
    ok: false,
    issue: { message, params: { value: value.slice(0, 60) } },
  });
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      const text =
        typeof cell === 'boolean'
          ? cell
            ? context.yes
            : context.no
          : cell instanceof Date
            ? (dateOf(cell) ?? value)
            : value;
      // A leading apostrophe is how exports neutralise formulas: it is not part of the value.
      return { ok: true, value: /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text };
    }
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
    case 'year': {
      const number = typeof cell === 'number' ? cell : Number(value.replace(/[,\s，]/g, ''));
      return Number.isFinite(number) && value !== '' ? { ok: true, value: number } : bad('excel.badNumber');
    }
    case 'lookup': {
      const names = field.multi
        ? value
            .split(/[,，;；]/)
            .map((part) => part.trim())
            .filter(Boolean)
        : [value];
      const codes: string[] = [];
      for (const name of names) {
        const code = context.lookups.code(field, name);
        if (code === null)
          return { ok: false, issue: { message: 'excel.badChoice', params: { value: name.slice(0, 60) } } };
        codes.push(code);
      }
      return { ok: true, value: field.multi ? codes : codes[0] };
    }
    case 'ref':
      return { ok: true, value: typeof cell === 'number' ? String(cell) : value };
    case 'date': {
      const date = dateOf(cell);
      return date ? { ok: true, value: date } : bad('excel.badDate');
    }
    case 'month': {
      if (cell instanceof Date || typeof cell === 'number') {
        const date = dateOf(cell);
        return date ? { ok: true, value: date.slice(0, 7) } : bad('excel.badMonth');
      }
      const match = /^(\d{4})[-/.年](\d{1,2})月?$/.exec(value);
      const month = match ? `${match[1]}-${pad(Number(match[2]))}` : '';
      return isValidMonth(month) ? { ok: true, value: month } : bad('excel.badMonth');
    }
    case 'time': {
      const time = timeOf(cell);
      return time ? { ok: true, value: time } : bad('excel.badTime');
    }
    case 'datetime': {
      const parts = partsOf(cell);
      return parts && isValidDate(`${pad(parts[0]!, 4)}-${pad(parts[1]!)}-${pad(parts[2]!)}`)
        ? { ok: true, value: zonedMs(parts, context.timeZone) }
        : bad('excel.badDateTime');
    }
    case 'daterange':
    case 'datetimerange': {
      const ends = value.split(/\s*[~～]\s*|\s+至\s+/);
      if (ends.length !== 2) return bad(field.kind === 'daterange' ? 'excel.badDate' : 'excel.badDateTime');
      if (field.kind === 'daterange') {
        const [from, to] = ends.map((end) => dateOf(end));
        return from && to ? { ok: true, value: [from, to] } : bad('excel.badDate');
      }
      const [from, to] = ends.map((end) => partsOf(end));
      return from && to
        ? { ok: true, value: [zonedMs(from, context.timeZone), zonedMs(to, context.timeZone)] }
        : bad('excel.badDateTime');
    }
    case 'checkbox': {
      const word = value.toLowerCase();
      const truthy = cell === true || YES.has(word) || value === context.yes;
      const falsy = cell === false || NO.has(word) || value === context.no;
      if (!truthy && !falsy) return bad('excel.badChoice');
      const values = (field as CheckboxField).values;
      return { ok: true, value: values === 'boolean' ? truthy : truthy ? 'Y' : 'N' };
    }
    default:
      return { ok: true, value };
  }
}

/**
 * Ids of referenced records by their display value, looked up once per column among the rows
 * the caller may see. A name found twice is ambiguous; a whole number that names nothing is
 * taken as an id (the entity service checks it like any reference).
 */
export async function resolveReferences(
  runtime: EntityRuntime,
  actor: Actor,
  field: RefField,
  names: readonly string[],
): Promise<Map<string, { id: number } | { issue: CellIssue }>> {
  const target = runtime.registry.get(field.entity);
  const display = field.display ?? target.display;
  const table = runtime.table(target.name);
  const header = target.parent ? runtime.registry.find(target.parent.entity) : undefined;
  const scope = scopeConditions(
    target,
    table,
    actor,
    header ? { entity: header, table: runtime.table(header.name) } : undefined,
  );
  const unique = [...new Set(names)];
  const found = new Map<string, number[]>();
  for (let start = 0; start < unique.length; start += 1000) {
    const chunk = unique.slice(start, start + 1000);
    const rows = await runtime
      .executor()
      .select({ id: table[target.key] as AnyPgColumn, name: table[display] as AnyPgColumn })
      .from(table)
      .where(and(inArray(table[display] as AnyPgColumn, chunk), ...scope));
    for (const row of rows) {
      const name = String(row.name);
      found.set(name, [...(found.get(name) ?? []), Number(row.id)]);
    }
  }
  const out = new Map<string, { id: number } | { issue: CellIssue }>();
  for (const name of unique) {
    const ids = found.get(name) ?? [];
    if (ids.length === 1) out.set(name, { id: ids[0]! });
    else if (ids.length > 1)
      out.set(name, { issue: { message: 'excel.refAmbiguous', params: { value: name.slice(0, 60) } } });
    else if (/^\d{1,15}$/.test(name)) out.set(name, { id: Number(name) });
    else out.set(name, { issue: { message: 'excel.refNotFound', params: { value: name.slice(0, 60) } } });
  }
  return out;
}
