// Writing an entity's rows: the one write path for a document with its lines (a save) and for
// many rows at once (an import), deletes, and the statements they share with the server-side
// writes of server-writes.ts (batched inserts, versioned updates, line changes), each audited.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type EntityDef,
  type FieldDef,
  type SaveIssue,
  STATUS_FIELD,
  VERSION_FIELD,
  checkValue,
  isClientWritable,
  isStored,
  missingRequired,
  parseSave,
  ruleIssues,
} from '@srm/kernel';
import { type Executor, queryText } from '@srm/db';
import type { Actor } from '../access/actor';
import { BULK_ROWS, bulkInsert } from './bulk-insert';
import { type AuditEntry, diffRows, writeAudit } from './audit';
import {
  type IssuePath,
  type NewFiles,
  assertWritableEntity,
  attachmentIssues,
  duplicateLines,
  fieldRefusal,
  referenceIssues,
  scopeRefusal,
} from './checks';
import { fail, toIssues, translateDbError, validationError } from './errors';
import { issueList } from './hooks';
import { type EntityModel, MAX_IDS } from './model';
import { nextDocumentNumber } from './numbering';
import type { EntityReader } from './read';
import { type Row, toDb } from './rows';
import { type Seal, sealsOf } from './seals';
import { columnName, hasExpression, insertStatement, updateAtVersionStatement } from './statement-text';
import type { EntityRuntime } from './runtime';

type Changes = Record<string, unknown>;

/** Rows of an import inserted, audited and reported as done at a time. */
const IMPORT_BATCH_ROWS = 5000;

export interface LinePlan {
  collection: string;
  entity: EntityDef;
  inserts: Row[];
  updates: { id: number; before: Row; after: Row; changes: Changes }[];
  deletes: Row[];
  /** Every line as it will be stored, in order. */
  final: Row[];
}

/** One row on its way through the write path. */
interface Draft {
  /** Its position among the rows written (an import's issues name it). */
  readonly index: number;
  readonly creating: boolean;
  readonly previous: Row | null;
  /** The row as it will be stored; its key once written. */
  readonly row: Row;
  readonly plans: LinePlan[];
  readonly lines: Record<string, Row[]>;
  readonly previousLines: Record<string, Row[]>;
  /** Files newly named by the row (then by its lines), to link once written. */
  readonly links: { entity: EntityDef; rows: Row[]; files: NewFiles }[];
}

/** What the write path is asked for. */
interface WriteMode {
  /**
   * Many rows at once (an import): created only, without lines, every row's issues listed by
   * its position rather than thrown. One document (a save) when false.
   */
  readonly many: boolean;
  /** An import of documents: the rows carry new lines in their collections, planned as a save's. */
  readonly withLines?: boolean;
  /** The audit action of a created row. */
  readonly created: string;
  readonly onProgress?: (done: number) => void;
}

const SAVE: WriteMode = { many: false, created: 'create' };

/**
 * Where the checks' findings go. A save throws the check's own error at once (its status tells
 * a refused field from a missing one); an import lists them under the row's position and the
 * write path stops after the stage that found any.
 */
class Findings {
  readonly issues: SaveIssue[] = [];

  constructor(private readonly many: boolean) {}

  /** Issues of the row at `index`, their paths relative to it. */
  add(index: number, found: readonly SaveIssue[], error: () => unknown): void {
    if (!found.length) return;
    if (!this.many) throw error();
    for (const issue of found) this.issues.push({ ...issue, path: [index, ...issue.path] });
  }

  /** Issues whose paths already name their row. */
  addNamed(found: readonly SaveIssue[], error: () => unknown): void {
    if (!found.length) return;
    if (!this.many) throw error();
    this.issues.push(...found);
  }
}

export function defaults(entity: EntityDef): Row {
  const row: Row = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.default === undefined) continue;
    row[name] = typeof field.default === 'function' ? (field.default as () => unknown)() : field.default;
  }
  return row;
}

export function compute(
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

function dbValues(entity: EntityDef, row: Row, seal: Seal): Row {
  const values: Row = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isStored(field) || name === entity.key || field.system) continue;
    if (name in row) values[name] = toDb(field, row[name], seal);
  }
  if (entity.workflow && row[STATUS_FIELD] !== undefined) values[STATUS_FIELD] = row[STATUS_FIELD];
  if (entity.parent && row[entity.parent.field] !== undefined)
    values[entity.parent.field] = row[entity.parent.field];
  return values;
}

