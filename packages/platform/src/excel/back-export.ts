// Background export (doBackExport): the request is checked like an export, a row records it
// (its number is the answer's msg) and a job, sent in the same transaction, writes the file —
// 500000 rows a sheet — into storage as the row's attachment, with progress every few thousand
// rows. A failure is recorded on the row with its message. The file is its requester's alone:
// no other reader of the row (an administrator of exports) reads it on any file path.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BACKGROUND_SHEET_MAX_ROW, type Locale, type Side, translate } from '@srm/kernel';
import { type Actor, SYSTEM_ACTOR } from '../access/actor';
import { AppError } from '../http/errors';
import type { EntityRuntime } from '../entity/runtime';
import type { Row } from '../entity/rows';
import type { Attachments } from '../files/attachments';
import type { JobService } from '../jobs/jobs';
import type { WorkLease } from '../jobs/lease';
import { type BackExportStatus, backExport } from './back-export.entity';
import { prepareExport, writeExport } from './export';
import { type ExportRequest, parseExportRequest } from './request';

export const BACK_EXPORT_QUEUE = 'excel-back-export';

/** Who asked, as the job runs it: the same data scope and language as the request. */
export interface ActorSnapshot {
  userId: number | null;
  userName: string;
  side: Side;
  supplierId: number | null;
  orgIds: readonly number[] | 'all';
  categoryIds: readonly number[] | 'all';
  locale: Locale;
}

export function snapshotOf(actor: Actor): ActorSnapshot {
  return {
    userId: actor.userId,
    userName: actor.userName,
    side: actor.side,
    supplierId: actor.supplierId,
    orgIds: actor.orgIds,
    categoryIds: actor.categoryIds,
    locale: actor.locale,
  };
}

export interface BackExportJob {
  reportBackExportId: number;
  actor: ActorSnapshot;
}

export interface BackExportOptions {
  readonly runtime: EntityRuntime;
  readonly attachments: Attachments;
  readonly jobs: JobService;
  /** Which exports this node runs, and which a dead one left (ADR 0015). */
  readonly lease: WorkLease;
  /** Where files are written before they go into storage. */
  readonly workDir: string;
  /** Rows between progress updates (default 5000). */
  readonly progressEvery?: number;
  /** Rows read per page (the spec's 20000 by default). */
  readonly pageRows?: number;
}

/** Who asked for an export: its row's creator (null when there is no such export). */
export async function exportRequester(runtime: EntityRuntime, id: number): Promise<number | null> {
  const table = runtime.table(backExport.name);
  const [row] = await runtime
    .executor()
    .select({ createdBy: table.createdBy as AnyPgColumn })
    .from(table)
    .where(eq(table[backExport.key] as AnyPgColumn, id));
  return row ? ((row.createdBy as number | null) ?? null) : null;
}

/** The platform writing on behalf of the user: the row's creator is the user. */
function writer(actor: Actor): Actor {
  return { ...SYSTEM_ACTOR, userId: actor.userId, userName: actor.userName, locale: actor.locale };
}

export class BackExports {
  constructor(private readonly options: BackExportOptions) {
    // The file holds whatever the requester could read: nobody else reads it, whatever they
    // may see of the export's row.
    options.attachments.restrictReading(
      backExport.name,
      async (actor, id) =>
        actor.userId !== null && (await exportRequester(options.runtime, id)) === actor.userId,
    );
  }

  private get service() {
    return this.options.runtime.service(backExport.name);
  }

  /** Records the export and sends its job in one transaction; answers the row. */
  async submit(actor: Actor, request: ExportRequest): Promise<Row> {
    const { runtime, jobs } = this.options;
    const id = await runtime.transaction(async () => {
      const result = await this.service.createMany(writer(actor), [
        {
          entityName: request.entity.name,
          requestUrl: request.requestUrl,
          requestParams: request.requestParams,
          columns: request.columns,
          fileName: request.fileName,
          exportStatus: 'WAITING',
          progress: 0,
          ...(actor.side === 'supplier' && actor.supplierId ? { supplierId: actor.supplierId } : {}),
        },
      ]);
      if ('issues' in result) throw this.service.validationError(result.issues);
      const created = result.ids[0]!;
      const job: BackExportJob = { reportBackExportId: created, actor: snapshotOf(actor) };
      await jobs.send(BACK_EXPORT_QUEUE, job);
      return created;
    });
    return this.service.find(SYSTEM_ACTOR, id);
  }

  private async setProgress(id: number, values: Row): Promise<void> {
    const table = this.options.runtime.table(backExport.name);
    await this.options.runtime
      .executor()
      .update(table)
      .set(values)
      .where(eq(table[backExport.key] as AnyPgColumn, id));
  }

