// The approved supplier list on the server: an approved application writes its entries, an
// approved alteration changes them. Both are checked when submitted and again when approved
// (the list may have changed in between); all or nothing, in the document's transaction.
import { type RuleIssue, date, number } from '@srm/kernel';
import { type HookContext, type Row, legacyActions } from '@srm/platform';
import { asl } from './asl.entity';
import { aslAllows } from './asl-check';
import { aslAlteration } from './asl-alteration.entity';
import { aslApply } from './asl-apply.entity';
import { issue, linesOf, platformActor, rowsOf } from './support';

type Key = { supplierId: number; itemId: number | null; categoryId: number | null; orgId: number };

const sameKey = (a: Row, b: Key) =>
  a.supplierId === b.supplierId &&
  (a.itemId ?? null) === b.itemId &&
  (a.categoryId ?? null) === b.categoryId &&
  a.orgId === b.orgId;

const keyOf = (line: Row, orgId: number): Key => ({
  supplierId: line.supplierId as number,
  itemId: (line.itemId as number | null) ?? null,
  categoryId: (line.categoryId as number | null) ?? null,
  orgId,
});

const lineLabel = (line: Row, index: number) => ({
  line: index + 1,
  supplier: String(line.supplierName ?? line.supplierId),
  target: String(line.itemName ?? line.categoryName ?? ''),
});

async function applyIssues(context: HookContext, header: Row): Promise<RuleIssue[]> {
  const lines = await linesOf(context, 'srmPurAslApplyLine', header.aslApplyId as number);
  if (!lines.length) return [issue('srmPurAslApply.noLines')];
  const orgId = header.orgId as number;
  const issues: RuleIssue[] = [];
  const seen: Key[] = [];
  for (const [index, line] of lines.entries()) {
    const key = keyOf(line, orgId);
    if (seen.some((other) => sameKey(other as unknown as Row, key))) {
      issues.push(issue('srmPurAslApply.duplicateLine', lineLabel(line, index)));
      continue;
    }
    seen.push(key);
    if (line.validFrom && line.validTo && String(line.validFrom) > String(line.validTo)) {
      issues.push(issue('srmPurAsl.validRange', lineLabel(line, index)));
    }
    const existing = await rowsOf(context, 'srmPurAsl', [
      { field: 'supplierId', op: 'eq', value: key.supplierId },
      { field: 'orgId', op: 'eq', value: orgId },
    ]);
    const live = existing.find((entry) => sameKey(entry, key) && entry.aslStatus !== 'DISABLED');
    if (live)
      issues.push(
        issue('srmPurAslApply.alreadyListed', { ...lineLabel(line, index), asl: String(live.aslCode) }),
      );
  }
  return issues;
}

async function alterationIssues(context: HookContext, header: Row): Promise<RuleIssue[]> {
  const lines = await linesOf(context, 'srmPurAslAlterationLine', header.aslAlterationId as number);
  if (!lines.length) return [issue('srmPurAslAlteration.noLines')];
  const issues: RuleIssue[] = [];
  const seen = new Set<number>();
  for (const [index, line] of lines.entries()) {
    const params = { line: index + 1, asl: String(line.aslCode ?? line.aslId) };
    const aslId = line.aslId as number;
    if (seen.has(aslId)) {
      issues.push(issue('srmPurAslAlteration.duplicateLine', params));
      continue;
    }
    seen.add(aslId);
    const [entry] = await rowsOf(context, 'srmPurAsl', [{ field: 'aslId', op: 'eq', value: aslId }]);
    if (!entry) {
      issues.push(issue('srmPurAslAlteration.unknownEntry', params));
      continue;
    }
    if (entry.orgId !== header.orgId) issues.push(issue('srmPurAslAlteration.otherOrg', params));
    const status = entry.aslStatus as string;
    const type = line.alterationType as string;
    const allowed =
      (type === 'SUSPEND' && status === 'VALID') ||
      (type === 'RESUME' && status === 'SUSPENDED') ||
      (type === 'DISABLE' && status !== 'DISABLED') ||
      (type === 'MODIFY' && status !== 'DISABLED');
    if (!allowed) {
      issues.push(issue(`srmPurAslAlteration.cannot.${type}`, params));
    } else if (type === 'MODIFY' && line.newPriorityNum == null && line.newValidTo == null) {
      issues.push(issue('srmPurAslAlteration.modifyNeedsValue', params));
    } else if (
      type === 'MODIFY' &&
      line.newValidTo &&
      entry.validFrom &&
      String(line.newValidTo) < String(entry.validFrom)
    ) {
      issues.push(issue('srmPurAsl.validRange', { line: index + 1, supplier: '', target: '' }));
    }
  }
  return issues;
}

