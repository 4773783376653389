// Date formats of the spec (yyyy-MM-dd, yyyy-MM-dd HH:mm:ss, yyyy, yyyy-MM) and validation of
// date strings. The API carries dates as 'yyyy-MM-dd' and timestamps as milliseconds; a
// business time zone (Asia/Shanghai by default) decides which calendar day a moment falls on.
import { DEFAULT_TIME_ZONE } from './constants';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const YEAR_FORMAT = 'YYYY';
export const MONTH_FORMAT = 'YYYY-MM';

export interface DateParts {
  yyyy: string;
  MM: string;
  dd: string;
  HH: string;
  mm: string;
  ss: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateParts(ms: number, timeZone = DEFAULT_TIME_ZONE): DateParts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return {
    yyyy: parts.year ?? '',
    MM: parts.month ?? '',
    dd: parts.day ?? '',
    HH: parts.hour ?? '',
    mm: parts.minute ?? '',
    ss: parts.second ?? '',
  };
}

/** 'yyyy-MM-dd' of a moment in the business time zone. */
export function formatDate(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  const p = dateParts(ms, timeZone);
  return `${p.yyyy}-${p.MM}-${p.dd}`;
}

/** 'yyyy-MM-dd HH:mm:ss' of a moment in the business time zone. */
export function formatDateTime(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  const p = dateParts(ms, timeZone);
  return `${p.yyyy}-${p.MM}-${p.dd} ${p.HH}:${p.mm}:${p.ss}`;
}

/** A moment to the minute (yyyy-MM-dd HH:mm) in the platform's zone, as lists of events show it. */
export function formatDateTimeMinute(ms: number, timeZone = DEFAULT_TIME_ZONE): string {
  return formatDateTime(ms, timeZone).slice(0, 16);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function isValidMonth(value: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  return !!match && Number(match[1]) >= 1000 && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

export function isValidTime(value: string): boolean {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  return !!match && Number(match[1]) < 24 && Number(match[2]) < 60 && Number(match[3] ?? 0) < 60;
}

/** Smallest and largest timestamps the API accepts (years 1900 to 2999). */
export const MIN_TIMESTAMP = Date.UTC(1900, 0, 1);
export const MAX_TIMESTAMP = Date.UTC(3000, 0, 1) - 1;
