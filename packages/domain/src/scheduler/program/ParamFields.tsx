// The inputs of a program's parameters, wherever values are given: the submit dialog, a schedule's
// form and a request set's stages (ParamValuesInput). An input by parameter kind, required ones
// marked, and under each what an empty value becomes; the form holds what the inputs edit and
// `wireValues` turns it into what the server checks (checkParams).
import { Form, Select } from 'antd';
import {
  type FieldDef,
  type ReadRowOf,
  date,
  datetime,
  formatDate,
  lookup,
  number,
  ref,
  text,
  textIn,
} from '@srm/kernel';
import { FieldInput, type Labels, fieldRules, useLabels } from '@srm/platform-ui';
import { programParam } from './program-param.entity';

/** A parameter line of a program, as findById answers it. */
export type Param = ReadRowOf<typeof programParam>;

/** The parameters in their order. */
export const inOrder = (params: readonly Param[]): Param[] =>
  [...params].sort((a, b) => a.lineNum - b.lineNum);

/** The field an input of the parameter's kind edits (YN has its own select). */
function fieldOf(param: Param): FieldDef {
  switch (param.paramKind) {
    case 'NUMBER':
      return number({ precision: 6, step: 1 });
    case 'DATE':
      return date();
    case 'DATETIME':
      return datetime();
    case 'LOOKUP':
      return lookup(param.lookupType ?? '');
    case 'REF': {
      // The picker offers only the parameter's value set (the server checks it again).
      const filter = param.refFilter;
      return filter && typeof filter === 'object' && !Array.isArray(filter)
        ? ref(param.refEntity ?? '', { offer: { ...filter } })
        : ref(param.refEntity ?? '');
    }
    default:
      return text({ max: 2000 });
  }
}

/**
 * What the submit dialog starts with: literal defaults and dates the browser can work out in the
 * company's zone. The submitter's organisation is left to the server, which knows it.
 */
export function initialValue(param: Param, timeZone: string): unknown {
  const literal = param.defaultValue ?? '';
  switch (param.defaultType) {
    case 'LITERAL': {
      if (literal === '') return undefined;
      if (param.paramKind === 'NUMBER' || param.paramKind === 'REF') {
        const value = Number(literal);
        return Number.isFinite(value) ? value : undefined;
      }
      if (param.paramKind === 'DATETIME') {
        const ms = Date.parse(literal);
        return Number.isNaN(ms) ? undefined : ms;
      }
      return literal;
    }
    case 'TODAY':
    case 'MONTH_START': {
      if (param.paramKind !== 'DATE' && param.paramKind !== 'TEXT') return undefined;
      const today = formatDate(Date.now(), timeZone);
      return param.defaultType === 'TODAY' ? today : `${today.slice(0, 8)}01`;
    }
    default:
      return undefined;
  }
}

/** A stored value as its input edits it (date-times are sent as ISO text, edited as moments). */
export function formValue(param: Param, value: unknown): unknown {
  if (param.paramKind === 'DATETIME' && typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return value === null ? undefined : value;
}

/** The value the server takes: date-times as ISO text, nothing for an empty input. */
function wireValue(param: Param, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (param.paramKind === 'DATETIME' && typeof value === 'number') return new Date(value).toISOString();
  return value;
}

/** The values of the form as the server takes them; empty inputs are left out. */
export function wireValues(
  params: readonly Param[],
  values: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const param of params) {
    const value = wireValue(param, values?.[param.paramName]);
    if (value !== undefined) wire[param.paramName] = value;
  }
  return wire;
}

/** Whether the server fills an empty value itself (a required parameter with a default). */
const hasDefault = (param: Param) =>
  !!param.defaultType &&
  param.defaultType !== 'NONE' &&
  !(param.defaultType === 'LITERAL' && !param.defaultValue);

/** What an empty value becomes, said under the input. */
function defaultHint(param: Param, labels: Labels): string | undefined {
  if (!hasDefault(param) || !param.defaultType) return undefined;
  const value =
    param.defaultType === 'LITERAL'
      ? String(param.defaultValue)
      : labels.code('BASE_PROGRAM_PARAM_DEFAULT', param.defaultType);
  return labels.t('scheduler.submit.defaultHint', { value });
}

/** The parameter's label in the language shown. */
export const paramLabel = (param: Param, locale: string): string =>
  String(textIn(locale, programParam.fields, param, 'paramLabel') ?? param.paramName);

/** What Form.Item gives the input it wraps. */
interface InputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The input of a parameter by its kind. */
function ParamInput({ param, value, onChange, id }: { param: Param } & InputProps) {
  const labels = useLabels();
  if (param.paramKind === 'YN') {
    return (
      <Select
        id={id}
        allowClear
        style={{ width: '100%' }}
        placeholder={labels.t('ui.placeholder.select')}
        value={value === null || value === '' ? undefined : value}
        options={[
          { value: 'Y', label: labels.t('ui.yes') },
          { value: 'N', label: labels.t('ui.no') },
        ]}
        onChange={(next: unknown) => onChange?.(next ?? null)}
      />
    );
  }
  return (
    <FieldInput
      id={id}
      name={param.paramName}
      field={fieldOf(param)}
      value={value}
      row={{}}
      {...(onChange ? { onChange } : {})}
    />
  );
}

/** One form item per parameter, named `[...prefix, paramName]`, in the parameters' order. */
export function ParamFields({ params, prefix }: { params: readonly Param[]; prefix: readonly string[] }) {
  const labels = useLabels();
  return (
    <>
      {inOrder(params).map((param) => {
        const required = param.requiredFlag === 'Y';
        const hint = defaultHint(param, labels);
        return (
          <Form.Item
            key={param.paramName}
            name={[...prefix, param.paramName]}
            label={paramLabel(param, labels.locale)}
            required={required}
            rules={
              param.paramKind === 'YN'
                ? required && !hasDefault(param)
                  ? [{ required: true, message: labels.t('validation.required') }]
                  : []
                : fieldRules(fieldOf(param), labels, required && !hasDefault(param))
            }
            {...(hint ? { extra: hint } : {})}
          >
            <ParamInput param={param} />
          </Form.Item>
        );
      })}
    </>
  );
}
