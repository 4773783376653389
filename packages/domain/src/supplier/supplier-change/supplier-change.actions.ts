// Change info on the server. Opening a change copies the master into it (header values come from
// the form, which the supplier reference fills; the lines and the snapshot are copied here), and
// refuses a second open change of the same supplier. Submitting needs something changed and a
// master that has not moved. The last approval applies every section through the master's own
// save at the snapshot's version, in the approval's transaction: all or nothing, and 409 when the
// master moved. Rebasing keeps what the requester changed and takes everything else from the
// master as it is now.
import type { RuleIssue } from '@srm/kernel';
import { AppError, type DataApi, defineActions } from '@srm/platform';
import { supplierInfo } from '../supplier-info/supplier-info.entity';
import { type Snapshot, changedSomething, sameLine, snapshotOf } from './supplier-change.diff';
import {
  CHANGED_COLLECTIONS,
  CHANGED_HEADER_FIELDS,
  OPEN_CHANGE_STATES,
  type ChangedCollection,
  supplierChange,
} from './supplier-change.entity';

type Row = Record<string, unknown>;

const platform = (ctx: DataApi) => ctx.system('a change reads and applies the supplier master');

/** The master as it is now, with its lines (read as the platform: a supplier's own master). */
function masterOf(ctx: DataApi, supplierId: number) {
  return platform(ctx).find(supplierInfo, supplierId);
}

/** A master line as a line of the change: its values, and the master line it came from. */
function fromMaster(collection: ChangedCollection, line: Row): Row {
  const master = supplierInfo.lines[collection];
  const copy: Row = { sourceLineId: line[master.key] };
  for (const name of Object.keys(master.ownFields)) copy[name] = line[name] ?? null;
  return copy;
}

/** The master's required header fields, required of the values a change proposes. */
function requiredOfMaster(proposed: Row): RuleIssue | null {
  const missing = CHANGED_HEADER_FIELDS.find(
    (field) => supplierInfo.fields[field]?.required && (proposed[field] ?? '') === '',
  );
  return missing ? { field: missing, message: 'validation.required' } : null;
}

async function openChangeOf(ctx: DataApi, supplierId: number, except: number | null) {
  const open = await platform(ctx).list(
    supplierChange,
    { supplierId, status: [...OPEN_CHANGE_STATES] },
    { limit: 2 },
  );
  return open.find((change) => change.changeId !== except) ?? null;
}

