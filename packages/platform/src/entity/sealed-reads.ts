// Every refused read of sealed data is written to the audit trail (DESIGN.md §7, ADR 0025): who
// read a document whose sealed values reached them masked, and when — one entry per document a
// read touched (a line's read is its header's), on every read path the engine serves (find,
// list, export, references). A supplier reading its own values, and server code, are not refused.
import { type EntityDef, SEALED_MASK, isStored } from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import { type AuditEntry, writeAudit } from './audit';
import type { Row } from './rows';

/** The audit action of a read that got sealed values masked. */
export const SEALED_READ_REFUSED = 'sealedReadRefused';

export async function auditRefusedReads(
  on: Executor,
  actor: Actor,
  at: Date,
  entity: EntityDef,
  rows: readonly Row[],
): Promise<void> {
  if (!entity.hasSealed || actor.system || !rows.length) return;
  const sealed = Object.entries(entity.fields)
    .filter(([, field]) => field.sealed && isStored(field))
    .map(([name]) => name);
  const touched = new Map<string, AuditEntry>();
  for (const row of rows) {
    if (!sealed.some((name) => row[name] === SEALED_MASK)) continue;
    const target = entity.parent
      ? { entity: entity.parent.entity, recordId: Number(row[entity.parent.field]) }
      : { entity: entity.name, recordId: Number(row[entity.key]) };
    if (!Number.isInteger(target.recordId) || target.recordId <= 0) continue;
    touched.set(`${target.entity}:${target.recordId}`, { ...target, action: SEALED_READ_REFUSED });
  }
  await writeAudit(on, actor, at, [...touched.values()]);
}