/** The database values of what changed from `before` to `after` (a row of `tx`'s transaction). */
export async function changedValues(
  runtime: EntityRuntime,
  tx: Executor,
  entity: EntityDef,
  before: Row,
  after: Row,
): Promise<Row> {
  const changed: Row = {};
  for (const change of diffRows(entity, before, after)) changed[change.field] = after[change.field];
  if (!Object.keys(changed).length) return changed;
  const [seal] = await sealsOf(runtime, tx, entity, [after]);
  return dbValues(entity, changed, seal!);
}

/**
 * Inserts rows, many at once over column arrays (bulk-insert.ts), else in statements of at most
 * ~30,000 parameters; answers their keys in order.
 */
export async function insertRows(
  runtime: EntityRuntime,
  tx: Executor,
  entity: EntityDef,
  rows: Row[],
  actor: Actor,
  now: Date,
): Promise<number[]> {
  if (!rows.length) return [];
  const table = runtime.table(entity.name);
  const seals = await sealsOf(runtime, tx, entity, rows);
  const values: Row[] = rows.map((row, index) => ({
    ...dbValues(entity, row, seals[index]!),
    [VERSION_FIELD]: 1,
    createdBy: actor.userId,
    creationDate: now,
    lastUpdatedBy: actor.userId,
    lastUpdateDate: now,
  }));
  const key = table[entity.key] as AnyPgColumn;
  if (values.length >= BULK_ROWS) {
    const returned = await bulkInsert(tx, table, values, key);
    if (returned) return returned.map(Number);
  }
  const columnsPerRow = Object.keys(values[0]!).length;
  const chunk = Math.max(1, Math.floor(30000 / columnsPerRow));
  // Rows that give the same fields, plain values all: a text built once (statement-text.ts).
  const fields = Object.keys(values[0]!).filter((field) => values[0]![field] !== undefined);
  const shape = fields.join(',');
  const plain = values.every(
    (row) =>
      Object.keys(row)
        .filter((field) => row[field] !== undefined)
        .join(',') === shape && !hasExpression(row),
  );
  if (plain && values.length <= chunk) {
    const statement = insertStatement(table, fields, values, entity.key);
    const inserted = await queryText<Record<string, unknown>>(tx, statement.sql, statement.params);
    const name = columnName(table, entity.key);
    return inserted.map((row) => Number(row[name]));
  }
  const ids: number[] = [];
  for (let start = 0; start < values.length; start += chunk) {
    const inserted = await tx
      .insert(table)
      .values(values.slice(start, start + chunk))
      .returning({ id: key });
    ids.push(...inserted.map((r) => r.id as number));
  }
  return ids;
}

/**
 * Updates several rows at their versions in one statement — each changed column a `case` over
 * the keys, a row keeping the columns it does not change — and bumps each version: 409 when
 * another write came first to any of them. One row is updated as updateRow does.
 */
export async function updateRows(
  runtime: EntityRuntime,
  tx: Executor,
  entity: EntityDef,
  updates: readonly { readonly id: number; readonly version: number; readonly values: Row }[],
  actor: Actor,
  now: Date,
): Promise<void> {
  if (!updates.length) return;
  const [only] = updates;
  if (updates.length === 1 && only)
    return updateRow(runtime, tx, entity, only.id, only.version, only.values, actor, now);
  const table = runtime.table(entity.name);
  const key = table[entity.key] as AnyPgColumn;
  const versionColumn = table[VERSION_FIELD] as AnyPgColumn;
  const set: Record<string, unknown> = {};
  for (const name of new Set(updates.flatMap((update) => Object.keys(update.values)))) {
    const column = table[name] as AnyPgColumn;
    const type = sql.raw(column.getSQLType());
    const cases = updates
      .filter((update) => name in update.values)
      .map((update) => sql`when ${update.id} then ${sql.param(update.values[name], column)}::${type}`);
    set[name] = sql`case ${key} ${sql.join(cases, sql` `)} else ${column} end`;
  }
  const versions = updates.map((update) => sql`when ${update.id} then ${update.version}::integer`);
  const updated = await tx
    .update(table)
    .set({
      ...set,
      [VERSION_FIELD]: sql`${versionColumn} + 1`,
      lastUpdatedBy: actor.userId,
      lastUpdateDate: now,
    })
    .where(
      and(
        inArray(
          key,
          updates.map((update) => update.id),
        ),
        sql`${versionColumn} = case ${key} ${sql.join(versions, sql` `)} end`,
      ),
    )
    .returning({ id: key });
  if (updated.length !== updates.length) throw fail(409, 'entity.stale');
}

