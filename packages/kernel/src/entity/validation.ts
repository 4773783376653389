// Validation derived from a definition: one check per field kind with the spec's messages, and
// the strict zod schema of a save (unknown and read-only properties refused, lines nested).
// The server runs it on every save; the web runs the same checks in its forms.
import { z } from 'zod';
import { isValidDate, isValidMonth, isValidTime, MAX_TIMESTAMP, MIN_TIMESTAMP } from '../dates';
import { dec } from '../decimal';
import type { MessageParams } from '../i18n/messages';
import {
  checkContactPhone,
  checkBankAccount,
  checkCreditCode,
  checkEmail,
  checkInteger,
  checkLandline,
  checkMobile,
  checkSwift,
  PATTERNS,
  shownValue,
  textOf,
  type ValidationIssue,
} from '../validation/validators';
import { type EntityDef, type RuleIssue, STATUS_FIELD, VERSION_FIELD } from './define';
import { type FieldDef, type NumberField, type TextField, refDisplayName } from './fields';

export type CheckResult = { ok: true; value: unknown } | { ok: false; issue: ValidationIssue };

const ok = (value: unknown): CheckResult => ({ ok: true, value });
const fail = (message: string, params?: MessageParams): CheckResult => ({
  ok: false,
  issue: params ? { message, params } : { message },
});

/** Largest number of lines one save may carry per collection. */
export const MAX_LINES_PER_SAVE = 20000;

const formatChecks = {
  email: checkEmail(),
  mobile: checkMobile(),
  landline: checkLandline(),
  contactPhone: checkContactPhone(),
  integer: checkInteger(),
  creditCode: checkCreditCode(),
  bankAccount: checkBankAccount(),
  swift: checkSwift(),
  code: (value: unknown) => (PATTERNS.code.test(textOf(value) ?? '') ? null : { message: 'validation.code' }),
} as const;

/** PostgreSQL cannot store a NUL character, in text or in JSON. */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

function checkText(field: TextField, value: unknown): CheckResult {
  if (typeof value !== 'string' || hasNul(value)) return fail('validation.text');
  const text = field.kind === 'text' ? value.trim() : value;
  if (text === '') return ok(null);
  if ([...text].length > field.max) return fail('validation.maxLength', { max: field.max });
  if (field.min !== undefined && [...text].length < field.min)
    return fail('validation.minLength', { min: field.min });
  if (field.format) {
    const issue = formatChecks[field.format](text);
    if (issue) return { ok: false, issue };
  }
  return ok(text);
}

/** Largest absolute value a numeric(20, p) column holds, within a double's exact range. */
function magnitudeLimit(field: NumberField): number {
  return Math.min(10 ** (20 - field.precision), 1e15);
}

function checkNumber(field: NumberField, value: unknown): CheckResult {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      return fail(field.precision === 0 ? 'validation.integer' : 'validation.quantity');
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
    if (text === '') return ok(null);
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) {
      return fail(field.precision === 0 ? 'validation.integer' : 'validation.quantity');
    }
  } else {
    return fail(field.precision === 0 ? 'validation.integer' : 'validation.quantity');
  }
  const decimal = dec(text);
  if (decimal.decimalPlaces() > field.precision) {
    return field.precision === 0
      ? fail('validation.integer')
      : fail('validation.precision', { precision: field.precision });
  }
  if (decimal.abs().greaterThanOrEqualTo(magnitudeLimit(field))) {
    return fail('validation.tooLarge');
  }
  if (field.min !== undefined && decimal.lessThan(field.min))
    return fail('validation.min', { min: field.min });
  if (field.max !== undefined && decimal.greaterThan(field.max))
    return fail('validation.max', { max: field.max });
  return ok(decimal.toNumber());
}

function checkCode(value: unknown, codes: readonly string[] | undefined): CheckResult {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string' || hasNul(value))
    return fail('validation.lookup', { value: shownValue(value) });
  const code = value.trim();
  if (code === '') return ok(null);
  if (code.length > 60) return fail('validation.maxLength', { max: 60 });
  if (codes && !codes.includes(code)) return fail('validation.lookup', { value: code });
  return ok(code);
}

