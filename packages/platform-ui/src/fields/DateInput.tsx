// Date pickers that speak the API's values: 'yyyy-MM-dd', 'yyyy-MM', 'HH:mm:ss', a year number,
// milliseconds, and [from, to] pairs of those.
import { type ReactNode, useEffect, useRef } from 'react';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT, MONTH_FORMAT, YEAR_FORMAT } from '@srm/kernel';

export type DateKind = 'date' | 'month' | 'year' | 'time' | 'datetime';

const FORMATS: Record<DateKind, string> = {
  date: DATE_FORMAT,
  month: MONTH_FORMAT,
  year: YEAR_FORMAT,
  time: 'HH:mm:ss',
  datetime: DATETIME_FORMAT,
};

export function toDayjs(kind: DateKind, value: unknown): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed =
    kind === 'time'
      ? dayjs(`1970-01-01T${String(value)}`)
      : kind === 'year'
        ? dayjs(`${String(value)}-01-01`)
        : dayjs(value as string | number);
  return parsed.isValid() ? parsed : null;
}

export function fromDayjs(kind: DateKind, value: Dayjs | null | undefined): string | number | null {
  if (!value) return null;
  if (kind === 'datetime') return value.valueOf();
  if (kind === 'year') return value.year();
  return value.format(FORMATS[kind]);
}

/**
 * Keeps a picker's clear button (a real button in antd's picker) out of the Tab order: Tab from a
 * date goes to the next field or grid cell, as in every other input, not to the ✕; the mouse and
 * Backspace still clear it.
 */
function NoTabClear({ children }: { children: ReactNode }) {
  const root = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const untab = () =>
      element
        .querySelectorAll('.ant-picker-clear')
        .forEach((button) => button.setAttribute('tabindex', '-1'));
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <span ref={root} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

interface DateInputProps {
  kind: DateKind;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

export function DateInput({ kind, value, onChange, disabled, placeholder, id }: DateInputProps) {
  const common = {
    id,
    disabled,
    placeholder,
    style: { width: '100%' },
    format: FORMATS[kind],
    value: toDayjs(kind, value),
    onChange: (next: Dayjs | null) => onChange?.(fromDayjs(kind, next)),
  };
  if (kind === 'time')
    return (
      <NoTabClear>
        <TimePicker {...common} />
      </NoTabClear>
    );
  return (
    <NoTabClear>
      <DatePicker
        {...common}
        picker={kind === 'month' || kind === 'year' ? kind : 'date'}
        showTime={kind === 'datetime'}
      />
    </NoTabClear>
  );
}

interface RangeInputProps {
  kind: 'date' | 'datetime' | 'month' | 'year' | 'time';
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  placeholder?: [string, string];
  id?: string;
}

export function DateRangeInput({ kind, value, onChange, disabled, placeholder, id }: RangeInputProps) {
  const pair = Array.isArray(value) ? value : [];
  const current: [Dayjs | null, Dayjs | null] | null = pair.length
    ? [toDayjs(kind, pair[0]), toDayjs(kind, pair[1])]
    : null;
  const change = (next: [Dayjs | null, Dayjs | null] | null) =>
    onChange?.(next && (next[0] || next[1]) ? [fromDayjs(kind, next[0]), fromDayjs(kind, next[1])] : null);
  if (kind === 'time') {
    return (
      <NoTabClear>
        <TimePicker.RangePicker
          id={id}
          disabled={disabled}
          placeholder={placeholder}
          style={{ width: '100%' }}
          value={current}
          onChange={change}
        />
      </NoTabClear>
    );
  }
  return (
    <NoTabClear>
      <DatePicker.RangePicker
        id={id}
        disabled={disabled}
        placeholder={placeholder}
        style={{ width: '100%' }}
        format={FORMATS[kind]}
        picker={kind === 'month' || kind === 'year' ? kind : 'date'}
        showTime={kind === 'datetime'}
        value={current}
        onChange={change}
      />
    </NoTabClear>
  );
}
