// The writes of server code (hooks, actions, endpoints, platform services) that the data API
// (context.ts) offers: patch, insert, remove, lock, a raw update audited all the same, an audit
// entry without a change, and fields only the server sets. Each applies the caller's scope (or
// the system's), bumps versions and writes every changed field to the audit trail.
import { and, eq } from 'drizzle-orm';
import { type SaveIssue, STATUS_FIELD, VERSION_FIELD, missingRequired } from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import { type AuditEntry, diffRows, writeAudit } from './audit';
import { checkScopeValues, checkedValues } from './checks';
import { fail, translateDbError, validationError } from './errors';
import type { EntityModel } from './model';
import { nextDocumentNumber } from './numbering';
import { supplierAccess } from './query';
import { type Row, plainRow } from './rows';
import { loadRowKeys } from './seals';
import { changedValues, compute, defaults, insertRows, updateRow, updateRows } from './write';

/** Platform writes see every row. */
const SYSTEM_SCOPE = (actor: Actor): Actor => ({ ...actor, system: true });

/**
 * A supplier's own work writes only rows of entities a supplier owns (its notes, its answers on
 * its orders); master data and internal documents change for a supplier only through the
 * platform's own authority (`system(reason)`), whatever an endpoint forgot to declare.
 */
function assertSupplierMayWrite(model: EntityModel, actor: Actor): void {
  if (actor.side === 'supplier' && !actor.system && supplierAccess(model.entity, model.header) !== 'own')
    throw fail(403, 'access.readOnly');
}

export class ServerWriter {
  constructor(private readonly model: EntityModel) {}

  /**
   * Sets fields the server owns (read-only to clients: a confirmation flag, a created
   * supplier's id, a review comment) on a row, with the version bumped and an audit entry.
   * For hooks and platform services; never reachable over HTTP.
   */
  async writeSystemFields(
    actor: Actor,
    id: number,
    values: Readonly<Row>,
    auditAction: string,
  ): Promise<void> {
    const { entity, runtime } = this.model;
    await runtime.transaction(async (tx) => {
      const stored = await this.model.lockRow(SYSTEM_SCOPE(actor), tx, id);
      const previous = await this.model.plain(tx, stored);
      const next = { ...previous, ...values };
      const now = runtime.clock.now();
      const changed = await changedValues(runtime, tx, entity, previous, next);
      if (!Object.keys(changed).length) return;
      await updateRow(runtime, tx, entity, id, previous[VERSION_FIELD] as number, changed, actor, now);
      await writeAudit(tx, actor, now, [
        {
          entity: entity.name,
          recordId: id,
          action: auditAction,
          changes: diffRows(entity, previous, next),
        },
      ]);
    });
  }

  /** The plain stored header of a line, for its computed fields. */
  private async headerRow(tx: Executor, line: Row): Promise<Row | undefined> {
    const { entity, header, runtime } = this.model;
    if (!header || !entity.parent) return undefined;
    const table = runtime.table(header.name);
    const [stored] = await tx
      .select()
      .from(table)
      .where(eq(this.model.col(header.key, table), line[entity.parent.field] as number));
    if (!stored) return undefined;
    await loadRowKeys(runtime, tx, header, [stored as Row]);
    return plainRow(header, stored as Row, runtime.sealer);
  }

  /**
   * Computed fields of a row changed by server code, from what they depend on: a line's header,
   * a header's stored lines (so that a header patched after its lines were carries their totals).
   */
  private async recompute(tx: Executor, row: Row, headers: Map<number, Row | undefined>): Promise<void> {
    const { entity, runtime } = this.model;
    if (!Object.values(entity.fields).some((field) => field.computed)) return;
    if (entity.parent) {
      const headerId = row[entity.parent.field] as number;
      if (!headers.has(headerId)) headers.set(headerId, await this.headerRow(tx, row));
      const header = headers.get(headerId);
      compute(entity, row, header ? { lines: {}, header } : { lines: {} });
      return;
    }
    const lines: Record<string, Row[]> = {};
    for (const [collection, line] of Object.entries(entity.lines))
      lines[collection] = await runtime.service(line.name).storedLines(tx, row[entity.key] as number);
    compute(entity, row, { lines });
  }

