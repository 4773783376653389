// One entity's service: find, list, save, import, delete and workflow actions, with the actor's
// data scope on every path. A facade over the parts sharing the entity's model: reads
// (read.ts), checks (checks.ts), the write path (write.ts), the writes of server code
// (server-writes.ts), workflow actions (actions.ts) and errors (errors.ts).
import type { EntityDef, ListQuery, SaveIssue, SortSpec } from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '../access/actor';
import type { AppError, ErrorStatus } from '../http/errors';
import { WorkflowActions } from './actions';
import type { HistoryEntry } from './audit';
import { mayChangeField } from './checks';
import { validationError } from './errors';
import { EntityModel } from './model';
import { type DisplayLanguage, EntityReader, type ListResult, type PreparedCount } from './read';
import type { Row } from './rows';
import type { EntityRuntime } from './runtime';
import { ServerWriter } from './server-writes';
import { EntityWriter } from './write';

export class EntityService {
  private readonly model: EntityModel;
  private readonly reader: EntityReader;
  private readonly writer: EntityWriter;
  private readonly server: ServerWriter;
  private readonly actions: WorkflowActions;

  constructor(
    runtime: EntityRuntime,
    readonly entity: EntityDef,
  ) {
    this.model = new EntityModel(runtime, entity);
    this.reader = new EntityReader(this.model);
    this.writer = new EntityWriter(this.model, this.reader);
    this.server = new ServerWriter(this.model);
    this.actions = new WorkflowActions(this.model, this.reader);
  }

  // ---------------------------------------------------------------- reading

  /** Refuses (403) an actor who may not read this entity at all (a supplier and internal documents). */
  assertReadableBy(actor: Actor): void {
    this.model.assertReadable(actor);
  }

  /** One row with its lines, as the actor may read it. */
  find(actor: Actor, id: number, options: { withHistory?: boolean } = {}): Promise<Row> {
    return this.reader.find(actor, id, options);
  }

  /** Lines of one header, in line order (the header's scope was checked by the caller). */
  linesOf(actor: Actor, headerId: number): Promise<Row[]> {
    return this.reader.linesOf(actor, headerId);
  }

  /** This line entity's rows under a header row, as a correlated subquery (EntityReader.find). */
  collectionColumn(headerKey: AnyPgColumn, language: DisplayLanguage): SQL {
    return this.reader.collectionColumn(headerKey, language);
  }

  /** The lines a `collectionColumn` answered, as the actor may read them. */
  readCollection(on: Executor, actor: Actor, value: unknown): Promise<Row[]> {
    return this.reader.readCollection(on, actor, value);
  }

  history(actor: Actor, id: number): Promise<HistoryEntry[]> {
    return this.reader.history(actor, id);
  }

  /** Parses a list request body and answers the page. */
  listRequest(actor: Actor, body: unknown): Promise<ListResult & { pageIndex: number }> {
    return this.reader.listRequest(actor, body);
  }

  /** A list request's count without its page, to be counted with others in one statement. */
  prepareCount(actor: Actor, body: unknown): Promise<PreparedCount> {
    return this.reader.prepareCount(actor, body);
  }

  /** A page of rows matching the query, within the actor's scope, and the total count. */
  list(actor: Actor, query: ListQuery): Promise<ListResult> {
    return this.reader.list(actor, query);
  }

  /** The SQL statements a list runs (the page, then what counting needs): see EntityReader. */
  listStatements(actor: Actor, query: ListQuery): Promise<{ sql: string; params: unknown[] }[]> {
    return this.reader.listStatements(actor, query);
  }

  /** Every row matching the query in the list's order, a batch at a time (exports). */
  scan(actor: Actor, query: Omit<ListQuery, 'pageIndex'>, batchRows?: number): AsyncGenerator<Row[]> {
    return this.reader.scan(actor, query, batchRows);
  }

  /** Every row matching the query, page by page (exports). */
  iterate(actor: Actor, query: Omit<ListQuery, 'pageIndex'>): AsyncGenerator<Row[]> {
    return this.reader.iterate(actor, query);
  }

  /**
   * The stored rows matching `where` (field → value or list of values) within the actor's
   * scope, as reads answer them, in `order` (the key by default). For hooks and endpoints.
   * With `fields`, only those stored fields (a narrow read, EntityReader.rows).
   */
  rows(
    actor: Actor,
    where: Readonly<Record<string, unknown>>,
    options: { order?: readonly SortSpec[]; limit?: number; fields?: readonly string[] } = {},
  ): Promise<Row[]> {
    return this.reader.rows(actor, where, options);
  }

  // ---------------------------------------------------------------- writing

  /** A 400 listing every issue, with field labels and line numbers in the caller's language. */
  validationError(issues: readonly SaveIssue[], status: ErrorStatus = 400): AppError {
    return validationError(this.model, issues, status);
  }

