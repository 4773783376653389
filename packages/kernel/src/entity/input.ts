// Declared inputs of endpoints and workflow actions: named fields of the kernel's kinds, plus
// `refs` (a list of ids of one entity) and `rows` (a list of small records). From one
// declaration come the strict zod schema the server parses with (unknown properties refused,
// each value checked and normalised with its kind's messages), the TypeScript type a handler
// receives (InputOf), the references whose rows the caller must be able to read, and the
// OpenAPI schema.
import { z } from 'zod';
import type { MessageParams } from '../i18n/messages';
import type { AnyEntity, FieldsOf } from './define';
import type { FieldDef, ValueOf } from './fields';
import { type SaveIssue, checkValue } from './validation';

/** A list of ids of one entity (`poLineIds: refs('srmPoLine', { required: true })`). */
export interface RefsInput {
  readonly kind: 'refs';
  readonly entity: string;
  readonly required?: boolean;
  /** Most ids accepted (1000 by default). */
  readonly max: number;
  /**
   * The ids are rows of one of the platform's own tables, not an entity (the caller's in-app
   * messages): no read check at the boundary, the handler touches only the caller's rows.
   */
  readonly callersOwn?: boolean;
}

/** A list of records, each of declared fields (`lines: rows({ itemId: ref(…), unitPrice: price() })`). */
export interface RowsInput<R extends InputSpec = InputSpec> {
  readonly kind: 'rows';
  readonly fields: R;
  readonly required?: boolean;
  /** Most rows accepted (1000 by default). */
  readonly max: number;
}

export type InputField = FieldDef | RefsInput | RowsInput;
export type InputSpec = { readonly [name: string]: InputField };

/**
 * The entities an input's references name (its `ref` and `refs` fields, in `rows` too): each must
 * be registered — the registry and the runtime refuse to start otherwise, as a reference to an
 * unknown entity would fail only when a request first sends one.
 */
export function inputEntities(spec: InputSpec): string[] {
  return Object.values(spec).flatMap((field) =>
    field.kind === 'ref' || (field.kind === 'refs' && !field.callersOwn)
      ? [field.entity]
      : field.kind === 'rows'
        ? inputEntities(field.fields)
        : [],
  );
}

export function refs<
  const O extends { readonly required?: boolean; readonly max?: number; readonly callersOwn?: boolean } =
    Record<never, never>,
>(entity: string, options: O = {} as O): RefsInput & O {
  return { max: 1000, ...options, entity, kind: 'refs' } as RefsInput & O;
}

export function rows<const R extends InputSpec>(fields: R): RowsInput<R>;
export function rows<
  const R extends InputSpec,
  const O extends { readonly required?: boolean; readonly max?: number },
>(fields: R, options: O): RowsInput<R> & O;
export function rows(
  fields: InputSpec,
  options: { readonly required?: boolean; readonly max?: number } = {},
): RowsInput {
  return { max: 1000, ...options, fields, kind: 'rows' };
}

type Simplify<T> = { [K in keyof T]: T[K] };

/**
 * The value a handler receives for one input field; a single lookup that lists its codes is one
 * of them (the schema refused any other).
 */
export type InputValue<F> = F extends RefsInput
  ? number[]
  : F extends RowsInput<infer R>
    ? InputOf<R>[]
    : F extends { readonly kind: 'lookup'; readonly multi: true }
      ? ValueOf<F>
      : F extends { readonly kind: 'lookup'; readonly codes: readonly (infer C extends string)[] }
        ? C
        : ValueOf<F>;

type RequiredKeys<I> = { [N in keyof I]: I[N] extends { readonly required: true } ? N : never }[keyof I];

/** What a handler receives: required fields present, the others possibly absent or null. */
export type InputOf<I extends InputSpec> = Simplify<
  { -readonly [N in RequiredKeys<I>]: InputValue<I[N]> } & {
    -readonly [N in Exclude<keyof I, RequiredKeys<I>>]?: InputValue<I[N]> | null;
  }
>;

const MAX_ID = Number.MAX_SAFE_INTEGER;

function idOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
}