/** Updates one row at its version (409 when another write came first) and bumps the version. */
export async function updateRow(
  runtime: EntityRuntime,
  tx: Executor,
  entity: EntityDef,
  id: number,
  version: number,
  values: Row,
  actor: Actor,
  now: Date,
): Promise<void> {
  const table = runtime.table(entity.name);
  const set = { ...values, [VERSION_FIELD]: version + 1, lastUpdatedBy: actor.userId, lastUpdateDate: now };
  const key = table[entity.key] as AnyPgColumn;
  let updated: unknown[];
  if (hasExpression(set))
    updated = await tx
      .update(table)
      .set(set)
      .where(and(eq(key, id), eq(table[VERSION_FIELD] as AnyPgColumn, version)))
      .returning({ id: key });
  else {
    // A text built once per column list (statement-text.ts).
    const statement = updateAtVersionStatement(table, entity.key, VERSION_FIELD, set, id, version);
    updated = await queryText(tx, statement.sql, statement.params);
  }
  if (!updated.length) throw fail(409, 'entity.stale');
}

export class EntityWriter {
  constructor(
    private readonly model: EntityModel,
    private readonly reader: EntityReader,
  ) {}

  /** Creates or updates a document with its lines in one transaction; answers it as findById does. */
  async save(actor: Actor, body: unknown): Promise<Row> {
    const id = await this.model.runtime.transaction((tx) => this.write(actor, tx, body));
    return this.reader.find(actor, id);
  }

  /**
   * Creates many rows at once (imports): each row passes the save's checks — shape, side and
   * scope, required fields and rules, references and lookup codes (checked in bulk), attachments,
   * hooks — and all rows are written in one transaction with batched inserts, or none is.
   * Issues carry the row's index as the first element of their path. Rows without lines, unless
   * `withLines`: then each row is a new document with its new lines, checked as a save checks them
   * (a line's issue: `[index, collection, lineIndex, field]`).
   */
  async createMany(
    actor: Actor,
    bodies: readonly unknown[],
    options: { onProgress?: (done: number) => void; withLines?: boolean } = {},
  ): Promise<{ ids: number[] } | { issues: SaveIssue[] }> {
    const mode: WriteMode = { many: true, created: 'import', ...options };
    return this.model.runtime.transaction((tx) => this.writeRows(actor, tx, bodies, mode));
  }

  /** Saves several documents, all or none. */
  async saveMany(actor: Actor, bodies: unknown): Promise<Row[]> {
    if (!Array.isArray(bodies)) throw fail(400, 'validation.lines');
    if (bodies.length > MAX_IDS) throw fail(400, 'entity.tooManyIds', { max: MAX_IDS });
    const ids = await this.model.runtime.transaction(async (tx) => {
      const saved: number[] = [];
      for (const body of bodies) saved.push(await this.write(actor, tx, body));
      return saved;
    });
    const rows: Row[] = [];
    for (const id of ids) rows.push(await this.reader.find(actor, id));
    return rows;
  }

  /** One document's save; returns the header's id. Runs inside the caller's transaction. */
  private async write(actor: Actor, tx: Executor, body: unknown): Promise<number> {
    const result = await this.writeRows(actor, tx, [body], SAVE);
    // A save's findings are thrown where they are found.
    if ('issues' in result) throw validationError(this.model, result.issues);
    return result.ids[0]!;
  }