  /** Creates or updates a document with its lines in one transaction; answers it as findById does. */
  save(actor: Actor, body: unknown): Promise<Row> {
    return this.writer.save(actor, body);
  }

  /**
   * Creates many rows at once (imports) through the save's write path: every row checked like a
   * save, references and lookups in bulk, batched inserts, all or none. Issues carry the row's
   * index as the first element of their path. Rows without lines, unless `withLines`: then each
   * body is a new document with its new lines (a line's issue: `[index, collection, line, field]`).
   */
  createMany(
    actor: Actor,
    bodies: readonly unknown[],
    options: { onProgress?: (done: number) => void; withLines?: boolean } = {},
  ): Promise<{ ids: number[] } | { issues: SaveIssue[] }> {
    return this.writer.createMany(actor, bodies, options);
  }

  /** Saves several documents, all or none. */
  saveMany(actor: Actor, bodies: unknown): Promise<Row[]> {
    return this.writer.saveMany(actor, bodies);
  }

  /** Stored lines of a header, plain, locked with it. */
  storedLines(tx: Executor, headerId: number): Promise<Row[]> {
    return this.writer.storedLines(tx, headerId);
  }

  /** May the actor still change this field of the row (side, scope, state)? For file deletion. */
  mayChangeField(actor: Actor, id: number, field: string): Promise<boolean> {
    return mayChangeField(this.model, actor, id, field);
  }

  /**
   * Sets fields the server owns (read-only to clients) on a row, with the version bumped and an
   * audit entry. For hooks and platform services; never reachable over HTTP.
   */
  writeSystemFields(actor: Actor, id: number, values: Readonly<Row>, auditAction: string): Promise<void> {
    return this.server.writeSystemFields(actor, id, values, auditAction);
  }

  // ---------------------------------------------------------------- server-side writes

  /** Changes stored rows from server code, locked, recomputed, versioned and audited under `operation`. */
  patch(
    actor: Actor,
    selector: { ids: readonly number[] } | { where: Readonly<Record<string, unknown>> },
    changes: Readonly<Row>,
    operation: string,
  ): Promise<Row[]> {
    return this.server.patch(actor, selector, changes, operation);
  }

  /** patch() of a row this transaction locked (lock()) and has not changed since: not read again. */
  patchLocked(actor: Actor, locked: Readonly<Row>, changes: Readonly<Row>, operation: string): Promise<Row> {
    return this.server.patchLocked(actor, locked, changes, operation);
  }

  /** patch() with each row's own changes, by key, in one unit (one lock, one audit write). */
  patchEach(actor: Actor, changes: ReadonlyMap<number, Readonly<Row>>, operation: string): Promise<Row[]> {
    return this.server.patchEach(actor, changes, operation);
  }

  /** Creates rows from server code (defaults, computed values, required fields, permits, numbering, audit). */
  insert(actor: Actor, rows: readonly Readonly<Row>[], operation: string): Promise<number[]> {
    return this.server.insert(actor, rows, operation);
  }

  /** Deletes rows from server code (within the actor's scope, 404 otherwise), audited under `operation`. */
  removeRows(actor: Actor, ids: readonly number[], operation: string): Promise<void> {
    return this.server.removeRows(actor, ids, operation);
  }

  /** Locks rows within the actor's scope for the unit of work and answers them (404 when one is not visible). */
  lock(actor: Actor, ids: readonly number[]): Promise<Row[]> {
    return this.server.lock(actor, ids);
  }

  /** A raw SQL write on these rows, with versions bumped and every changed field audited. */
  rawUpdate(
    actor: Actor,
    ids: readonly number[],
    operation: string,
    work: (tx: Executor) => Promise<void>,
  ): Promise<Row[]> {
    return this.server.rawUpdate(actor, ids, operation, work);
  }

  /** An audit entry without a change (a mail sent), with a note. */
  record(actor: Actor, id: number, operation: string, note: string | null): Promise<void> {
    return this.server.record(actor, id, operation, note);
  }

  // ---------------------------------------------------------------- deleting

  remove(actor: Actor, ids: readonly number[]): Promise<void> {
    return this.writer.remove(actor, ids);
  }

  // ---------------------------------------------------------------- workflow actions

  /**
   * Runs a workflow action on rows, all or none. `fromHttp` refuses system actions; the
   * platform (approval engine, other actions) calls with it false.
   */
  act(
    actor: Actor,
    actionName: string,
    ids: readonly number[],
    input: Readonly<Record<string, unknown>>,
    options: { fromHttp: boolean; versionNum?: number | null; answer?: boolean },
  ): Promise<Row[]> {
    return this.actions.act(actor, actionName, ids, input, options);
  }
}