function isBlank(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function custom(context: z.RefinementCtx, message: string, params?: MessageParams) {
  context.addIssue({ code: 'custom', message, params: params ?? {} });
}

function fieldSchema(field: InputField): z.ZodType {
  if (field.kind === 'refs') {
    return z.unknown().transform((value, context) => {
      if (value === null || value === undefined || value === '') return null;
      const list = typeof value === 'string' ? value.split(',') : value;
      if (!Array.isArray(list)) return (custom(context, 'validation.ids'), z.NEVER);
      if (list.length > field.max)
        return (custom(context, 'validation.tooMany', { max: field.max }), z.NEVER);
      const ids: number[] = [];
      for (const item of list) {
        const id = idOf(item);
        if (id === null) return (custom(context, 'validation.ids'), z.NEVER);
        if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    });
  }
  if (field.kind === 'rows') {
    const row = objectSchema(field.fields);
    return z.unknown().transform((value, context) => {
      if (value === null || value === undefined) return null;
      if (!Array.isArray(value)) return (custom(context, 'validation.lines'), z.NEVER);
      if (value.length > field.max)
        return (custom(context, 'validation.tooMany', { max: field.max }), z.NEVER);
      const out: unknown[] = [];
      let failed = false;
      value.forEach((item, index) => {
        const parsed = row.safeParse(item);
        if (parsed.success) out.push(parsed.data);
        else {
          failed = true;
          for (const issue of parsed.error.issues)
            context.addIssue({ ...issue, path: [index, ...issue.path] } as never);
        }
      });
      return failed ? z.NEVER : out;
    });
  }
  return z.unknown().transform((value, context) => {
    const result = checkValue(field, value);
    if (result.ok) return result.value;
    custom(context, result.issue.message, result.issue.params);
    return z.NEVER;
  });
}

const schemas = new WeakMap<InputSpec, z.ZodType<Record<string, unknown>>>();

function objectSchema(spec: InputSpec): z.ZodType<Record<string, unknown>> {
  const cached = schemas.get(spec);
  if (cached) return cached;
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(spec)) shape[name] = fieldSchema(field).optional();
  const schema = z
    .preprocess(
      (body) => (body === undefined || body === null ? {} : body),
      z.strictObject(shape, { error: 'validation.object' }),
    )
    .superRefine((value, context) => {
      for (const [name, field] of Object.entries(spec)) {
        if (field.required && isBlank((value as Record<string, unknown>)[name]))
          context.addIssue({ code: 'custom', path: [name], message: 'validation.required', params: {} });
      }
    })
    .transform((value) => {
      // Absent stays absent; what was sent empty arrives as null.
      const out: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) if (item !== undefined) out[name] = item;
      return out;
    }) as unknown as z.ZodType<Record<string, unknown>>;
  schemas.set(spec, schema);
  return schema;
}

/** The strict zod schema of a declared input. */
export function inputSchema(spec: InputSpec): z.ZodType<Record<string, unknown>> {
  return objectSchema(spec);
}

/** zod issues as save issues: a path and a message key of the kernel's catalogue. */
export function zodIssues(error: z.ZodError, max?: number): SaveIssue[] {
  const issues: SaveIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        issues.push({
          path: [...path, key],
          message: 'validation.unknownField',
          params: { field: key.slice(0, 60) },
        });
    } else if (issue.code === 'custom') {
      const params = (issue as { params?: MessageParams }).params;
      issues.push(
        params && Object.keys(params).length
          ? { path, message: issue.message, params }
          : { path, message: issue.message },
      );
    } else if (issue.code === 'too_big' && max !== undefined) {
      issues.push({ path, message: 'validation.tooManyLines', params: { max } });
    } else {
      const known = issue.message.startsWith('validation.') ? issue.message : 'validation.object';
      issues.push({ path, message: known });
    }
  }
  return issues;
}

/**
 * Checks a body against a declared input: unknown properties, required ones and each value's
 * kind. Answers the normalised values or the issues.
 */
export function parseInput(
  spec: InputSpec,
  body: unknown,
): { ok: true; value: Record<string, unknown> } | { ok: false; issues: SaveIssue[] } {
  const result = inputSchema(spec).safeParse(body);
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: zodIssues(result.error) };
}

/** The ids a parsed input names, per referenced entity (nested rows included), with their paths. */
export function inputReferences(
  spec: InputSpec,
  value: Readonly<Record<string, unknown>>,
  prefix: readonly (string | number)[] = [],
): { entity: string; id: number; path: (string | number)[] }[] {
  const found: { entity: string; id: number; path: (string | number)[] }[] = [];
  for (const [name, field] of Object.entries(spec)) {
    const item = value[name];
    if (item === null || item === undefined) continue;
    if (field.kind === 'ref' && typeof item === 'number')
      found.push({ entity: field.entity, id: item, path: [...prefix, name] });
    else if (field.kind === 'refs' && !field.callersOwn && Array.isArray(item))
      for (const id of item as number[]) found.push({ entity: field.entity, id, path: [...prefix, name] });
    else if (field.kind === 'rows' && Array.isArray(item))
      (item as Record<string, unknown>[]).forEach((row, index) =>
        found.push(...inputReferences(field.fields, row, [...prefix, name, index])),
      );
  }
  return found;
}

/**
 * Some of an entity's own fields as an input (`fieldsOf(order, ['supplierId', 'orderDate'])`):
 * an endpoint taking part of a document checks those values as a save would.
 */
export function fieldsOf<E extends AnyEntity, const N extends keyof FieldsOf<E> & string>(
  entity: E,
  names: readonly N[],
): { readonly [K in N]: FieldsOf<E>[K] } {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const field = entity.ownFields[name];
    if (!field) throw new Error(`${entity.name} has no field ${name}`);
    out[name] = field;
  }
  return out as { readonly [K in N]: FieldsOf<E>[K] };
}
