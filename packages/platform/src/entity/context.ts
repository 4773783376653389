// The data API of business code (hooks, actions, endpoints): typed by the definitions, and
// every read and write goes through the engine with the caller's data scope (or a system scope
// the code names), the version bump and the field-level audit trail, as saves do. Raw SQL stays
// possible on `tx` for what the engine does not express (aggregates, bulk locking); a raw read
// restricts itself with `scope(entity)`, and writes go through this API.
import { type SQL, and, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type ActionName,
  type AnyEntity,
  type ChangesOf,
  type FoundRowOf,
  type MessageParams,
  type NewRowOf,
  type ReadRowOf,
  type RowOf,
  type SaveBodyOf,
  type SortSpec,
  type WhereOf,
} from '@srm/kernel';
import type { Executor } from '@srm/db';
import { AppError } from '../http/errors';
import { type Actor, SYSTEM_ACTOR } from '../access/actor';
import type { HookContext } from './hooks';
import { lineOrder, scopeConditions } from './query';
import type { EntityRuntime, PlatformServices } from './runtime';

export interface ListOptions<E> {
  /** Order of the rows (the key ascending by default). */
  readonly orderBy?: readonly (SortSpec & { readonly field: keyof RowOf<E> & string })[];
  readonly limit?: number;
}

/** A narrow read: only these stored fields (less to read, decode and open on big reads). */
export interface FieldsOptions<E, F extends keyof RowOf<E> & string> extends ListOptions<E> {
  readonly fields: readonly F[];
}

export interface DataApi {
  /** Who acts: the caller, or the system scope of `system(reason)`. */
  readonly actor: Actor;
  /** The database time of this unit of work. */
  readonly now: Date;
  /** The open transaction (raw SQL only where the API does not fit; say why in a comment). */
  readonly tx: Executor;
  readonly runtime: EntityRuntime;
  /** The operation the audit entries of this work are written under (an action, an endpoint, save). */
  readonly operation: string;
  /** Platform services: messenger, site messages, identity, attachments. */
  readonly services: Partial<PlatformServices>;
  /** A message of the catalogue in the caller's language. */
  t(key: string, params?: MessageParams): string;

  /**
   * A row the endpoint's declared input names (a `ref` field), as the endpoint's check that the
   * caller may read it read it, in the caller's scope, before the handler's unit of work began;
   * null outside an endpoint or for a row it does not name. For a decision that must still hold
   * at commit, lock the row or read it again.
   */
  referenced<E extends AnyEntity>(entity: E, id: number): ReadRowOf<E> | null;
  /** A document with its lines as findById answers it to the caller (404 outside its scope). */
  find<E extends AnyEntity>(entity: E, id: number): Promise<FoundRowOf<E>>;
  /**
   * Rows matching field values, within the caller's scope. With `fields`, only those stored
   * fields and the key (computed fields are not evaluated): for reads of many rows.
   */
  list<E extends AnyEntity, F extends keyof RowOf<E> & string>(
    entity: E,
    where: WhereOf<E>,
    options: FieldsOptions<E, F>,
  ): Promise<Pick<ReadRowOf<E>, F>[]>;
  list<E extends AnyEntity>(entity: E, where?: WhereOf<E>, options?: ListOptions<E>): Promise<ReadRowOf<E>[]>;
  /** The lines of a header, in line order, within the caller's scope. */
  lines<E extends AnyEntity>(line: E, headerId: number): Promise<ReadRowOf<E>[]>;
  /**
   * Changes one row (versioned, audited); 404 when the caller cannot see it. Given the row as
   * lock() answered it in this unit of work (and not changed since), it is not read again.
   */
  patch<E extends AnyEntity>(entity: E, target: number | RowOf<E>, changes: ChangesOf<E>): Promise<RowOf<E>>;
  /**
   * Changes a row as this code last wrote it (the row a patch answered, in any unit of work),
   * without reading or locking it again: null, and nothing written, when it changed since (its
   * version moved). The platform's own (a system actor): the row is not checked against a scope.
   * For a row the platform moved a moment ago and expects unchanged (a request ending that no
   * one cancelled meanwhile); on null, lock it and decide again.
   */
  patchUnchanged<E extends AnyEntity>(
    entity: E,
    row: RowOf<E>,
    changes: ChangesOf<E>,
  ): Promise<RowOf<E> | null>;
  /** Changes every row matching field values within the caller's scope (versioned, audited). */
  patchWhere<E extends AnyEntity>(entity: E, where: WhereOf<E>, changes: ChangesOf<E>): Promise<RowOf<E>[]>;
  /**
   * Changes rows each its own way (by key; versioned, audited; 404 when one is not visible), in
   * one lock and one audit write: in place of a patch() per line. Answers them in key order.
   */
  patchEach<E extends AnyEntity>(entity: E, changes: ReadonlyMap<number, ChangesOf<E>>): Promise<RowOf<E>[]>;
  /** Creates rows (defaults, numbering, permits, version 1, audited); answers their keys. */
  insert<E extends AnyEntity>(entity: E, rows: readonly NewRowOf<E>[]): Promise<number[]>;
  /** Deletes rows within the caller's scope (audited). */
  remove<E extends AnyEntity>(entity: E, ids: readonly number[]): Promise<void>;
  /**
   * Locks rows for the rest of the unit of work and answers them as stored (404 when one is
   * not visible): read, decide, then patch, with no one changing them in between.
   */
  lock<E extends AnyEntity>(entity: E, ids: readonly number[]): Promise<RowOf<E>[]>;
  /**
   * A raw SQL write on these rows where the API does not fit (a conditional or bulk update);
   * the engine still bumps versions and audits every changed field. Say why in a comment.
   */
  rawUpdate<E extends AnyEntity>(
    entity: E,
    ids: readonly number[],
    work: (tx: Executor) => Promise<void>,
  ): Promise<RowOf<E>[]>;
  /** Records in a record's history that this operation happened to it (a mail sent), with a note. */
  record(entity: AnyEntity, id: number, note?: string | null): Promise<void>;
  /**
   * Runs work in a transaction of its own, for an endpoint that does not write as a whole
   * (`write: false`): what it wrote before (a wrong one-time code counted) stays committed when
   * the work fails.
   */
  transaction<T>(work: (data: DataApi) => Promise<T>): Promise<T>;
  /** Saves a document through the engine's own save: every check and hook of a save applies. */
  save<E extends AnyEntity>(entity: E, body: SaveBodyOf<E>): Promise<FoundRowOf<E>>;
  /** Runs a workflow action of another document (or of this one), as the platform. */
  act<E extends AnyEntity>(
    entity: E,
    action: ActionName<E>,
    ids: readonly number[],
    input?: Readonly<Record<string, unknown>>,
  ): Promise<void>;
  /**
   * The same API without the caller's data scope, for work the platform does on its own
   * authority (recording price history for every line of an approved order). The reason is
   * required so that a reader sees why.
   */
  system(reason: string): DataApi;
  /**
   * The caller's scope on an entity's table as a condition, for a raw read of that table
   * (`from srm_pur_agreement a where ${ctx.scope(agreement, 'a')}`, or without an alias).
   */
  scope(entity: AnyEntity, alias?: string): SQL;
}