export const aslApplyActions = legacyActions(aslApply, {
  guards: {
    doSubmit: (context, { row }) => applyIssues(context, row),
    doApproval: (context, { row }) => applyIssues(context, row),
  },
  actions: {
    async doApproval(context, { row }) {
      const lines = await linesOf(context, 'srmPurAslApplyLine', row.aslApplyId as number);
      const service = context.runtime.service('srmPurAsl');
      const actor = platformActor(context);
      for (const line of lines) {
        const key = keyOf(line, row.orgId as number);
        const values = {
          ...key,
          aslStatus: 'VALID',
          priorityNum: line.priorityNum ?? 1,
          validFrom: line.validFrom ?? null,
          validTo: line.validTo ?? null,
          sourceNumber: row.applyNumber,
          remark: line.remark ?? null,
        };
        const existing = (
          await rowsOf(context, 'srmPurAsl', [
            { field: 'supplierId', op: 'eq', value: key.supplierId },
            { field: 'orgId', op: 'eq', value: key.orgId },
          ])
        ).find((entry) => sameKey(entry, key));
        if (existing) {
          // An ended entry comes back to life rather than being listed twice.
          await service.save(actor, { ...values, aslId: existing.aslId, versionNum: existing.versionNum });
        } else {
          await service.save(actor, values);
        }
      }
    },
  },
});

export const aslAlterationActions = legacyActions(aslAlteration, {
  guards: {
    doSubmit: (context, { row }) => alterationIssues(context, row),
    doApproval: (context, { row }) => alterationIssues(context, row),
  },
  actions: {
    async doApproval(context, { row }) {
      const lines = await linesOf(context, 'srmPurAslAlterationLine', row.aslAlterationId as number);
      const service = context.runtime.service('srmPurAsl');
      const actor = platformActor(context);
      for (const line of lines) {
        const entry = await service.find(actor, line.aslId as number);
        const change: Row = {
          aslId: entry.aslId,
          versionNum: entry.versionNum,
          sourceNumber: row.alterationNumber,
        };
        const type = line.alterationType as string;
        if (type === 'SUSPEND') change.aslStatus = 'SUSPENDED';
        if (type === 'RESUME') change.aslStatus = 'VALID';
        if (type === 'DISABLE') change.aslStatus = 'DISABLED';
        if (type === 'MODIFY') {
          if (line.newPriorityNum != null) change.priorityNum = line.newPriorityNum;
          if (line.newValidTo != null) change.validTo = line.newValidTo;
        }
        await service.save(actor, change);
      }
    },
  },
});

export const aslActions = legacyActions(asl, {
  endpoints: {
    /** `{ supplierId, itemId, orgId, date? }` → whether the ASL lets the supplier supply it. */
    checkAllowed: {
      read: true,
      input: {
        supplierId: number({ required: true, min: 1 }),
        itemId: number({ required: true, min: 1 }),
        orgId: number({ required: true, min: 1 }),
        date: date(),
      },
      async handle(context, body) {
        const input = body as { supplierId: number; itemId: number; orgId: number; date?: string | null };
        return {
          data: await aslAllows(context, {
            supplierId: input.supplierId,
            itemId: input.itemId,
            orgId: input.orgId,
            ...(input.date ? { date: input.date } : {}),
          }),
        };
      },
    },
  },
});
