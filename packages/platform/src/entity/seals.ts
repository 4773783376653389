// How the engine seals and opens an entity's sealed values (DESIGN.md §7, ADR 0041): a document
// declaring `sealedPer` (a quotation's inquiry) and its lines are sealed with the data key of
// that event; every other sealed value (a secret parameter) with the seal key itself. Opening
// loads the data keys the stored values name first, so `plainRow` and the readers stay
// synchronous.
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type EntityDef, isStored } from '@srm/kernel';
import type { Executor } from '@srm/db';
import { dataKeyOf, loadDataKeys } from '../system/data-keys';
import type { DataKey } from '../system/seal';
import type { Row } from './rows';
import type { EntityRuntime } from './runtime';

/** Seals one value of a row. */
export type Seal = (value: unknown) => string;

/** The stored values of an entity's sealed fields in these rows. */
function* sealedValues(entity: EntityDef, rows: readonly Row[]): Generator<unknown> {
  const names = Object.entries(entity.fields)
    .filter(([, field]) => field.sealed && isStored(field))
    .map(([name]) => name);
  for (const row of rows) for (const name of names) yield row[name];
}

/** Loads the data keys the sealed values of these stored rows need (nothing for most entities). */
export async function loadRowKeys(
  runtime: EntityRuntime,
  on: Executor,
  entity: EntityDef,
  rows: readonly Row[],
): Promise<void> {
  if (entity.hasSealed) await loadDataKeys(on, runtime.sealer, sealedValues(entity, rows));
}

/** The scope naming `value` of the event reference `field` of `entity`: `srmInquiry:42`. */
function scopeOf(entity: EntityDef, field: string, value: unknown): string {
  const ref = entity.fields[field];
  if (ref?.kind !== 'ref' || value === null || value === undefined)
    throw new Error(`${entity.name}: a row without its ${field} cannot be sealed`);
  return `${ref.entity}:${Number(value)}`;
}

/**
 * What one transaction has learnt of data keys and lines' events: a save of 500 quotation lines
 * asks for them once, not per line. Kept by the transaction object, so it ends with it (a key made
 * in a transaction that rolls back is never used by another).
 */
interface TransactionSeals {
  readonly keys: Map<string, DataKey>;
  /** A header's event scope, by header entity and key. */
  readonly events: Map<string, string>;
}
const perTransaction = new WeakMap<object, TransactionSeals>();

function sealsIn(tx: Executor): TransactionSeals {
  let known = perTransaction.get(tx);
  if (!known) perTransaction.set(tx, (known = { keys: new Map(), events: new Map() }));
  return known;
}

/** The event scope of each row: its own `sealedPer`, a line's header's, or none. */
async function scopesOf(
  runtime: EntityRuntime,
  tx: Executor,
  entity: EntityDef,
  rows: readonly Row[],
): Promise<(string | null)[]> {
  if (entity.sealedPer) return rows.map((row) => scopeOf(entity, entity.sealedPer!, row[entity.sealedPer!]));
  const header = entity.parent ? runtime.registry.find(entity.parent.entity) : undefined;
  const per = header?.sealedPer;
  if (!header || !per || !entity.parent) return rows.map(() => null);
  const parent = entity.parent.field;
  const { events } = sealsIn(tx);
  const eventOf = (id: number) => events.get(`${header.name}:${id}`);
  const missing = [...new Set(rows.map((row) => Number(row[parent])))].filter((id) => !eventOf(id));
  if (missing.length) {
    // The headers of these lines: written before their lines in the same transaction; the event a
    // header names never changes (its reference is required and read-only).
    const table = runtime.table(header.name);
    const headers = await tx
      .select()
      .from(table)
      .where(inArray(table[header.key] as AnyPgColumn, missing));
    for (const stored of headers as Row[])
      events.set(`${header.name}:${Number(stored[header.key])}`, scopeOf(header, per, stored[per]));
  }
  return rows.map((row) => {
    const scope = eventOf(Number(row[parent]));
    if (!scope) throw new Error(`${entity.name}: the line's ${header.name} was not found`);
    return scope;
  });
}

/** How each row's sealed values are sealed: with its event's data key (made on first use), else the seal key. */
export async function sealsOf(
  runtime: EntityRuntime,
  tx: Executor,
  entity: EntityDef,
  rows: readonly Row[],
): Promise<Seal[]> {
  const { sealer } = runtime;
  const withSealKey: Seal = (value) => sealer.seal(value);
  if (!entity.hasSealed) return rows.map(() => withSealKey);
  const scopes = await scopesOf(runtime, tx, entity, rows);
  const { keys } = sealsIn(tx);
  for (const scope of new Set(scopes))
    if (scope && !keys.has(scope)) keys.set(scope, await dataKeyOf(tx, sealer, scope, runtime.clock.now()));
  return scopes.map((scope) => {
    const key = scope ? keys.get(scope) : undefined;
    return key ? (value) => sealer.seal(value, key) : withSealKey;
  });
}
