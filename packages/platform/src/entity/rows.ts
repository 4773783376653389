// Converting rows between the database and the API, per field kind and per reader: sealed
// values masked until opened (for everyone), internal-only fields removed for suppliers,
// computed fields evaluated, timestamps as milliseconds; list and find read driver rows in one
// pass (rowReader).
import {
  type Catalogue,
  type ComputeField,
  type EntityDef,
  type FieldDef,
  SEALED_MASK,
  SEALED_OPENED_FIELD,
  isStored,
  keepsMessage,
  refDisplayName,
  renderStoredText,
} from '@srm/kernel';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../access/actor';
import type { Sealer } from '../system/seal';
import { sanitizeRichText } from '../text/rich-text';

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

/** API value → database value of one field (`seal`: how the row's sealed values are sealed, seals.ts). */
export function toDb(field: FieldDef, value: unknown, seal: (value: unknown) => string): unknown {
  if (value === null || value === undefined) return null;
  if (field.sealed) return seal(value);
  if (field.kind === 'datetime') return new Date(value as number);
  // Rich text keeps only allowed formatting, whoever writes it (a save, a hook, an import).
  if (field.kind === 'textarea' && field.rich && typeof value === 'string') return sanitizeRichText(value);
  return value;
}

export interface ShapeOptions {
  readonly actor: Actor;
  readonly sealer: Sealer;
  /**
   * The row's header is opened (which opens the line's sealed values), or owned by the reading
   * supplier (which reads its own).
   */
  readonly headerOpened?: boolean;
  /** The application's messages: a text field marked `message` is read in the actor's language. */
  readonly messages?: Catalogue;
}

/** A selected column: the field it stores, or the display value of a reference. */
export interface SelectedColumn {
  readonly name: string;
  readonly column: AnyPgColumn;
}

/** Driver value → API value of one selected column. */
type Decoder = (value: unknown) => unknown;

/**
 * The decoder of one column: what Drizzle's row mapping (`mapFromDriverValue`) and `fromDb`
 * do together, so that a value is converted once. The hot kinds skip the intermediate value
 * (a timestamp's text goes to milliseconds without a Date); every other kind composes the two.
 * Both drivers deliver what Drizzle's driver setup asks for: timestamps and dates as text,
 * numerics and int8 as text (node-postgres) or numbers (PGlite), each handled here.
 */
function decoderOf(field: FieldDef | undefined, column: AnyPgColumn): Decoder {
  const driverValue = (value: unknown) => column.mapFromDriverValue(value);
  if (!field) return (value) => (value === null ? null : driverValue(value));
  // A sealed value stays the stored text: the reader opens or masks it.
  if (field.sealed) return (value) => (value === null ? null : driverValue(value));
  const general: Decoder = (value) => (value === null ? null : fromDb(field, driverValue(value)));
  if (column.columnType === 'PgTimestamp' && (column as unknown as { withTimezone: boolean }).withTimezone) {
    // new Date(text).getTime() is Date.parse(text) by definition.
    return (value) => (typeof value === 'string' ? Date.parse(value) : general(value));
  }
  if (column.columnType === 'PgNumericNumber' || column.columnType === 'PgBigInt53') {
    // Drizzle's decoding of both is Number() of what is not a number yet; fromDb keeps numbers.
    return (value) => (value === null ? null : typeof value === 'number' ? value : Number(value));
  }
  return general;
}

/** Reads the driver rows of one selection as answer rows, worked out once per selection. */
export interface RowReader {
  /** The position of a selected column in a driver row. */
  readonly indexOf: (name: string) => number;
  /** One driver row as the actor may read it (the data keys of its opened sealed values loaded). */
  readonly read: (values: readonly unknown[], options: ShapeOptions) => Row;
  /** The stored sealed values of driver rows (whose data keys a reader loads first). */
  readonly sealedValues: (rows: readonly (readonly unknown[])[]) => unknown[];
}