export const supplierChangeActions = defineActions(supplierChange, {
  async beforeSave(ctx) {
    const { row, previous } = ctx;
    if (previous && previous.supplierId !== row.supplierId)
      return { field: 'supplierId', message: 'srmSupplierChange.supplierFixed' };
    const other = await openChangeOf(ctx, row.supplierId, previous?.changeId ?? null);
    if (other)
      return {
        field: 'supplierId',
        message: 'srmSupplierChange.openExists',
        params: { number: other.changeNum ?? '' },
      };
    if (previous) return requiredOfMaster(row as Row);
    // Opened: the snapshot and its version are the master's now (its lines are copied once the
    // change has its key, below); a value left empty starts as the master's (the form fills them
    // all when the supplier is picked; a value is cleared by editing the opened change).
    const master = await masterOf(ctx, row.supplierId);
    const proposed = row as Row;
    for (const field of CHANGED_HEADER_FIELDS) {
      if (proposed[field] === null || proposed[field] === undefined || proposed[field] === '')
        proposed[field] = master[field] ?? null;
    }
    row.baseVersion = master.versionNum;
    row.snapshot = snapshotOf(master);
    return requiredOfMaster(proposed);
  },
  async afterSave(ctx) {
    if (!ctx.created) return;
    // The master's lines, each naming its master line, beside what the requester added in the
    // same save.
    const master = await masterOf(ctx, ctx.row.supplierId);
    for (const collection of CHANGED_COLLECTIONS) {
      const copies = ((master[collection] as Row[]) ?? []).map((line) => ({
        ...fromMaster(collection, line),
        changeId: ctx.id,
      }));
      if (copies.length) await platform(ctx).insert(supplierChange.lines[collection], copies as never);
    }
  },
  guards: {
    async doSubmit(ctx): Promise<RuleIssue | null> {
      const change = await platform(ctx).find(supplierChange, ctx.previous.changeId);
      const master = await masterOf(ctx, change.supplierId);
      if (master.versionNum !== change.baseVersion)
        return {
          message: 'srmSupplierChange.staleRebase',
          params: { supplier: String(master.supplierName) },
        };
      if (!changedSomething(change.snapshot as Snapshot, change))
        return { message: 'srmSupplierChange.nothingChanged' };
      return null;
    },
  },
  actions: {
    async doApproval(ctx) {
      const change = await platform(ctx).find(supplierChange, ctx.row.changeId);
      const { supplierId } = change;
      const [master] = await platform(ctx).lock(supplierInfo, [supplierId]);
      if (!master || master.versionNum !== change.baseVersion)
        throw new AppError(409, 'srmSupplierChange.stale', { number: String(change.changeNum ?? '') });
      const body: Row = { supplierId, versionNum: change.baseVersion };
      for (const field of CHANGED_HEADER_FIELDS) body[field] = change[field] ?? null;
      for (const collection of CHANGED_COLLECTIONS) {
        const key = supplierInfo.lines[collection].key;
        const lines: readonly Row[] = change[collection];
        body[collection] = lines.map((line) => {
          const values: Row = line.sourceLineId == null ? {} : { [key]: line.sourceLineId };
          for (const name of Object.keys(supplierInfo.lines[collection].ownFields))
            values[name] = line[name] ?? null;
          return values;
        });
      }
      // The master's own save: its rules and hooks (one primary account; certificates on file
      // suspend or resume the library lines) apply as to any edit.
      await platform(ctx).save(supplierInfo, body as never);
      await platform(ctx).patch(supplierChange, ctx.row.changeId, { appliedAt: ctx.now.getTime() });
      await ctx.services.siteMessages?.notify({
        supplierId,
        titleKey: 'srmSupplierChange.message.appliedTitle',
        contentKey: 'srmSupplierChange.message.appliedContent',
        params: { number: String(change.changeNum ?? ''), supplier: String(master.supplierName) },
        link: { entityName: supplierChange.name, documentId: ctx.row.changeId },
        source: 'SUPPLIER_CHANGE_APPLIED',
        email: true,
        eventId: `${ctx.row.changeId}-applied`,
      });
    },
    async doRebase(ctx) {
      const change = await platform(ctx).find(supplierChange, ctx.row.changeId);
      const before = change.snapshot as Snapshot;
      const master = await masterOf(ctx, change.supplierId);
      // Header: a value the requester left as it was follows the master.
      const header: Row = {};
      for (const field of CHANGED_HEADER_FIELDS) {
        if (JSON.stringify(change[field] ?? null) === JSON.stringify(before.header[field] ?? null))
          header[field] = master[field] ?? null;
      }
      header.baseVersion = master.versionNum;
      header.snapshot = snapshotOf(master);
      await platform(ctx).patch(supplierChange, ctx.row.changeId, header as never);

      for (const collection of CHANGED_COLLECTIONS) {
        const lineEntity = supplierChange.lines[collection];
        const masterKey = supplierInfo.lines[collection].key;
        const proposed: readonly Row[] = change[collection];
        const was = new Map((before.lines[collection] ?? []).map((line) => [line[masterKey], line]));
        const now = new Map(((master[collection] as Row[]) ?? []).map((line) => [line[masterKey], line]));
        const kept = new Set<unknown>();
        const inserts: Row[] = [];
        const removals: number[] = [];
        for (const line of proposed) {
          const id = Number(line[lineEntity.key]);
          const source = line.sourceLineId ?? null;
          if (source === null) continue;
          kept.add(source);
          const untouched = was.has(source) && sameLine(collection, line, was.get(source)!);
          const current = now.get(source);
          if (untouched && current) {
            const values = fromMaster(collection, current);
            delete values.sourceLineId;
            await platform(ctx).patch(lineEntity, id, values as never);
          } else if (untouched) {
            removals.push(id); // the master dropped it and the requester did not touch it
          } else if (!current) {
            await platform(ctx).patch(lineEntity, id, { sourceLineId: null } as never); // changed here, gone there: a new line
          }
        }
        // Lines the master gained since the snapshot (the requester cannot have removed those).
        for (const [source, line] of now) {
          if (!kept.has(source) && !was.has(source))
            inserts.push({ ...fromMaster(collection, line), changeId: ctx.row.changeId });
        }
        if (removals.length) await platform(ctx).remove(lineEntity, removals);
        if (inserts.length) await platform(ctx).insert(lineEntity, inserts as never);
      }
    },
  },
});