  /**
   * The write path of saves and imports, one row or many: each row is built from its body as it
   * will be stored (fields refused by side and state, defaults, computed values, lines), then
   * checked (required fields and rules, organisation and category permits, attachments,
   * references and lookup codes in bulk over all rows), handed to the `beforeSave` hook,
   * numbered, inserted in batches or updated at its version, audited, and handed to the
   * `afterSave` hook. Runs inside the caller's transaction.
   */
  private async writeRows(
    actor: Actor,
    tx: Executor,
    bodies: readonly unknown[],
    mode: WriteMode,
  ): Promise<{ ids: number[] } | { issues: SaveIssue[] }> {
    const { entity, runtime } = this.model;
    if (mode.many) {
      const collections = Object.keys(entity.lines);
      const hasLines = (body: unknown) =>
        !!body && typeof body === 'object' && collections.some((c) => c in (body as object));
      if (collections.length && !mode.withLines && bodies.some(hasLines))
        throw fail(400, 'validation.unknownField', { field: collections[0]! });
      assertWritableEntity(this.model, actor, true);
    }
    const now = runtime.clock.now();
    const findings = new Findings(mode.many);

    // Each row as it will be stored, with what the definition requires of it.
    const drafts: Draft[] = [];
    for (const [index, body] of bodies.entries()) {
      const draft = await this.draft(actor, tx, body, index, mode, findings);
      if (draft) drafts.push(draft);
    }
    if (findings.issues.length) return { issues: findings.issues };

    // What the rows name: permits, files, referenced rows and lookup codes.
    for (const draft of drafts) {
      const refusal = scopeRefusal(actor, entity, draft.row);
      if (refusal) findings.add(draft.index, [{ path: [], message: refusal }], () => fail(403, refusal));
    }
    for (const draft of drafts) await this.checkAttachments(actor, draft, findings);
    const rowPath: IssuePath = mode.many
      ? (index, field) => [drafts[index]!.index, field]
      : (_, field) => [field];
    const refs = await referenceIssues(
      runtime,
      actor,
      tx,
      entity,
      drafts.map((draft) => draft.row),
      rowPath,
      (index) => drafts[index]!.previous,
    );
    findings.addNamed(refs, () => validationError(this.model, refs));
    for (const draft of drafts) await this.checkLineReferences(actor, tx, draft, findings);
    if (findings.issues.length) return { issues: findings.issues };

    const context = this.model.context(actor, tx);
    const hooks = runtime.hooksOf(entity.name);
    for (const draft of drafts) {
      const hookIssues = issueList(
        await hooks.beforeSave?.(context, {
          row: draft.row,
          previous: draft.previous,
          lines: draft.lines,
          previousLines: draft.previousLines,
          created: draft.creating,
        }),
      );
      const found = toIssues(hookIssues);
      findings.add(draft.index, found, () => validationError(this.model, found));
      // An import answers the first row its hook refuses.
      if (findings.issues.length) return { issues: findings.issues };
    }

    const ids: number[] = [];
    try {
      for (let start = 0; start < drafts.length; start += IMPORT_BATCH_ROWS) {
        const batch = drafts.slice(start, start + IMPORT_BATCH_ROWS);
        ids.push(...(await this.store(actor, tx, batch, mode, now)));
        mode.onProgress?.(ids.length);
      }
    } catch (error) {
      throw translateDbError(runtime, error);
    }
    for (const draft of drafts) {
      await hooks.afterSave?.(context, {
        row: draft.row,
        previous: draft.previous,
        lines: draft.lines,
        previousLines: draft.previousLines,
        created: draft.creating,
        id: draft.row[entity.key] as number,
      });
      for (const observe of runtime.observers)
        await observe(context, {
          entity: entity.name,
          action: 'save',
          row: draft.row,
          previous: draft.previous,
        });
    }
    return { ids };
  }

