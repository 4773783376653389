// A searchable remote select for a reference: it lists the target's rows through its
// listByPage (a user reference that grants no read of users: the user directory), searching what people know of them (the keyword matches any of the target's search
// fields: code or name), restricted by the field's `filter(row)` (dependent dropdowns); each
// option shows those fields (code and name), and the current value shows by the row's display
// property without a call.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, Spin, Tag } from 'antd';
import {
  type EntityDef,
  type RefAdvice,
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

type Verdict = 'ALLOW' | 'WARN' | 'BLOCK';
interface Advice {
  readonly verdict: Verdict;
  readonly reasons: readonly string[];
}
const RANK: Readonly<Record<Verdict, number>> = { ALLOW: 0, WARN: 1, BLOCK: 2 };
const rankOf = (option: { advice?: Advice }) => (option.advice ? RANK[option.advice.verdict] : 0);
const VERDICT_COLOR: Readonly<Record<Verdict, string>> = {
  ALLOW: 'success',
  WARN: 'warning',
  BLOCK: 'error',
};

/**
 * The advice on the options listed (the field's `advice`): each option's worst verdict over every
 * request the edited row and its document give, with the reasons; none while there is nothing to ask.
 */
function useAdvice(
  advice: RefAdvice | undefined,
  key: string,
  ids: readonly unknown[],
  row: Readonly<Record<string, unknown>> | undefined,
  locale: string,
) {
  const api = useApi();
  // The document's form (a line's picker sits in its document's form): its values when opened.
  const form = Form.useFormInstance() as ReturnType<typeof Form.useFormInstance> | undefined;
  const bodies =
    advice && row
      ? advice.bodies(row, (form?.getFieldsValue?.(true) as Record<string, unknown> | undefined) ?? row)
      : [];
  return useQuery({
    queryKey: ['refAdvice', advice?.path, JSON.stringify(bodies), ids, locale],
    queryFn: async () => {
      const found = new Map<unknown, Advice>();
      for (const body of bodies) {
        const answer = await request<Record<string, unknown>[]>(api, advice!.path, {
          ...body,
          [advice!.ids]: ids,
        });
        for (const item of answer.data) {
          const verdict = item.verdict as Verdict;
          const reasons = ((item.reasons as { text?: string }[] | undefined) ?? []).flatMap((reason) =>
            reason.text ? [reason.text] : [],
          );
          const before = found.get(item[key]);
          found.set(item[key], {
            verdict: before && RANK[before.verdict] > RANK[verdict] ? before.verdict : verdict,
            reasons: [...new Set([...(before?.reasons ?? []), ...reasons])],
          });
        }
      }
      return found;
    },
    enabled: !!advice && bodies.length > 0 && ids.length > 0,
    staleTime: 30_000,
    // Advice is a help: a caller without the grant still picks.
    retry: false,
  });
}

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

  const advised = useAdvice(
    open ? field.advice : undefined,
    target?.key ?? '',
    useMemo(() => (options.data ?? []).map((option) => option.value), [options.data]),
    row,
    labels.locale,
  ).data;

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
  // With advice, the options that may be picked come first (in their order), those refused last.
  const list = (pending ? [] : (options.data ?? []))
    .map((option): typeof option & { advice?: Advice; disabled?: boolean } => {
      const advice = advised?.get(option.value);
      return advice ? { ...option, advice, disabled: advice.verdict === 'BLOCK' } : option;
    })
    .sort((a, b) => rankOf(a) - rankOf(b));
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
        const { detail, advice } = option.data as { detail?: string; advice?: Advice };
        return (
          <span data-ref-option title={advice?.reasons.join('\n') || undefined}>
            {advice ? (
              <Tag color={VERDICT_COLOR[advice.verdict]} data-ref-advice={advice.verdict}>
                {labels.t(`ui.refAdvice.${advice.verdict}`)}
              </Tag>
            ) : null}
            {option.label}
            {detail ? <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 8 }}>{detail}</span> : null}
            {advice && advice.verdict !== 'ALLOW' && advice.reasons[0] ? (
              <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, whiteSpace: 'normal', maxWidth: 560 }}>
                {advice.reasons[0]}
              </div>
            ) : null}
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
