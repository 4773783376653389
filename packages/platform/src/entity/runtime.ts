// The entity runtime: one service per definition doing find, list, save, delete and workflow
// actions inside a transaction, with the actor's data scope on every path, validation derived
// from the definition, optimistic locking, numbering, sealed fields and the audit trail.
import { and, count, eq, inArray, type Query, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
import {
  type AreaManifest,
  type Catalogue,
  type EntityDef,
  type EntityRegistry,
  type IssueDetail,
  type ListQuery,
  type Locale,
  type MessageParams,
  type RuleIssue,
  type SaveIssue,
  type SortSpec,
  SEALED_OPENED_FIELD,
  STATUS_FIELD,
  VERSION_FIELD,
  actionLabel,
  checkValue,
  codeLabel,
  entityTitle,
  fieldLabel,
  isClientWritable,
  isStored,
  missingRequired,
  parseListRequest,
  parseSave,
  refDisplayName,
  ruleIssues,
  translate,
} from '@srm/kernel';
import { type Database, type Executor, executor, inTransaction, queryArrays, queryRows } from '@srm/db';
import type { Actor } from '../access/actor';
import type { Identity } from '../identity/identity';
import type { Messenger } from '../messaging/messenger';
import type { SiteMessages } from '../messaging/site-messages';
import type { Attachments } from '../files/attachments';
import { AppError, type ErrorStatus } from '../http/errors';
import type { Clock } from '../system/clock';
import type { Sealer } from '../system/seal';
import {
  type AuditEntry,
  type HistoryEntry,
  diffRows,
  nameReferences,
  readHistory,
  supplierHistory,
  writeAudit,
} from './audit';
import { type EntityActions, type EntityHooks, type HookContext, combineHooks, issueList } from './hooks';
import { nextDocumentNumber } from './numbering';
import { filterCondition, orderBy, scopeConditions, supplierAccess } from './query';
import { type Row, type RowReader, plainRow, rowReader, toDb } from './rows';
import type { EntityTable, EntityTables } from './tables';

export interface RuntimeOptions {
  readonly database: Database;
  readonly registry: EntityRegistry;
  readonly tables: EntityTables;
  readonly clock: Clock;
  readonly sealer: Sealer;
  /** Every message catalogue (kernel, platform, areas), for labels in messages. */
  readonly messages: () => Catalogue;
  readonly timeZone: string;
  readonly actions?: readonly EntityActions[];
  /** The business areas' manifests (menus, grants, roles for the seeds that derive them). */
  readonly areas?: readonly AreaManifest[];
}

/** Starts approvals for actions that need one; the approval engine provides it. */
export interface ApprovalGateway {
  start(context: HookContext, entity: EntityDef, row: Row, action: string, processKey: string): Promise<void>;
  /** The action belongs to the approval process and is refused over HTTP (doApproval…). */
  controls(entity: EntityDef, action: string): boolean;
  /** The submitter (or the platform, for a process it started) withdraws the running process. */
  withdraw(
    actor: Actor,
    entityName: string,
    documentId: number,
    input: { readonly comment?: string | null },
  ): Promise<void>;
}

/** Platform services hooks may use; see `runtime.plugins`. */
export interface PlatformServices {
  identity: Identity;
  messenger: Messenger;
  /** In-app messages (站内信): `notify` from any hook, in its transaction. */
  siteMessages: SiteMessages;
  attachments: Attachments;
}

export interface ListResult {
  rows: Row[];
  count: number;
  /** The count is the planner's estimate: more rows match than the exact-count limit. */
  estimated?: boolean;
}

const MAX_IDS = 1000;

/** What counting a list ran (listStatements). */
type CountStep = 'size' | 'plan' | 'count';

/** Platform writes see every row. */
const SYSTEM_SCOPE = (actor: Actor): Actor => ({ ...actor, system: true });
/** Up to this many matching rows the count is exact; above it, the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10000;
/** Above this offset a page is found through the key index first (a deferred join). */
const DEFERRED_JOIN_OFFSET = 2000;
/** How long the planner's estimate of a list condition is reused (pages of one filtered list). */
const PLAN_CACHE_MS = 5000;
/** Conditions whose estimate is kept per entity; the oldest goes first. */
const PLAN_CACHE_SIZE = 200;
/** Renders conditions to their SQL text and parameters (the key of the plan cache). */
const dialect = new PgDialect();
/** Rows read and shaped at a time by `scan` (exports): small enough that memory stays flat. */
const SCAN_BATCH_ROWS = 1000;

export class EntityRuntime {
  readonly database: Database;
  readonly registry: EntityRegistry;
  readonly clock: Clock;
  readonly sealer: Sealer;
  readonly timeZone: string;
  readonly messages: () => Catalogue;
  /** The business areas the application runs with. */
  readonly areas: readonly AreaManifest[];
  approvals: ApprovalGateway | null = null;
  /** Services the composition root plugs in (sign-in, messaging), for hooks that need them. */
  readonly plugins: Partial<PlatformServices> = {};
  private readonly tables: EntityTables;
  private readonly hooks = new Map<string, EntityHooks>();
  private readonly services = new Map<string, EntityService>();

  constructor(options: RuntimeOptions) {
    this.database = options.database;
    this.registry = options.registry;
    this.tables = options.tables;
    this.clock = options.clock;
    this.sealer = options.sealer;
    this.timeZone = options.timeZone;
    this.messages = options.messages;
    this.areas = options.areas ?? [];
    for (const registration of options.actions ?? []) {
      if (this.registry.get(registration.entity.name) !== registration.entity) {
        throw new Error(`Actions for ${registration.entity.name}, which is not registered`);
      }
      const existing = this.hooks.get(registration.entity.name);
      this.hooks.set(
        registration.entity.name,
        existing ? combineHooks(existing, registration.hooks) : registration.hooks,
      );
    }
  }

  service(name: string): EntityService {
    let service = this.services.get(name);
    if (!service) {
      service = new EntityService(this, this.registry.get(name));
      this.services.set(name, service);
    }
    return service;
  }

  table(name: string): EntityTable {
    const table = this.tables.byEntity.get(name);
    if (!table) throw new Error(`No table for ${name}`);
    return table;
  }

  hooksOf(name: string): EntityHooks {
    return this.hooks.get(name) ?? {};
  }

  uniqueIndex(name: string) {
    return this.tables.uniqueIndexes.get(name);
  }

  /** Runs work in the current transaction, or in a new one. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.database, work);
  }

  executor(): Executor {
    return executor(this.database);
  }

  t(locale: Locale, key: string, params?: MessageParams): string {
    return translate(this.messages(), locale, key, params);
  }
}

function fail(status: ErrorStatus, key: string, params?: MessageParams): AppError {
  return new AppError(status, key, params);
}

/** A database error's driver code and constraint, through Drizzle's wrapping. */
function driverError(error: unknown): { code?: string; constraint?: string } {
  let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as typeof current;
  }
  return {};
}

type Changes = Record<string, unknown>;

interface LinePlan {
  collection: string;
  entity: EntityDef;
  inserts: Row[];
  updates: { id: number; before: Row; after: Row; changes: Changes }[];
  deletes: Row[];
  /** Every line as it will be stored, in order. */
  final: Row[];
}

/**
 * Lines repeating a unique combination of their header (the same lookup code twice in a type):
 * found before writing, so the message can point at the line.
 */
function duplicateLines(plan: LinePlan): SaveIssue[] {
  const line = plan.entity;
  const groups = [
    ...line.unique,
    ...Object.entries(line.fields)
      .filter(([, field]) => field.unique)
      .map(([name]) => [name]),
  ].map((group) => group.filter((field) => field !== line.parent?.field));
  const issues: SaveIssue[] = [];
  for (const group of groups) {
    if (!group.length) continue;
    const seen = new Map<string, number>();
    plan.final.forEach((row, index) => {
      if (group.some((field) => row[field] === null || row[field] === undefined)) return;
      const key = JSON.stringify(group.map((field) => row[field]));
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else
        issues.push({
          path: [plan.collection, index, group[0]!],
          message: 'validation.duplicateLine',
          params: { line: first + 1 },
        });
    });
  }
  return issues;
}

export class EntityService {
  private readonly header: EntityDef | undefined;

  constructor(
    private readonly runtime: EntityRuntime,
    readonly entity: EntityDef,
  ) {
    this.header = entity.parent ? runtime.registry.find(entity.parent.entity) : undefined;
  }

  private get table(): EntityTable {
    return this.runtime.table(this.entity.name);
  }

  private col(name: string, table: EntityTable = this.table): AnyPgColumn {
    return table[name] as AnyPgColumn;
  }

  // ---------------------------------------------------------------- reading

  /** Refuses an actor who may not read this entity at all. */
  /** Refuses (403) an actor who may not read this entity at all (a supplier and internal documents). */
  assertReadableBy(actor: Actor): void {
    this.assertReadable(actor);
  }

  private assertReadable(actor: Actor): void {
    if (actor.side === 'supplier' && !actor.system && supplierAccess(this.entity, this.header) === 'none') {
      throw fail(403, 'access.denied');
    }
  }

  private scope(actor: Actor, table: EntityTable = this.table): SQL[] {
    const header = this.header
      ? { entity: this.header, table: this.runtime.table(this.header.name) }
      : undefined;
    return scopeConditions(this.entity, table, actor, header);
  }

  /** Columns of the stored row plus display values of references, and their reader. */
  private selection(table: EntityTable): {
    fields: Record<string, AnyPgColumn>;
    joins: { table: EntityTable; on: SQL }[];
    reader: RowReader;
  } {
    const fields: Record<string, AnyPgColumn> = {};
    const joins: { table: EntityTable; on: SQL }[] = [];
    let index = 0;
    for (const [name, field] of Object.entries(this.entity.fields)) {
      if (!isStored(field)) continue;
      fields[name] = this.col(name, table);
      if (field.kind !== 'ref' || field.sealed) continue;
      const display = refDisplayName(name, field);
      const target = this.runtime.registry.find(field.entity);
      if (!display || !target || !field.display || target.fields[field.display]?.sealed) continue;
      const joined = alias(this.runtime.table(target.name), `d${index++}`) as unknown as EntityTable;
      joins.push({ table: joined, on: eq(this.col(target.key, joined), this.col(name, table)) });
      fields[display] = this.col(field.display, joined);
    }
    // Drizzle selects a flat record's columns in its key order: the reader's order too.
    const columns = Object.entries(fields).map(([name, column]) => ({ name, column }));
    return { fields, joins, reader: rowReader(this.entity, columns) };
  }

  private selected?: ReturnType<EntityService['selection']> & {
    /** `select <columns> from <table> <joins>` as text: most of the work of building a read. */
    head: string;
  };

  /** The selection, its joins and the head of its statements depend on the definition only. */
  private get selectedRows(): NonNullable<EntityService['selected']> {
    if (this.selected) return this.selected;
    const selection = this.selection(this.table);
    let query = this.runtime.executor().select(selection.fields).from(this.table).$dynamic();
    for (const join of selection.joins) query = query.leftJoin(join.table, join.on);
    const head = dialect.sqlToQuery(query.getSQL());
    if (head.params.length) throw new Error(`The selection of ${this.entity.name} has parameters`);
    this.selected = { ...selection, head: head.sql };
    return this.selected;
  }

  /**
   * The statement reading the selection's rows that match `where`, in `order`, one page of
   * them: the head rendered once, then the same clauses Drizzle's select would render.
   */
  private selectQuery(
    where: SQL | undefined,
    page: { order?: SQL[]; limit?: number; offset?: number } = {},
  ): Query {
    const parts: SQL[] = [sql.raw(this.selectedRows.head)];
    if (where) parts.push(sql` where ${where}`);
    if (page.order?.length) parts.push(sql` order by ${sql.join(page.order, sql`, `)}`);
    if (page.limit !== undefined) parts.push(sql` limit ${page.limit}`);
    if (page.offset) parts.push(sql` offset ${page.offset}`);
    const { sql: text, params } = dialect.sqlToQuery(sql.join(parts));
    return { sql: text, params };
  }

  /**
   * The answer rows of a statement built by `selectQuery`: the driver's rows are read by the
   * selection's reader in one pass, not mapped by Drizzle first (a list's main cost).
   */
  private async readRows(on: Executor, actor: Actor, query: Query): Promise<Row[]> {
    return this.shape(on, actor, await queryArrays(on, query));
  }

  /**
   * The rows of these keys: one array parameter (`key = any($1)`, the plan PostgreSQL makes of
   * an IN list too), since rendering a statement with hundreds of parameters costs more than
   * running it.
   */
  private ofKeys(ids: readonly number[]): SQL {
    return sql`${this.col(this.entity.key)} = any(${sql.param(ids)})`;
  }

  /**
   * The driver rows of the given keys that also match `where`, in the keys' order (a key whose
   * row is gone or out of scope is skipped).
   */
  private async rowsByKey(on: Executor, ids: readonly number[], where?: SQL): Promise<unknown[][]> {
    const keyAt = this.selectedRows.reader.indexOf(this.entity.key);
    const found = await queryArrays(on, this.selectQuery(and(this.ofKeys(ids), where)));
    const byId = new Map(found.map((values) => [Number(values[keyAt]), values]));
    const rows: unknown[][] = [];
    for (const id of ids) {
      const values = byId.get(id);
      if (values) rows.push(values);
    }
    return rows;
  }

  /** Whether the header of each line is opened (its sealed values readable), by header id. */
  private async headerOpenedMap(on: Executor, headerIds: number[]): Promise<Map<number, boolean>> {
    const opened = new Map<number, boolean>();
    if (!this.header?.hasSealed || !headerIds.length) return opened;
    const headerTable = this.runtime.table(this.header.name);
    const found = await on
      .select({ id: this.col(this.header.key, headerTable), at: this.col(SEALED_OPENED_FIELD, headerTable) })
      .from(headerTable)
      .where(inArray(this.col(this.header.key, headerTable), [...new Set(headerIds)]));
    for (const row of found) opened.set(row.id as number, row.at !== null);
    return opened;
  }

  /** Driver rows of the selection as the actor may read them. */
  private async shape(on: Executor, actor: Actor, rows: readonly unknown[][]): Promise<Row[]> {
    const { reader } = this.selectedRows;
    const parentAt = this.entity.parent ? reader.indexOf(this.entity.parent.field) : -1;
    const opened =
      parentAt >= 0 && this.header?.hasSealed
        ? await this.headerOpenedMap(
            on,
            rows.map((values) => Number(values[parentAt])),
          )
        : undefined;
    const sealer = this.runtime.sealer;
    return rows.map((values) =>
      reader.read(values, {
        actor,
        sealer,
        headerOpened: opened?.get(Number(values[parentAt])) === true,
      }),
    );
  }

  /** One row with its lines, as the actor may read it. */
  async find(actor: Actor, id: number, options: { withHistory?: boolean } = {}): Promise<Row> {
    this.assertReadable(actor);
    const on = this.runtime.executor();
    const [row] = await this.readRows(
      on,
      actor,
      this.selectQuery(and(eq(this.col(this.entity.key), id), ...this.scope(actor)), { limit: 1 }),
    );
    if (!row) throw fail(404, 'entity.notFound');
    const result: Row = { ...row };
    for (const [collection, line] of Object.entries(this.entity.lines)) {
      result[collection] = await this.runtime.service(line.name).linesOf(actor, id);
    }
    if (options.withHistory) result.history = await this.history(actor, id);
    return result;
  }

  /** Lines of one header, in line order (the header's scope was checked by the caller). */
  async linesOf(actor: Actor, headerId: number): Promise<Row[]> {
    const on = this.runtime.executor();
    const sort = this.entity.list.sort?.length
      ? this.entity.list.sort
      : [{ field: this.entity.key, order: 'asc' as const }];
    return this.readRows(
      on,
      actor,
      this.selectQuery(eq(this.col(this.entity.parent!.field), headerId), {
        order: orderBy(this.entity, this.table, sort),
      }),
    );
  }

  async history(actor: Actor, id: number): Promise<HistoryEntry[]> {
    const on = this.runtime.executor();
    const { registry } = this.runtime;
    const external = actor.side === 'supplier' && !actor.system;
    const entries = await nameReferences(
      on,
      await readHistory(on, this.entity, id),
      (name) => (name === this.entity.name ? this.entity : registry.find(name)),
      // A supplier is not told the names of other suppliers or their records (the supplier
      // changed on an order, say): those references stay ids.
      (owner, name) => {
        const field = owner.fields[name];
        const target = field?.kind === 'ref' ? registry.find(field.entity) : undefined;
        return external && (target?.ownedBy || owner.ownedBy === name) ? undefined : target;
      },
      (name) => this.runtime.table(name),
    );
    if (!external) return entries;
    // Suppliers read from the release on, without internal-only fields and internal comments.
    return supplierHistory(on, this.entity, id, entries, (name) => registry.find(name));
  }

  /** Parses a list request body and answers the page. */
  async listRequest(actor: Actor, body: unknown): Promise<ListResult & { pageIndex: number }> {
    const parsed = parseListRequest(this.entity, body);
    if (!parsed.ok) throw fail(400, parsed.issue.message, parsed.issue.params);
    const result = await this.list(actor, parsed.query);
    return { ...result, pageIndex: parsed.query.pageIndex };
  }

  /** A page of rows matching the query, within the actor's scope, and the total count. */
  async list(actor: Actor, query: ListQuery): Promise<ListResult> {
    this.assertReadable(actor);
    const on = this.runtime.executor();
    const scope = this.scope(actor);
    const where = and(...scope, ...query.filters.map((f) => filterCondition(this.entity, this.table, f)));
    const unrestricted = !query.filters.length && !scope.length;
    const offset = (query.pageIndex - 1) * query.pageRows;
    const order = orderBy(this.entity, this.table, query.sort);
    let rows: Row[];
    if (offset > DEFERRED_JOIN_OFFSET) {
      // Find the page's keys through the index first, then read only those rows.
      const keys = await queryArrays(
        on,
        on
          .select({ id: this.col(this.entity.key) })
          .from(this.table)
          .where(where)
          .orderBy(...order)
          .limit(query.pageRows)
          .offset(offset)
          .toSQL(),
      );
      const ids = keys.map(([id]) => Number(id));
      rows = await this.shape(on, actor, ids.length ? await this.rowsByKey(on, ids) : []);
    } else {
      rows = await this.readRows(
        on,
        actor,
        this.selectQuery(where, { order, limit: query.pageRows, offset }),
      );
    }
    const { count: totalCount, estimated } = await this.count(
      on,
      where,
      unrestricted,
      offset,
      query.pageRows,
      rows.length,
    );
    return estimated ? { rows, count: totalCount, estimated } : { rows, count: totalCount };
  }

  /**
   * The SQL statements a list runs (the page, then what counting needs), for benchmarks and for
   * explaining a slow list: the same text and parameters the service sends. The list is run
   * first, so they are those of a repeated request (a planner's estimate still cached is not
   * asked again).
   */
  async listStatements(actor: Actor, query: ListQuery): Promise<{ sql: string; params: unknown[] }[]> {
    const on = this.runtime.executor();
    const where = and(
      ...this.scope(actor),
      ...query.filters.map((f) => filterCondition(this.entity, this.table, f)),
    );
    const statements: { sql: string; params: unknown[] }[] = [];
    const unrestricted = !query.filters.length && !this.scope(actor).length;
    const offset = (query.pageIndex - 1) * query.pageRows;
    const order = orderBy(this.entity, this.table, query.sort);
    if (offset > DEFERRED_JOIN_OFFSET) {
      const keys = on
        .select({ id: this.col(this.entity.key) })
        .from(this.table)
        .where(where)
        .orderBy(...order);
      statements.push(keys.limit(query.pageRows).offset(offset).toSQL());
      // The rows of those keys: the same select with `key = any(…)` of pageRows ids.
      const ids = Array.from({ length: query.pageRows }, (_, i) => i + 1);
      statements.push(this.selectQuery(this.ofKeys(ids)));
    } else {
      statements.push(this.selectQuery(where, { order, limit: query.pageRows, offset }));
    }
    const { rows } = await this.list(actor, query);
    const steps: CountStep[] = [];
    await this.count(on, where, unrestricted, offset, query.pageRows, rows.length, steps);
    for (const step of steps) {
      if (step === 'plan') {
        const plan = on
          .select({ one: sql`1` })
          .from(this.table)
          .where(where)
          .toSQL();
        statements.push({ sql: `explain (format json) ${plan.sql}`, params: plan.params });
      } else if (step === 'count') {
        statements.push(on.select({ count: count() }).from(this.limitedCount(on, where)).toSQL());
      }
    }
    return statements;
  }

  private limitedCount(on: Executor, where: SQL | undefined) {
    return on
      .select({ one: sql`1` })
      .from(this.table)
      .where(where)
      .limit(EXACT_COUNT_LIMIT + 1)
      .as('limited');
  }

  /**
   * The number of matching rows, after the page was read. A page shorter than asked for ends
   * the list, so the count is known without a query. Otherwise: a whole big table (no filter,
   * no data scope) answers its statistics; a filter the planner expects to match far more rows
   * than EXACT_COUNT_LIMIT answers the planner's estimate (EXPLAIN plans, it counts nothing);
   * else the rows are counted, exactly up to the limit. So a list over millions of rows answers
   * in milliseconds, and a scoped or filtered list of a few rows is always exact.
   */
  private async count(
    on: Executor,
    where: SQL | undefined,
    unrestricted: boolean,
    offset: number,
    pageRows: number,
    found: number,
    steps: CountStep[] = [],
  ): Promise<{ count: number; estimated: boolean }> {
    if (found > 0 && found < pageRows) return { count: offset + found, estimated: false };
    if (found === 0 && offset === 0) return { count: 0, estimated: false };
    let planned: number | undefined;
    if (unrestricted) {
      steps.push('size');
      const size = await this.tableSize(on);
      if (size > EXACT_COUNT_LIMIT * 2) return { count: Math.max(size, offset + found), estimated: true };
    } else {
      planned = await this.planRows(on, where, steps);
      if (planned > EXACT_COUNT_LIMIT * 2)
        return { count: Math.max(planned, offset + found), estimated: true };
    }
    steps.push('count');
    const [exact] = await on.select({ count: count() }).from(this.limitedCount(on, where));
    const total = Number(exact?.count ?? 0);
    if (total <= EXACT_COUNT_LIMIT) return { count: total, estimated: false };
    planned ??= await this.planRows(on, where, steps);
    return { count: Math.max(planned, total), estimated: true };
  }

  private readonly planCache = new Map<string, { at: number; rows: number }>();

  /**
   * The planner's estimate of the rows a condition matches. The same condition (the pages of
   * one filtered list, the same search again) reuses it for a few seconds, like the table's
   * size: it only decides between counting and estimating, so it may be slightly old.
   */
  private async planRows(on: Executor, where: SQL | undefined, steps: CountStep[]): Promise<number> {
    const query = sql`explain (format json) select 1 from ${this.table} ${where ? sql`where ${where}` : sql``}`;
    const rendered = dialect.sqlToQuery(query);
    const key = `${rendered.sql}\u0000${JSON.stringify(rendered.params)}`;
    const now = Date.now();
    const cached = this.planCache.get(key);
    if (cached && now - cached.at < PLAN_CACHE_MS) return cached.rows;
    steps.push('plan');
    const plan = await on.execute(query);
    const rows = (plan as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows;
    const document = rows[0]?.['QUERY PLAN'];
    const parsed = (typeof document === 'string' ? JSON.parse(document) : document) as {
      Plan: { 'Plan Rows': number };
    }[];
    const planned = Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
    this.planCache.delete(key);
    if (this.planCache.size >= PLAN_CACHE_SIZE) this.planCache.delete(this.planCache.keys().next().value!);
    this.planCache.set(key, { at: now, rows: planned });
    return planned;
  }

  private sizeCache: { at: number; rows: number } | null = null;

  /** Rows in the table by the catalogue's statistics, refreshed every few seconds. */
  private async tableSize(on: Executor): Promise<number> {
    const now = Date.now();
    if (this.sizeCache && now - this.sizeCache.at < 5000) return this.sizeCache.rows;
    const [row] = await queryRows<{ rows: number | string | null }>(
      on,
      sql`select reltuples::bigint as rows from pg_class where oid = ${this.entity.table}::regclass`,
    );
    const rows = Math.max(0, Number(row?.rows ?? 0));
    this.sizeCache = { at: now, rows };
    return rows;
  }

  /**
   * Every row matching the query in the list's order, for exports, with little memory whatever
   * the page size: a page of `pageRows` keys (the spec's 20000) is read through the index first,
   * then the rows of those keys `batchRows` at a time (each batch shaped and yielded before the
   * next is read). A row deleted or moved out of scope between the two reads is skipped. Works
   * alike on PostgreSQL and PGlite and holds no connection or transaction between batches.
   */
  async *scan(
    actor: Actor,
    query: Omit<ListQuery, 'pageIndex'>,
    batchRows = SCAN_BATCH_ROWS,
  ): AsyncGenerator<Row[]> {
    this.assertReadable(actor);
    const on = this.runtime.executor();
    const where = and(
      ...this.scope(actor),
      ...query.filters.map((f) => filterCondition(this.entity, this.table, f)),
    );
    const order = orderBy(this.entity, this.table, query.sort);
    const key = this.col(this.entity.key);
    for (let offset = 0; ; offset += query.pageRows) {
      const ids = (
        await on
          .select({ id: key })
          .from(this.table)
          .where(where)
          .orderBy(...order)
          .limit(query.pageRows)
          .offset(offset)
      ).map((k) => k.id as number);
      const full = ids.length === query.pageRows;
      for (let start = 0; start < ids.length; start += batchRows) {
        const part = ids.slice(start, start + batchRows);
        const rows = await this.rowsByKey(on, part, where);
        if (rows.length) yield await this.shape(on, actor, rows);
      }
      if (!full) return;
    }
  }

  /** Every row matching the query, page by page (exports). */
  async *iterate(actor: Actor, query: Omit<ListQuery, 'pageIndex'>): AsyncGenerator<Row[]> {
    for (let pageIndex = 1; ; pageIndex++) {
      const { rows } = await this.list(actor, { ...query, pageIndex });
      if (rows.length) yield rows;
      if (rows.length < query.pageRows) return;
    }
  }

  // ---------------------------------------------------------------- writing

  private context(actor: Actor, tx: Executor): HookContext {
    return { actor, runtime: this.runtime, tx, now: this.runtime.clock.now() };
  }

  /** The stored row, locked for the transaction, if the actor may see it. */
  private async lockRow(actor: Actor, tx: Executor, id: number): Promise<Row> {
    const [row] = await tx
      .select()
      .from(this.table)
      .where(and(eq(this.col(this.entity.key), id), ...this.scope(actor)))
      .for('update');
    if (!row) throw fail(404, 'entity.notFound');
    return row as Row;
  }

  private plain(stored: Row): Row {
    return plainRow(this.entity, stored, this.runtime.sealer);
  }

  private label(locale: Locale, entity: EntityDef, field: string): string {
    return fieldLabel(this.runtime.messages(), locale, entity.name, field);
  }

  private statusLabel(locale: Locale, status: unknown): string {
    const lookup = this.entity.workflow?.statusLookup ?? 'DOC_STATUS';
    return codeLabel(this.runtime.messages(), locale, lookup, String(status));
  }

  /** A 400 listing every issue, with field labels and line numbers in the caller's language. */
  validationError(issues: readonly SaveIssue[], status: ErrorStatus = 400): AppError {
    const first = issues[0]!;
    return new AppError(status, first.message, first.params, undefined, (locale) => {
      const details: IssueDetail[] = issues.slice(0, 200).map((issue) => ({
        path: issue.path.join('.'),
        message: this.describe(locale, issue),
        reason: this.runtime.t(locale, issue.message, issue.params),
      }));
      const msg =
        issues.length > 1
          ? this.runtime.t(locale, 'entity.validationFailed', {
              first: details[0]!.message,
              count: issues.length,
            })
          : details[0]!.message;
      return { msg, details };
    });
  }

  private describe(locale: Locale, issue: SaveIssue): string {
    const text = this.runtime.t(locale, issue.message, issue.params);
    if (issue.message === 'validation.unknownField') return text;
    const [head, index, field] = issue.path;
    const line = typeof head === 'string' ? this.entity.lines[head] : undefined;
    if (line && typeof index === 'number') {
      if (typeof field !== 'string') return text;
      return this.runtime.t(locale, 'validation.lineIssue', {
        collection: fieldLabel(this.runtime.messages(), locale, this.entity.name, head as string),
        line: index + 1,
        label: this.label(locale, line, field),
        message: text,
      });
    }
    if (typeof head !== 'string') return text;
    return this.runtime.t(locale, 'validation.issue', {
      label: this.label(locale, this.entity, head),
      message: text,
    });
  }

  private toIssues(issues: readonly RuleIssue[], prefix: (string | number)[] = []): SaveIssue[] {
    // A hook's issue on a line names it `collection.index.field`: the path of the line's field.
    const pathOf = (field: string) =>
      field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    return issues.map((issue) => ({
      path: issue.field ? [...prefix, ...pathOf(issue.field)] : prefix,
      message: issue.message,
      ...(issue.params ? { params: issue.params } : {}),
    }));
  }

  /** Creates or updates a document with its lines in one transaction; answers it as findById does. */
  async save(actor: Actor, body: unknown): Promise<Row> {
    const id = await this.runtime.transaction((tx) => this.write(actor, tx, body));
    return this.find(actor, id);
  }

  /**
   * Creates many rows at once (imports): each row passes the same checks as a save — shape,
   * side and scope, required fields and rules, references and lookup codes (checked in bulk),
   * hooks — and all rows are written in one transaction with batched inserts, or none is.
   * Issues carry the row's index as the first element of their path. Rows without lines only.
   */
  async createMany(
    actor: Actor,
    bodies: readonly unknown[],
    options: { onProgress?: (done: number) => void } = {},
  ): Promise<{ ids: number[] } | { issues: SaveIssue[] }> {
    const entity = this.entity;
    if (
      Object.keys(entity.lines).length &&
      bodies.some(
        (body) =>
          body && typeof body === 'object' && Object.keys(entity.lines).some((c) => c in (body as object)),
      )
    ) {
      throw fail(400, 'validation.unknownField', { field: Object.keys(entity.lines)[0]! });
    }
    this.assertWritableEntity(actor, true);
    const issues: SaveIssue[] = [];
    const rows: Row[] = [];
    bodies.forEach((body, index) => {
      const parsed = parseSave(entity, body);
      if (!parsed.ok) {
        for (const issue of parsed.issues) issues.push({ ...issue, path: [index, ...issue.path] });
        return;
      }
      if (parsed.value[entity.key]) {
        issues.push({ path: [index, entity.key], message: 'validation.readonlyField' });
        return;
      }
      const row: Row = this.defaults();
      for (const [name, value] of Object.entries(parsed.value)) {
        const field = entity.fields[name];
        if (!field || !isClientWritable(field)) continue;
        const refusal = this.fieldRefusal(actor, entity, name, entity.workflow?.initial, true);
        if (refusal) {
          issues.push({
            path: [index, name],
            message: refusal,
            params: { field: this.fieldName(actor.locale, entity, name) },
          });
          continue;
        }
        row[name] = value;
      }
      if (actor.side === 'supplier' && !actor.system && entity.ownedBy)
        row[entity.ownedBy] = actor.supplierId;
      if (entity.workflow) row[STATUS_FIELD] = entity.workflow.initial;
      this.compute(entity, row, { lines: {} });
      for (const issue of [...missingRequired(entity, row), ...ruleIssues(entity, row, {})])
        issues.push({ ...issue, path: [index, ...issue.path] });
      rows.push(row);
      (row as Row & { __index: number }).__index = index;
    });
    if (issues.length) return { issues };
    return this.runtime.transaction(async (tx) => {
      const referenceIssues: SaveIssue[] = [];
      for (const row of rows) {
        try {
          await this.checkScopeValues(actor, entity, row);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          referenceIssues.push({
            path: [(row as Row & { __index: number }).__index],
            message: error.messageKey,
          });
        }
      }
      referenceIssues.push(...(await this.referenceIssues(actor, tx, entity, rows, [], () => null, true)));
      if (referenceIssues.length) return { issues: referenceIssues };
      const context = this.context(actor, tx);
      const hooks = this.runtime.hooksOf(entity.name);
      for (const row of rows) {
        const hookIssues = issueList(
          await hooks.beforeSave?.(context, {
            row,
            previous: null,
            lines: {},
            previousLines: {},
            created: true,
          }),
        );
        if (hookIssues.length)
          return { issues: this.toIssues(hookIssues, [(row as Row & { __index: number }).__index]) };
      }
      const now = this.runtime.clock.now();
      if (entity.numbering) {
        for (const row of rows)
          row[entity.numbering.field] = await nextDocumentNumber(
            tx,
            entity,
            row,
            now.getTime(),
            this.runtime.timeZone,
          );
      }
      const ids: number[] = [];
      const batch = 5000;
      try {
        for (let start = 0; start < rows.length; start += batch) {
          const slice = rows.slice(start, start + batch);
          const created = await this.insertRows(tx, entity, slice, actor, now);
          slice.forEach((row, i) => (row[entity.key] = created[i]));
          ids.push(...created);
          await writeAudit(
            tx,
            actor,
            now,
            slice.map((row) => ({
              entity: entity.name,
              recordId: row[entity.key] as number,
              action: 'import',
              statusTo: (row[STATUS_FIELD] as string) ?? null,
              changes: diffRows(entity, null, row),
            })),
          );
          options.onProgress?.(ids.length);
        }
      } catch (error) {
        throw this.translateDbError(error);
      }
      for (const row of rows)
        await hooks.afterSave?.(context, {
          row,
          previous: null,
          lines: {},
          previousLines: {},
          created: true,
          id: row[entity.key] as number,
        });
      return { ids };
    });
  }

  /** Saves several documents, all or none. */
  async saveMany(actor: Actor, bodies: unknown): Promise<Row[]> {
    if (!Array.isArray(bodies)) throw fail(400, 'validation.lines');
    if (bodies.length > MAX_IDS) throw fail(400, 'entity.tooManyIds', { max: MAX_IDS });
    const ids = await this.runtime.transaction(async (tx) => {
      const saved: number[] = [];
      for (const body of bodies) saved.push(await this.write(actor, tx, body));
      return saved;
    });
    const rows: Row[] = [];
    for (const id of ids) rows.push(await this.find(actor, id));
    return rows;
  }

  private assertWritableEntity(actor: Actor, creating: boolean): void {
    if (actor.system) return;
    if (actor.side === 'supplier' && supplierAccess(this.entity, this.header) !== 'own') {
      throw fail(
        403,
        supplierAccess(this.entity, this.header) === 'read' ? 'access.readOnly' : 'access.denied',
      );
    }
    if (creating && !this.entity.writableBy.includes(actor.side)) throw fail(403, 'entity.cannotCreate');
  }

  /** May the actor change this field of a row in this state? Returns the refusal key or null. */
  private fieldRefusal(
    actor: Actor,
    entity: EntityDef,
    field: string,
    status: unknown,
    headerEditable: boolean,
  ): string | null {
    const def = entity.fields[field]!;
    if (!actor.system) {
      const sides = def.writableBy ?? entity.writableBy;
      if (!sides.includes(actor.side)) return 'entity.fieldNotWritable';
      if (actor.side === 'supplier' && def.internalOnly) return 'entity.fieldNotWritable';
      if (actor.side === 'supplier' && entity.ownedBy === field) return 'entity.fieldNotWritable';
    }
    if (
      !headerEditable &&
      !(def.editableIn && status !== undefined && def.editableIn.includes(String(status)))
    ) {
      return 'entity.fieldNotEditable';
    }
    return null;
  }

  private isEditableState(status: unknown): boolean {
    const workflow = this.entity.workflow;
    return !workflow || workflow.editableIn.includes(String(status));
  }

  /** The save itself; returns the header's id. Runs inside the caller's transaction. */
  private async write(actor: Actor, tx: Executor, body: unknown): Promise<number> {
    const parsed = parseSave(this.entity, body);
    if (!parsed.ok) throw this.validationError(parsed.issues);
    const input = parsed.value;
    const entity = this.entity;
    const id = input[entity.key] as number | null | undefined;
    const creating = !id;
    this.assertWritableEntity(actor, creating);
    const now = this.runtime.clock.now();

    let previous: Row | null = null;
    let row: Row;
    if (creating) {
      row = this.defaults();
    } else {
      const stored = await this.lockRow(actor, tx, id);
      previous = this.plain(stored);
      if (input[VERSION_FIELD] === null || input[VERSION_FIELD] === undefined)
        throw fail(400, 'entity.versionRequired');
      if (input[VERSION_FIELD] !== previous[VERSION_FIELD]) throw fail(409, 'entity.stale');
      row = { ...previous };
    }
    const status = previous?.[STATUS_FIELD] ?? entity.workflow?.initial;
    const editable = creating || this.isEditableState(status);

    // Fields the client sent, checked against side and state.
    const refusals: SaveIssue[] = [];
    for (const [name, value] of Object.entries(input)) {
      if (!(name in entity.fields) || name === entity.key || name === VERSION_FIELD) continue;
      const field = entity.fields[name]!;
      if (!isClientWritable(field)) continue;
      if (!creating && JSON.stringify(previous![name] ?? null) === JSON.stringify(value ?? null)) continue;
      // A supplier may name its own supplier on a row it owns; any other value is refused.
      if (actor.side === 'supplier' && !actor.system && entity.ownedBy === name && value === actor.supplierId)
        continue;
      const refusal = this.fieldRefusal(actor, entity, name, status, editable);
      if (refusal)
        refusals.push({
          path: [name],
          message: refusal,
          params: { field: this.fieldName(actor.locale, entity, name) },
        });
      else row[name] = value;
    }
    if (refusals.length) {
      const onlyState = refusals.every((r) => r.message === 'entity.fieldNotEditable');
      if (onlyState && !editable)
        throw fail(409, 'entity.notEditable', { status: this.statusLabel(actor.locale, status) });
      throw this.validationError(refusals, 403);
    }
    if (creating && actor.side === 'supplier' && !actor.system && entity.ownedBy)
      row[entity.ownedBy] = actor.supplierId;
    if (creating && entity.workflow) row[STATUS_FIELD] = entity.workflow.initial;
    if (creating && entity.parent) throw fail(400, 'validation.unknownField', { field: entity.parent.field });

    // Lines: the sent collections replace the stored ones (rows with a key are updated).
    const plans: LinePlan[] = [];
    const previousLines: Record<string, Row[]> = {};
    for (const [collection, lineEntity] of Object.entries(entity.lines)) {
      const existing = creating ? [] : await this.runtime.service(lineEntity.name).storedLines(tx, id);
      previousLines[collection] = existing;
      plans.push(
        this.planLines(
          actor,
          collection,
          lineEntity,
          input[collection] as Row[] | undefined,
          existing,
          status,
          editable,
        ),
      );
    }
    const linesByCollection = Object.fromEntries(plans.map((plan) => [plan.collection, plan.final]));

    // Computed values: lines first (they may use the header), then the header (it may sum lines).
    for (const plan of plans) {
      for (const line of plan.final) this.compute(plan.entity, line, { lines: {}, header: row });
    }
    this.compute(entity, row, { lines: linesByCollection });

    // Required fields and rules on what will be stored.
    const issues: SaveIssue[] = [
      ...missingRequired(entity, row),
      ...ruleIssues(entity, row, linesByCollection),
    ];
    for (const plan of plans) {
      plan.final.forEach((line, index) => {
        const prefix = [plan.collection, index];
        for (const issue of [...missingRequired(plan.entity, line), ...ruleIssues(plan.entity, line, {})]) {
          issues.push({ ...issue, path: [...prefix, ...issue.path] });
        }
      });
    }
    for (const plan of plans) issues.push(...duplicateLines(plan));
    if (issues.length) throw this.validationError(issues);
    await this.checkScopeValues(actor, entity, row);
    const newFiles = await this.checkAttachments(actor, entity, creating ? null : id, [row], [previous], []);
    const newLineFiles: Map<Row, Map<string, number[]>>[] = [];
    for (const plan of plans) {
      const before = new Map(plan.updates.map((u) => [u.after, u.before]));
      newLineFiles.push(
        await this.checkAttachments(
          actor,
          plan.entity,
          null,
          plan.final,
          plan.final.map((line) => before.get(line) ?? null),
          [plan.collection],
        ),
      );
    }
    await this.checkReferences(actor, tx, entity, [row], [], () => previous);
    for (const plan of plans) {
      const before = new Map(plan.updates.map((u) => [u.after, u.before]));
      const unchanged = new Map<Row, Row>();
      for (const line of plan.final)
        if (!before.has(line) && !plan.inserts.includes(line)) unchanged.set(line, line);
      await this.checkReferences(
        actor,
        tx,
        plan.entity,
        plan.final,
        [plan.collection],
        (_index, line) => before.get(line) ?? unchanged.get(line) ?? null,
      );
    }

    const context = this.context(actor, tx);
    const hooks = this.runtime.hooksOf(entity.name);
    const hookIssues = issueList(
      await hooks.beforeSave?.(context, {
        row,
        previous,
        lines: linesByCollection,
        previousLines,
        created: creating,
      }),
    );
    if (hookIssues.length) throw this.validationError(this.toIssues(hookIssues));

    // Write.
    const audit: AuditEntry[] = [];
    let headerId: number;
    try {
      if (creating) {
        if (entity.numbering) {
          row[entity.numbering.field] = await nextDocumentNumber(
            tx,
            entity,
            row,
            now.getTime(),
            this.runtime.timeZone,
          );
        }
        headerId = await this.insertRows(tx, entity, [row], actor, now).then((ids) => ids[0]!);
        row[entity.key] = headerId;
        audit.push({
          entity: entity.name,
          recordId: headerId,
          action: 'create',
          statusTo: (row[STATUS_FIELD] as string) ?? null,
          changes: diffRows(entity, null, row),
        });
      } else {
        headerId = id;
        const changes = diffRows(entity, previous, row);
        const lineChanged = plans.some((p) => p.inserts.length || p.updates.length || p.deletes.length);
        if (changes.length || lineChanged) {
          await this.updateRow(
            tx,
            entity,
            headerId,
            previous![VERSION_FIELD] as number,
            this.changedValues(entity, previous!, row),
            actor,
            now,
          );
          audit.push({ entity: entity.name, recordId: headerId, action: 'update', changes });
        }
      }
      for (const plan of plans) await this.writeLines(tx, plan, headerId, actor, now, audit, entity);
      await this.linkAttachments(tx, entity, [row], newFiles);
      for (const [index, plan] of plans.entries())
        await this.linkAttachments(tx, plan.entity, plan.final, newLineFiles[index]!);
    } catch (error) {
      throw this.translateDbError(error);
    }
    await writeAudit(tx, actor, now, audit);
    await hooks.afterSave?.(context, {
      row,
      previous,
      lines: linesByCollection,
      previousLines,
      created: creating,
      id: headerId,
    });
    return headerId;
  }

  private fieldName(locale: Locale, entity: EntityDef, field: string): string {
    return fieldLabel(this.runtime.messages(), locale, entity.name, field);
  }

  private defaults(entity: EntityDef = this.entity): Row {
    const row: Row = {};
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.default === undefined) continue;
      row[name] = typeof field.default === 'function' ? (field.default as () => unknown)() : field.default;
    }
    return row;
  }

  private compute(
    entity: EntityDef,
    row: Row,
    context: { lines: Record<string, Row[]>; header?: Row },
  ): void {
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!field.computed) continue;
      const value = field.computed(
        row,
        context.header ? { lines: context.lines, header: context.header } : { lines: context.lines },
      );
      const checked = checkValue({ ...field, computed: undefined, readonly: false } as typeof field, value);
      row[name] = checked.ok ? checked.value : null;
    }
  }

  /** Stored lines of a header, plain, locked with it. */
  async storedLines(tx: Executor, headerId: number): Promise<Row[]> {
    const rows = await tx
      .select()
      .from(this.table)
      .where(eq(this.col(this.entity.parent!.field), headerId))
      .orderBy(this.col(this.entity.key));
    return (rows as Row[]).map((row) => this.plain(row));
  }

  private planLines(
    actor: Actor,
    collection: string,
    lineEntity: EntityDef,
    input: Row[] | undefined,
    existing: Row[],
    status: unknown,
    headerEditable: boolean,
  ): LinePlan {
    const plan: LinePlan = {
      collection,
      entity: lineEntity,
      inserts: [],
      updates: [],
      deletes: [],
      final: [],
    };
    if (input === undefined) {
      plan.final = existing.map((row) => ({ ...row }));
      return plan;
    }
    const byId = new Map(existing.map((row) => [row[lineEntity.key] as number, row]));
    const seen = new Set<number>();
    const refusals: SaveIssue[] = [];
    input.forEach((line, index) => {
      const lineId = line[lineEntity.key] as number | null | undefined;
      if (lineId) {
        const before = byId.get(lineId);
        if (!before || seen.has(lineId)) {
          throw fail(400, 'entity.lineNotFound', { id: lineId });
        }
        seen.add(lineId);
        const after: Row = { ...before };
        const changes: Changes = {};
        for (const [name, value] of Object.entries(line)) {
          const field = lineEntity.fields[name];
          if (!field || !isClientWritable(field) || name === lineEntity.key) continue;
          if (JSON.stringify(before[name] ?? null) === JSON.stringify(value ?? null)) continue;
          const refusal = this.fieldRefusal(actor, lineEntity, name, status, headerEditable);
          if (refusal) {
            refusals.push({
              path: [collection, index, name],
              message: refusal,
              params: { field: this.fieldName(actor.locale, lineEntity, name) },
            });
            continue;
          }
          after[name] = value;
          changes[name] = value;
        }
        plan.final.push(after);
        plan.updates.push({ id: lineId, before, after, changes });
      } else {
        if (!headerEditable || (!actor.system && !lineEntity.writableBy.includes(actor.side))) {
          refusals.push({
            path: [collection, index],
            message: headerEditable ? 'entity.cannotCreate' : 'entity.fieldNotEditable',
            params: { field: this.fieldName(actor.locale, this.entity, collection) },
          });
          return;
        }
        const row: Row = { ...this.defaults(lineEntity) };
        for (const [name, value] of Object.entries(line)) {
          const field = lineEntity.fields[name];
          if (field && isClientWritable(field)) row[name] = value;
        }
        plan.final.push(row);
        plan.inserts.push(row);
      }
    });
    for (const row of existing) {
      if (seen.has(row[lineEntity.key] as number)) continue;
      if (!headerEditable || (!actor.system && !lineEntity.writableBy.includes(actor.side))) {
        refusals.push({
          path: [collection],
          message: 'entity.fieldNotEditable',
          params: { field: this.fieldName(actor.locale, this.entity, collection) },
        });
        break;
      }
      plan.deletes.push(row);
    }
    if (refusals.length) {
      if (!headerEditable && refusals.every((r) => r.message === 'entity.fieldNotEditable')) {
        throw fail(409, 'entity.notEditable', { status: this.statusLabel(actor.locale, status) });
      }
      throw this.validationError(refusals, 403);
    }
    plan.updates = plan.updates.filter((update) => {
      return (
        Object.keys(update.changes).length > 0 || diffRows(lineEntity, update.before, update.after).length > 0
      );
    });
    return plan;
  }

  /**
   * Attachment ids newly listed in attachments fields must be files the actor uploaded and nobody
   * linked yet (or already this record's): nobody gains access to a file by naming its id.
   * Answers the new ids per row and field, to link after the write.
   */
  private async checkAttachments(
    actor: Actor,
    entity: EntityDef,
    recordId: number | null,
    rows: Row[],
    previous: (Row | null)[],
    prefix: (string | number)[],
  ): Promise<Map<Row, Map<string, number[]>>> {
    const linked = new Map<Row, Map<string, number[]>>();
    const files = this.runtime.plugins.attachments;
    if (!files) return linked;
    const issues: SaveIssue[] = [];
    const idsOf = (value: unknown) =>
      typeof value === 'string' && value ? value.split(',').map(Number) : [];
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'attachments') continue;
      for (const [index, row] of rows.entries()) {
        const before = new Set(idsOf(previous[index]?.[name]));
        const added = idsOf(row[name]).filter((id) => !before.has(id));
        if (!added.length) continue;
        const refused = await files.checkLinkable(
          actor,
          entity,
          recordId ?? (row[entity.key] as number | undefined) ?? null,
          name,
          added,
        );
        if (refused.length) {
          issues.push({
            path: prefix.length ? [...prefix, index, name] : [name],
            message: 'file.notYours',
            params: { id: refused.join(',') },
          });
          continue;
        }
        const fields = linked.get(row) ?? new Map<string, number[]>();
        fields.set(name, added);
        linked.set(row, fields);
      }
    }
    if (issues.length) throw this.validationError(issues);
    return linked;
  }

  private async linkAttachments(
    tx: Executor,
    entity: EntityDef,
    rows: Row[],
    linked: Map<Row, Map<string, number[]>>,
  ): Promise<void> {
    const files = this.runtime.plugins.attachments;
    if (!files) return;
    for (const row of rows) {
      for (const [field, ids] of linked.get(row) ?? [])
        await files.link(tx, entity, row[entity.key] as number, field, ids);
    }
  }

  /** May the actor still change this field of the row (side, scope, state)? For file deletion. */
  async mayChangeField(actor: Actor, id: number, field: string): Promise<boolean> {
    if (!(field in this.entity.fields)) return false;
    const on = this.runtime.executor();
    const [stored] = await on
      .select()
      .from(this.table)
      .where(and(eq(this.col(this.entity.key), id), ...this.scope(actor)));
    if (!stored) return false;
    if (actor.side === 'supplier' && !actor.system && supplierAccess(this.entity, this.header) !== 'own')
      return false;
    const status = (stored as Row)[STATUS_FIELD];
    return this.fieldRefusal(actor, this.entity, field, status, this.isEditableState(status)) === null;
  }

  /** An internal actor may only write rows of organisations and categories it is permitted. */
  private async checkScopeValues(actor: Actor, entity: EntityDef, row: Row): Promise<void> {
    if (actor.system || actor.side !== 'internal') return;
    if (
      entity.orgScoped &&
      actor.orgIds !== 'all' &&
      row[entity.orgScoped] != null &&
      !actor.orgIds.includes(row[entity.orgScoped] as number)
    ) {
      throw fail(403, 'entity.orgDenied');
    }
    if (
      entity.categoryScoped &&
      actor.categoryIds !== 'all' &&
      row[entity.categoryScoped] != null &&
      !actor.categoryIds.includes(row[entity.categoryScoped] as number)
    ) {
      throw fail(403, 'entity.categoryDenied');
    }
  }

  /**
   * Every newly referenced row exists, is visible to the actor and satisfies the field's
   * filter; every new lookup code is an enabled value of its type. Values a row already had
   * are not checked again, so disabling a code does not block unrelated edits.
   */
  private async referenceIssues(
    actor: Actor,
    tx: Executor,
    entity: EntityDef,
    allRows: Row[],
    prefix: (string | number)[],
    previousOf: (index: number, row: Row) => Row | null,
    indexRows = prefix.length > 0,
  ): Promise<SaveIssue[]> {
    const issues: SaveIssue[] = [];
    await this.checkLookups(tx, entity, allRows, prefix, previousOf, issues, indexRows);
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'ref' || field.system || entity.parent?.field === name) continue;
      const rows = allRows.map((row, index) =>
        previousOf(index, row)?.[name] === row[name] ? ({} as Row) : row,
      );
      const ids = [
        ...new Set(rows.map((row) => row[name]).filter((v): v is number => typeof v === 'number')),
      ];
      if (!ids.length) continue;
      const target = this.runtime.registry.get(field.entity);
      const service = this.runtime.service(target.name);
      const targetTable = this.runtime.table(target.name);
      const filterFields = new Set<string>();
      if (field.filter)
        for (const row of rows) for (const key of Object.keys(field.filter(row))) filterFields.add(key);
      const columns: Record<string, AnyPgColumn> = { __id: this.col(target.key, targetTable) };
      for (const key of filterFields)
        if (target.fields[key] && isStored(target.fields[key]!)) columns[key] = this.col(key, targetTable);
      const readScope =
        actor.side === 'supplier' && supplierAccess(target, service.header) === 'read'
          ? []
          : service.scope(actor, targetTable);
      const found = await tx
        .select(columns)
        .from(targetTable)
        .where(and(inArray(this.col(target.key, targetTable), ids), ...readScope));
      const byId = new Map(found.map((r) => [r.__id as number, r as Row]));
      rows.forEach((row, index) => {
        const value = row[name];
        if (typeof value !== 'number') return;
        const path = indexRows ? [...prefix, index, name] : [name];
        const referenced = byId.get(value);
        if (!referenced) {
          issues.push({ path, message: 'validation.refMissing', params: { id: value } });
          return;
        }
        if (field.filter) {
          const expected = field.filter(row);
          for (const [key, want] of Object.entries(expected)) {
            if (want === undefined || want === null) continue;
            if (referenced[key] !== want && !(key === target.key && value === want)) {
              issues.push({ path, message: 'validation.refFilter', params: { id: value } });
              return;
            }
          }
        }
      });
    }
    return issues;
  }

  private async checkReferences(
    actor: Actor,
    tx: Executor,
    entity: EntityDef,
    rows: Row[],
    prefix: (string | number)[],
    previousOf: (index: number, row: Row) => Row | null,
  ): Promise<void> {
    const issues = await this.referenceIssues(actor, tx, entity, rows, prefix, previousOf);
    if (issues.length) throw this.validationError(issues);
  }

  private async checkLookups(
    tx: Executor,
    entity: EntityDef,
    rows: Row[],
    prefix: (string | number)[],
    previousOf: (index: number, row: Row) => Row | null,
    issues: SaveIssue[],
    indexRows = prefix.length > 0,
  ): Promise<void> {
    if (!this.runtime.registry.find('baseLookupValues')) return;
    const values = this.runtime.table('baseLookupValues');
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'lookup' || field.codes || field.system) continue;
      const codesOf = (row: Row | null): string[] => {
        const value = row?.[name];
        return value === null || value === undefined
          ? []
          : Array.isArray(value)
            ? (value as string[])
            : [String(value)];
      };
      const wanted = new Set<string>();
      rows.forEach((row, index) => {
        const before = new Set(codesOf(previousOf(index, row)));
        for (const code of codesOf(row)) if (!before.has(code)) wanted.add(code);
      });
      if (!wanted.size) continue;
      const found = await tx
        .select({ code: this.col('lookupCode', values) })
        .from(values)
        .where(
          and(
            eq(this.col('lookupType', values), field.lookupType),
            inArray(this.col('lookupCode', values), [...wanted]),
            eq(this.col('enabledFlag', values), 'Y'),
          ),
        );
      const known = new Set(found.map((r) => r.code as string));
      rows.forEach((row, index) => {
        const before = new Set(codesOf(previousOf(index, row)));
        for (const code of codesOf(row)) {
          if (before.has(code) || known.has(code)) continue;
          issues.push({
            path: indexRows ? [...prefix, index, name] : [name],
            message: 'validation.lookup',
            params: { value: code },
          });
          return;
        }
      });
    }
  }

  private dbValues(entity: EntityDef, row: Row): Row {
    const values: Row = {};
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!isStored(field) || name === entity.key || field.system) continue;
      if (name in row) values[name] = toDb(field, row[name], this.runtime.sealer);
    }
    if (entity.workflow && row[STATUS_FIELD] !== undefined) values[STATUS_FIELD] = row[STATUS_FIELD];
    if (entity.parent && row[entity.parent.field] !== undefined)
      values[entity.parent.field] = row[entity.parent.field];
    return values;
  }

  private changedValues(entity: EntityDef, before: Row, after: Row): Row {
    const changed: Row = {};
    for (const change of diffRows(entity, before, after)) changed[change.field] = after[change.field];
    return this.dbValues(entity, changed);
  }

  private async insertRows(
    tx: Executor,
    entity: EntityDef,
    rows: Row[],
    actor: Actor,
    now: Date,
  ): Promise<number[]> {
    if (!rows.length) return [];
    const table = this.runtime.table(entity.name);
    const values = rows.map((row) => ({
      ...this.dbValues(entity, row),
      [VERSION_FIELD]: 1,
      createdBy: actor.userId,
      creationDate: now,
      lastUpdatedBy: actor.userId,
      lastUpdateDate: now,
    }));
    const columnsPerRow = Object.keys(values[0]!).length;
    const chunk = Math.max(1, Math.floor(30000 / columnsPerRow));
    const ids: number[] = [];
    for (let start = 0; start < values.length; start += chunk) {
      const inserted = await tx
        .insert(table)
        .values(values.slice(start, start + chunk))
        .returning({ id: this.col(entity.key, table) });
      ids.push(...inserted.map((r) => r.id as number));
    }
    return ids;
  }

  private async updateRow(
    tx: Executor,
    entity: EntityDef,
    id: number,
    version: number,
    values: Row,
    actor: Actor,
    now: Date,
  ): Promise<void> {
    const table = this.runtime.table(entity.name);
    const updated = await tx
      .update(table)
      .set({ ...values, [VERSION_FIELD]: version + 1, lastUpdatedBy: actor.userId, lastUpdateDate: now })
      .where(and(eq(this.col(entity.key, table), id), eq(this.col(VERSION_FIELD, table), version)))
      .returning({ id: this.col(entity.key, table) });
    if (!updated.length) throw fail(409, 'entity.stale');
  }

  private async writeLines(
    tx: Executor,
    plan: LinePlan,
    headerId: number,
    actor: Actor,
    now: Date,
    audit: AuditEntry[],
    header: EntityDef,
  ): Promise<void> {
    const line = plan.entity;
    const table = this.runtime.table(line.name);
    const parentField = line.parent!.field;
    if (plan.deletes.length) {
      await tx.delete(table).where(
        inArray(
          this.col(line.key, table),
          plan.deletes.map((row) => row[line.key] as number),
        ),
      );
      for (const row of plan.deletes) {
        audit.push({
          entity: line.name,
          recordId: row[line.key] as number,
          headerEntity: header.name,
          headerId,
          action: 'delete',
          changes: diffRows(line, row, null),
        });
      }
    }
    for (const update of plan.updates) {
      const values = this.changedValues(line, update.before, update.after);
      if (!Object.keys(values).length) continue;
      await this.updateRow(tx, line, update.id, update.before[VERSION_FIELD] as number, values, actor, now);
      audit.push({
        entity: line.name,
        recordId: update.id,
        headerEntity: header.name,
        headerId,
        action: 'update',
        changes: diffRows(line, update.before, update.after),
      });
    }
    if (plan.inserts.length) {
      for (const row of plan.inserts) row[parentField] = headerId;
      const ids = await this.insertRows(tx, line, plan.inserts, actor, now);
      plan.inserts.forEach((row, index) => {
        row[line.key] = ids[index];
        audit.push({
          entity: line.name,
          recordId: ids[index]!,
          headerEntity: header.name,
          headerId,
          action: 'create',
          changes: diffRows(line, null, row),
        });
      });
    }
  }

  private translateDbError(error: unknown): unknown {
    if (error instanceof AppError) return error;
    const { code, constraint } = driverError(error);
    if (code === '23505') {
      const index = constraint ? this.runtime.uniqueIndex(constraint) : undefined;
      if (index) {
        const fields = index.fields;
        return new AppError(409, 'validation.unique', undefined, undefined, (locale) => ({
          msg: this.runtime.t(locale, 'validation.unique', {
            fields: fields
              .map((f) => fieldLabel(this.runtime.messages(), locale, index.entity.name, f))
              .join(' + '),
          }),
          details: fields.map((f) => ({
            path: f,
            message: this.runtime.t(locale, 'validation.unique', {
              fields: fieldLabel(this.runtime.messages(), locale, index.entity.name, f),
            }),
          })),
        }));
      }
      return fail(409, 'validation.unique', { fields: constraint ?? '' });
    }
    if (code === '23503') return fail(409, 'entity.referenced');
    if (code === '40001' || code === '40P01') return fail(409, 'entity.stale');
    return error;
  }

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
    await this.runtime.transaction(async (tx) => {
      const stored = await this.lockRow(SYSTEM_SCOPE(actor), tx, id);
      const previous = this.plain(stored);
      const next = { ...previous, ...values };
      const now = this.runtime.clock.now();
      const changed: Row = {};
      for (const change of diffRows(this.entity, previous, next)) {
        const field = this.entity.fields[change.field]!;
        changed[change.field] = toDb(field, next[change.field], this.runtime.sealer);
      }
      if (!Object.keys(changed).length) return;
      await this.updateRow(tx, this.entity, id, previous[VERSION_FIELD] as number, changed, actor, now);
      await writeAudit(tx, actor, now, [
        {
          entity: this.entity.name,
          recordId: id,
          action: auditAction,
          changes: diffRows(this.entity, previous, next),
        },
      ]);
    });
  }

  // ---------------------------------------------------------------- server-side writes

  /**
   * The stored rows matching `where` (field → value or list of values) within the actor's
   * scope, as reads answer them, in `order` (the key by default). For hooks and endpoints.
   */
  async rows(
    actor: Actor,
    where: Readonly<Record<string, unknown>>,
    options: { order?: readonly SortSpec[]; limit?: number } = {},
  ): Promise<Row[]> {
    this.assertReadable(actor);
    const on = this.runtime.executor();
    const conditions = [...this.scope(actor), ...this.whereOf(where)];
    const order = orderBy(
      this.entity,
      this.table,
      options.order ?? [{ field: this.entity.key, order: 'asc' }],
    );
    return this.readRows(
      on,
      actor,
      this.selectQuery(and(...conditions), { order, ...(options.limit ? { limit: options.limit } : {}) }),
    );
  }

  /** Conditions of a `{ field: value | values }` selection (values of the fields' kinds). */
  private whereOf(where: Readonly<Record<string, unknown>>): SQL[] {
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

  /** Values given by server code for stored fields: known fields of their kinds, never the key or state. */
  private checkedValues(values: Readonly<Row>, allowParent: boolean): Row {
    const out: Row = {};
    const issues: SaveIssue[] = [];
    for (const [name, value] of Object.entries(values)) {
      const field = this.entity.fields[name];
      const isParent = this.entity.parent?.field === name;
      if (
        !field ||
        !isStored(field) ||
        name === this.entity.key ||
        (field.system && !(isParent && allowParent))
      )
        throw new Error(`${this.entity.name}.${name} cannot be written by server code`);
      const checked = checkValue({ ...field, computed: undefined, readonly: false } as typeof field, value);
      if (!checked.ok)
        issues.push({
          path: [name],
          message: checked.issue.message,
          ...(checked.issue.params ? { params: checked.issue.params } : {}),
        });
      else out[name] = checked.value;
    }
    if (issues.length) throw this.validationError(issues, 422);
    return out;
  }

  /** The plain stored header of a line, for its computed fields. */
  private async headerRow(tx: Executor, line: Row): Promise<Row | undefined> {
    if (!this.header || !this.entity.parent) return undefined;
    const table = this.runtime.table(this.header.name);
    const [stored] = await tx
      .select()
      .from(table)
      .where(eq(this.col(this.header.key, table), line[this.entity.parent.field] as number));
    return stored ? plainRow(this.header, stored as Row, this.runtime.sealer) : undefined;
  }

  /**
   * Computed fields of a row changed by server code, from what they depend on: a line's header,
   * a header's stored lines (so that a header patched after its lines were carries their totals).
   */
  private async recompute(tx: Executor, row: Row, headers: Map<number, Row | undefined>): Promise<void> {
    if (!Object.values(this.entity.fields).some((field) => field.computed)) return;
    if (this.entity.parent) {
      const headerId = row[this.entity.parent.field] as number;
      if (!headers.has(headerId)) headers.set(headerId, await this.headerRow(tx, row));
      const header = headers.get(headerId);
      this.compute(this.entity, row, header ? { lines: {}, header } : { lines: {} });
      return;
    }
    const lines: Record<string, Row[]> = {};
    for (const [collection, line] of Object.entries(this.entity.lines))
      lines[collection] = await this.runtime
        .service(line.name)
        .storedLines(tx, row[this.entity.key] as number);
    this.compute(this.entity, row, { lines });
  }

  /**
   * The stored rows of these keys within the actor's scope, locked for the transaction (404 when
   * one is not visible): read, decide, then patch, with no one changing them in between.
   */
  async lock(actor: Actor, ids: readonly number[]): Promise<Row[]> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    if (!unique.length) return [];
    return this.runtime.transaction(async (tx) => {
      const stored = (await tx
        .select()
        .from(this.table)
        .where(and(this.ofKeys(unique), ...this.scope(actor)))
        .orderBy(this.col(this.entity.key))
        .for('update')) as Row[];
      if (stored.length !== unique.length) throw fail(404, 'entity.notFound');
      return stored.map((row) => this.plain(row));
    });
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
    return this.runtime.transaction(async (tx) => {
      const before = await this.lock(actor, ids);
      await work(tx);
      const after = (
        (await tx
          .select()
          .from(this.table)
          .where(this.ofKeys(before.map((row) => row[this.entity.key] as number)))
          .orderBy(this.col(this.entity.key))) as Row[]
      ).map((row) => this.plain(row));
      const now = this.runtime.clock.now();
      const audit: AuditEntry[] = [];
      for (const [index, row] of after.entries()) {
        const previous = before[index]!;
        const changes = diffRows(this.entity, previous, row);
        if (!changes.length) continue;
        if (row[VERSION_FIELD] === previous[VERSION_FIELD]) {
          await tx
            .update(this.table)
            .set({
              [VERSION_FIELD]: (row[VERSION_FIELD] as number) + 1,
              lastUpdatedBy: actor.userId,
              lastUpdateDate: now,
            })
            .where(eq(this.col(this.entity.key), row[this.entity.key] as number));
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
    await this.runtime.transaction(async (tx) => {
      const [row] = await this.lock(actor, [id]);
      await writeAudit(tx, actor, this.runtime.clock.now(), [
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
    const values = this.checkedValues(changes, false);
    return this.runtime.transaction(async (tx) => {
      const byIds = 'ids' in selector;
      const ids = byIds ? [...new Set(selector.ids)].sort((a, b) => a - b) : [];
      if (byIds && !ids.length) return [];
      const stored = (await tx
        .select()
        .from(this.table)
        .where(and(byIds ? this.ofKeys(ids) : and(...this.whereOf(selector.where)), ...this.scope(actor)))
        .orderBy(this.col(this.entity.key))
        .for('update')) as Row[];
      if (byIds && stored.length !== ids.length) throw fail(404, 'entity.notFound');
      const now = this.runtime.clock.now();
      const audit: AuditEntry[] = [];
      const after: Row[] = [];
      const headers = new Map<number, Row | undefined>();
      for (const raw of stored) {
        const before = this.plain(raw);
        const row: Row = { ...before, ...values };
        await this.recompute(tx, row, headers);
        const changed = diffRows(this.entity, before, row);
        after.push(
          changed.length ? { ...row, [VERSION_FIELD]: (before[VERSION_FIELD] as number) + 1 } : before,
        );
        if (!changed.length) continue;
        const id = before[this.entity.key] as number;
        try {
          await this.updateRow(
            tx,
            this.entity,
            id,
            before[VERSION_FIELD] as number,
            this.changedValues(this.entity, before, row),
            actor,
            now,
          );
        } catch (error) {
          throw this.translateDbError(error);
        }
        audit.push({ ...this.auditTarget(row), action: operation, changes: changed });
      }
      await writeAudit(tx, actor, now, audit);
      return after;
    });
  }

  /** Which record an audit entry is about, and its header for a line (the document's history). */
  private auditTarget(row: Row): Pick<AuditEntry, 'entity' | 'recordId' | 'headerEntity' | 'headerId'> {
    const target = { entity: this.entity.name, recordId: row[this.entity.key] as number };
    const parent = this.entity.parent;
    return parent && typeof row[parent.field] === 'number'
      ? { ...target, headerEntity: parent.entity, headerId: row[parent.field] as number }
      : target;
  }

  /**
   * Creates rows from server code: defaults, the caller's supplier on a supplier-owned row,
   * computed values, required fields, the actor's organisation and category permits, numbering,
   * version 1 and an audit entry per row under `operation`. A line names its header's key.
   */
  async insert(actor: Actor, rows: readonly Readonly<Row>[], operation: string): Promise<number[]> {
    if (!rows.length) return [];
    return this.runtime.transaction(async (tx) => {
      const prepared: Row[] = [];
      const issues: SaveIssue[] = [];
      const headers = new Map<number, Row | undefined>();
      for (const [index, given] of rows.entries()) {
        const row: Row = { ...this.defaults(), ...this.checkedValues(given, true) };
        if (actor.side === 'supplier' && !actor.system && this.entity.ownedBy)
          row[this.entity.ownedBy] = actor.supplierId;
        if (this.entity.workflow && row[STATUS_FIELD] === undefined)
          row[STATUS_FIELD] = this.entity.workflow.initial;
        let header: Row | undefined;
        if (this.entity.parent) {
          const headerId = row[this.entity.parent.field];
          if (typeof headerId !== 'number') throw new Error(`${this.entity.name}: a line names its header`);
          if (!headers.has(headerId)) headers.set(headerId, await this.headerRow(tx, row));
          header = headers.get(headerId);
        }
        this.compute(this.entity, row, header ? { lines: {}, header } : { lines: {} });
        for (const issue of missingRequired(this.entity, row))
          issues.push({ ...issue, path: [index, ...issue.path] });
        await this.checkScopeValues(actor, this.entity, row);
        prepared.push(row);
      }
      if (issues.length) throw this.validationError(issues, 422);
      const now = this.runtime.clock.now();
      if (this.entity.numbering) {
        for (const row of prepared)
          row[this.entity.numbering.field] = await nextDocumentNumber(
            tx,
            this.entity,
            row,
            now.getTime(),
            this.runtime.timeZone,
          );
      }
      let ids: number[];
      try {
        ids = await this.insertRows(tx, this.entity, prepared, actor, now);
      } catch (error) {
        throw this.translateDbError(error);
      }
      prepared.forEach((row, index) => (row[this.entity.key] = ids[index]));
      await writeAudit(
        tx,
        actor,
        now,
        prepared.map((row) => ({
          ...this.auditTarget(row),
          action: operation,
          statusTo: (row[STATUS_FIELD] as string | undefined) ?? null,
          changes: diffRows(this.entity, null, row),
        })),
      );
      return ids;
    });
  }

  /** Deletes rows from server code (within the actor's scope, 404 otherwise), audited under `operation`. */
  async removeRows(actor: Actor, ids: readonly number[], operation: string): Promise<void> {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    if (!unique.length) return;
    await this.runtime.transaction(async (tx) => {
      const stored = (await tx
        .select()
        .from(this.table)
        .where(and(this.ofKeys(unique), ...this.scope(actor)))
        .for('update')) as Row[];
      if (stored.length !== unique.length) throw fail(404, 'entity.notFound');
      try {
        await tx.delete(this.table).where(this.ofKeys(unique));
      } catch (error) {
        throw this.translateDbError(error);
      }
      await writeAudit(
        tx,
        actor,
        this.runtime.clock.now(),
        stored.map((raw) => {
          const row = this.plain(raw);
          return {
            ...this.auditTarget(row),
            action: operation,
            statusFrom: (row[STATUS_FIELD] as string | undefined) ?? null,
            changes: diffRows(this.entity, row, null),
          };
        }),
      );
    });
  }

  // ---------------------------------------------------------------- deleting

  async remove(actor: Actor, ids: readonly number[]): Promise<void> {
    if (!ids.length) throw fail(400, 'entity.noIds');
    if (ids.length > MAX_IDS) throw fail(400, 'entity.tooManyIds', { max: MAX_IDS });
    this.assertWritableEntity(actor, false);
    if (!actor.system && !this.entity.writableBy.includes(actor.side)) throw fail(403, 'access.denied');
    await this.runtime.transaction(async (tx) => {
      const now = this.runtime.clock.now();
      const audit: AuditEntry[] = [];
      const hooks = this.runtime.hooksOf(this.entity.name);
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const stored = await this.lockRow(actor, tx, id);
        const row = this.plain(stored);
        const workflow = this.entity.workflow;
        if (
          workflow &&
          !(workflow.deletableIn ?? workflow.editableIn).includes(row[STATUS_FIELD] as string)
        ) {
          throw fail(409, 'entity.notDeletable', {
            status: this.statusLabel(actor.locale, row[STATUS_FIELD]),
          });
        }
        if (this.header && !actor.system) {
          // A line is deleted through its header's save, so the header's state rules apply.
          throw fail(403, 'access.denied');
        }
        const issues = issueList(await hooks.beforeDelete?.(this.context(actor, tx), row));
        if (issues.length) throw this.validationError(this.toIssues(issues), 422);
        try {
          await tx.delete(this.table).where(eq(this.col(this.entity.key), id));
        } catch (error) {
          throw this.translateDbError(error);
        }
        audit.push({
          entity: this.entity.name,
          recordId: id,
          action: 'delete',
          statusFrom: (row[STATUS_FIELD] as string) ?? null,
          changes: diffRows(this.entity, row, null),
        });
      }
      await writeAudit(tx, actor, now, audit);
    });
  }

  // ---------------------------------------------------------------- workflow actions

  /**
   * Runs a workflow action on rows, all or none. `fromHttp` refuses system actions; the
   * platform (approval engine, other actions) calls with it false.
   */
  async act(
    actor: Actor,
    actionName: string,
    ids: readonly number[],
    input: Readonly<Record<string, unknown>>,
    options: { fromHttp: boolean; versionNum?: number | null },
  ): Promise<Row[]> {
    const workflow = this.entity.workflow;
    const action = workflow?.actions[actionName];
    if (!workflow || !action) throw fail(404, 'workflow.unknownAction', { action: actionName });
    const label = actionLabel(this.runtime.messages(), actor.locale, this.entity.name, actionName);
    // The approval's own message first: it tells the caller where to decide instead.
    if (options.fromHttp && this.runtime.approvals?.controls(this.entity, actionName)) {
      throw fail(403, 'workflow.approvalOnly', { action: label });
    }
    if (options.fromHttp && action.system) throw fail(403, 'workflow.systemOnly', { action: label });
    const side = action.side ?? 'internal';
    if (!actor.system && side !== 'both' && side !== actor.side)
      throw fail(403, 'workflow.wrongSide', { action: label });
    if (!ids.length) throw fail(400, 'entity.noIds');
    if (ids.length > MAX_IDS) throw fail(400, 'entity.tooManyIds', { max: MAX_IDS });
    if (action.needs?.includes('comment') && !(typeof input.comment === 'string' && input.comment.trim())) {
      throw fail(400, 'workflow.needsComment');
    }
    if (
      action.needs?.includes('date') &&
      !(typeof input.date === 'string' && checkValue({ kind: 'date' }, input.date).ok)
    ) {
      throw fail(400, 'workflow.needsDate');
    }
    const hooks = this.runtime.hooksOf(this.entity.name);
    const updatedIds = await this.runtime.transaction(async (tx) => {
      const context = this.context(actor, tx);
      const now = context.now;
      const audit: AuditEntry[] = [];
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const stored = await this.lockRow(actor, tx, id);
        const previous = this.plain(stored);
        if (
          options.versionNum !== undefined &&
          options.versionNum !== null &&
          ids.length === 1 &&
          options.versionNum !== previous[VERSION_FIELD]
        ) {
          throw fail(409, 'entity.stale');
        }
        const status = previous[STATUS_FIELD] as string;
        if (!action.from.includes(status)) {
          throw fail(409, 'workflow.wrongState', {
            document: this.documentName(actor.locale, previous),
            status: this.statusLabel(actor.locale, status),
            action: label,
          });
        }
        const row: Row = { ...previous, [STATUS_FIELD]: action.to ?? status };
        const event = { row, previous, input };
        const guard = hooks.guards?.[actionName];
        const guardIssues = issueList(guard ? await guard(context, event) : undefined);
        if (guardIssues.length) throw this.validationError(this.toIssues(guardIssues), 422);
        const opens = this.opensSealed(actionName);
        await this.updateRow(
          tx,
          this.entity,
          id,
          previous[VERSION_FIELD] as number,
          {
            ...(action.to ? { [STATUS_FIELD]: action.to } : {}),
            ...(opens && this.entity.hasSealed && !previous[SEALED_OPENED_FIELD]
              ? { [SEALED_OPENED_FIELD]: now }
              : {}),
          },
          actor,
          now,
        );
        if (opens) await this.openLines(tx, id, now);
        row[VERSION_FIELD] = (previous[VERSION_FIELD] as number) + 1;
        audit.push({
          entity: this.entity.name,
          recordId: id,
          action: actionName,
          statusFrom: status,
          statusTo: action.to ?? status,
          comment: typeof input.comment === 'string' ? input.comment : null,
          changes: typeof input.date === 'string' ? { date: input.date } : null,
        });
        if (action.approval && this.runtime.approvals) {
          await this.runtime.approvals.start(context, this.entity, row, actionName, action.approval);
        }
        await hooks.actions?.[actionName]?.(context, event);
      }
      await writeAudit(tx, actor, now, audit);
      return [...new Set(ids)];
    });
    const rows: Row[] = [];
    for (const id of updatedIds) rows.push(await this.find(actor, id));
    return rows;
  }

  private documentName(locale: Locale, row: Row): string {
    const title = entityTitle(this.runtime.messages(), locale, this.entity.name);
    const number = this.entity.numbering ? row[this.entity.numbering.field] : row[this.entity.display];
    return number ? `${title} ${String(number)}` : title;
  }

  /** This action opens the sealed fields of this entity or of its lines. */
  private opensSealed(actionName: string): boolean {
    const own = Object.values(this.entity.fields).some((f) => f.sealed?.openedBy === actionName);
    const lines = Object.values(this.entity.lines).some((line) =>
      Object.values(line.fields).some((f) => f.sealed?.openedBy === actionName),
    );
    return own || lines;
  }

  private async openLines(tx: Executor, headerId: number, now: Date): Promise<void> {
    for (const line of Object.values(this.entity.lines)) {
      if (!line.hasSealed) continue;
      const table = this.runtime.table(line.name);
      await tx
        .update(table)
        .set({ [SEALED_OPENED_FIELD]: now })
        .where(
          and(
            eq(this.col(line.parent!.field, table), headerId),
            sql`${this.col(SEALED_OPENED_FIELD, table)} is null`,
          ),
        );
    }
  }
}
