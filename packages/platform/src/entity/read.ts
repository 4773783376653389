// Reading an entity's rows as the actor may see them: one row with its lines and history, list
// pages with their counts, and every row of a query for exports, through statements rendered
// once per entity and driver rows read in one pass (ADR 0003).
import { and, count, eq, ilike, inArray, or, type Query, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
import {
  type EntityDef,
  type ListQuery,
  type SortSpec,
  SEALED_OPENED_FIELD,
  displayedRef,
  englishField,
  isStored,
  parseListRequest,
  refDisplayName,
} from '@srm/kernel';
import { type Executor, queryArrays, queryRows } from '@srm/db';
import type { Actor } from '../access/actor';
import {
  type HistoryEntry,
  nameReferences,
  readHistory,
  renderMessageChanges,
  supplierHistory,
} from './audit';
import { fail } from './errors';
import type { EntityModel } from './model';
import { type DisplayMatcher, filterCondition, lineOrder, orderBy, orderSpecs, seekAfter } from './query';
import { loadDataKeys } from '../system/data-keys';
import { auditRefusedReads } from './sealed-reads';
import { type Row, type RowReader, rowReader } from './rows';
import type { EntityTable } from './tables';

export interface ListResult {
  rows: Row[];
  count: number;
  /** The count is the planner's estimate: more rows match than the exact-count limit. */
  estimated?: boolean;
  /** Keyset paging (`list.seek`): the key of a full page's last row, for the next page's `afterKey`. */
  nextKey?: number;
}

/**
 * A list's count prepared without its page (EntityReader.prepareCount): known at once, or an
 * exact count's SQL (a scalar subquery) and what to answer for the number it gave.
 */
export type PreparedCount =
  | { readonly count: number; readonly estimated: boolean }
  | {
      readonly sql: SQL;
      readonly finish: (total: number) => Promise<{ count: number; estimated: boolean }>;
    };

/** What counting a list ran (listStatements). */
type CountStep = 'size' | 'plan' | 'count';

/** Up to this many matching rows the count is exact; above it, the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10000;
/** Above this offset a page is found through the key index first (a deferred join). */
const DEFERRED_JOIN_OFFSET = 2000;
/** How long the planner's estimate of a list condition is reused (pages of one filtered list). */
const PLAN_CACHE_MS = 5000;
/** How long a table's size by its statistics is reused. */
const SIZE_CACHE_MS = 5000;
/** Conditions whose estimate is kept per entity; the oldest goes first. */
const PLAN_CACHE_SIZE = 200;
/** Renders conditions to their SQL text and parameters (the key of the plan cache). */
const dialect = new PgDialect();
/** Rows shaped between two turns of the event loop (a few milliseconds of work). */
const SHAPE_SLICE_ROWS = 2000;
/** Rows read and shaped at a time by `scan` (exports): small enough that memory stays flat. */
const SCAN_BATCH_ROWS = 1000;

/** Columns of the stored row plus display values of references, and their reader. */
interface Selection {
  /** Each value's column: the row's own, or the referenced row's for a display value. */
  fields: Record<string, AnyPgColumn>;
  /**
   * What is selected, in the fields' order: a display value as a column of its joined target,
   * or, when more than MAX_DISPLAY_JOINS references are shown, as a scalar subquery on the
   * referenced row's key — PostgreSQL then has no join order to search (a list of order lines
   * with six references spent 20–90 ms planning its joins and 3 ms running).
   */
  selected: Record<string, AnyPgColumn | SQL>;
  /** The referenced tables joined instead, when there are few (MAX_DISPLAY_JOINS). */
  joins: { table: EntityTable; on: SQL }[];
  reader: RowReader;
}

/** The language of a selection's display values: an English reader's are English where they can be. */
export type DisplayLanguage = 'zh' | 'en';

const languageOf = (actor: Actor): DisplayLanguage => (actor.locale === 'en' ? 'en' : 'zh');

type HeadedSelection = Selection & {
  /** `select <columns> from <table> <joins>` as text: most of the work of building a read. */
  head: string;
};

/** A line collection read with its header (EntityReader.find): its column and its reader. */
interface FoundCollection {
  readonly name: string;
  /** The column's position in the header's driver row. */
  readonly at: number;
  readonly lines: {
    readCollection(on: Executor, actor: Actor, value: unknown): Promise<Row[]>;
  };
}

/**
 * References shown by joining their targets at most; beyond, each display value is a scalar
 * subquery (ADR 0045). Planning the join orders grows quickly with the joins (an order-line page,
 * warm: 0.4–0.6 ms with one or two, 1.1 with three, 2.8 with four, 21–30 with six), while a join
 * of a small table is hashed once where a subquery runs for every row shown.
 */
const MAX_DISPLAY_JOINS = 2;

/** Column types whose driver value JSON carries as is; every other is read as its text. */
const JSON_NATIVE_COLUMNS = new Set([
  'PgVarchar',
  'PgText',
  'PgChar',
  'PgBoolean',
  'PgInteger',
  'PgJsonb',
  'PgArray',
]);
/** Values per json_build_array in a collection column (PostgreSQL takes at most 100 arguments). */
const COLLECTION_CHUNK = 90;

export class EntityReader {
  /** The selection of every stored field, per language of the display values. */
  private readonly selected = new Map<DisplayLanguage, HeadedSelection>();
  private readonly findSelection = new Map<
    DisplayLanguage,
    HeadedSelection & { collections: readonly FoundCollection[] }
  >();
  /** Narrow selections by their language and sorted field names (a handful per entity, made by code). */
  private readonly narrow = new Map<string, HeadedSelection>();
  private readonly planCache = new Map<string, { at: number; rows: number }>();
  private sizeCache: { at: number; rows: number } | null = null;

  constructor(private readonly model: EntityModel) {}

  /**
   * The selection of every stored field, or of `only` and what reading a row needs besides (the
   * key, the header's key, the opening mark and the owning supplier of sealed values).
   */
  private selection(table: EntityTable, language: DisplayLanguage, only?: ReadonlySet<string>): Selection {
    const { entity, runtime } = this.model;
    const fields: Record<string, AnyPgColumn> = {};
    const needed = new Set([
      entity.key,
      ...(entity.parent ? [entity.parent.field] : []),
      ...(entity.hasSealed ? [SEALED_OPENED_FIELD, ...(entity.ownedBy ? [entity.ownedBy] : [])] : []),
    ]);
    /** Each shown reference: its display value's name, the target's column and its English. */
    const shown: { ref: string; target: EntityDef; display: string; column: string; english?: string }[] = [];
    for (const [name, field] of Object.entries(entity.fields)) {
      if (!isStored(field) || (only && !only.has(name) && !needed.has(name))) continue;
      fields[name] = this.model.col(name, table);
      if (field.kind !== 'ref' || field.sealed) continue;
      const display = refDisplayName(name, field);
      const target = runtime.registry.find(field.entity);
      if (!display || !target || !field.display || target.fields[field.display]?.sealed) continue;
      // In English, the target's English value where it has one (else its Chinese one).
      const english = language === 'en' ? englishField(target.fields, field.display) : undefined;
      shown.push({
        ref: name,
        target,
        display,
        column: field.display,
        ...(english && !target.fields[english]?.sealed ? { english } : {}),
      });
      // A placeholder keeps the display value where the reader expects it (after the ref).
      fields[display] = fields[name];
    }
    const joinThem = shown.length <= MAX_DISPLAY_JOINS;
    const selected: Record<string, AnyPgColumn | SQL> = { ...fields };
    const joins: { table: EntityTable; on: SQL }[] = [];
    shown.forEach(({ ref, target, display, column, english }, index) => {
      const named = `d${index}`;
      const joined = alias(runtime.table(target.name), named) as unknown as EntityTable;
      if (joinThem)
        joins.push({ table: joined, on: eq(this.model.col(target.key, joined), this.model.col(ref, table)) });
      // Every name qualified in a subquery: a select without joins renders its own columns bare.
      const of = (owner: string, column: AnyPgColumn) =>
        sql`${sql.identifier(owner)}.${sql.identifier(column.name)}`;
      const key = of(named, this.model.col(target.key, joined));
      const own = of(entity.table, this.model.col(ref, table));
      const from = sql`${sql.identifier(target.table)} ${sql.identifier(named)}`;
      fields[display] = this.model.col(column, joined);
      const value: AnyPgColumn | SQL = english
        ? sql`coalesce(nullif(${of(named, this.model.col(english, joined))}, ''), ${of(named, fields[display])})`
        : joinThem
          ? fields[display]
          : of(named, fields[display]);
      selected[display] = joinThem ? value : sql`(select ${value} from ${from} where ${key} = ${own})`;
    });
    // Drizzle selects a flat record's columns in its key order: the reader's order too.
    const columns = Object.entries(fields).map(([name, column]) => ({ name, column }));
    return { fields, selected, joins, reader: rowReader(entity, columns) };
  }

  /**
   * A keyword on a reference's display value (an order line's `poNumber`): the reference is one
   * of the target's keys whose display, or its English, contains the pattern. Only a value the
   * row itself shows is matched, so a keyword learns nothing the row does not say.
   */
  private readonly displayed: DisplayMatcher = (name, pattern) => {
    const { entity, runtime } = this.model;
    const refName = displayedRef(entity, name);
    const field = refName ? entity.fields[refName] : undefined;
    if (!refName || field?.kind !== 'ref' || !field.display) return undefined;
    const target = runtime.registry.find(field.entity);
    if (!target || target.fields[field.display]?.sealed) return undefined;
    const targetTable = runtime.table(target.name);
    const english = englishField(target.fields, field.display);
    const shown = [field.display, ...(english ? [english] : [])].map((column) =>
      ilike(this.model.col(column, targetTable), pattern),
    );
    const keys = runtime
      .executor()
      .select({ key: this.model.col(target.key, targetTable) })
      .from(targetTable)
      .where(or(...shown));
    return inArray(this.model.col(refName), keys);
  };

  /**
   * The selection, its joins and the head of its statements depend on the definition and on the
   * language of the display values only (an actor's: each reader selects the one it shows).
   */
  private selectedRows(language: DisplayLanguage): HeadedSelection {
    let found = this.selected.get(language);
    if (!found) {
      found = this.headed(language);
      this.selected.set(language, found);
    }
    return found;
  }

  /** A selection of some fields (a narrow read), made once per set of fields and language. */
  private narrowRows(fields: readonly string[], language: DisplayLanguage): HeadedSelection {
    const key = `${language}:${[...new Set(fields)].sort().join(',')}`;
    let found = this.narrow.get(key);
    if (!found) {
      for (const name of fields)
        if (!isStored(this.model.entity.fields[name] ?? { kind: 'compute' }))
          throw new Error(`${this.model.entity.name}.${name} is not a stored field`);
      found = this.headed(language, new Set(fields));
      this.narrow.set(key, found);
    }
    return found;
  }

  private headed(language: DisplayLanguage, only?: ReadonlySet<string>): HeadedSelection {
    const table = this.model.table;
    const selection = this.selection(table, language, only);
    let query = this.model.runtime.executor().select(selection.selected).from(table).$dynamic();
    for (const join of selection.joins) query = query.leftJoin(join.table, join.on);
    const head = dialect.sqlToQuery(query.getSQL());
    if (head.params.length) throw new Error(`The selection of ${this.model.entity.name} has parameters`);
    return { ...selection, head: head.sql };
  }

  /**
   * The statement reading the selection's rows that match `where`, in `order`, one page of
   * them: the head rendered once, then the same clauses Drizzle's select would render.
   */
  private selectQuery(
    where: SQL | undefined,
    page: { order?: SQL[]; limit?: number; offset?: number },
    selection: HeadedSelection,
    countOf?: SQL,
  ): Query {
    const parts: SQL[] = [sql.raw(selection.head)];
    if (where) parts.push(sql` where ${where}`);
    if (page.order?.length) parts.push(sql` order by ${sql.join(page.order, sql`, `)}`);
    if (page.limit !== undefined) parts.push(sql` limit ${page.limit}`);
    if (page.offset) parts.push(sql` offset ${page.offset}`);
    let statement = sql.join(parts);
    // Each row then ends with the number of rows matching `countOf`, up to the exact limit and
    // one more (a scalar subquery: counted once, and only when the page has a row).
    if (countOf)
      statement = sql`select "page".*, (select count(*) from (select 1 from ${this.model.table} where ${countOf} limit ${EXACT_COUNT_LIMIT + 1}) as "limited") from (${statement}) as "page"`;
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return { sql: text, params };
  }

  /**
   * The answer rows of a statement built by `selectQuery`: the driver's rows are read by the
   * selection's reader in one pass, not mapped by Drizzle first (a list's main cost).
   */
  private async readRows(
    on: Executor,
    actor: Actor,
    query: Query,
    selection: HeadedSelection,
  ): Promise<Row[]> {
    return this.shape(on, actor, await queryArrays(on, query), selection);
  }

  /**
   * The driver rows of the given keys that also match `where`, in the keys' order (a key whose
   * row is gone or out of scope is skipped).
   */
  private async rowsByKey(
    on: Executor,
    selection: HeadedSelection,
    ids: readonly number[],
    where?: SQL,
  ): Promise<unknown[][]> {
    const keyAt = selection.reader.indexOf(this.model.entity.key);
    const found = await queryArrays(on, this.selectQuery(and(this.model.ofKeys(ids), where), {}, selection));
    const byId = new Map(found.map((values) => [Number(values[keyAt]), values]));
    const rows: unknown[][] = [];
    for (const id of ids) {
      const values = byId.get(id);
      if (values) rows.push(values);
    }
    return rows;
  }

  /**
   * Whether the sealed values of each header's lines are readable to the actor, by header id: the
   * header is opened, or the reading supplier owns it (a supplier reads its own quote's prices).
   */
  private async headerOpenedMap(
    on: Executor,
    actor: Actor,
    headerIds: number[],
  ): Promise<Map<number, boolean>> {
    const opened = new Map<number, boolean>();
    const header = this.model.header;
    if (!header?.hasSealed || !headerIds.length) return opened;
    const headerTable = this.model.runtime.table(header.name);
    const ownerField =
      actor.side === 'supplier' && !actor.system && actor.supplierId !== null ? header.ownedBy : undefined;
    const found = await on
      .select({
        id: this.model.col(header.key, headerTable),
        at: this.model.col(SEALED_OPENED_FIELD, headerTable),
        ...(ownerField ? { owner: this.model.col(ownerField, headerTable) } : {}),
      })
      .from(headerTable)
      .where(inArray(this.model.col(header.key, headerTable), [...new Set(headerIds)]));
    for (const row of found)
      opened.set(
        row.id as number,
        row.at !== null || (ownerField !== undefined && Number(row.owner) === actor.supplierId),
      );
    return opened;
  }

  /** Driver rows of the selection as the actor may read them. */
  private async shape(
    on: Executor,
    actor: Actor,
    rows: readonly unknown[][],
    { reader }: Selection = this.selectedRows(languageOf(actor)),
  ): Promise<Row[]> {
    const { entity, header, runtime } = this.model;
    const parentAt = entity.parent ? reader.indexOf(entity.parent.field) : -1;
    const opened =
      parentAt >= 0 && header?.hasSealed
        ? await this.headerOpenedMap(
            on,
            actor,
            rows.map((values) => Number(values[parentAt])),
          )
        : undefined;
    const sealer = runtime.sealer;
    await loadDataKeys(on, sealer, reader.sealedValues(rows as readonly (readonly unknown[])[]));
    const messages = runtime.messages();
    const shaped = new Array<Row>(rows.length);
    for (let at = 0; at < rows.length; at++) {
      // A big read (50,000 quotation lines opened) lets the node's other requests run between
      // slices instead of holding them up for its whole length.
      if (at && at % SHAPE_SLICE_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
      const values = rows[at]!;
      shaped[at] = reader.read(values, {
        actor,
        sealer,
        messages,
        headerOpened: opened?.get(Number(values[parentAt])) === true,
      });
    }
    await auditRefusedReads(on, actor, runtime.clock.now(), entity, shaped);
    return shaped;
  }

  /**
   * One row with its lines, as the actor may read it: the row and every line collection in one
   * statement (each collection a JSON array of its rows, `collectionColumn`).
   */
  async find(actor: Actor, id: number, options: { withHistory?: boolean } = {}): Promise<Row> {
    const { entity, runtime } = this.model;
    this.model.assertReadable(actor);
    const on = runtime.executor();
    const selection = this.withLines(languageOf(actor));
    const [values] = await queryArrays(
      on,
      this.selectQuery(
        and(eq(this.model.col(entity.key), id), ...this.model.scope(actor)),
        { limit: 1 },
        selection,
      ),
    );
    if (!values) throw fail(404, 'entity.notFound');
    const [row] = await this.shape(on, actor, [values], selection);
    const result: Row = { ...row };
    for (const { name, at, lines } of selection.collections)
      result[name] = await lines.readCollection(on, actor, values[at]);
    if (options.withHistory) result.history = await this.history(actor, id);
    return result;
  }

  /** The selection of `find`: every stored field, then each line collection as one column. */
  private withLines(
    language: DisplayLanguage,
  ): HeadedSelection & { collections: readonly FoundCollection[] } {
    const made = this.findSelection.get(language);
    if (made) return made;
    const { entity, runtime, table } = this.model;
    const selection = this.selectedRows(language);
    const fields: Record<string, SQL | AnyPgColumn> = { ...selection.selected };
    const collections: FoundCollection[] = [];
    let at = Object.keys(fields).length;
    for (const [name, line] of Object.entries(entity.lines)) {
      const lines = runtime.service(line.name);
      fields[`lines:${name}`] = lines.collectionColumn(this.model.col(entity.key, table), language);
      collections.push({ name, at: at++, lines });
    }
    let query = runtime.executor().select(fields).from(table).$dynamic();
    for (const join of selection.joins) query = query.leftJoin(join.table, join.on);
    const head = dialect.sqlToQuery(query.getSQL());
    if (head.params.length) throw new Error(`The find selection of ${entity.name} has parameters`);
    const found = { ...selection, head: head.sql, collections };
    this.findSelection.set(language, found);
    return found;
  }

  /**
   * A correlated subquery answering this line entity's rows under the header row whose key is
   * `headerKey`, in line order, as one JSON array of value arrays (`readCollection` reads it).
   * Values JSON cannot carry exactly (numerics, int8, timestamps, dates, times, ranges) travel as
   * PostgreSQL's text of them, which is what the driver hands the column decoders anyway.
   */
  collectionColumn(headerKey: AnyPgColumn, language: DisplayLanguage): SQL {
    const { entity, runtime, table } = this.model;
    const selection = this.selectedRows(language);
    const values = Object.entries(selection.fields).map(([name, column]) =>
      JSON_NATIVE_COLUMNS.has(column.columnType)
        ? sql`${selection.selected[name]}`
        : sql`${selection.selected[name]}::text`,
    );
    // json_build_array takes at most 100 arguments: wide rows go as arrays of chunks.
    const chunks: SQL[] = [];
    for (let start = 0; start < values.length; start += COLLECTION_CHUNK)
      chunks.push(sql`json_build_array(${sql.join(values.slice(start, start + COLLECTION_CHUNK), sql`, `)})`);
    const sort = lineOrder(entity);
    let query = runtime
      .executor()
      .select({
        rows: sql`coalesce(json_agg(json_build_array(${sql.join(chunks, sql`, `)}) order by ${sql.join(
          orderBy(entity, table, sort),
          sql`, `,
        )}), '[]'::json)`,
      })
      .from(table)
      .$dynamic();
    for (const join of selection.joins) query = query.leftJoin(join.table, join.on);
    return sql`(${query.where(eq(this.model.col(entity.parent!.field), headerKey)).getSQL()})`;
  }

  /** The lines a `collectionColumn` answered, as the actor may read them. */
  async readCollection(on: Executor, actor: Actor, value: unknown): Promise<Row[]> {
    const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[][][];
    return this.shape(
      on,
      actor,
      parsed.map((chunks) => chunks.flat()),
    );
  }

  /** Lines of one header, in line order (the header's scope was checked by the caller). */
  async linesOf(actor: Actor, headerId: number): Promise<Row[]> {
    const { entity, runtime } = this.model;
    const on = runtime.executor();
    const sort = lineOrder(entity);
    const selection = this.selectedRows(languageOf(actor));
    return this.readRows(
      on,
      actor,
      this.selectQuery(
        eq(this.model.col(entity.parent!.field), headerId),
        { order: orderBy(entity, this.model.table, sort) },
        selection,
      ),
      selection,
    );
  }

  async history(actor: Actor, id: number): Promise<HistoryEntry[]> {
    const { entity, runtime } = this.model;
    const on = runtime.executor();
    const { registry } = runtime;
    const external = actor.side === 'supplier' && !actor.system;
    const named = await nameReferences(
      on,
      await readHistory(on, entity, id),
      (name) => (name === entity.name ? entity : registry.find(name)),
      // A supplier is not told the names of other suppliers or their records (the supplier
      // changed on an order, say): those references stay ids.
      (owner, name) => {
        const field = owner.fields[name];
        const target = field?.kind === 'ref' ? registry.find(field.entity) : undefined;
        return external && (target?.ownedBy || owner.ownedBy === name) ? undefined : target;
      },
      (name) => runtime.table(name),
    );
    const entries = renderMessageChanges(
      named,
      (name) => (name === entity.name ? entity : registry.find(name)),
      runtime.messages(),
      actor.locale,
    );
    if (!external) return entries;
    // Suppliers read from the release on, without internal-only fields and internal comments.
    return supplierHistory(on, entity, id, entries, (name) => registry.find(name));
  }

  /** Parses a list request body and answers the page. */
  async listRequest(actor: Actor, body: unknown): Promise<ListResult & { pageIndex: number }> {
    const parsed = parseListRequest(this.model.entity, body);
    if (!parsed.ok) throw fail(400, parsed.issue.message, parsed.issue.params);
    const result = await this.list(actor, parsed.query);
    return { ...result, pageIndex: parsed.query.pageIndex };
  }

  /** A page of rows matching the query, within the actor's scope, and the total count. */
  async list(actor: Actor, query: ListQuery): Promise<ListResult> {
    const { entity, runtime, table } = this.model;
    const { scope, where: filtered } = this.readable(actor, query);
    const on = runtime.executor();
    const unrestricted = !query.filters.length && !scope.length;
    // Keyset paging: the rows after the anchor row, through the index; an anchor gone (purged)
    // or not the actor's pages by offset.
    const seek =
      query.after === undefined ? undefined : await this.seekCondition(on, scope, query.sort, query.after);
    const where = seek ? and(filtered, seek) : filtered;
    const skipped = (query.pageIndex - 1) * query.pageRows;
    const offset = seek ? 0 : skipped;
    const order = orderBy(entity, table, query.sort);
    const selection = this.selectedRows(languageOf(actor));
    let rows: Row[];
    // The count read with the page, in the same statement, when what counting needs is known
    // already: the table's size or the planner's estimate of this condition, asked a moment ago,
    // says the rows will be counted exactly (a round trip fewer for most filtered lists).
    let counted: number | undefined;
    if (offset <= DEFERRED_JOIN_OFFSET && this.countsExactly(filtered, unrestricted)) {
      const values = await queryArrays(
        on,
        this.selectQuery(where, { order, limit: query.pageRows, offset }, selection, filtered ?? sql`true`),
      );
      counted = values.length ? Number(values[0]![values[0]!.length - 1]) : undefined;
      for (const row of values) row.pop();
      rows = await this.shape(on, actor, values, selection);
    } else if (offset > DEFERRED_JOIN_OFFSET) {
      // Find the page's keys through the index first, then read only those rows.
      const keys = await queryArrays(
        on,
        on
          .select({ id: this.model.col(entity.key) })
          .from(table)
          .where(where)
          .orderBy(...order)
          .limit(query.pageRows)
          .offset(offset)
          .toSQL(),
      );
      const ids = keys.map(([id]) => Number(id));
      rows = await this.shape(
        on,
        actor,
        ids.length ? await this.rowsByKey(on, selection, ids) : [],
        selection,
      );
    } else {
      rows = await this.readRows(
        on,
        actor,
        this.selectQuery(where, { order, limit: query.pageRows, offset }, selection),
        selection,
      );
    }
    const { count: totalCount, estimated } = await this.count(
      on,
      filtered,
      unrestricted,
      skipped,
      query.pageRows,
      rows.length,
      [],
      counted,
    );
    const last = rows[rows.length - 1];
    const nextKey =
      entity.list.seek && last && rows.length === query.pageRows ? Number(last[entity.key]) : undefined;
    return {
      rows,
      count: totalCount,
      ...(estimated ? { estimated } : {}),
      ...(nextKey === undefined ? {} : { nextKey }),
    };
  }

  /**
   * A list's count without its page (the home's work cards), as the list would count it: the
   * table's statistics or the planner's estimate when far more rows match than the exact limit
   * (`{ count, estimated }` at once), or else the SQL of an exact count up to the limit, for the
   * caller to run together with other lists' counts in one statement, and what to answer for the
   * number it counted.
   */
  async prepareCount(actor: Actor, body: unknown): Promise<PreparedCount> {
    const parsed = parseListRequest(this.model.entity, body);
    if (!parsed.ok) throw fail(400, parsed.issue.message, parsed.issue.params);
    const query = parsed.query;
    const { runtime, table } = this.model;
    const { scope, where } = this.readable(actor, query);
    const on = runtime.executor();
    // The planner is asked only after an exact count reached the limit (its estimate then kept
    // for a few seconds): the cards' conditions mostly match a few rows, and one statement counts
    // them all.
    let planned: number | undefined;
    if (!query.filters.length && !scope.length) {
      const size = await this.tableSize(on);
      if (size > EXACT_COUNT_LIMIT * 2) return { count: size, estimated: true };
    } else {
      planned = this.cachedPlan(where);
      if (planned !== undefined && planned > EXACT_COUNT_LIMIT * 2)
        return { count: planned, estimated: true };
    }
    const limited = on
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(EXACT_COUNT_LIMIT + 1);
    return {
      sql: sql`(select count(*) from (${limited}) as limited)`,
      finish: async (total) => {
        if (total <= EXACT_COUNT_LIMIT) return { count: total, estimated: false };
        planned ??= await this.planRows(on, where, []);
        return { count: Math.max(planned, total), estimated: true };
      },
    };
  }

  /**
   * A list's rows the actor may read: refused when the actor may not read the entity or search
   * by a field kept from it; the data scope's conditions, and those with the list's filters.
   */
  private readable(
    actor: Actor,
    query: Pick<ListQuery, 'filters' | 'sort'>,
  ): { scope: SQL[]; where: SQL | undefined } {
    const { entity, table } = this.model;
    this.model.assertReadable(actor);
    this.assertSearchable(actor, query);
    const scope = this.model.scope(actor);
    const where = and(
      ...scope,
      ...query.filters.map((f) => filterCondition(entity, table, f, this.displayed)),
    );
    return { scope, where };
  }

  /** The rows after the row of `after` in the list's order, or nothing when the actor cannot see that row. */
  private async seekCondition(
    on: Executor,
    scope: readonly SQL[],
    sort: readonly SortSpec[],
    after: number,
  ): Promise<SQL | undefined> {
    const { entity, table } = this.model;
    const specs = orderSpecs(entity, sort);
    const [anchor] = await on
      .select(Object.fromEntries(specs.map((spec, index) => [`v${index}`, this.model.col(spec.field)])))
      .from(table)
      .where(and(eq(this.model.col(entity.key), after), ...scope))
      .limit(1);
    return anchor
      ? seekAfter(
          entity,
          table,
          specs,
          specs.map((_, index) => anchor[`v${index}`]),
        )
      : undefined;
  }

  /**
   * A supplier's user may not search or sort by a field kept from them (internalOnly): a filter
   * answering rows or none would tell its value (a level, a remark) as surely as reading it.
   */
  private assertSearchable(actor: Actor, query: Pick<ListQuery, 'filters' | 'sort'>): void {
    if (actor.side !== 'supplier' || actor.system) return;
    const hidden = (name: string) => this.model.entity.fields[name]?.internalOnly === true;
    const filter = query.filters.find((f) => hidden(f.field) || f.fields?.some(hidden));
    if (filter) throw fail(400, 'list.unknownFilter', { field: filter.field });
    const sort = query.sort.find((spec) => hidden(spec.field));
    if (sort) throw fail(400, 'list.notSortable', { field: sort.field });
  }

  /**
   * The SQL statements a list runs (the page, then what counting needs), for benchmarks and for
   * explaining a slow list: the same text and parameters the service sends. The list is run
   * first, so they are those of a repeated request (a planner's estimate still cached is not
   * asked again).
   */
  async listStatements(actor: Actor, query: ListQuery): Promise<{ sql: string; params: unknown[] }[]> {
    const { entity, runtime, table } = this.model;
    const on = runtime.executor();
    const where = and(
      ...this.model.scope(actor),
      ...query.filters.map((f) => filterCondition(entity, table, f, this.displayed)),
    );
    const statements: { sql: string; params: unknown[] }[] = [];
    const unrestricted = !query.filters.length && !this.model.scope(actor).length;
    const offset = (query.pageIndex - 1) * query.pageRows;
    const order = orderBy(entity, table, query.sort);
    const selection = this.selectedRows(languageOf(actor));
    const { rows } = await this.list(actor, query);
    if (offset <= DEFERRED_JOIN_OFFSET && this.countsExactly(where, unrestricted)) {
      // The page and its count in one statement (a count above the limit asks the planner after).
      statements.push(
        this.selectQuery(where, { order, limit: query.pageRows, offset }, selection, where ?? sql`true`),
      );
      return statements;
    }
    if (offset > DEFERRED_JOIN_OFFSET) {
      const keys = on
        .select({ id: this.model.col(entity.key) })
        .from(table)
        .where(where)
        .orderBy(...order);
      statements.push(keys.limit(query.pageRows).offset(offset).toSQL());
      // The rows of those keys: the same select with `key = any(…)` of pageRows ids.
      const ids = Array.from({ length: query.pageRows }, (_, i) => i + 1);
      statements.push(this.selectQuery(this.model.ofKeys(ids), {}, selection));
    } else {
      statements.push(this.selectQuery(where, { order, limit: query.pageRows, offset }, selection));
    }
    const steps: CountStep[] = [];
    await this.count(on, where, unrestricted, offset, query.pageRows, rows.length, steps);
    for (const step of steps) {
      if (step === 'plan') {
        const plan = on
          .select({ one: sql`1` })
          .from(table)
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
      .from(this.model.table)
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
    counted?: number,
  ): Promise<{ count: number; estimated: boolean }> {
    if (found > 0 && found < pageRows) return { count: offset + found, estimated: false };
    if (found === 0 && offset === 0) return { count: 0, estimated: false };
    if (counted !== undefined) {
      if (counted <= EXACT_COUNT_LIMIT) return { count: counted, estimated: false };
      const planned = await this.planRows(on, where, steps);
      return { count: Math.max(planned, counted), estimated: true };
    }
    let planned: number | undefined;
    steps.push('size');
    const size = await this.tableSize(on);
    // A table too small for an estimate is counted whatever the condition: no plan to ask for.
    if (size > EXACT_COUNT_LIMIT * 2) {
      if (unrestricted) return { count: Math.max(size, offset + found), estimated: true };
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

  /**
   * The planner's estimate of the rows a condition matches. The same condition (the pages of
   * one filtered list, the same search again) reuses it for a few seconds, like the table's
   * size: it only decides between counting and estimating, so it may be slightly old.
   */
  private async planRows(on: Executor, where: SQL | undefined, steps: CountStep[]): Promise<number> {
    const query = this.planQuery(where);
    const key = this.planKey(query);
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

  /**
   * Whether a list's rows will be counted, not estimated, by what is known without asking the
   * database: the table's size (a whole table; or any condition on a table too small to need an
   * estimate) or the planner's estimate of this condition kept from a moment ago.
   */
  private countsExactly(where: SQL | undefined, unrestricted: boolean): boolean {
    const size =
      this.sizeCache && Date.now() - this.sizeCache.at < SIZE_CACHE_MS ? this.sizeCache.rows : undefined;
    if (size !== undefined && size <= EXACT_COUNT_LIMIT * 2) return true;
    if (unrestricted) return false;
    const planned = this.cachedPlan(where);
    return planned !== undefined && planned <= EXACT_COUNT_LIMIT * 2;
  }

  /** The planner's estimate of a condition if one was asked for a few seconds ago. */
  private cachedPlan(where: SQL | undefined): number | undefined {
    const cached = this.planCache.get(this.planKey(this.planQuery(where)));
    return cached && Date.now() - cached.at < PLAN_CACHE_MS ? cached.rows : undefined;
  }

  private planQuery(where: SQL | undefined): SQL {
    return sql`explain (format json) select 1 from ${this.model.table} ${where ? sql`where ${where}` : sql``}`;
  }

  private planKey(query: SQL): string {
    const rendered = dialect.sqlToQuery(query);
    return `${rendered.sql}\u0000${JSON.stringify(rendered.params)}`;
  }

  /** Rows in the table by the catalogue's statistics, refreshed every few seconds. */
  private async tableSize(on: Executor): Promise<number> {
    const now = Date.now();
    if (this.sizeCache && now - this.sizeCache.at < SIZE_CACHE_MS) return this.sizeCache.rows;
    const [row] = await queryRows<{ rows: number | string | null }>(
      on,
      sql`select reltuples::bigint as rows from pg_class where oid = ${this.model.entity.table}::regclass`,
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
    const { entity, runtime, table } = this.model;
    this.model.assertReadable(actor);
    this.assertSearchable(actor, query);
    const on = runtime.executor();
    const where = and(
      ...this.model.scope(actor),
      ...query.filters.map((f) => filterCondition(entity, table, f, this.displayed)),
    );
    const order = orderBy(entity, table, query.sort);
    const key = this.model.col(entity.key);
    const selection = this.selectedRows(languageOf(actor));
    for (let offset = 0; ; offset += query.pageRows) {
      const ids = (
        await on
          .select({ id: key })
          .from(table)
          .where(where)
          .orderBy(...order)
          .limit(query.pageRows)
          .offset(offset)
      ).map((k) => k.id as number);
      const full = ids.length === query.pageRows;
      for (let start = 0; start < ids.length; start += batchRows) {
        const part = ids.slice(start, start + batchRows);
        const rows = await this.rowsByKey(on, selection, part, where);
        if (rows.length) yield await this.shape(on, actor, rows, selection);
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

  /**
   * The stored rows matching `where` (field → value or list of values) within the actor's
   * scope, as reads answer them, in `order` (the key by default). For hooks and endpoints.
   * With `fields`, only those stored fields (and the key, the header's key and what deciding a
   * sealed value's opening needs): less to read, to decode and to open; no computed fields.
   */
  async rows(
    actor: Actor,
    where: Readonly<Record<string, unknown>>,
    options: { order?: readonly SortSpec[]; limit?: number; fields?: readonly string[] } = {},
  ): Promise<Row[]> {
    const { entity, runtime, table } = this.model;
    this.model.assertReadable(actor);
    const on = runtime.executor();
    const conditions = [...this.model.scope(actor), ...this.model.whereOf(where)];
    const order = orderBy(entity, table, options.order ?? [{ field: entity.key, order: 'asc' }]);
    const language = languageOf(actor);
    const selection = options.fields
      ? this.narrowRows(options.fields, language)
      : this.selectedRows(language);
    return this.readRows(
      on,
      actor,
      this.selectQuery(
        and(...conditions),
        { order, ...(options.limit ? { limit: options.limit } : {}) },
        selection,
      ),
      selection,
    );
  }
}
