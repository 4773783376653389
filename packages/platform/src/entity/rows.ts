// Converting rows between the database and the API, per field kind and per reader: sealed
// values masked until opened (for everyone), internal-only fields removed for suppliers,
// computed fields evaluated, timestamps as milliseconds.
import {
  type ComputeField,
  type EntityDef,
  type FieldDef,
  SEALED_MASK,
  SEALED_OPENED_FIELD,
  isStored,
  refDisplayName,
} from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { Sealer } from '../system/seal';

export type Row = Record<string, unknown>;

/** Database value → API value of one field (sealed values are handled by the caller). */
function fromDb(field: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  if (field.kind === 'time' && typeof value === 'string') return value.slice(0, 8);
  if (
    (field.kind === 'number' ||
      field.kind === 'quantity' ||
      field.kind === 'price' ||
      field.kind === 'amount' ||
      field.kind === 'ref' ||
      field.kind === 'year') &&
    typeof value === 'string'
  ) {
    return Number(value);
  }
  return value;
}

/** API value → database value of one field. */
export function toDb(field: FieldDef, value: unknown, sealer: Sealer): unknown {
  if (value === null || value === undefined) return null;
  if (field.sealed) return sealer.seal(value);
  if (field.kind === 'datetime') return new Date(value as number);
  return value;
}

export interface ShapeOptions {
  readonly actor: Actor;
  readonly sealer: Sealer;
  /** The row's header, whose opening also opens the line's sealed values. */
  readonly headerOpened?: boolean;
}

/** The sealed values of a row are readable: its opening action has run. */
export function isOpened(row: Row, options: { headerOpened?: boolean }): boolean {
  return row[SEALED_OPENED_FIELD] !== null && row[SEALED_OPENED_FIELD] !== undefined
    ? true
    : options.headerOpened === true;
}

/** What reading a row of an entity does, field by field: worked out once per entity. */
interface ShapePlan {
  readonly stored: readonly {
    readonly name: string;
    readonly field: FieldDef;
    readonly internalOnly: boolean;
    /** The display value of a reference that travels with it. */
    readonly display: string | undefined;
  }[];
  readonly computed: readonly { readonly name: string; readonly field: ComputeField }[];
}

const plans = new WeakMap<EntityDef, ShapePlan>();

function shapePlan(entity: EntityDef): ShapePlan {
  let plan = plans.get(entity);
  if (plan) return plan;
  const stored: ShapePlan['stored'][number][] = [];
  const computed: ShapePlan['computed'][number][] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind === 'compute') computed.push({ name, field });
    if (!isStored(field)) continue;
    const display = field.kind === 'ref' ? refDisplayName(name, field) : undefined;
    stored.push({ name, field, internalOnly: field.internalOnly === true, display: display || undefined });
  }
  plan = { stored, computed };
  plans.set(entity, plan);
  return plan;
}

/** A stored row as the actor may read it. */
export function shapeRow(entity: EntityDef, stored: Row, options: ShapeOptions): Row {
  const out: Row = {};
  const external = options.actor.side === 'supplier' && !options.actor.system;
  const opened = entity.hasSealed && isOpened(stored, options);
  const plan = shapePlan(entity);
  for (const { name, field, internalOnly, display } of plan.stored) {
    if (external && internalOnly) continue;
    const raw = stored[name];
    if (field.sealed) {
      out[name] =
        raw === null || raw === undefined ? null : opened ? options.sealer.open(raw as string) : SEALED_MASK;
      continue;
    }
    out[name] = fromDb(field, raw);
    if (display && display in stored) out[display] = stored[display] ?? null;
  }
  for (const { name, field } of plan.computed) {
    if (external && field.internalOnly) continue;
    try {
      out[name] = field.compute(out);
    } catch {
      out[name] = null;
    }
  }
  return out;
}

/** A stored row in API types, unmasked: for server-side code (hooks, computations, audit diff). */
export function plainRow(entity: EntityDef, stored: Row, sealer: Sealer): Row {
  const out: Row = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isStored(field)) continue;
    const raw = stored[name];
    out[name] =
      field.sealed && raw !== null && raw !== undefined ? sealer.open(raw as string) : fromDb(field, raw);
  }
  return out;
}