function checkTimestamp(value: unknown): CheckResult {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < MIN_TIMESTAMP ||
    value > MAX_TIMESTAMP
  ) {
    return fail('validation.datetime');
  }
  return ok(value);
}

/** Checks and normalises one value of a field. Empty strings become null. */
export function checkValue(field: FieldDef, value: unknown): CheckResult {
  if (value === null || value === undefined) return ok(null);
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return checkText(field, value);
    case 'number':
    case 'quantity':
    case 'price':
    case 'amount':
      return checkNumber(field, value);
    case 'lookup': {
      if (!field.multi) return checkCode(value, field.codes);
      const list = typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value;
      if (!Array.isArray(list)) return fail('validation.lookupList');
      if (list.length > 200) return fail('validation.tooMany', { max: 200 });
      const codes: string[] = [];
      for (const item of list) {
        const result = checkCode(item, field.codes);
        if (!result.ok) return result;
        if (result.value !== null && !codes.includes(result.value as string))
          codes.push(result.value as string);
      }
      return ok(codes.length ? codes : null);
    }
    case 'ref':
      if (typeof value === 'string' && /^\d+$/.test(value)) value = Number(value);
      return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
        ? ok(value)
        : fail('validation.ref');
    case 'date':
      if (value === '') return ok(null);
      return typeof value === 'string' && isValidDate(value) ? ok(value) : fail('validation.date');
    case 'month':
      if (value === '') return ok(null);
      return typeof value === 'string' && isValidMonth(value) ? ok(value) : fail('validation.month');
    case 'time':
      if (value === '') return ok(null);
      if (typeof value !== 'string' || !isValidTime(value)) return fail('validation.time');
      return ok(value.length === 5 ? `${value}:00` : value);
    case 'year':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1900 && value <= 2999
        ? ok(value)
        : fail('validation.year');
    case 'datetime':
      return checkTimestamp(value);
    case 'daterange': {
      if (!Array.isArray(value) || value.length !== 2) return fail('validation.dateRange');
      const [from, to] = value as unknown[];
      if (typeof from !== 'string' || typeof to !== 'string' || !isValidDate(from) || !isValidDate(to)) {
        return fail('validation.dateRange');
      }
      return from <= to ? ok([from, to]) : fail('validation.rangeOrder');
    }
    case 'datetimerange': {
      if (!Array.isArray(value) || value.length !== 2) return fail('validation.datetimeRange');
      const [from, to] = value as unknown[];
      if (!checkTimestamp(from).ok || !checkTimestamp(to).ok) return fail('validation.datetimeRange');
      return (from as number) <= (to as number) ? ok([from, to]) : fail('validation.rangeOrder');
    }
    case 'checkbox': {
      const [trueValue, falseValue] = field.values === 'YN' ? ['Y', 'N'] : [true, false];
      return value === trueValue || value === falseValue
        ? ok(value)
        : fail('validation.checkbox', { trueValue: String(trueValue), falseValue: String(falseValue) });
    }
    case 'attachments': {
      if (typeof value !== 'string' || hasNul(value)) return fail('validation.attachments');
      if (value.trim() === '') return ok(null);
      const ids = value.split(',').map((id) => id.trim());
      if (!ids.every((id) => /^\d{1,15}$/.test(id))) return fail('validation.attachments');
      if (ids.length > field.maxCount) return fail('validation.attachmentCount', { max: field.maxCount });
      return ok(ids.join(','));
    }
    case 'json': {
      if ((JSON.stringify(value) ?? '').includes('\\u0000')) return fail('validation.json');
      if (field.schema) {
        const parsed = field.schema.safeParse(value);
        return parsed.success ? ok(parsed.data) : fail('validation.json');
      }
      return JSON.stringify(value).length <= 1_000_000 ? ok(value) : fail('validation.tooLarge');
    }
    case 'compute':
      return fail('validation.readonlyField');
  }
}

/** A client may send this field on save. */
export function isClientWritable(field: FieldDef & { system?: boolean }): boolean {
  return !field.readonly && !field.system && !field.computed && field.kind !== 'compute';
}

export interface SaveIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly params?: MessageParams;
}