  /** Which record an audit entry is about, and its header for a line (the document's history). */
  private auditTarget(row: Row): Pick<AuditEntry, 'entity' | 'recordId' | 'headerEntity' | 'headerId'> {
    const { entity } = this.model;
    const target = { entity: entity.name, recordId: row[entity.key] as number };
    const parent = entity.parent;
    return parent && typeof row[parent.field] === 'number'
      ? { ...target, headerEntity: parent.entity, headerId: row[parent.field] as number }
      : target;
  }

  /**
   * Changes stored rows from server code (a hook, an action, an endpoint): the rows named by
   * key, or matching a selection, within the actor's scope (404 when a named row is not), are
   * locked, changed, their computed fields recomputed, their versions bumped, and every changed
   * field written to the audit trail under `operation`. Answers the rows as stored after.
   */
  async patch(
    actor: Actor,
    selector: { ids: readonly number[] } | { where: Readonly<Record<string, unknown>> },
    changes: Readonly<Row>,
    operation: string,
  ): Promise<Row[]> {
    assertSupplierMayWrite(this.model, actor);
    const values = checkedValues(this.model, changes, false);
    return this.patchRows(actor, selector, () => values, operation);
  }

  /**
   * patch() with changes of each row's own (by key): the rows locked in one statement, their
   * audit entries written in one, in place of a patch per row. Answers the rows in key order.
   */
  async patchEach(
    actor: Actor,
    changes: ReadonlyMap<number, Readonly<Row>>,
    operation: string,
  ): Promise<Row[]> {
    assertSupplierMayWrite(this.model, actor);
    const checked = new Map([...changes].map(([id, row]) => [id, checkedValues(this.model, row, false)]));
    return this.patchRows(actor, { ids: [...checked.keys()] }, (id) => checked.get(id)!, operation);
  }

  /**
   * patch() of a row the caller's transaction has locked (lock()) and not changed since: the row
   * as lock() answered it stands for the stored one, so it is not read again.
   */
  async patchLocked(
    actor: Actor,
    locked: Readonly<Row>,
    changes: Readonly<Row>,
    operation: string,
  ): Promise<Row> {
    assertSupplierMayWrite(this.model, actor);
    const values = checkedValues(this.model, changes, false);
    const [row] = await this.patchRows(actor, { locked }, () => values, operation);
    return row!;
  }

  private patchRows(
    actor: Actor,
    selector:
      { ids: readonly number[] } | { where: Readonly<Record<string, unknown>> } | { locked: Readonly<Row> },
    valuesOf: (id: number) => Readonly<Row>,
    operation: string,
  ): Promise<Row[]> {
    const { entity, runtime } = this.model;
    return runtime.transaction(async (tx) => {
      const befores = 'locked' in selector ? [selector.locked] : await this.forPatch(tx, actor, selector);
      const now = runtime.clock.now();
      const audit: AuditEntry[] = [];
      const after: Row[] = [];
      const headers = new Map<number, Row | undefined>();
      const updates: { id: number; version: number; values: Row }[] = [];
      for (const before of befores) {
        const row: Row = { ...before, ...valuesOf(before[entity.key] as number) };
        await this.recompute(tx, row, headers);
        const changed = diffRows(entity, before, row);
        after.push(
          changed.length ? { ...row, [VERSION_FIELD]: (before[VERSION_FIELD] as number) + 1 } : before,
        );
        if (!changed.length) continue;
        updates.push({
          id: before[entity.key] as number,
          version: before[VERSION_FIELD] as number,
          values: await changedValues(runtime, tx, entity, before, row),
        });
        audit.push({ ...this.auditTarget(row), action: operation, changes: changed });
      }
      // Every changed row in one statement (rows locked above: nothing else changes them).
      try {
        await updateRows(runtime, tx, entity, updates, actor, now);
      } catch (error) {
        throw translateDbError(runtime, error);
      }
      await writeAudit(tx, actor, now, audit);
      return after;
    });
  }

