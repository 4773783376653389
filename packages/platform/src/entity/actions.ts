// Workflow actions on an entity's rows: who may run one from which state, its guards, the state
// change at the row's version, sealed fields it opens, the approval it starts and its audit.
// (The behaviour an area attaches to an action is declared in hooks.ts.)
import { and, eq, sql } from 'drizzle-orm';
import {
  type Locale,
  SEALED_OPENED_FIELD,
  STATUS_FIELD,
  VERSION_FIELD,
  actionLabel,
  checkValue,
  entityTitle,
} from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import { type AuditEntry, enteredFrom, writeAudit } from './audit';
import { fail, toIssues, validationError } from './errors';
import { issueList } from './hooks';
import { type EntityModel, MAX_IDS } from './model';
import type { EntityReader } from './read';
import type { Row } from './rows';
import { updateRow } from './write';

export class WorkflowActions {
  constructor(
    private readonly model: EntityModel,
    private readonly reader: EntityReader,
  ) {}

  /**
   * Runs a workflow action on rows, all or none. `fromHttp` refuses system actions; the
   * platform (approval engine, other actions) calls with it false.
   */
  async act(
    actor: Actor,
    actionName: string,
    ids: readonly number[],
    input: Readonly<Record<string, unknown>>,
    options: { fromHttp: boolean; versionNum?: number | null; answer?: boolean },
  ): Promise<Row[]> {
    const { entity, runtime } = this.model;
    const workflow = entity.workflow;
    const action = workflow?.actions[actionName];
    if (!workflow || !action) throw fail(404, 'workflow.unknownAction', { action: actionName });
    const label = actionLabel(runtime.messages(), actor.locale, entity.name, actionName);
    // The approval's own message first: it tells the caller where to decide instead.
    if (options.fromHttp && runtime.approvals?.controls(entity, actionName)) {
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
    const hooks = runtime.hooksOf(entity.name);
    const updatedIds = await runtime.transaction(async (tx) => {
      const context = this.model.context(actor, tx);
      const now = context.now;
      const audit: AuditEntry[] = [];
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const stored = await this.model.lockRow(actor, tx, id);
        const previous = await this.model.plain(tx, stored);
        if (
          options.versionNum !== undefined &&
          options.versionNum !== null &&
          ids.length === 1 &&
          options.versionNum !== previous[VERSION_FIELD]
        ) {
          throw fail(409, 'entity.stale');
        }
        const status = previous[STATUS_FIELD] as string;
        if (options.fromHttp && runtime.approvals?.controls(entity, actionName, status)) {
          throw fail(403, 'workflow.approvalOnly', { action: label });
        }
        if (!action.from.includes(status)) {
          throw fail(409, 'workflow.wrongState', {
            document: this.documentName(actor.locale, previous),
            status: this.model.statusLabel(actor.locale, status),
            action: label,
          });
        }
        // `back`: the state the document came from (a rejected void request returns it there).
        const to =
          action.to ?? (action.back ? ((await enteredFrom(tx, entity, id, status)) ?? status) : undefined);
        const row: Row = { ...previous, [STATUS_FIELD]: to ?? status };
        const event = { row, previous, input };
        const guard = hooks.guards?.[actionName];
        const guardIssues = issueList(guard ? await guard(context, event) : undefined);
        if (guardIssues.length) throw validationError(this.model, toIssues(guardIssues), 422);
        const opens = this.opensSealed(actionName);
        await updateRow(
          runtime,
          tx,
          entity,
          id,
          previous[VERSION_FIELD] as number,
          {
            ...(to ? { [STATUS_FIELD]: to } : {}),
            ...(opens && entity.hasSealed && !previous[SEALED_OPENED_FIELD]
              ? { [SEALED_OPENED_FIELD]: now }
              : {}),
          },
          actor,
          now,
        );
        if (opens) await this.openLines(tx, id, now);
        row[VERSION_FIELD] = (previous[VERSION_FIELD] as number) + 1;
        audit.push({
          entity: entity.name,
          recordId: id,
          action: actionName,
          statusFrom: status,
          statusTo: to ?? status,
          comment: typeof input.comment === 'string' ? input.comment : null,
          changes: typeof input.date === 'string' ? { date: input.date } : null,
        });
        if (action.approval && runtime.approvals) {
          await runtime.approvals.start(context, entity, row, actionName, action.approval);
        }
        await hooks.actions?.[actionName]?.(context, event);
        for (const observe of runtime.observers)
          await observe(context, { entity: entity.name, action: actionName, row, previous });
      }
      await writeAudit(tx, actor, now, audit);
      return [...new Set(ids)];
    });
    // The rows as the caller now reads them, for an answer: a caller that does not answer them
    // (an action acting on others, the approval engine) skips reading each row with its lines again
    // — for the 100 quotations an inquiry's opening opens, 50,000 lines decrypted for nothing.
    if (options.answer === false) return [];
    const rows: Row[] = [];
    for (const id of updatedIds) rows.push(await this.reader.find(actor, id));
    return rows;
  }

  private documentName(locale: Locale, row: Row): string {
    const { entity, runtime } = this.model;
    const title = entityTitle(runtime.messages(), locale, entity.name);
    const number = entity.numbering ? row[entity.numbering.field] : row[entity.display];
    return number ? `${title} ${String(number)}` : title;
  }

  /** This action opens the sealed fields of this entity or of its lines. */
  private opensSealed(actionName: string): boolean {
    const { entity } = this.model;
    const own = Object.values(entity.fields).some((f) => f.sealed?.openedBy === actionName);
    const lines = Object.values(entity.lines).some((line) =>
      Object.values(line.fields).some((f) => f.sealed?.openedBy === actionName),
    );
    return own || lines;
  }

  /** Marks the sealed lines of a header opened (the header's own mark is set with its state). */
  private async openLines(tx: Executor, headerId: number, now: Date): Promise<void> {
    const { entity, runtime } = this.model;
    for (const line of Object.values(entity.lines)) {
      if (!line.hasSealed) continue;
      const table = runtime.table(line.name);
      await tx
        .update(table)
        .set({ [SEALED_OPENED_FIELD]: now })
        .where(
          and(
            eq(this.model.col(line.parent!.field, table), headerId),
            sql`${this.model.col(SEALED_OPENED_FIELD, table)} is null`,
          ),
        );
    }
  }
}