function valueSchema(field: FieldDef) {
  return z.unknown().transform((value, context) => {
    const result = checkValue(field, value);
    if (result.ok) return result.value;
    context.addIssue({ code: 'custom', message: result.issue.message, params: result.issue.params ?? {} });
    return z.NEVER;
  });
}

function readonlySchema(message = 'validation.readonlyField') {
  return z.unknown().transform((_value, context) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

const schemaCache = new WeakMap<EntityDef, z.ZodType<Record<string, unknown>>>();

/**
 * The strict schema of a save body: writable fields (checked and normalised), the key and
 * versionNum, and each line collection as an array of its own save bodies. Read-only fields,
 * display properties and unknown properties are refused.
 */
export function saveSchema(entity: EntityDef): z.ZodType<Record<string, unknown>> {
  const cached = schemaCache.get(entity);
  if (cached) return cached;
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    shape[name] = isClientWritable(field)
      ? valueSchema(field).optional()
      : // A state changes only through the document's actions (submit, approval…).
        readonlySchema(
          name === STATUS_FIELD && entity.workflow ? 'workflow.statusByAction' : undefined,
        ).optional();
    if (field.kind === 'ref') {
      const display = refDisplayName(name, field);
      if (display) shape[display] = readonlySchema().optional();
    }
  }
  shape[entity.key] = z
    .unknown()
    .transform((value, context) => {
      if (value === null || value === undefined || value === '') return null;
      const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
      context.addIssue({ code: 'custom', message: 'validation.ref' });
      return z.NEVER;
    })
    .optional();
  shape[VERSION_FIELD] = z
    .unknown()
    .transform((value, context) => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
      context.addIssue({ code: 'custom', message: 'validation.integer' });
      return z.NEVER;
    })
    .optional();
  for (const [collection, line] of Object.entries(entity.lines)) {
    shape[collection] = z
      .array(
        z.lazy(() => saveSchema(line)),
        { error: 'validation.lines' },
      )
      .max(MAX_LINES_PER_SAVE, { error: 'validation.tooManyLines' })
      .optional();
  }
  const schema = z.strictObject(shape, { error: 'validation.object' }) as unknown as z.ZodType<
    Record<string, unknown>
  >;
  schemaCache.set(entity, schema);
  return schema;
}

/** Parses a save body; issues carry the path and a message key. */
export function parseSave(
  entity: EntityDef,
  body: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; issues: SaveIssue[] } {
  const result = saveSchema(entity).safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issues: SaveIssue[] = [];
  for (const issue of result.error.issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({ path: [...path, key], message: 'validation.unknownField', params: { field: key } });
      }
    } else if (issue.code === 'custom') {
      const params = (issue as { params?: MessageParams }).params;
      issues.push(params ? { path, message: issue.message, params } : { path, message: issue.message });
    } else if (issue.code === 'too_big') {
      issues.push({ path, message: 'validation.tooManyLines', params: { max: MAX_LINES_PER_SAVE } });
    } else {
      const known = issue.message.startsWith('validation.') ? issue.message : 'validation.object';
      issues.push({ path, message: known });
    }
  }
  return { ok: false, issues };
}

function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Required fields missing from a row as it will be stored (after defaults and merging). */
export function missingRequired(entity: EntityDef, row: Readonly<Record<string, unknown>>): SaveIssue[] {
  const issues: SaveIssue[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.required || field.system || field.computed || entity.numbering?.field === name) continue;
    if (entity.parent?.field === name) continue;
    if (isBlank(row[name])) issues.push({ path: [name], message: 'validation.required' });
  }
  return issues;
}

/** Runs the definition's cross-field rules. */
export function ruleIssues(
  entity: EntityDef,
  row: Readonly<Record<string, unknown>>,
  lines: Readonly<Record<string, readonly Record<string, unknown>[]>>,
): SaveIssue[] {
  const issues: SaveIssue[] = [];
  for (const rule of entity.rules) {
    const result = rule(row, { lines });
    if (!result) continue;
    const list: readonly RuleIssue[] = Array.isArray(result) ? result : [result as RuleIssue];
    for (const issue of list) {
      const path = issue.field ? [issue.field] : [];
      issues.push(
        issue.params
          ? { path, message: issue.message, params: issue.params }
          : { path, message: issue.message },
      );
    }
  }
  return issues;
}
