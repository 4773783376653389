// The audit trail: who did what, when, the state before and after, the comment and the
// changed fields. Sealed values never enter it, not even encrypted. What a supplier user reads
// of it is cut down by `supplierHistory`.
import { and, desc, eq, inArray, isNotNull, min, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type Catalogue,
  type EntityDef,
  type HistoryEntry,
  type Locale,
  STATUS_FIELD,
  isStored,
  keepsMessage,
  renderStoredText,
} from '@srm/kernel';
import { type Executor, beforeCommit, deferQuery } from '@srm/db';
import type { Actor } from '../access/actor';
import { bpmHistory } from '../approval/tables';
import { BULK_ROWS, bulkInsert } from './bulk-insert';
import { insertStatement } from './statement-text';
import { auditLog } from '../system/tables';
import type { Row } from './rows';
import type { EntityTable } from './tables';

export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  /** The field is sealed: that it changed is recorded, not its values. */
  sealed?: true;
  /** A reference's display values when the history is read (恒达 → 远航 rather than 3 → 7). */
  beforeName?: unknown;
  afterName?: unknown;
}

export interface AuditEntry {
  entity: string;
  recordId: number;
  headerEntity?: string;
  headerId?: number;
  action: string;
  statusFrom?: string | null;
  statusTo?: string | null;
  comment?: string | null;
  changes?: FieldChange[] | Record<string, unknown> | null;
}

const SKIP = new Set([
  'versionNum',
  'creationDate',
  'lastUpdateDate',
  'createdBy',
  'lastUpdatedBy',
  'sealedOpenedDate',
]);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Changed fields between two plain rows (before may be null for a creation). */
export function diffRows(entity: EntityDef, before: Row | null, after: Row | null): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isStored(field) || SKIP.has(name) || name === entity.key) continue;
    const a = before?.[name] ?? null;
    const b = after?.[name] ?? null;
    if (same(a, b)) continue;
    changes.push(field.sealed ? { field: name, sealed: true } : { field: name, before: a, after: b });
  }
  return changes;
}

/** Audit rows a transaction has gathered, written in one statement before it commits. */
const gathered = new WeakMap<Executor, AuditRow[]>();

type AuditRow = typeof auditLog.$inferInsert;

/**
 * Writes audit entries: inside the open transaction they are gathered and written together just
 * before it commits (one statement for every change of a request, not one per change); on any
 * other executor at once.
 */
export async function writeAudit(on: Executor, actor: Actor, at: Date, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  const rows = auditRows(actor, at, entries);
  const pending = gathered.get(on);
  if (pending) {
    pending.push(...rows);
    return;
  }
  if (beforeCommit(on, () => flushAudit(on))) {
    gathered.set(on, rows);
    return;
  }
  await insertAudit(on, rows);
}

/** Writes what the transaction `on` has gathered so far (before it reads the audit trail). */
export async function flushAudit(on: Executor): Promise<void> {
  const pending = gathered.get(on);
  if (!pending?.length) return;
  gathered.set(on, []);
  await insertAudit(on, pending);
}

async function insertAudit(on: Executor, rows: AuditRow[]): Promise<void> {
  if (rows.length >= BULK_ROWS && (await bulkInsert(on, auditLog, rows, auditLog.auditId))) return;
  // The trail's rows answer nothing: they go with the transaction's next statement (or its COMMIT).
  for (let start = 0; start < rows.length; start += 2000)
    await deferQuery(on, insertStatement(auditLog, AUDIT_FIELDS, rows.slice(start, start + 2000)));
}

/** The fields of an audit row, in the order auditRows gives them. */
const AUDIT_FIELDS = [
  'entity',
  'recordId',
  'headerEntity',
  'headerId',
  'action',
  'statusFrom',
  'statusTo',
  'comment',
  'changes',
  'userId',
  'userName',
  'creationDate',
] as const satisfies readonly (keyof AuditRow)[];

