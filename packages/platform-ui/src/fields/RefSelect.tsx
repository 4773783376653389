// A searchable remote select for a reference: it lists the target's rows through its
// listByPage (a user reference that grants no read of users: the user directory), searching what people know of them (the keyword matches any of the target's search
// fields: code or name), restricted by the field's `filter(row)` (dependent dropdowns); each
// option shows those fields (code and name), and the current value shows by the row's display
// property without a call.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import {
  type EntityDef,
  KEYWORD_PARAM,
  type RefField,
  USER_DIRECTORY_PATH,
  englishField,
  filterableFields,
  searchFields,
  textIn,
} from '@srm/kernel';
import { request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
import { plainText } from './FieldDisplay';
import { useEntityDef } from './useEntityDef';

const SEARCH_DELAY_MS = 300;
const OPTION_ROWS = 50;

export interface RefSelectProps {
  field: RefField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** The row being edited: the source of `filter(row)`. */
  row?: Readonly<Record<string, unknown>>;
  /** Display value of the current reference (the row's display property). */
  displayValue?: unknown;
  /** Definitions the screen already holds. */
  known?: readonly EntityDef[];
  disabled?: boolean;
  id?: string;
  /** The target's row when one is picked or a value set by code is looked up (null: cleared). */
  onPicked?: (row: Readonly<Record<string, unknown>> | null) => void;
}

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function RefSelect({
  field,
  value,
  onChange,
  row,
  displayValue,
  known,
  disabled,
  id,
  onPicked,
}: RefSelectProps) {
  const api = useApi();
  const labels = useLabels();
  const target = useEntityDef(field.entity, known);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: unknown; label: string } | null>(null);
  const settled = useDebounced(search, SEARCH_DELAY_MS);
  const display = field.display ?? target?.display;
  // Colleagues named where `baseUser` is not readable (inspectors, evaluators, a hand-over): the
  // user directory, which holds internal users only and takes no filter.
  const directory = field.entity === 'baseUser' && field.grantsRead === false;
  const listPath = directory ? USER_DIRECTORY_PATH : `${target?.apiPath}/listByPage`;
  // What may be chosen here: the field's filter on the edited row, and what the picker offers.
  const dependent = useMemo(
    () => (row && !directory ? { ...(field.filter ? field.filter(row) : {}), ...(field.offer ?? {}) } : {}),
    [field, row, directory],
  );
  const described = useMemo(() => (target ? searchFields(target) : []), [target]);
  const byKeyword = described.length > 0;
  const searchable = byKeyword || (!!target && !!display && filterableFields(target).has(display));

  const options = useQuery({
    queryKey: ['entity', field.entity, 'refOptions', display, settled, dependent, labels.locale],
    queryFn: async () => {
      const body: Record<string, unknown> = { pageIndex: 1, pageRows: OPTION_ROWS, ...dependent };
      if (searchable && settled.trim()) body[byKeyword ? KEYWORD_PARAM : display!] = settled.trim();
      const answer = await request<Record<string, unknown>[]>(api, listPath, body);
      return answer.data.map((item) => {
        const label = String(textIn(labels.locale, target!.fields, item, display!) ?? item[target!.key]);
        const english = englishField(target!.fields, display!);
        // Code and name (the search fields), or what the target says tells its rows apart; a
        // number goes with its field's label (行号 1, 订单数量 60).
        const parts = (target!.list.pick ?? described)
          .filter(
            (name) =>
              name !== english && item[name] !== null && item[name] !== undefined && item[name] !== '',
          )
          .map((name) => {
            const shown = target!.fields[name];
            const kind = shown?.kind;
            // Figures and dates as everywhere else (15,933.00, not 15933).
            const value = shown && kind !== 'lookup' ? plainText(shown, item[name]) : String(item[name]);
            return kind && kind !== 'text' && kind !== 'textarea'
              ? `${labels.field(target!.name, name)} ${value}`
              : value;
          });
        const detail = [...new Set(parts)].filter((part) => part !== label);
        return { value: item[target!.key] as number, label, detail: detail.join('  '), row: item };
      });
    },
    enabled: open && !!target && !!display,
    staleTime: 30_000,
  });

  // A value set without its display (by a scan, a copy, a screen's own code) is looked up once.
  const unnamed =
    value != null && value !== '' && displayValue == null && !(picked && picked.value === value);
  const named = useQuery({
    queryKey: ['entity', field.entity, 'refLabel', display, value, labels.locale],
    queryFn: async () => {
      const answer = await request<Record<string, unknown>[]>(api, listPath, {
        pageIndex: 1,
        pageRows: 1,
        [target!.key]: value,
      });
      const found = answer.data[0];
      return found
        ? { label: String(textIn(labels.locale, target!.fields, found, display!) ?? value), row: found }
        : null;
    },
    enabled: unnamed && !!target && !!display && typeof value === 'number',
    staleTime: 30_000,
  });

  // A value set by code (a scan) brings what picking it would.
  const namedRow = named.data?.row;
  useEffect(() => {
    if (namedRow) onPicked?.(namedRow);
  }, [namedRow]);

  // While a typed search waits for its answer the options found before are not offered: Enter
  // or a quick click would take a row the search does not match (another order's line).
  const pending = searchable && search.trim() !== settled.trim();
  const waiting = pending || options.isFetching;
  const list = pending ? [] : (options.data ?? []);
  const currentLabel =
    picked && picked.value === value
      ? picked.label
      : displayValue != null
        ? String(displayValue)
        : (named.data?.label ?? undefined);
  const all =
    value != null && value !== '' && !list.some((option) => option.value === value)
      ? [{ value: value as number, label: currentLabel ?? String(value) }, ...list]
      : list;

  return (
    <Select
      id={id}
      allowClear
      disabled={disabled}
      style={{ width: '100%' }}
      placeholder={labels.t('ui.placeholder.search')}
      value={value === null || value === '' ? undefined : value}
      options={all}
      loading={waiting}
      notFoundContent={waiting ? <Spin size="small" /> : undefined}
      open={open}
      onOpenChange={setOpen}
      showSearch={{ filterOption: !searchable, onSearch: setSearch, optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      optionRender={(option) => {
        const detail = (option.data as { detail?: string }).detail;
        return (
          <span data-ref-option>
            {option.label}
            {detail ? <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 8 }}>{detail}</span> : null}
          </span>
        );
      }}
      onChange={(next: unknown, option) => {
        const chosen = Array.isArray(option) ? undefined : option;
        setPicked(next == null ? null : { value: next, label: String(chosen?.label ?? next) });
        onPicked?.(
          next == null ? null : ((chosen as { row?: Record<string, unknown> } | undefined)?.row ?? null),
        );
        setSearch('');
        onChange?.(next ?? null);
      }}
    />
  );
}