  private async setStatus(id: number, status: BackExportStatus, values: Row = {}): Promise<void> {
    await this.service.writeSystemFields(
      SYSTEM_ACTOR,
      id,
      { exportStatus: status, ...values },
      status.toLowerCase(),
    );
  }

  /**
   * Exports left RUNNING by a process that died (no live node holds them: `WorkLease`) are
   * FAILED with `reason`. Answers how many.
   */
  async failInterrupted(reason: string): Promise<number> {
    const { runtime, lease } = this.options;
    const table = runtime.table(backExport.name);
    const key = table[backExport.key] as AnyPgColumn;
    const status = table.exportStatus as AnyPgColumn;
    const rows = await runtime.executor().select({ id: key }).from(table).where(eq(status, 'RUNNING'));
    let failed = 0;
    for (const { id } of rows as { id: number }[]) {
      if (!(await lease.claimOrphan('export', id))) continue;
      try {
        // Still RUNNING now that it is claimed (its runner may have ended it in between).
        const [now] = await runtime.executor().select({ status }).from(table).where(eq(key, id));
        if (now?.status !== 'RUNNING') continue;
        await this.setStatus(id, 'FAILED', {
          errorMessage: reason.slice(0, 1000),
          finishedDate: runtime.clock.nowMs(),
        });
        failed++;
      } finally {
        await lease.release('export', id);
      }
    }
    return failed;
  }

  /** The job: writes the file, or records why it could not. */
  async run(job: BackExportJob): Promise<void> {
    const id = job.reportBackExportId;
    let row: Row;
    try {
      row = await this.service.find(SYSTEM_ACTOR, id);
    } catch {
      return; // deleted meanwhile
    }
    // RUNNING: an earlier attempt, failed by the sweep once its node is gone.
    if (row.exportStatus === 'DONE' || row.exportStatus === 'FAILED' || row.exportStatus === 'RUNNING')
      return;
    const actor: Actor = { ...job.actor };
    await this.options.lease.hold('export', id);
    try {
      await this.runHeld(id, row, actor);
    } finally {
      await this.options.lease.release('export', id);
    }
  }

  private async runHeld(id: number, row: Row, actor: Actor): Promise<void> {
    const { runtime } = this.options;
    await this.setStatus(id, 'RUNNING', {
      startedDate: runtime.clock.nowMs(),
      errorMessage: null,
      progress: 0,
    });
    const path = join(this.options.workDir, `${randomBytes(12).toString('hex')}.xlsx`);
    try {
      const request = parseExportRequest(
        {
          requestUrl: row.requestUrl,
          requestParams: row.requestParams,
          columns: row.columns,
          fileName: row.fileName,
        },
        {
          registry: runtime.registry,
          messages: runtime.messages(),
          locale: actor.locale,
          sheetLimit: BACKGROUND_SHEET_MAX_ROW,
        },
      );
      const prepared = await prepareExport(runtime, actor, request, this.options.pageRows);
      await this.setProgress(id, { total: prepared.total });
      await mkdir(this.options.workDir, { recursive: true });
      const file = createWriteStream(path);
      const rows = await writeExport(runtime, actor, prepared, file, {
        progressEvery: this.options.progressEvery ?? 5000,
        onProgress: (done) => this.setProgress(id, { progress: done }),
      });
      await finished(file);
      await this.store(actor, id, request.fileName, path, rows);
    } catch (error) {
      const message =
        error instanceof AppError
          ? translate(runtime.messages(), actor.locale, error.messageKey, error.params)
          : error instanceof Error
            ? error.message
            : String(error);
      await this.setStatus(id, 'FAILED', {
        errorMessage: message.slice(0, 1000),
        finishedDate: runtime.clock.nowMs(),
      });
    } finally {
      await rm(path, { force: true });
    }
  }

  private async store(actor: Actor, id: number, fileName: string, path: string, rows: number): Promise<void> {
    const { runtime, attachments } = this.options;
    const stored = await attachments.storage.put(createReadStream(path), Number.MAX_SAFE_INTEGER);
    const info = await attachments.record(
      actor,
      fileName,
      stored,
      { path: 'report/back-export', fileDesc: null },
      false,
    );
    await runtime.transaction(async (tx) => {
      await attachments.link(tx, backExport, id, 'attachmentId', [info.id]);
      await this.setStatus(id, 'DONE', {
        attachmentId: String(info.id),
        progress: rows,
        total: rows,
        finishedDate: runtime.clock.nowMs(),
      });
    });
  }
}