function auditRows(actor: Actor, at: Date, entries: readonly AuditEntry[]): AuditRow[] {
  return entries.map((entry) => ({
    entity: entry.entity,
    recordId: entry.recordId,
    headerEntity: entry.headerEntity ?? null,
    headerId: entry.headerId ?? null,
    action: entry.action,
    statusFrom: entry.statusFrom ?? null,
    statusTo: entry.statusTo ?? null,
    comment: entry.comment ?? null,
    changes: entry.changes ?? null,
    userId: actor.userId,
    userName: actor.userName,
    creationDate: at,
  }));
}

export type { HistoryEntry };

/**
 * The state a record was in before it entered `status` the last time (a void request on a
 * contract entered from APPROVED, CONFIRMING or SIGNING), from its audit trail; null when the
 * trail does not tell.
 */
export async function enteredFrom(
  on: Executor,
  entity: EntityDef,
  id: number,
  status: string,
): Promise<string | null> {
  await flushAudit(on);
  const [row] = await on
    .select({ statusFrom: auditLog.statusFrom })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity.name),
        eq(auditLog.recordId, id),
        eq(auditLog.statusTo, status),
        ne(auditLog.statusFrom, status),
      ),
    )
    .orderBy(desc(auditLog.auditId))
    .limit(1);
  return row?.statusFrom ?? null;
}

/** History of a record and of its lines, newest first. */
export async function readHistory(
  on: Executor,
  entity: EntityDef,
  id: number,
  limit = 500,
): Promise<HistoryEntry[]> {
  await flushAudit(on);
  const rows = await on
    .select()
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.entity, entity.name), eq(auditLog.recordId, id)),
        and(eq(auditLog.headerEntity, entity.name), eq(auditLog.headerId, id)),
      ),
    )
    .orderBy(desc(auditLog.auditId))
    .limit(limit);
  return rows.map((row) => ({ ...row, creationDate: row.creationDate.getTime() }));
}

/**
 * The values of text fields marked `message` in a history, in the reader's language: a
 * request's completion text changed from nothing to 已终止 reads Terminated to an English reader.
 */
export function renderMessageChanges(
  entries: HistoryEntry[],
  ownerOf: (entity: string) => EntityDef | undefined,
  messages: Catalogue,
  locale: Locale,
): HistoryEntry[] {
  const render = (value: unknown) =>
    typeof value === 'string' ? renderStoredText(messages, locale, value) : value;
  return entries.map((entry) => {
    const owner = ownerOf(entry.entity);
    if (!owner || !Array.isArray(entry.changes)) return entry;
    const changes = (entry.changes as FieldChange[]).map((change) =>
      keepsMessage(owner.fields[change.field])
        ? { ...change, before: render(change.before), after: render(change.after) }
        : change,
    );
    return { ...entry, changes };
  });
}

/**
 * Adds the display values of the references a history mentions. Names are read when the history
 * is shown, one query per referenced entity; a record deleted since shows its id only.
 */