/**
 * The reader of a selection of an entity's stored fields and its references' display values,
 * in select order: one pass from the driver's row to the answer's (sealed values masked until
 * opened, internal-only fields removed for suppliers, computed fields evaluated), with a
 * decoder per column instead of Drizzle's row mapping and a second conversion.
 */
export function rowReader(entity: EntityDef, selected: readonly SelectedColumn[]): RowReader {
  // A selection of some fields (a narrow read) answers only those: computed fields need them all.
  const everyField = Object.entries(entity.fields).every(
    ([name, field]) => !isStored(field) || selected.some((column) => column.name === name),
  );
  const index = new Map(selected.map(({ name }, position) => [name, position]));
  const indexOf = (name: string) => {
    const position = index.get(name);
    if (position === undefined) throw new Error(`${entity.name}.${name} is not selected`);
    return position;
  };
  const stored: {
    readonly name: string;
    readonly at: number;
    readonly decode: Decoder;
    readonly sealed: boolean;
    readonly internalOnly: boolean;
    /** A text that may keep a message (read in the reader's language). */
    readonly message: boolean;
    /** The display value of a reference that travels with it (in the reader's language: selected so). */
    readonly display: { readonly name: string; readonly at: number; readonly decode: Decoder } | undefined;
  }[] = [];
  const computed: { readonly name: string; readonly field: ComputeField }[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind === 'compute' && everyField) computed.push({ name, field });
    if (!isStored(field) || !index.has(name)) continue;
    const at = indexOf(name);
    const displayName = field.kind === 'ref' ? refDisplayName(name, field) : null;
    const displayAt = displayName ? index.get(displayName) : undefined;
    stored.push({
      name,
      at,
      decode: decoderOf(field, selected[at]!.column),
      sealed: Boolean(field.sealed),
      internalOnly: field.internalOnly === true,
      message: keepsMessage(field),
      display:
        displayName && displayAt !== undefined
          ? { name: displayName, at: displayAt, decode: decoderOf(undefined, selected[displayAt]!.column) }
          : undefined,
    });
  }
  const openedAt = entity.hasSealed ? indexOf(SEALED_OPENED_FIELD) : -1;
  // The supplier that owns a row reads its own sealed values (its quote before opening).
  const ownerAt = entity.hasSealed && entity.ownedBy ? index.get(entity.ownedBy) : undefined;

  const read = (values: readonly unknown[], options: ShapeOptions): Row => {
    const out: Row = {};
    const external = options.actor.side === 'supplier' && !options.actor.system;
    const opened =
      openedAt >= 0 &&
      (values[openedAt] !== null ||
        options.headerOpened === true ||
        (external &&
          ownerAt !== undefined &&
          options.actor.supplierId !== null &&
          Number(values[ownerAt]) === options.actor.supplierId));
    for (const { name, at, decode, sealed, internalOnly, message, display } of stored) {
      if (external && internalOnly) continue;
      const value = values[at];
      if (sealed) {
        out[name] =
          value === null || value === undefined
            ? null
            : opened
              ? options.sealer.open(decode(value) as string)
              : SEALED_MASK;
        continue;
      }
      out[name] = decode(value);
      if (message && options.messages && typeof out[name] === 'string')
        out[name] = renderStoredText(options.messages, options.actor.locale, out[name]);
      if (display) out[display.name] = display.decode(values[display.at]) ?? null;
    }
    for (const { name, field } of computed) {
      if (external && field.internalOnly) continue;
      try {
        out[name] = field.compute(out);
      } catch {
        out[name] = null;
      }
    }
    return out;
  };
  const sealedAt = stored.filter((column) => column.sealed).map((column) => column.at);
  const sealedValues = (rows: readonly (readonly unknown[])[]) =>
    sealedAt.length ? rows.flatMap((values) => sealedAt.map((at) => values[at])) : [];
  return { indexOf, read, sealedValues };
}

/**
 * A stored row in API types, unmasked: for server-side code (hooks, computations, audit diff).
 * The data keys of its sealed values must be loaded (seals.ts `loadRowKeys`; `EntityModel.plain`).
 */
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
