// What the parts of one entity's service share (reads, checks, writes, workflow actions): the
// definition, its header, table and columns, the actor's data scope, locked and plain rows.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type EntityDef, type Locale, codeLabel, fieldLabel, isStored } from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import { fail } from './errors';
import type { HookContext } from './hooks';
import { scopeConditions, supplierAccess } from './query';
import { type Row, plainRow } from './rows';
import { loadRowKeys } from './seals';
import type { EntityRuntime } from './runtime';
import type { EntityTable } from './tables';

/** The most keys one request may name (deletes, actions, saves of several documents). */
export const MAX_IDS = 1000;

/** The header definition of a line entity. */
export function headerOf(runtime: EntityRuntime, entity: EntityDef): EntityDef | undefined {
  return entity.parent ? runtime.registry.find(entity.parent.entity) : undefined;
}

/** Conditions restricting `table` (the entity's or an alias of it) to the rows the actor may see. */
export function scopeOf(runtime: EntityRuntime, entity: EntityDef, actor: Actor, table: EntityTable): SQL[] {
  const header = headerOf(runtime, entity);
  return scopeConditions(
    entity,
    table,
    actor,
    header ? { entity: header, table: runtime.table(header.name) } : undefined,
  );
}

export class EntityModel {
  readonly header: EntityDef | undefined;

  constructor(
    readonly runtime: EntityRuntime,
    readonly entity: EntityDef,
  ) {
    this.header = headerOf(runtime, entity);
  }

  get table(): EntityTable {
    return this.runtime.table(this.entity.name);
  }

  col(name: string, table: EntityTable = this.table): AnyPgColumn {
    return table[name] as AnyPgColumn;
  }

  /** Refuses (403) an actor who may not read this entity at all (a supplier and internal documents). */
  assertReadable(actor: Actor): void {
    if (actor.side === 'supplier' && !actor.system && supplierAccess(this.entity, this.header) === 'none') {
      throw fail(403, 'access.denied');
    }
  }

  scope(actor: Actor, table: EntityTable = this.table): SQL[] {
    return scopeOf(this.runtime, this.entity, actor, table);
  }

  /**
   * The rows of these keys: one array parameter (`key = any($1)`, the plan PostgreSQL makes of
   * an IN list too), since rendering a statement with hundreds of parameters costs more than
   * running it.
   */
  ofKeys(ids: readonly number[]): SQL {
    return sql`${this.col(this.entity.key)} = any(${sql.param(ids)})`;
  }

  /** Conditions of a `{ field: value | values }` selection (values of the fields' kinds). */
  whereOf(where: Readonly<Record<string, unknown>>): SQL[] {
    const conditions: SQL[] = [];
    for (const [name, value] of Object.entries(where)) {
      const field = this.entity.fields[name];
      if (!field || !isStored(field)) throw new Error(`${this.entity.name} has no stored field ${name}`);
      const toDbValue = (item: unknown) =>
        field.kind === 'datetime' && typeof item === 'number' ? new Date(item) : item;
      if (value === null) conditions.push(sql`${this.col(name)} is null`);
      else if (Array.isArray(value))
        conditions.push(value.length ? inArray(this.col(name), value.map(toDbValue)) : sql`false`);
      else conditions.push(eq(this.col(name), toDbValue(value)));
    }
    return conditions;
  }

  /** The stored row, locked for the transaction, if the actor may see it. */
  async lockRow(actor: Actor, tx: Executor, id: number): Promise<Row> {
    const [row] = await tx
      .select()
      .from(this.table)
      .where(and(eq(this.col(this.entity.key), id), ...this.scope(actor)))
      .for('update');
    if (!row) throw fail(404, 'entity.notFound');
    return row as Row;
  }

  /** A stored row in API types, its sealed values opened (server code only). */
  async plain(on: Executor, stored: Row): Promise<Row> {
    const [row] = await this.plainRows(on, [stored]);
    return row!;
  }

  /** Stored rows in API types, their sealed values opened (server code only). */
  async plainRows(on: Executor, stored: readonly Row[]): Promise<Row[]> {
    await loadRowKeys(this.runtime, on, this.entity, stored);
    return stored.map((row) => plainRow(this.entity, row, this.runtime.sealer));
  }

  context(actor: Actor, tx: Executor): HookContext {
    return { actor, runtime: this.runtime, tx, now: this.runtime.clock.now() };
  }

  isEditableState(status: unknown): boolean {
    const workflow = this.entity.workflow;
    return !workflow || workflow.editableIn.includes(String(status));
  }

  fieldName(locale: Locale, entity: EntityDef, field: string): string {
    return fieldLabel(this.runtime.messages(), locale, entity.name, field);
  }

  statusLabel(locale: Locale, status: unknown): string {
    const lookup = this.entity.workflow?.statusLookup ?? 'DOC_STATUS';
    return codeLabel(this.runtime.messages(), locale, lookup, String(status));
  }
}