  /** The plain rows a patch names (by key or by a selection) in the actor's scope, locked. */
  private async forPatch(
    tx: Executor,
    actor: Actor,
    selector: { ids: readonly number[] } | { where: Readonly<Record<string, unknown>> },
  ): Promise<Row[]> {
    const byIds = 'ids' in selector;
    const ids = byIds ? [...new Set(selector.ids)].sort((a, b) => a - b) : [];
    if (byIds && !ids.length) return [];
    const stored = (await tx
      .select()
      .from(this.model.table)
      .where(
        and(
          byIds ? this.model.ofKeys(ids) : and(...this.model.whereOf(selector.where)),
          ...this.model.scope(actor),
        ),
      )
      .orderBy(this.model.col(this.model.entity.key))
      .for('update')) as Row[];
    if (byIds && stored.length !== ids.length) throw fail(404, 'entity.notFound');
    return this.model.plainRows(tx, stored);
  }

  /**
   * Creates rows from server code: defaults, the caller's supplier on a supplier-owned row,
   * computed values, required fields, the actor's organisation and category permits, numbering,
   * version 1 and an audit entry per row under `operation`. A line names its header's key.
   */
  async insert(actor: Actor, rows: readonly Readonly<Row>[], operation: string): Promise<number[]> {
    const { entity, runtime } = this.model;
    if (!rows.length) return [];
    assertSupplierMayWrite(this.model, actor);
    return runtime.transaction(async (tx) => {
      const prepared: Row[] = [];
      const issues: SaveIssue[] = [];
      const headers = new Map<number, Row | undefined>();
      for (const [index, given] of rows.entries()) {
        const row: Row = { ...defaults(entity), ...checkedValues(this.model, given, true) };
        if (actor.side === 'supplier' && !actor.system && entity.ownedBy)
          row[entity.ownedBy] = actor.supplierId;
        if (entity.workflow && row[STATUS_FIELD] === undefined) row[STATUS_FIELD] = entity.workflow.initial;
        if (entity.parent && typeof row[entity.parent.field] !== 'number')
          throw new Error(`${entity.name}: a line names its header`);
        await this.recompute(tx, row, headers);
        for (const issue of missingRequired(entity, row))
          issues.push({ ...issue, path: [index, ...issue.path] });
        checkScopeValues(actor, entity, row);
        prepared.push(row);
      }
      if (issues.length) throw validationError(this.model, issues, 422);
      const now = runtime.clock.now();
      if (entity.numbering) {
        for (const row of prepared)
          row[entity.numbering.field] = await nextDocumentNumber(
            runtime.database,
            tx,
            entity,
            row,
            now.getTime(),
            runtime.timeZone,
          );
      }
      let ids: number[];
      try {
        ids = await insertRows(runtime, tx, entity, prepared, actor, now);
      } catch (error) {
        throw translateDbError(runtime, error);
      }
      prepared.forEach((row, index) => (row[entity.key] = ids[index]));
      await writeAudit(
        tx,
        actor,
        now,
        prepared.map((row) => ({
          ...this.auditTarget(row),
          action: operation,
          statusTo: (row[STATUS_FIELD] as string | undefined) ?? null,
          changes: diffRows(entity, null, row),
        })),
      );
      return ids;
    });
  }