type Row = Record<string, unknown>;

/** Rows an endpoint's input names, by entity and key, as its reference check read them. */
export type ReferencedRows = ReadonlyMap<string, ReadonlyMap<number, Row>>;
const NONE_REFERENCED: ReferencedRows = new Map();

/** Rows lock() answered, with the unit of work (its transaction) and the actor that locked them. */
const lockedRows = new WeakMap<object, { tx: Executor; actor: Actor }>();

class Data implements DataApi {
  readonly services: Partial<PlatformServices>;

  constructor(
    readonly runtime: EntityRuntime,
    readonly actor: Actor,
    readonly tx: Executor,
    readonly now: Date,
    readonly operation: string,
    private readonly named: ReferencedRows = NONE_REFERENCED,
  ) {
    this.services = runtime.plugins;
  }

  referenced<E extends AnyEntity>(entity: E, id: number): ReadRowOf<E> | null {
    return (this.named.get(entity.name)?.get(id) as ReadRowOf<E> | undefined) ?? null;
  }

  t(key: string, params?: MessageParams): string {
    return this.runtime.t(this.actor.locale, key, params);
  }

  async find<E extends AnyEntity>(entity: E, id: number): Promise<FoundRowOf<E>> {
    return (await this.runtime.service(entity.name).find(this.actor, id)) as FoundRowOf<E>;
  }