  /**
   * A body as the row it will store: parsed, the fields the actor may not set refused, defaults,
   * the supplier's own id and the initial state on a new row, its lines planned (a save's), its
   * computed values, then its required fields, rules and duplicate lines. Null when the body
   * cannot be read as a row at all (an import goes on with the next).
   */
  private async draft(
    actor: Actor,
    tx: Executor,
    body: unknown,
    index: number,
    mode: WriteMode,
    findings: Findings,
  ): Promise<Draft | null> {
    const { entity, runtime } = this.model;
    const parsed = parseSave(entity, body);
    if (!parsed.ok) {
      findings.add(index, parsed.issues, () => validationError(this.model, parsed.issues));
      return null;
    }
    const input = parsed.value;
    const id = input[entity.key] as number | null | undefined;
    const creating = !id;
    if (mode.many && !creating) {
      // An import creates: a key would name a row to update.
      findings.add(index, [{ path: [entity.key], message: 'validation.readonlyField' }], () =>
        fail(400, 'validation.readonlyField'),
      );
      return null;
    }
    if (!mode.many) assertWritableEntity(this.model, actor, creating);

    let previous: Row | null = null;
    let row: Row;
    if (creating) {
      row = defaults(entity);
    } else {
      const stored = await this.model.lockRow(actor, tx, id);
      previous = await this.model.plain(tx, stored);
      if (input[VERSION_FIELD] === null || input[VERSION_FIELD] === undefined)
        throw fail(400, 'entity.versionRequired');
      if (input[VERSION_FIELD] !== previous[VERSION_FIELD]) throw fail(409, 'entity.stale');
      row = { ...previous };
    }
    const status = previous?.[STATUS_FIELD] ?? entity.workflow?.initial;
    const editable = creating || this.model.isEditableState(status);

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
      const refusal =
        fieldRefusal(actor, entity, name, status, editable) ??
        (previous ? othersRefusal(actor, field, previous) : null);
      if (refusal)
        refusals.push({
          path: [name],
          message: refusal,
          params: { field: this.model.fieldName(actor.locale, entity, name) },
        });
      else row[name] = value;
    }
    const inapplicable = notApplicable(entity, { ...(previous ?? {}), ...input }, input, (name) => ({
      path: [name],
      message: 'entity.fieldNotApplicable',
      params: { field: this.model.fieldName(actor.locale, entity, name) },
    }));
    if (inapplicable.length)
      findings.add(index, inapplicable, () => validationError(this.model, inapplicable, 400));
    findings.add(index, refusals, () => {
      const onlyState = refusals.every((r) => r.message === 'entity.fieldNotEditable');
      if (onlyState && !editable)
        return fail(409, 'entity.notEditable', { status: this.model.statusLabel(actor.locale, status) });
      return validationError(this.model, refusals, 403);
    });
    if (creating && actor.side === 'supplier' && !actor.system && entity.ownedBy)
      row[entity.ownedBy] = actor.supplierId;
    if (creating && entity.workflow) row[STATUS_FIELD] = entity.workflow.initial;
    if (creating && entity.parent) throw fail(400, 'validation.unknownField', { field: entity.parent.field });

    // Lines (a save's, or a document import's): the sent collections replace the stored ones
    // (rows with a key are updated; an import's are all new).
    const plans: LinePlan[] = [];
    const previousLines: Record<string, Row[]> = {};
    if (!mode.many || mode.withLines) {
      for (const [collection, lineEntity] of Object.entries(entity.lines)) {
        const existing = creating ? [] : await runtime.service(lineEntity.name).storedLines(tx, id);
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
    }
    // A header-only import creates rows without lines: every collection is there, empty, as the
    // hooks' types promise (a beforeSave reading `ctx.newLines.accounts` must not meet undefined).
    const lines: Record<string, Row[]> = Object.fromEntries(
      Object.keys(entity.lines).map((collection) => [collection, []]),
    );
    for (const plan of plans) lines[plan.collection] = plan.final;
    for (const collection of Object.keys(entity.lines)) previousLines[collection] ??= [];

    // Computed values: lines first (they may use the header), then the header (it may sum lines).
    for (const plan of plans) {
      for (const line of plan.final) compute(plan.entity, line, { lines: {}, header: row });
    }
    compute(entity, row, { lines });

    // Required fields and rules on what will be stored.
    const issues: SaveIssue[] = [...missingRequired(entity, row), ...ruleIssues(entity, row, lines)];
    for (const plan of plans) {
      plan.final.forEach((line, lineIndex) => {
        const prefix = [plan.collection, lineIndex];
        for (const issue of [...missingRequired(plan.entity, line), ...ruleIssues(plan.entity, line, {})]) {
          issues.push({ ...issue, path: [...prefix, ...issue.path] });
        }
      });
    }
    for (const plan of plans) issues.push(...duplicateLines(plan));
    findings.add(index, issues, () => validationError(this.model, issues));
    return { index, creating, previous, row, plans, lines, previousLines, links: [] };
  }