  /** Deletes rows from server code (within the actor's scope, 404 otherwise), audited under `operation`. */
  async removeRows(actor: Actor, ids: readonly number[], operation: string): Promise<void> {
    const { entity, runtime } = this.model;
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    if (!unique.length) return;
    assertSupplierMayWrite(this.model, actor);
    await runtime.transaction(async (tx) => {
      const stored = await this.locked(tx, actor, unique);
      try {
        await tx.delete(this.model.table).where(this.model.ofKeys(unique));
      } catch (error) {
        throw translateDbError(runtime, error);
      }
      await writeAudit(
        tx,
        actor,
        runtime.clock.now(),
        stored.map((row) => ({
          ...this.auditTarget(row),
          action: operation,
          statusFrom: (row[STATUS_FIELD] as string | undefined) ?? null,
          changes: diffRows(entity, row, null),
        })),
      );
    });
  }

  /** The plain rows of these keys within the actor's scope, locked (404 when one is not visible). */
  private async locked(tx: Executor, actor: Actor, ids: readonly number[]): Promise<Row[]> {
    const stored = (await tx
      .select()
      .from(this.model.table)
      .where(and(this.model.ofKeys(ids), ...this.model.scope(actor)))
      .orderBy(this.model.col(this.model.entity.key))
      .for('update')) as Row[];
    if (stored.length !== ids.length) throw fail(404, 'entity.notFound');
    return this.model.plainRows(tx, stored);
  }

  /**
   * The stored rows of these keys within the actor's scope, locked for the transaction (404 when
   * one is not visible): read, decide, then patch, with no one changing them in between.
   */
  async lock(actor: Actor, ids: readonly number[]): Promise<Row[]> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    if (!unique.length) return [];
    return this.model.runtime.transaction((tx) => this.locked(tx, actor, unique));
  }

  /**
   * A raw SQL write on rows of this entity (a conditional or bulk update the API does not
   * express), audited all the same: the rows are locked and read before, `work` runs, they are
   * read after; each changed row gets its version bumped (unless the statement did) and an
   * audit entry under `operation`.
   */
  async rawUpdate(
    actor: Actor,
    ids: readonly number[],
    operation: string,
    work: (tx: Executor) => Promise<void>,
  ): Promise<Row[]> {
    const { entity, runtime } = this.model;
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    assertSupplierMayWrite(this.model, actor);
    return runtime.transaction(async (tx) => {
      const before = unique.length ? await this.locked(tx, actor, unique) : [];
      await work(tx);
      if (!before.length) return [];
      const after = await this.model.plainRows(
        tx,
        (await tx
          .select()
          .from(this.model.table)
          .where(this.model.ofKeys(unique))
          .orderBy(this.model.col(entity.key))) as Row[],
      );
      const now = runtime.clock.now();
      const audit: AuditEntry[] = [];
      for (const [index, row] of after.entries()) {
        const previous = before[index]!;
        const changes = diffRows(entity, previous, row);
        if (!changes.length) continue;
        if (row[VERSION_FIELD] === previous[VERSION_FIELD]) {
          await tx
            .update(this.model.table)
            .set({
              [VERSION_FIELD]: (row[VERSION_FIELD] as number) + 1,
              lastUpdatedBy: actor.userId,
              lastUpdateDate: now,
            })
            .where(eq(this.model.col(entity.key), row[entity.key] as number));
          row[VERSION_FIELD] = (row[VERSION_FIELD] as number) + 1;
        }
        audit.push({ ...this.auditTarget(row), action: operation, changes });
      }
      await writeAudit(tx, actor, now, audit);
      return after;
    });
  }

  /** Records that an operation happened to a record without changing it (a mail sent), with a note. */
  async record(actor: Actor, id: number, operation: string, note: string | null): Promise<void> {
    await this.model.runtime.transaction(async (tx) => {
      const [row] = await this.locked(tx, actor, [id]);
      await writeAudit(tx, actor, this.model.runtime.clock.now(), [
        {
          ...this.auditTarget(row!),
          action: operation,
          statusFrom: (row![STATUS_FIELD] as string | undefined) ?? null,
          statusTo: (row![STATUS_FIELD] as string | undefined) ?? null,
          comment: note,
        },
      ]);
    });
  }
}
