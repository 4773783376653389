// Importing rows from an xlsx: headers mapped to fields (the template's hidden sheet, or the
// labels), cells converted, file duplicates and existing values of unique fields found, then
// EntityService.createMany as the caller — all rows or none. When any row has a problem nothing
// is written and an error file (row, column, message in the caller's language) is stored for
// the caller. Files of more than 5000 rows are imported by a job with a status row: its batches
// are committed one short transaction each (other requests get the connection in between) and
// recorded as the import's undo list, which a failure or the next start after a crash carries
// out, so the import stays all or nothing (ADR 0015). An entity declaring `importLines` imports
// documents: each row is a line, rows are grouped by document number (import-documents.ts), each
// document is created with its lines as a save creates it, and no batch cuts a document.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { finished } from 'node:stream/promises';
import { and, desc, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs';
import {
  type EntityDef,
  type LookupField,
  type MessageParams,
  type RefField,
  entityTitle,
  fieldLabel,
  translate,
} from '@srm/kernel';
import { type Actor, SYSTEM_ACTOR } from '../access/actor';
import { AppError } from '../http/errors';
import type { EntityRuntime } from '../entity/runtime';
import type { AttachmentInfo, Attachments } from '../files/attachments';
import type { JobService } from '../jobs/jobs';
import type { WorkLease } from '../jobs/lease';
import { type ActorSnapshot, snapshotOf } from './back-export';
import { type ConvertContext, convertCell, resolveReferences } from './import-convert';
import { documentBatches, type DocumentsSeen, groupDocuments } from './import-documents';
import {
  type ImportColumn,
  columnByHeader,
  columnLabel,
  importColumns,
  importFields,
  importedLines,
} from './import-fields';
import { type ImportSheet, type SheetRow, readImportSheet, sheetRows } from './import-sheet';
import { LookupMeanings } from './lookups';
import { excelImport, excelImportBatch } from './tables';
import { IMPORT_JOB_THRESHOLD, IMPORT_MAX_ROWS } from './template';
import { safeText } from './cells';
import { collectIfGrown } from '../system/collect';

export const IMPORT_QUEUE = 'excel-import';

/** One problem of the file: its row (the header is row 1; null for the whole file), its column. */
export interface ImportIssue {
  readonly row: number | null;
  readonly column: string;
  readonly message: string;
}

export type ImportOutcome =
  | {
      readonly ok: true;
      /** Rows of the file created (a document import: its lines). */
      readonly created: number;
      /** Documents created, when the entity imports documents with their lines. */
      readonly documents?: number;
    }
  | {
      readonly ok: false;
      readonly issues: ImportIssue[];
      readonly errorFile: AttachmentInfo;
      readonly rows: number;
    };

export interface ImportJob {
  importId: number;
  actor: ActorSnapshot;
}

export interface ImportOptions {
  readonly runtime: EntityRuntime;
  readonly attachments: Attachments;
  readonly jobs: JobService;
  /** Which imports this node runs, and which a dead one left (ADR 0015). */
  readonly lease: WorkLease;
  readonly workDir: string;
}

/** The rollback of an import with problems (they are listed already). */
class Rollback extends Error {
  constructor() {
    super('rollback');
  }
}

const MAX_ERROR_LINES = 50_000;
/** Rows read, checked and handed to createMany at once (a big import commits each batch alone). */
const IMPORT_BATCH = 2000;
/** The audit operation of rows removed because their import failed. */
const IMPORT_UNDO = 'importUndo';

type CellReport = (row: number, field: string, message: string, params?: MessageParams) => void;

/** An array in batches of `size`. */
async function* inBatches<T>(items: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

export class Imports {
  constructor(private readonly options: ImportOptions) {}

  /** The entity an import names, if the caller may create its rows at all. */
  entityFor(actor: Actor, name: unknown): EntityDef {
    if (typeof name !== 'string' || !name.trim()) throw new AppError(400, 'excel.entityRequired');
    const entity = this.options.runtime.registry.find(name.trim());
    if (!entity) throw new AppError(400, 'excel.unknownEntity', { entity: name.trim().slice(0, 80) });
    const title = entityTitle(this.options.runtime.messages(), actor.locale, entity.name);
    if (entity.parent || !entity.writableBy.length)
      throw new AppError(400, 'excel.notImportable', { entity: title });
    // A side that does not create the entity's rows is refused before it is told what it could
    // import (a supplier asking for requisitions: 403, not "no columns").
    if (!actor.system && !entity.writableBy.includes(actor.side))
      throw new AppError(403, 'entity.cannotCreate');
    if (!importFields(entity, actor).length)
      throw new AppError(400, 'excel.notImportable', { entity: title });
    return entity;
  }

  /** Imports a file now, or hands it to a job when it is big; answers what happened. */
  async start(
    actor: Actor,
    entity: EntityDef,
    path: string,
    fileName: string,
    /** Aborted when the client goes away: reading stops. */
    signal?: AbortSignal,
  ): Promise<ImportOutcome | { queued: true; importId: number; total: number }> {
    // Rows past the threshold are only counted: a big file is read again by its job.
    const sheet = await readImportSheet(path, IMPORT_MAX_ROWS, {
      keep: IMPORT_JOB_THRESHOLD,
      ...(signal ? { signal } : {}),
    });
    if (!sheet.count) throw new AppError(400, 'excel.noRows');
    if (sheet.count <= IMPORT_JOB_THRESHOLD) return this.importSheet(actor, entity, sheet);
    const total = sheet.count;
    const { runtime, attachments, jobs } = this.options;
    const stored = await attachments.storage.put(createReadStream(path), attachments.maxBytes);
    const file = await attachments.record(actor, fileName, stored, { path: 'excel/import' }, false);
    const now = runtime.clock.now();
    const importId = await runtime.transaction(async (tx) => {
      const [row] = await tx
        .insert(excelImport)
        .values({
          entityName: entity.name,
          userId: actor.userId,
          fileAttachmentId: file.id,
          fileName,
          status: 'WAITING',
          total,
          creationDate: now,
          lastUpdateDate: now,
        })
        .returning({ id: excelImport.importId });
      const job: ImportJob = { importId: row!.id, actor: snapshotOf(actor) };
      await jobs.send(IMPORT_QUEUE, job);
      return row!.id;
    });
    return { queued: true, importId, total };
  }

  /** The job of a big import. */
  async run(job: ImportJob): Promise<void> {
    const { runtime } = this.options;
    const [row] = await runtime
      .executor()
      .select()
      .from(excelImport)
      .where(eq(excelImport.importId, job.importId));
    // RUNNING: an earlier attempt, undone and failed by the sweep once its node is gone.
    if (!row || row.status === 'DONE' || row.status === 'FAILED' || row.status === 'RUNNING') return;
    await this.options.lease.hold('import', job.importId);
    try {
      await this.runHeld(job, row);
    } finally {
      await this.options.lease.release('import', job.importId);
    }
  }

  private async runHeld(job: ImportJob, row: typeof excelImport.$inferSelect): Promise<void> {
    const { runtime, attachments } = this.options;
    const actor: Actor = { ...job.actor };
    await this.update(job.importId, { status: 'RUNNING', progress: 0 });
    const path = join(this.options.workDir, `${randomBytes(12).toString('hex')}.xlsx`);
    try {
      const [file] = await attachments.rows([row.fileAttachmentId ?? 0]);
      if (!file) throw new AppError(400, 'excel.importLost');
      await mkdir(this.options.workDir, { recursive: true });
      await pipeline(await attachments.storage.get(file.storageKey), createWriteStream(path));
      const entity = this.entityFor(actor, row.entityName);
      // Read twice: the header, field names and count first, then the rows as they stream.
      const sheet = await readImportSheet(path, IMPORT_MAX_ROWS, { keep: 0 });
      const outcome = await this.importSheet(
        actor,
        entity,
        sheet,
        // Written to the record after each committed batch: a status read on any node shows it.
        (done) => this.update(job.importId, { progress: done }),
        sheetRows(path, sheet.sheet, IMPORT_BATCH, IMPORT_MAX_ROWS),
        job.importId,
      );
      if (outcome.ok) {
        // DONE and the undo list gone together: a crash before leaves it RUNNING (undone at start).
        await runtime.transaction(async (tx) => {
          await this.update(job.importId, {
            status: 'DONE',
            created: outcome.created,
            progress: outcome.created,
          });
          await tx.delete(excelImportBatch).where(eq(excelImportBatch.importId, job.importId));
        });
      } else
        await this.update(job.importId, {
          status: 'FAILED',
          errorAttachmentId: outcome.errorFile.id,
          issueCount: outcome.issues.length,
          message: translate(runtime.messages(), actor.locale, 'excel.importFailed', {
            count: outcome.issues.length,
          }),
        });
      await attachments.remove(SYSTEM_ACTOR, [file.attachmentId]).catch(() => undefined);
    } catch (error) {
      const message =
        error instanceof AppError
          ? translate(runtime.messages(), actor.locale, error.messageKey, error.params)
          : error instanceof Error
            ? error.message
            : String(error);
      await this.update(job.importId, { status: 'FAILED', message: message.slice(0, 1000) });
    } finally {
      await rm(path, { force: true });
    }
  }

  /**
   * Imports left RUNNING by a process that died (no live node holds them: `WorkLease`) are
   * FAILED with `reason`, the rows their committed batches created removed, and their uploaded
   * files removed as a finished import's are. Answers how many imports were interrupted.
   */
  async failInterrupted(reason: string): Promise<number> {
    const { runtime, lease } = this.options;
    // Imports RUNNING, or ended with an undo list left (an undo the database refused), that no
    // live node holds: undone first, still RUNNING (a crash in the middle leaves the rest for
    // the next sweep), then FAILED.
    const candidates = await runtime
      .executor()
      .selectDistinct({ importId: excelImport.importId, entityName: excelImport.entityName })
      .from(excelImport)
      .leftJoin(excelImportBatch, eq(excelImportBatch.importId, excelImport.importId))
      .where(
        or(
          eq(excelImport.status, 'RUNNING'),
          and(ne(excelImport.status, 'DONE'), isNotNull(excelImportBatch.importId)),
        ),
      );
    let failed = 0;
    for (const { importId, entityName } of candidates) {
      if (!(await lease.claimOrphan('import', importId))) continue;
      try {
        // Read again now that it is claimed: its runner may have ended it in between.
        const [now] = await runtime
          .executor()
          .select({ status: excelImport.status, fileAttachmentId: excelImport.fileAttachmentId })
          .from(excelImport)
          .where(eq(excelImport.importId, importId));
        if (!now || now.status === 'DONE') continue;
        await this.undo(importId, entityName);
        if (now.status !== 'RUNNING') continue;
        await this.update(importId, { status: 'FAILED', message: reason.slice(0, 1000) });
        if (now.fileAttachmentId !== null)
          await this.options.attachments.remove(SYSTEM_ACTOR, [now.fileAttachmentId]).catch(() => undefined);
        failed++;
      } finally {
        await lease.release('import', importId);
      }
    }
    // A DONE import's leftover list (none is left by `run`, which ends both together) is dropped.
    await runtime
      .executor()
      .delete(excelImportBatch)
      .where(
        inArray(
          excelImportBatch.importId,
          runtime
            .executor()
            .select({ id: excelImport.importId })
            .from(excelImport)
            .where(eq(excelImport.status, 'DONE')),
        ),
      );
    return failed;
  }

  /**
   * Removes the rows an import's committed batches created, the last batch first, each batch in
   * its own transaction with its entry of the undo list (rows deleted since are skipped).
   */
  private async undo(importId: number, entityName: string): Promise<void> {
    const { runtime } = this.options;
    const entity = runtime.registry.find(entityName);
    const batches = await runtime
      .executor()
      .select({ batchNo: excelImportBatch.batchNo, ids: excelImportBatch.ids })
      .from(excelImportBatch)
      .where(eq(excelImportBatch.importId, importId))
      .orderBy(desc(excelImportBatch.batchNo));
    for (const batch of batches) {
      await runtime.transaction(async (tx) => {
        if (entity) {
          const table = runtime.table(entity.name);
          const key = table[entity.key] as AnyPgColumn;
          const stored = await tx.select({ id: key }).from(table).where(inArray(key, batch.ids));
          const ids = stored.map((row) => Number(row.id));
          // A document's lines first, so their removal is audited too (the database would
          // cascade it silently).
          for (const line of Object.values(entity.lines)) {
            const lines = runtime.table(line.name);
            const parent = lines[line.parent!.field] as AnyPgColumn;
            const lineKey = lines[line.key] as AnyPgColumn;
            for (let start = 0; start < ids.length; start += 1000) {
              const owned = await tx
                .select({ id: lineKey })
                .from(lines)
                .where(inArray(parent, ids.slice(start, start + 1000)));
              const lineIds = owned.map((row) => Number(row.id));
              for (let from = 0; from < lineIds.length; from += 1000)
                await runtime
                  .service(line.name)
                  .removeRows(SYSTEM_ACTOR, lineIds.slice(from, from + 1000), IMPORT_UNDO);
            }
          }
          const service = runtime.service(entity.name);
          for (let start = 0; start < ids.length; start += 1000)
            await service.removeRows(SYSTEM_ACTOR, ids.slice(start, start + 1000), IMPORT_UNDO);
        }
        await tx
          .delete(excelImportBatch)
          .where(and(eq(excelImportBatch.importId, importId), eq(excelImportBatch.batchNo, batch.batchNo)));
      });
    }
  }

  private async update(importId: number, values: Partial<typeof excelImport.$inferInsert>): Promise<void> {
    await this.options.runtime
      .executor()
      .update(excelImport)
      .set({ ...values, lastUpdateDate: this.options.runtime.clock.now() })
      .where(eq(excelImport.importId, importId));
  }

  /** The state of a big import, for the user who started it. */
  async status(actor: Actor, importId: number) {
    const [row] = await this.options.runtime
      .executor()
      .select()
      .from(excelImport)
      .where(and(eq(excelImport.importId, importId)));
    if (!row || (row.userId !== actor.userId && !actor.system))
      throw new AppError(404, 'excel.importNotFound');
    return {
      importId: row.importId,
      entityName: row.entityName,
      fileName: row.fileName,
      status: row.status,
      total: row.total,
      progress: row.progress,
      created: row.created,
      errorFileId: row.errorAttachmentId,
      issueCount: row.issueCount,
      message: row.message,
    };
  }

  /** Converts and creates the rows of a sheet (or the documents they form), all or none. */
  async importSheet(
    actor: Actor,
    entity: EntityDef,
    sheet: ImportSheet,
    onProgress?: (done: number) => void | Promise<void>,
    /** The data rows as a stream of batches (a big file); else the sheet's rows. */
    batches?: AsyncIterable<SheetRow[]>,
    /**
     * The import record of a big import: each batch is then committed alone and listed as the
     * record's undo list (carried out here when the import fails); else all in one transaction.
     */
    importId?: number,
  ): Promise<ImportOutcome> {
    const { runtime } = this.options;
    const messages = runtime.messages();
    const t = (key: string, params?: MessageParams) => translate(messages, actor.locale, key, params);
    const all = importColumns(entity, actor);
    const lines = importedLines(entity);
    const issues: ImportIssue[] = [];
    const columns = this.mapColumns(actor, all, sheet, issues);
    if (!columns.some(Boolean)) {
      throw new AppError(400, 'excel.noColumns', {
        entity: entityTitle(messages, actor.locale, entity.name),
      });
    }
    const documentColumn = columns.findIndex((column) => column?.part === 'document');
    if (lines && documentColumn < 0)
      throw new AppError(400, 'excel.noDocumentColumn', { column: t('excel.documentNo') });
    /** A column's label as the file writes it (a line field's `lines.remark`: the line's label). */
    const labelOf = (key: string) => {
      const index = columns.findIndex((column) => column?.key === key);
      if (index >= 0 && sheet.headers[index]) return sheet.headers[index]!.replace(/^[\s*＊]+/, '');
      const column = all.find((candidate) => candidate.key === key);
      if (column) return columnLabel(messages, actor.locale, column, all);
      const dot = key.indexOf('.');
      return lines && dot > 0
        ? fieldLabel(messages, actor.locale, lines.line.name, key.slice(dot + 1))
        : fieldLabel(messages, actor.locale, entity.name, key);
    };
    const lookups = await LookupMeanings.load(
      runtime,
      actor.locale,
      columns.filter((c): c is ImportColumn => c?.field.kind === 'lookup').map((c) => c.field as LookupField),
    );
    const context: ConvertContext = {
      lookups,
      timeZone: runtime.timeZone,
      yes: t('excel.yes'),
      no: t('excel.no'),
    };
    // Cells already reported: createMany's own issue on the same cell is not listed again.
    const reported = new Set<string>();
    const cellIssue: CellReport = (row, key, message, params) => {
      const column = labelOf(key);
      reported.add(`${row}\u0000${column}`);
      issues.push({ row, column, message: t(message, params) });
    };
    const failed = (row: number, key: string) => reported.has(`${row}\u0000${labelOf(key)}`);

    // The rows a batch at a time: converted, names resolved, unique values checked, created — or,
    // once anything is wrong, still checked to the end (so every problem is listed) and nothing
    // kept. What is held per row is a batch's worth, whatever the file's size; only the unique
    // values seen (for duplicates in the file) and the document numbers grow with it. A small
    // import runs in one transaction; a big one commits each clean batch with its entry in the
    // undo list and, when a problem turns up, undoes the batches committed before it.
    const seen = new Map<string, Map<string, number>>();
    const documentsSeen: DocumentsSeen = new Map();
    const service = runtime.service(entity.name);
    let created = 0;
    let documentCount = 0;
    let rowCount = 0;
    let batchNo = 0;
    /**
     * A batch's save bodies (its rows, or the documents they form), the file rows they stand for,
     * and the sheet row and column key an issue's path (after the body's index) points at.
     */
    const bodiesOf = async (
      rows: SheetRow[],
      values: Record<string, unknown>[],
      numbers: number[],
    ): Promise<{
      bodies: Record<string, unknown>[];
      rows: number;
      place(index: number, path: readonly (string | number)[]): { row: number | null; key: string };
    }> => {
      if (!lines) {
        await this.uniqueIssues(columns, values, numbers, seen, cellIssue);
        return {
          bodies: values,
          rows: values.length,
          place: (index, path) => ({
            row: numbers[index] ?? null,
            key: typeof path[0] === 'string' ? path[0] : '',
          }),
        };
      }
      const { collection } = lines;
      const documents = groupDocuments(
        columns,
        collection,
        lines.line,
        rows,
        values,
        documentsSeen,
        cellIssue,
        failed,
      );
      // A header's unique values once per document (its first row), a line's on every row.
      const firstRows = new Set(documents.map((document) => document.firstRow));
      const firsts = rows.flatMap((row, index) => (firstRows.has(row.number) ? [index] : []));
      await this.uniqueIssues(
        columns.map((column) => (column?.part === 'header' ? column : null)),
        firsts.map((index) => values[index]!),
        firsts.map((index) => numbers[index]!),
        seen,
        cellIssue,
      );
      await this.uniqueIssues(
        columns.map((column) => (column?.part === 'line' ? column : null)),
        values,
        numbers,
        seen,
        cellIssue,
      );
      return {
        bodies: documents.map((document) => document.body),
        rows: documents.reduce((sum, document) => sum + document.lineRows.length, 0),
        place: (index, path) => {
          const document = documents[index];
          if (!document) return { row: null, key: '' };
          const [first, line, field] = path;
          if (first === collection && typeof line === 'number')
            return {
              row: document.lineRows[line] ?? document.firstRow,
              key: typeof field === 'string' ? `${collection}.${field}` : collection,
            };
          return { row: document.firstRow, key: typeof first === 'string' ? first : '' };
        },
      };
    };
    const createBatch = async (rows: SheetRow[]): Promise<{ ids: number[]; rows: number }> => {
      const numbers = rows.map((row) => row.number);
      const values = rows.map((row) => this.convertRow(columns, row, context, cellIssue));
      rowCount += rows.length;
      await this.resolveNames(actor, columns, values, numbers, cellIssue);
      const batch = await bodiesOf(rows, values, numbers);
      const before = rowCount - rows.length;
      // A big import counts a batch once it is committed (or checked and dropped): a status read
      // between batches then matches what a list shows. A small one counts rows as they are
      // written (documents: once the batch is).
      const result = await service.createMany(
        actor,
        batch.bodies,
        lines
          ? { withLines: true }
          : importId === undefined
            ? { onProgress: (count) => onProgress?.(before + count) }
            : {},
      );
      if (importId === undefined) void onProgress?.(rowCount);
      collectIfGrown(16);
      if (!('issues' in result)) return { ids: result.ids, rows: batch.rows };
      for (const issue of result.issues) {
        const [index, ...path] = issue.path;
        const { row, key } = typeof index === 'number' ? batch.place(index, path) : { row: null, key: '' };
        const column = key ? labelOf(key) : '';
        if (reported.has(`${row}\u0000${column}`)) continue;
        issues.push({ row, column, message: t(issue.message, issue.params) });
      }
      return { ids: [], rows: 0 };
    };
    const rowBatches = () => {
      const source = batches ?? inBatches(sheet.rows, IMPORT_BATCH);
      return lines ? documentBatches(source, documentColumn, IMPORT_BATCH) : source;
    };
    const add = (batch: { ids: number[]; rows: number }) => {
      created += batch.rows;
      documentCount += batch.ids.length;
    };
    try {
      if (importId === undefined) {
        await runtime.transaction(async () => {
          for await (const rows of rowBatches()) add(await createBatch(rows));
          if (issues.length) throw new Rollback();
        });
      } else {
        try {
          for await (const rows of rowBatches()) {
            await runtime
              .transaction(async (tx) => {
                const batch = await createBatch(rows);
                // After the first problem no batch is kept: the rest are only checked.
                if (issues.length) throw new Rollback();
                await tx.insert(excelImportBatch).values({ importId, batchNo: ++batchNo, ids: batch.ids });
                add(batch);
              })
              .catch((error: unknown) => {
                if (!(error instanceof Rollback)) throw error;
              });
            await onProgress?.(rowCount);
          }
          if (issues.length) throw new Rollback();
        } catch (error) {
          await this.undo(importId, entity.name);
          throw error;
        }
      }
    } catch (error) {
      created = 0;
      documentCount = 0;
      if (error instanceof Rollback) {
        // The issues are listed already.
      } else if (error instanceof AppError && error.httpStatus !== 500) {
        const rendered = error.render ? error.render(actor.locale).msg : t(error.messageKey, error.params);
        issues.push({ row: null, column: '', message: rendered });
      } else throw error;
    }
    if (!issues.length) return { ok: true, created, ...(lines ? { documents: documentCount } : {}) };
    issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    const errorFile = await this.errorFile(actor, entity, issues);
    return { ok: false, issues, errorFile, rows: rowCount };
  }

  /** A row's cells as values by column key; a cell that does not convert is an issue. */
  private convertRow(
    columns: readonly (ImportColumn | null)[],
    row: SheetRow,
    context: ConvertContext,
    cellIssue: CellReport,
  ): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      if (!column) return;
      const cell = row.cells[index] ?? null;
      if (cell === null || (typeof cell === 'string' && !cell.trim())) return;
      const converted = convertCell(column.field, cell, context);
      if (converted.ok) body[column.key] = converted.value;
      else cellIssue(row.number, column.key, converted.issue.message, converted.issue.params);
    });
    return body;
  }

  /** Names of referenced rows → their ids (within the caller's scope). */
  private async resolveNames(
    actor: Actor,
    columns: readonly (ImportColumn | null)[],
    bodies: Record<string, unknown>[],
    numbers: readonly number[],
    cellIssue: CellReport,
  ): Promise<void> {
    for (const column of columns) {
      if (!column || column.field.kind !== 'ref') continue;
      const names = bodies.map((body) => body[column.key]).filter((v): v is string => typeof v === 'string');
      if (!names.length) continue;
      const resolved = await resolveReferences(this.options.runtime, actor, column.field as RefField, names);
      bodies.forEach((body, index) => {
        const name = body[column.key];
        if (typeof name !== 'string') return;
        const found = resolved.get(name)!;
        if ('id' in found) body[column.key] = found.id;
        else {
          delete body[column.key];
          cellIssue(numbers[index]!, column.key, found.issue.message, found.issue.params);
        }
      });
    }
  }

  /** Which column each column of the file is; unknown and repeated headers are issues. */
  private mapColumns(
    actor: Actor,
    all: readonly ImportColumn[],
    sheet: ImportSheet,
    issues: ImportIssue[],
  ): (ImportColumn | null)[] {
    const messages = this.options.runtime.messages();
    const byKey = new Map(all.map((column) => [column.key, column]));
    const byHeader = columnByHeader(messages, all);
    const seen = new Set<string>();
    return sheet.headers.map((header, index) => {
      const named = sheet.fieldNames?.[index];
      const column = (named ? byKey.get(named) : undefined) ?? (header ? byHeader(header) : undefined);
      if (!header && !column) return null;
      if (!column) {
        issues.push({
          row: 1,
          column: header,
          message: translate(messages, actor.locale, 'excel.unknownHeader', { header }),
        });
        return null;
      }
      if (seen.has(column.key)) {
        issues.push({
          row: 1,
          column: header,
          message: translate(messages, actor.locale, 'excel.duplicateHeader', { header }),
        });
        return null;
      }
      seen.add(column.key);
      return column;
    });
  }

  /**
   * Values of unique fields repeated in the file or already stored. `seen` holds, per column,
   * the values of earlier batches with their first row: a value first seen in this batch is
   * looked up in its entity's table (before this batch is created; earlier batches' rows are all
   * first seen there).
   */
  private async uniqueIssues(
    columns: readonly (ImportColumn | null)[],
    bodies: readonly Record<string, unknown>[],
    numbers: readonly number[],
    seen: Map<string, Map<string, number>>,
    report: CellReport,
  ): Promise<void> {
    const { runtime } = this.options;
    for (const column of columns) {
      if (!column?.field.unique || column.field.sealed) continue;
      const table = runtime.table(column.entity.name);
      let first = seen.get(column.key);
      if (!first) seen.set(column.key, (first = new Map()));
      const fresh: string[] = [];
      bodies.forEach((body, index) => {
        const value = body[column.key];
        if (value === undefined || value === null) return;
        const key = String(value);
        const earlier = first.get(key);
        if (earlier === undefined) {
          first.set(key, numbers[index]!);
          fresh.push(key);
        } else
          report(numbers[index]!, column.key, 'excel.duplicateInFile', {
            value: key.slice(0, 60),
            row: earlier,
          });
      });
      const existing = new Set<string>();
      for (let start = 0; start < fresh.length; start += 1000) {
        const col = table[column.name] as AnyPgColumn;
        const rows = await runtime
          .executor()
          .select({ value: col })
          .from(table)
          .where(inArray(col, fresh.slice(start, start + 1000)));
        for (const row of rows) existing.add(String(row.value));
      }
      if (!existing.size) continue;
      bodies.forEach((body, index) => {
        const value = body[column.key];
        if (value === undefined || value === null || !existing.has(String(value))) return;
        report(numbers[index]!, column.key, 'excel.alreadyExists', { value: String(value).slice(0, 60) });
      });
    }
  }

  /** The error file: one line per problem, stored as an attachment of the caller. */
  private async errorFile(
    actor: Actor,
    entity: EntityDef,
    issues: readonly ImportIssue[],
  ): Promise<AttachmentInfo> {
    const { runtime, attachments } = this.options;
    const messages = runtime.messages();
    const t = (key: string, params?: MessageParams) => translate(messages, actor.locale, key, params);
    await mkdir(this.options.workDir, { recursive: true });
    const path = join(this.options.workDir, `${randomBytes(12).toString('hex')}.xlsx`);
    try {
      const file = createWriteStream(path);
      const workbook = new (await loadExcelJs()).stream.xlsx.WorkbookWriter({
        stream: file,
        useStyles: true,
        useSharedStrings: false,
      } as unknown as ExcelJS.stream.xlsx.WorkbookStreamWriterOptions);
      const sheet = workbook.addWorksheet(t('excel.errorFile.sheet'), {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.columns = [{ width: 10 }, { width: 24 }, { width: 80 }];
      const header = sheet.addRow([
        t('excel.errorFile.row'),
        t('excel.errorFile.column'),
        t('excel.errorFile.message'),
      ]);
      header.font = { bold: true };
      header.commit();
      for (const issue of issues.slice(0, MAX_ERROR_LINES))
        sheet.addRow([issue.row, safeText(issue.column), safeText(issue.message)]).commit();
      sheet.commit();
      await workbook.commit();
      await finished(file);
      const stored = await attachments.storage.put(createReadStream(path), attachments.maxBytes);
      const title = entityTitle(messages, actor.locale, entity.name);
      return attachments.record(
        actor,
        t('excel.errorFile.name', { entity: title }),
        stored,
        { path: 'excel/import-errors' },
        false,
      );
    } finally {
      await rm(path, { force: true });
    }
  }
}
