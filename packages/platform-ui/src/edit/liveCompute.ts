// Computed fields follow an edit on the page as the server will compute them on save: a line's
// amounts as its quantity or price is typed, the header's totals shortly after. The same
// isomorphic definitions compute them; the server's values replace them when the document is
// saved, so nothing computed here is ever sent (saveBody leaves read-only fields out).
import { type ComputeContext, type EntityDef, type FieldDef, checkValue } from '@srm/kernel';

type Row = Record<string, unknown>;

const plans = new WeakMap<EntityDef, [string, FieldDef][]>();

/** The stored fields of an entity the server computes on save. */
function computedFields(entity: EntityDef): [string, FieldDef][] {
  let plan = plans.get(entity);
  if (!plan) {
    plan = Object.entries(entity.fields).filter(([, field]) => field.kind !== 'compute' && !!field.computed);
    plans.set(entity, plan);
  }
  return plan;
}

/** Whether an entity or any of its lines has stored computed fields (nothing to do otherwise). */
export function hasComputedFields(entity: EntityDef): boolean {
  return (
    computedFields(entity).length > 0 ||
    Object.values(entity.lines).some((line) => computedFields(line).length)
  );
}

/**
 * The computed fields of `row` whose value differs from what it holds. A computation that fails
 * or gives no finite number on a half-typed row changes nothing: the save will say what is missing.
 */
export function computedChanges(entity: EntityDef, row: Row, context: ComputeContext): Row {
  const changes: Row = {};
  // In declaration order, each seeing those before it, as the server computes them.
  const working: Row = { ...row };
  for (const [name, field] of computedFields(entity)) {
    let value: unknown;
    try {
      value = field.computed!(working, context);
    } catch {
      continue;
    }
    if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) continue;
    // Checked as the server stores it (a value its field refuses is stored as null).
    const checked = checkValue({ ...field, computed: undefined, readonly: false } as FieldDef, value);
    const stored = checked.ok ? checked.value : null;
    working[name] = stored;
    if (!Object.is(stored, row[name] ?? null)) changes[name] = stored;
  }
  return changes;
}

/**
 * The lines an `onValuesChange` delta of the edit form touched, by collection: the form reports
 * a changed cell as a sparse array holding only that line.
 */
export function touchedLines(entity: EntityDef, changed: Row): [collection: string, indexes: number[]][] {
  const touched: [string, number[]][] = [];
  for (const collection of Object.keys(entity.lines)) {
    const delta = changed[collection];
    if (!Array.isArray(delta)) continue;
    const indexes: number[] = [];
    delta.forEach((value, index) => {
      if (value !== undefined) indexes.push(index);
    });
    if (indexes.length) touched.push([collection, indexes]);
  }
  return touched;
}

/**
 * Whether a change picks a header value a line's computation may read (a flag, a code, a
 * reference: 含税计价 turns every item's amounts), so that every line follows at once. Typed
 * header text does not: recomputing 10,000 lines on each keystroke would be felt.
 */
export function picksHeaderValue(entity: EntityDef, changed: Row): boolean {
  return Object.keys(changed).some((name) => {
    const field = entity.fields[name];
    return !!field && (field.kind === 'checkbox' || field.kind === 'lookup' || field.kind === 'ref');
  });
}