  /** The files newly named by a row and its lines, kept on the draft to link once written. */
  private async checkAttachments(actor: Actor, draft: Draft, findings: Findings): Promise<void> {
    const { entity, runtime } = this.model;
    const own = await attachmentIssues(
      runtime,
      actor,
      entity,
      draft.creating ? null : (draft.row[entity.key] as number),
      [draft.row],
      [draft.previous],
      (_, field) => [field],
    );
    findings.add(draft.index, own.issues, () => validationError(this.model, own.issues));
    if (own.linked.size) draft.links.push({ entity, rows: [draft.row], files: own.linked });
    for (const plan of draft.plans) {
      const before = new Map(plan.updates.map((u) => [u.after, u.before]));
      const lines = await attachmentIssues(
        runtime,
        actor,
        plan.entity,
        null,
        plan.final,
        plan.final.map((line) => before.get(line) ?? null),
        (index, field) => [plan.collection, index, field],
      );
      findings.add(draft.index, lines.issues, () => validationError(this.model, lines.issues));
      if (lines.linked.size) draft.links.push({ entity: plan.entity, rows: plan.final, files: lines.linked });
    }
  }

  /** References and lookup codes newly named by a document's lines, one query per field and collection. */
  private async checkLineReferences(
    actor: Actor,
    tx: Executor,
    draft: Draft,
    findings: Findings,
  ): Promise<void> {
    for (const plan of draft.plans) {
      const before = new Map(plan.updates.map((u) => [u.after, u.before]));
      const unchanged = new Map<Row, Row>();
      for (const line of plan.final)
        if (!before.has(line) && !plan.inserts.includes(line)) unchanged.set(line, line);
      const found = await referenceIssues(
        this.model.runtime,
        actor,
        tx,
        plan.entity,
        plan.final,
        (index, field) => [plan.collection, index, field],
        (_index, line) => before.get(line) ?? unchanged.get(line) ?? null,
      );
      findings.add(draft.index, found, () => validationError(this.model, found));
    }
  }

  /**
   * Writes checked rows: new ones numbered and inserted together, changed ones updated at their
   * version, then each one's lines and files, and the audit of them all. Answers their keys.
   */
  private async store(
    actor: Actor,
    tx: Executor,
    batch: Draft[],
    mode: WriteMode,
    now: Date,
  ): Promise<number[]> {
    const { entity, runtime } = this.model;
    const audit: AuditEntry[] = [];
    const created = batch.filter((draft) => draft.creating).map((draft) => draft.row);
    if (entity.numbering) {
      for (const row of created)
        row[entity.numbering.field] = await nextDocumentNumber(
          runtime.database,
          tx,
          entity,
          row,
          now.getTime(),
          runtime.timeZone,
        );
    }
    const createdIds = await insertRows(runtime, tx, entity, created, actor, now);
    created.forEach((row, index) => {
      row[entity.key] = createdIds[index];
      audit.push({
        entity: entity.name,
        recordId: createdIds[index]!,
        action: mode.created,
        statusTo: (row[STATUS_FIELD] as string) ?? null,
        changes: diffRows(entity, null, row),
      });
    });
    for (const { creating, previous, row, plans } of batch) {
      if (creating) continue;
      const changes = diffRows(entity, previous, row);
      const lineChanged = plans.some((p) => p.inserts.length || p.updates.length || p.deletes.length);
      if (!changes.length && !lineChanged) continue;
      const id = row[entity.key] as number;
      const values = await changedValues(runtime, tx, entity, previous!, row);
      await updateRow(runtime, tx, entity, id, previous![VERSION_FIELD] as number, values, actor, now);
      audit.push({ entity: entity.name, recordId: id, action: 'update', changes });
    }
    for (const draft of batch) {
      const id = draft.row[entity.key] as number;
      for (const plan of draft.plans) await this.writeLines(tx, plan, id, actor, now, audit);
      for (const link of draft.links) await this.linkAttachments(tx, link.entity, link.rows, link.files);
    }
    await writeAudit(tx, actor, now, audit);
    return batch.map((draft) => draft.row[entity.key] as number);
  }