export async function nameReferences(
  on: Executor,
  entries: HistoryEntry[],
  ownerOf: (entity: string) => EntityDef | undefined,
  /** The entity a reference field names, or undefined where the reader may not be told names. */
  targetOf: (owner: EntityDef, field: string) => EntityDef | undefined,
  tableOf: (entity: string) => EntityTable,
): Promise<HistoryEntry[]> {
  const wanted = new Map<string, { target: EntityDef; display: string; ids: Set<number> }>();
  const referenced: { change: FieldChange; target: string }[] = [];
  for (const entry of entries) {
    const owner = ownerOf(entry.entity);
    if (!owner || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes as FieldChange[]) {
      const field = owner.fields[change.field];
      if (change.sealed || field?.kind !== 'ref' || !field.display || field.sealed) continue;
      const target = targetOf(owner, change.field);
      if (!target || target.fields[field.display]?.sealed) continue;
      const key = `${target.name}.${field.display}`;
      const slot = wanted.get(key) ?? { target, display: field.display, ids: new Set<number>() };
      wanted.set(key, slot);
      for (const value of [change.before, change.after])
        if (typeof value === 'number' && Number.isInteger(value)) slot.ids.add(value);
      referenced.push({ change, target: key });
    }
  }
  if (!referenced.length) return entries;
  const names = new Map<string, Map<number, unknown>>();
  for (const [key, { target, display, ids }] of wanted) {
    if (!ids.size) continue;
    const table = tableOf(target.name);
    const keyColumn = table[target.key] as AnyPgColumn;
    const rows = await on
      .select({ id: keyColumn, name: table[display] as AnyPgColumn })
      .from(table)
      .where(inArray(keyColumn, [...ids]));
    names.set(key, new Map(rows.map((row) => [row.id as number, row.name])));
  }
  for (const { change, target } of referenced) {
    const byId = names.get(target);
    if (!byId) continue;
    if (byId.has(change.before as number)) change.beforeName = byId.get(change.before as number);
    if (byId.has(change.after as number)) change.afterName = byId.get(change.after as number);
  }
  return entries;
}

/**
 * The audit id of the record's first release to its supplier: the first entry that moved it
 * into a state of `supplierVisibleIn` (by an action or creation, or by a platform write of the
 * status). Null when it never was.
 */
async function firstRelease(on: Executor, entity: EntityDef, id: number): Promise<number | null> {
  await flushAudit(on);
  const states = entity.supplierVisibleIn ?? [];
  const statusChanges = states.map(
    (state) => sql`${auditLog.changes} @> ${JSON.stringify([{ field: STATUS_FIELD, after: state }])}::jsonb`,
  );
  const [row] = await on
    .select({ first: min(auditLog.auditId) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity.name),
        eq(auditLog.recordId, id),
        or(inArray(auditLog.statusTo, [...states]), ...statusChanges),
      ),
    );
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

/**
 * What a supplier user reads of a record's history. A document it sees only in some states
 * (`supplierVisibleIn`: an order once released) starts at its first release: the buyer's drafts,
 * internal edits and approval before it never reach the supplier; a record without such states
 * (the supplier's own master data) shows everything from its creation. In what is left, changes
 * of internal-only fields are removed (an entry that changed nothing else goes altogether), and
 * a comment that was an internal approval decision's (internalFlag Y) is left out.
 */
export async function supplierHistory(
  on: Executor,
  entity: EntityDef,
  id: number,
  entries: HistoryEntry[],
  ownerOf: (entityName: string) => EntityDef | undefined,
): Promise<HistoryEntry[]> {
  let from = 0;
  if (entity.supplierVisibleIn?.length) {
    const release = await firstRelease(on, entity, id);
    if (release === null) return [];
    from = release;
  }
  const internalComments = new Set(
    (
      await on
        .selectDistinct({ comment: bpmHistory.comment })
        .from(bpmHistory)
        .where(
          and(
            eq(bpmHistory.entityName, entity.name),
            eq(bpmHistory.documentId, id),
            eq(bpmHistory.internalFlag, 'Y'),
            isNotNull(bpmHistory.comment),
          ),
        )
    ).map((row) => row.comment!.trim()),
  );
  const shown: HistoryEntry[] = [];
  for (const entry of entries) {
    if (entry.auditId < from) continue;
    const comment = entry.comment && internalComments.has(entry.comment.trim()) ? null : entry.comment;
    if (!Array.isArray(entry.changes)) {
      shown.push({ ...entry, comment });
      continue;
    }
    const owner = ownerOf(entry.entity);
    const all = entry.changes as FieldChange[];
    const changes = all.filter((change) => !owner?.fields[change.field]?.internalOnly);
    const movedOrSaid = (entry.statusFrom ?? null) !== (entry.statusTo ?? null) || !!comment;
    if (all.length && !changes.length && !movedOrSaid) continue;
    shown.push({ ...entry, comment, changes });
  }
  return shown;
}
