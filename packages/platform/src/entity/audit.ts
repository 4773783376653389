// The audit trail: who did what, when, the state before and after, the comment and the
// changed fields. Sealed values never enter it, not even encrypted.
import { and, desc, eq, or } from 'drizzle-orm';
import { type EntityDef, type HistoryEntry, isStored } from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import { auditLog } from '../system/tables';
import type { Row } from './rows';

export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  /** The field is sealed: that it changed is recorded, not its values. */
  sealed?: true;
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

export async function writeAudit(on: Executor, actor: Actor, at: Date, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((entry) => ({
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
  for (let start = 0; start < rows.length; start += 2000) {
    await on.insert(auditLog).values(rows.slice(start, start + 2000));
  }
}

export type { HistoryEntry };

/** History of a record and of its lines, newest first. */
export async function readHistory(
  on: Executor,
  entity: EntityDef,
  id: number,
  limit = 500,
): Promise<HistoryEntry[]> {
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