  /** Stored lines of a header, plain, locked with it. */
  async storedLines(tx: Executor, headerId: number): Promise<Row[]> {
    const { entity } = this.model;
    const rows = await tx
      .select()
      .from(this.model.table)
      .where(eq(this.model.col(entity.parent!.field), headerId))
      .orderBy(this.model.col(entity.key));
    return this.model.plainRows(tx, rows as Row[]);
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
    const header = this.model.entity;
    const byId = new Map(existing.map((row) => [row[lineEntity.key] as number, row]));
    const seen = new Set<number>();
    const refusals: SaveIssue[] = [];
    const inapplicable: SaveIssue[] = [];
    // Rows added or removed only in the header states the line entity names (rowsEditableIn).
    const rowsFixed =
      !actor.system &&
      !!lineEntity.rowsEditableIn &&
      !(status !== undefined && lineEntity.rowsEditableIn.includes(String(status)));
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
          const refusal =
            fieldRefusal(actor, lineEntity, name, status, headerEditable) ??
            othersRefusal(actor, field, before);
          if (refusal) {
            refusals.push({
              path: [collection, index, name],
              message: refusal,
              params: { field: this.model.fieldName(actor.locale, lineEntity, name) },
            });
            continue;
          }
          after[name] = value;
          changes[name] = value;
        }
        inapplicable.push(
          ...notApplicable(lineEntity, after, changes, (name) => ({
            path: [collection, index, name],
            message: 'entity.fieldNotApplicable',
            params: { field: this.model.fieldName(actor.locale, lineEntity, name) },
          })),
        );
        plan.final.push(after);
        plan.updates.push({ id: lineId, before, after, changes });
      } else {
        if (!headerEditable || (!actor.system && !lineEntity.writableBy.includes(actor.side))) {
          refusals.push({
            path: [collection, index],
            message: headerEditable ? 'entity.cannotCreate' : 'entity.fieldNotEditable',
            params: { field: this.model.fieldName(actor.locale, header, collection) },
          });
          return;
        }
        // Rows the platform makes (an introduction's steps, a censor's requirements): none by hand.
        if (lineEntity.rowsByPlatform && !actor.system) {
          if (!refusals.some((refusal) => refusal.message === 'entity.rowsByPlatform'))
            refusals.push({ path: [collection], message: 'entity.rowsByPlatform' });
          return;
        }
        if (rowsFixed) {
          if (!refusals.some((refusal) => refusal.message === 'entity.rowsFixed'))
            refusals.push({ path: [collection], message: 'entity.rowsFixed' });
          return;
        }
        const row: Row = { ...defaults(lineEntity) };
        for (const [name, value] of Object.entries(line)) {
          const field = lineEntity.fields[name];
          if (field && isClientWritable(field)) row[name] = value;
        }
        plan.final.push(row);
        plan.inserts.push(row);
        inapplicable.push(
          ...notApplicable(lineEntity, row, row, (name) => ({
            path: [collection, index, name],
            message: 'entity.fieldNotApplicable',
            params: { field: this.model.fieldName(actor.locale, lineEntity, name) },
          })),
        );
      }
    });
    for (const row of existing) {
      if (seen.has(row[lineEntity.key] as number)) continue;
      if (!headerEditable || (!actor.system && !lineEntity.writableBy.includes(actor.side))) {
        refusals.push({
          path: [collection],
          message: 'entity.fieldNotEditable',
          params: { field: this.model.fieldName(actor.locale, header, collection) },
        });
        break;
      }
      if (lineEntity.rowsByPlatform && !actor.system) {
        if (!refusals.some((refusal) => refusal.message === 'entity.rowsByPlatform'))
          refusals.push({ path: [collection], message: 'entity.rowsByPlatform' });
        break;
      }
      if (rowsFixed) {
        if (!refusals.some((refusal) => refusal.message === 'entity.rowsFixed'))
          refusals.push({ path: [collection], message: 'entity.rowsFixed' });
        break;
      }
      plan.deletes.push(row);
    }
    if (refusals.length) {
      if (!headerEditable && refusals.every((r) => r.message === 'entity.fieldNotEditable')) {
        throw fail(409, 'entity.notEditable', { status: this.model.statusLabel(actor.locale, status) });
      }
      throw validationError(this.model, refusals, 403);
    }
    if (inapplicable.length) throw validationError(this.model, inapplicable, 400);
    plan.updates = plan.updates.filter((update) => {
      return (
        Object.keys(update.changes).length > 0 || diffRows(lineEntity, update.before, update.after).length > 0
      );
    });
    return plan;
  }

  private async writeLines(
    tx: Executor,
    plan: LinePlan,
    headerId: number,
    actor: Actor,
    now: Date,
    audit: AuditEntry[],
  ): Promise<void> {
    const { runtime } = this.model;
    const header = this.model.entity;
    const line = plan.entity;
    const table = runtime.table(line.name);
    const parentField = line.parent!.field;
    if (plan.deletes.length) {
      await tx.delete(table).where(
        inArray(
          this.model.col(line.key, table),
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
      const values = await changedValues(runtime, tx, line, update.before, update.after);
      if (!Object.keys(values).length) continue;
      await updateRow(
        runtime,
        tx,
        line,
        update.id,
        update.before[VERSION_FIELD] as number,
        values,
        actor,
        now,
      );
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
      const ids = await insertRows(runtime, tx, line, plan.inserts, actor, now);
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

  private async linkAttachments(
    tx: Executor,
    entity: EntityDef,
    rows: Row[],
    linked: NewFiles,
  ): Promise<void> {
    const files = this.model.runtime.plugins.attachments;
    if (!files) return;
    for (const row of rows) {
      for (const [field, ids] of linked.get(row) ?? [])
        await files.link(tx, entity, row[entity.key] as number, field, ids);
    }
  }

  // ---------------------------------------------------------------- deleting

  async remove(actor: Actor, ids: readonly number[]): Promise<void> {
    const { entity, runtime } = this.model;
    if (!ids.length) throw fail(400, 'entity.noIds');
    if (ids.length > MAX_IDS) throw fail(400, 'entity.tooManyIds', { max: MAX_IDS });
    assertWritableEntity(this.model, actor, false);
    if (!actor.system && !entity.writableBy.includes(actor.side)) throw fail(403, 'access.denied');
    await runtime.transaction(async (tx) => {
      const now = runtime.clock.now();
      const audit: AuditEntry[] = [];
      const hooks = runtime.hooksOf(entity.name);
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const stored = await this.model.lockRow(actor, tx, id);
        const row = await this.model.plain(tx, stored);
        const workflow = entity.workflow;
        if (
          workflow &&
          !(workflow.deletableIn ?? workflow.editableIn).includes(row[STATUS_FIELD] as string)
        ) {
          throw fail(409, 'entity.notDeletable', {
            status: this.model.statusLabel(actor.locale, row[STATUS_FIELD]),
          });
        }
        if (this.model.header && !actor.system) {
          // A line is deleted through its header's save, so the header's state rules apply.
          throw fail(403, 'access.denied');
        }
        const issues = issueList(await hooks.beforeDelete?.(this.model.context(actor, tx), row));
        if (issues.length) throw validationError(this.model, toIssues(issues), 422);
        try {
          await tx.delete(this.model.table).where(eq(this.model.col(entity.key), id));
        } catch (error) {
          throw translateDbError(runtime, error);
        }
        audit.push({
          entity: entity.name,
          recordId: id,
          action: 'delete',
          statusFrom: (row[STATUS_FIELD] as string) ?? null,
          changes: diffRows(entity, row, null),
        });
      }
      await writeAudit(tx, actor, now, audit);
    });
  }

  // ---------------------------------------------------------------- server-side writes
}

/**
 * Values sent for fields that do not apply to the row (`appliesWhen`): a value changed to
 * anything but empty where the row takes none.
 */
function notApplicable(
  entity: EntityDef,
  row: Readonly<Row>,
  sent: Readonly<Row>,
  issue: (name: string) => SaveIssue,
): SaveIssue[] {
  const issues: SaveIssue[] = [];
  for (const [name, value] of Object.entries(sent)) {
    const applies = entity.fields[name]?.appliesWhen;
    if (!applies || value === null || value === undefined || value === '') continue;
    if (!applies(row)) issues.push(issue(name));
  }
  return issues;
}

/** A field only the user the row names may change (`writableByUserIn`), changed by another. */
function othersRefusal(actor: Actor, field: FieldDef, stored: Readonly<Row>): string | null {
  const owner = field.writableByUserIn;
  if (!owner || actor.system) return null;
  return stored[owner] === actor.userId ? null : 'entity.fieldOthers';
}
