// Server-side helpers of the area's hooks and endpoints: reading endpoint bodies (each bad value
// is a 400 naming the parameter, in the caller's language) and reading rows through the entity
// services, so the caller's data scope applies.
import { type Decimal, type ListFilter, type SortSpec, dec, isValidDate } from '@srm/kernel';
import { AppError, type HookContext, type Row } from '@srm/platform';

export type Body = Readonly<Record<string, unknown>>;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function badInput(key: string, params?: Readonly<Record<string, string | number>>): AppError {
  return new AppError(400, key, params);
}

/** The body as an object; anything else is a 400. */
export function bodyOf(body: unknown): Body {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badInput('validation.object');
  return body as Body;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function optionalText(body: Body, name: string, max = 60): string | null {
  const value = body[name];
  if (isBlank(value)) return null;
  // PostgreSQL cannot hold a NUL character, not even as a query parameter.
  if (typeof value !== 'string' || value.includes('\u0000')) throw badInput('srmBase.input.text', { name });
  const text = value.trim();
  if ([...text].length > max) throw badInput('srmBase.input.tooLong', { name, max });
  return text;
}

export function requiredText(body: Body, name: string, max = 60): string {
  const text = optionalText(body, name, max);
  if (text === null) throw badInput('srmBase.input.required', { name });
  return text;
}

/** A decimal given as a JSON number or a numeric string; never through binary floating point. */
export function requiredDecimal(body: Body, name: string): Decimal {
  const value = body[name];
  if (isBlank(value)) throw badInput('srmBase.input.required', { name });
  const ok =
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && DECIMAL.test(value.trim()));
  if (!ok) throw badInput('srmBase.input.number', { name });
  const decimal = dec(typeof value === 'string' ? value.trim() : (value as number));
  if (decimal.abs().greaterThanOrEqualTo(1e15)) throw badInput('srmBase.input.tooLarge', { name });
  return decimal;
}

export function optionalInteger(body: Body, name: string, min: number, max: number): number | null {
  const value = body[name];
  if (isBlank(value)) return null;
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min || number > max) {
    throw badInput('srmBase.input.integer', { name, min, max });
  }
  return number;
}

export function requiredInteger(body: Body, name: string, min: number, max: number): number {
  const number = optionalInteger(body, name, min, max);
  if (number === null) throw badInput('srmBase.input.required', { name });
  return number;
}

export function optionalDate(body: Body, name: string): string | null {
  const value = body[name];
  if (isBlank(value)) return null;
  if (typeof value !== 'string' || !isValidDate(value.trim())) throw badInput('srmBase.input.date', { name });
  return value.trim();
}

export function optionalCode<T extends string>(body: Body, name: string, codes: readonly T[]): T | null {
  const text = optionalText(body, name);
  if (text === null) return null;
  if (!(codes as readonly string[]).includes(text)) {
    throw badInput('srmBase.input.code', { name, value: text, codes: codes.join(', ') });
  }
  return text as T;
}

/** Every row of an entity matching the filters, as the caller may read them. */
export async function listAll(
  context: HookContext,
  entity: string,
  filters: readonly ListFilter[],
  sort: readonly SortSpec[] = [],
): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of context.runtime
    .service(entity)
    .iterate(context.actor, { pageRows: 500, filters, sort })) {
    rows.push(...page);
  }
  return rows;
}

/** The one row of an entity with this field value, or null. */
export async function findBy(
  context: HookContext,
  entity: string,
  field: string,
  value: unknown,
): Promise<Row | null> {
  const { rows } = await context.runtime.service(entity).list(context.actor, {
    pageIndex: 1,
    pageRows: 1,
    filters: [{ field, op: 'eq', value }],
    sort: [],
  });
  return rows[0] ?? null;
}

/**
 * Walks up a tree from `parentId`: an issue when `id` is among the ancestors (a row may not be
 * moved under itself or its descendants). Returns the direct parent row.
 */
export async function checkTreeParent(
  context: HookContext,
  entity: string,
  key: string,
  parentField: string,
  id: number | null,
  parentId: number,
): Promise<{ parent: Row | null; cycle: boolean }> {
  let parent: Row | null = null;
  let current: number | null = parentId;
  for (let depth = 0; current !== null && depth < 50; depth++) {
    if (id !== null && current === id) return { parent, cycle: true };
    const row = await findBy(context, entity, key, current);
    if (!row) break;
    if (depth === 0) parent = row;
    current = (row[parentField] as number | null) ?? null;
  }
  return { parent, cycle: false };
}
