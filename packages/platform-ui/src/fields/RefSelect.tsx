// A searchable remote select for a reference: it lists the target's rows through its
// listByPage, searching its display field, restricted by the field's `filter(row)` (dependent
// dropdowns), and shows the current value by the row's display property without a call.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type EntityDef, type RefField, filterableFields } from '@srm/kernel';
import { request, useApi } from '../context/api';
import { useLabels } from '../context/labels';
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
}: RefSelectProps) {
  const api = useApi();
  const labels = useLabels();
  const target = useEntityDef(field.entity, known);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ value: unknown; label: string } | null>(null);
  const settled = useDebounced(search, SEARCH_DELAY_MS);
  const display = field.display ?? target?.display;
  const dependent = useMemo(() => (field.filter && row ? field.filter(row) : {}), [field, row]);
  const searchable = !!target && !!display && filterableFields(target).has(display);

  const options = useQuery({
    queryKey: ['entity', field.entity, 'refOptions', display, settled, dependent],
    queryFn: async () => {
      const body: Record<string, unknown> = { pageIndex: 1, pageRows: OPTION_ROWS, ...dependent };
      if (searchable && settled.trim()) body[display!] = settled.trim();
      const answer = await request<Record<string, unknown>[]>(api, `${target!.apiPath}/listByPage`, body);
      return answer.data.map((item) => ({
        value: item[target!.key] as number,
        label: String(item[display!] ?? item[target!.key]),
      }));
    },
    enabled: open && !!target && !!display,
    staleTime: 30_000,
  });

  const list = options.data ?? [];
  const currentLabel =
    picked && picked.value === value ? picked.label : displayValue != null ? String(displayValue) : undefined;
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
      loading={options.isFetching}
      open={open}
      onOpenChange={setOpen}
      showSearch={{ filterOption: !searchable, onSearch: setSearch, optionFilterProp: 'label' }}
      onChange={(next: unknown, option) => {
        const chosen = Array.isArray(option) ? undefined : option;
        setPicked(next == null ? null : { value: next, label: String(chosen?.label ?? next) });
        setSearch('');
        onChange?.(next ?? null);
      }}
    />
  );
}