  async list<E extends AnyEntity>(
    entity: E,
    where: WhereOf<E> = {},
    options: ListOptions<E> & { readonly fields?: readonly string[] } = {},
  ): Promise<ReadRowOf<E>[]> {
    const rows = await this.runtime.service(entity.name).rows(this.actor, where as Row, {
      ...(options.orderBy ? { order: options.orderBy } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
      ...(options.fields ? { fields: options.fields } : {}),
    });
    return rows as ReadRowOf<E>[];
  }

  async lines<E extends AnyEntity>(line: E, headerId: number): Promise<ReadRowOf<E>[]> {
    if (!line.parent) throw new Error(`${line.name} is not a line entity`);
    const order = lineOrder(line);
    const rows = await this.runtime
      .service(line.name)
      .rows(this.actor, { [line.parent.field]: headerId }, { order });
    return rows as ReadRowOf<E>[];
  }

  async patch<E extends AnyEntity>(
    entity: E,
    target: number | RowOf<E>,
    changes: ChangesOf<E>,
  ): Promise<RowOf<E>> {
    const service = this.runtime.service(entity.name);
    if (typeof target === 'number') {
      const [row] = await service.patch(this.actor, { ids: [target] }, changes as Row, this.operation);
      return row as RowOf<E>;
    }
    // Locked in this unit of work, by this actor or patched on the platform's authority.
    const locked = lockedRows.get(target);
    if (!locked || locked.tx !== this.tx || (locked.actor !== this.actor && !this.actor.system))
      throw new Error(`${entity.name}: a row patched as locked was not locked by this unit of work`);
    lockedRows.delete(target);
    const row = await service.patchLocked(this.actor, target as Row, changes as Row, this.operation);
    lockedRows.set(row, locked);
    return row as RowOf<E>;
  }

  async patchUnchanged<E extends AnyEntity>(
    entity: E,
    row: RowOf<E>,
    changes: ChangesOf<E>,
  ): Promise<RowOf<E> | null> {
    if (!this.actor.system)
      throw new Error(`${entity.name}: patchUnchanged is the platform’s (a system actor)`);
    try {
      const after = await this.runtime
        .service(entity.name)
        .patchLocked(this.actor, row as Row, changes as Row, this.operation);
      return after as RowOf<E>;
    } catch (error) {
      if (error instanceof AppError && error.httpStatus === 409 && error.messageKey === 'entity.stale')
        return null;
      throw error;
    }
  }

  async patchWhere<E extends AnyEntity>(
    entity: E,
    where: WhereOf<E>,
    changes: ChangesOf<E>,
  ): Promise<RowOf<E>[]> {
    if (!Object.keys(where).length) throw new Error(`patchWhere on ${entity.name} without a condition`);
    const rows = await this.runtime
      .service(entity.name)
      .patch(this.actor, { where: where as Row }, changes as Row, this.operation);
    return rows as RowOf<E>[];
  }

  async patchEach<E extends AnyEntity>(
    entity: E,
    changes: ReadonlyMap<number, ChangesOf<E>>,
  ): Promise<RowOf<E>[]> {
    if (!changes.size) return [];
    const rows = await this.runtime
      .service(entity.name)
      .patchEach(this.actor, changes as ReadonlyMap<number, Row>, this.operation);
    return rows as RowOf<E>[];
  }

  insert<E extends AnyEntity>(entity: E, rows: readonly NewRowOf<E>[]): Promise<number[]> {
    return this.runtime.service(entity.name).insert(this.actor, rows as readonly Row[], this.operation);
  }

  remove<E extends AnyEntity>(entity: E, ids: readonly number[]): Promise<void> {
    return this.runtime.service(entity.name).removeRows(this.actor, ids, this.operation);
  }

  async lock<E extends AnyEntity>(entity: E, ids: readonly number[]): Promise<RowOf<E>[]> {
    const rows = await this.runtime.service(entity.name).lock(this.actor, ids);
    for (const row of rows) lockedRows.set(row, { tx: this.tx, actor: this.actor });
    return rows as RowOf<E>[];
  }

  async rawUpdate<E extends AnyEntity>(
    entity: E,
    ids: readonly number[],
    work: (tx: Executor) => Promise<void>,
  ): Promise<RowOf<E>[]> {
    return (await this.runtime
      .service(entity.name)
      .rawUpdate(this.actor, ids, this.operation, work)) as RowOf<E>[];
  }

  record(entity: AnyEntity, id: number, note: string | null = null): Promise<void> {
    return this.runtime.service(entity.name).record(this.actor, id, this.operation, note);
  }

  async save<E extends AnyEntity>(entity: E, body: SaveBodyOf<E>): Promise<FoundRowOf<E>> {
    return (await this.runtime.service(entity.name).save(this.actor, body)) as FoundRowOf<E>;
  }

  async act<E extends AnyEntity>(
    entity: E,
    action: ActionName<E>,
    ids: readonly number[],
    input: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    await this.runtime
      .service(entity.name)
      .act(this.actor, action, ids, input, { fromHttp: false, answer: false });
  }

  transaction<T>(work: (data: DataApi) => Promise<T>): Promise<T> {
    return this.runtime.transaction((tx) =>
      work(new Data(this.runtime, this.actor, tx, this.now, this.operation)),
    );
  }

  system(reason: string): DataApi {
    if (!reason.trim()) throw new Error('A system scope names its reason');
    return new Data(this.runtime, { ...this.actor, system: true }, this.tx, this.now, this.operation);
  }

  scope(entity: AnyEntity, as?: string): SQL {
    const header = entity.parent ? this.runtime.registry.find(entity.parent.entity) : undefined;
    const table = this.runtime.table(entity.name);
    const conditions = scopeConditions(
      entity,
      as ? (alias(table, as) as unknown as typeof table) : table,
      this.actor,
      header ? { entity: header, table: this.runtime.table(header.name) } : undefined,
    );
    return conditions.length ? and(...conditions)! : sql`true`;
  }
}

/** The data API of a unit of work of this caller, audited under `operation`. */
export function dataApi(context: HookContext, operation: string, referenced?: ReferencedRows): DataApi {
  return new Data(context.runtime, context.actor, context.tx, context.now, operation, referenced);
}

/**
 * Work the platform does on its own authority (a background job, another system's callback), in
 * one transaction, audited under `operation`; texts it keeps are written in `locale`.
 */
export function platformWork<T>(
  runtime: EntityRuntime,
  operation: string,
  work: (data: DataApi) => Promise<T>,
  locale: Actor['locale'] = SYSTEM_ACTOR.locale,
): Promise<T> {
  return runtime.transaction((tx) =>
    work(dataApi({ actor: { ...SYSTEM_ACTOR, locale }, runtime, tx, now: runtime.clock.now() }, operation)),
  );
}
