// Importing rows from an xlsx: headers mapped to fields (the template's hidden sheet, or the
// labels), cells converted, file duplicates and existing values of unique fields found, then
// EntityService.createMany as the caller — all rows or none. When any row has a problem nothing
// is written and an error file (row, column, message in the caller's language) is stored for
// the caller. Files of more than 5000 rows are imported by a job with a status row.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { finished } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs';
import {
  type EntityDef,
  type LookupField,
  type MessageParams,
  type RefField,
  type SaveIssue,
  entityTitle,
  fieldLabel,
  translate,
} from '@srm/kernel';
import { type Actor, SYSTEM_ACTOR } from '../access/actor';
import { AppError } from '../http/errors';
import type { EntityRuntime } from '../entity/runtime';
import type { AttachmentInfo, Attachments } from '../files/attachments';
import type { JobService } from '../jobs/jobs';
import { type ActorSnapshot, snapshotOf } from './back-export';
import { type ConvertContext, convertCell, resolveReferences } from './import-convert';
import { type ImportField, fieldByHeader, importFields } from './import-fields';
import { type ImportSheet, readImportSheet } from './import-sheet';
import { LookupMeanings } from './lookups';
import { excelImport } from './tables';
import { IMPORT_JOB_THRESHOLD, IMPORT_MAX_ROWS } from './template';
import { safeText } from './cells';

export const IMPORT_QUEUE = 'excel-import';

/** One problem of the file: its row (the header is row 1; null for the whole file), its column. */
export interface ImportIssue {
  readonly row: number | null;
  readonly column: string;
  readonly message: string;
}

export type ImportOutcome =
  | { readonly ok: true; readonly created: number }
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
  readonly workDir: string;
}

/** A rollback that carries what the dry run found. */
class Rollback extends Error {
  constructor(readonly issues: SaveIssue[]) {
    super('rollback');
  }
}

const MAX_ERROR_LINES = 50_000;
/** Rows handed to createMany at once (all in one transaction). */
const CREATE_SLICE = 5000;

export class Imports {
  /** Progress of imports running on this node (the status row is written outside transactions). */
  private readonly live = new Map<number, number>();

  constructor(private readonly options: ImportOptions) {}

  /** The entity an import names, if the caller may create its rows at all. */
  entityFor(actor: Actor, name: unknown): EntityDef {
    if (typeof name !== 'string' || !name.trim()) throw new AppError(400, 'excel.entityRequired');
    const entity = this.options.runtime.registry.find(name.trim());
    if (!entity) throw new AppError(400, 'excel.unknownEntity', { entity: name.trim().slice(0, 80) });
    const title = entityTitle(this.options.runtime.messages(), actor.locale, entity.name);
    if (entity.parent || !importFields(entity, actor).length)
      throw new AppError(400, 'excel.notImportable', { entity: title });
    if (!actor.system && !entity.writableBy.includes(actor.side))
      throw new AppError(403, 'entity.cannotCreate');
    return entity;
  }

  /** Imports a file now, or hands it to a job when it is big; answers what happened. */
  async start(
    actor: Actor,
    entity: EntityDef,
    path: string,
    fileName: string,
  ): Promise<ImportOutcome | { queued: true; importId: number; total: number }> {
    // Rows past the threshold are only counted: a big file is read again by its job.
    const sheet = await readImportSheet(path, IMPORT_MAX_ROWS, { keep: IMPORT_JOB_THRESHOLD });
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
    const { runtime, attachments } = this.options;
    const [row] = await runtime
      .executor()
      .select()
      .from(excelImport)
      .where(eq(excelImport.importId, job.importId));
    if (!row || row.status === 'DONE' || row.status === 'FAILED') return;
    const actor: Actor = { ...job.actor };
    await this.update(job.importId, { status: 'RUNNING', progress: 0 });
    const path = join(this.options.workDir, `${randomBytes(12).toString('hex')}.xlsx`);
    try {
      const [file] = await attachments.rows([row.fileAttachmentId ?? 0]);
      if (!file) throw new AppError(400, 'excel.importLost');
      await mkdir(this.options.workDir, { recursive: true });
      await pipeline(await attachments.storage.get(file.storageKey), createWriteStream(path));
      const entity = this.entityFor(actor, row.entityName);
      const sheet = await readImportSheet(path, IMPORT_MAX_ROWS);
      const outcome = await this.importSheet(actor, entity, sheet, (done) =>
        this.live.set(job.importId, done),
      );
      if (outcome.ok)
        await this.update(job.importId, {
          status: 'DONE',
          created: outcome.created,
          progress: outcome.created,
        });
      else
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
      this.live.delete(job.importId);
      await rm(path, { force: true });
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
      progress: this.live.get(row.importId) ?? row.progress,
      created: row.created,
      errorFileId: row.errorAttachmentId,
      issueCount: row.issueCount,
      message: row.message,
    };
  }

  /** Converts and creates the rows of a sheet, all or none. */
  async importSheet(
    actor: Actor,
    entity: EntityDef,
    sheet: ImportSheet,
    onProgress?: (done: number) => void,
  ): Promise<ImportOutcome> {
    const { runtime } = this.options;
    const messages = runtime.messages();
    const t = (key: string, params?: MessageParams) => translate(messages, actor.locale, key, params);
    const fields = importFields(entity, actor);
    const issues: ImportIssue[] = [];
    const columns = this.mapColumns(actor, entity, fields, sheet, issues);
    if (!columns.some(Boolean)) {
      throw new AppError(400, 'excel.noColumns', {
        entity: entityTitle(messages, actor.locale, entity.name),
      });
    }
    const labelOf = (name: string) => {
      const index = columns.findIndex((column) => column?.name === name);
      return index >= 0 && sheet.headers[index]
        ? sheet.headers[index]!.replace(/^[\s*＊]+/, '')
        : fieldLabel(messages, actor.locale, entity.name, name);
    };
    const lookups = await LookupMeanings.load(
      runtime,
      actor.locale,
      columns.filter((c): c is ImportField => c?.field.kind === 'lookup').map((c) => c.field as LookupField),
    );
    const context: ConvertContext = {
      lookups,
      timeZone: runtime.timeZone,
      yes: t('excel.yes'),
      no: t('excel.no'),
    };
    const cellIssue = (row: number, field: string, message: string, params?: MessageParams) =>
      issues.push({ row, column: labelOf(field), message: t(message, params) });

    // Cells → values.
    const bodies: Record<string, unknown>[] = sheet.rows.map((row) => {
      const body: Record<string, unknown> = {};
      columns.forEach((column, index) => {
        if (!column) return;
        const cell = row.cells[index] ?? null;
        if (cell === null || (typeof cell === 'string' && !cell.trim())) return;
        const converted = convertCell(column.field, cell, context);
        if (converted.ok) body[column.name] = converted.value;
        else cellIssue(row.number, column.name, converted.issue.message, converted.issue.params);
      });
      return body;
    });
    // The cells are no longer needed: only the rows' numbers are.
    const numbers = sheet.rows.map((row) => row.number);
    const rowCount = numbers.length;
    sheet.rows.length = 0;
    // Names → ids.
    for (const column of columns) {
      if (!column || column.field.kind !== 'ref') continue;
      const names = bodies.map((body) => body[column.name]).filter((v): v is string => typeof v === 'string');
      if (!names.length) continue;
      const resolved = await resolveReferences(runtime, actor, column.field as RefField, names);
      bodies.forEach((body, index) => {
        const name = body[column.name];
        if (typeof name !== 'string') return;
        const found = resolved.get(name)!;
        if ('id' in found) body[column.name] = found.id;
        else {
          delete body[column.name];
          cellIssue(numbers[index]!, column.name, found.issue.message, found.issue.params);
        }
      });
    }
    await this.uniqueIssues(entity, columns, bodies, numbers, cellIssue);

    // All or none: one transaction, rolled back when anything is wrong (so a file with problems
    // is still checked whole). The rows go to createMany in slices, which keeps what it holds
    // per row (parsed rows, audit entries, insert statements) to a slice at a time.
    const reported = new Set(issues.map((issue) => `${issue.row}\u0000${issue.column}`));
    const found: SaveIssue[] = [];
    let created = 0;
    try {
      await runtime.transaction(async () => {
        const service = runtime.service(entity.name);
        for (let start = 0; start < bodies.length; start += CREATE_SLICE) {
          const slice = bodies.slice(start, start + CREATE_SLICE);
          const result = await service.createMany(actor, slice, {
            onProgress: (done) => onProgress?.(start + done),
          });
          if ('issues' in result)
            for (const issue of result.issues)
              found.push({ ...issue, path: [(issue.path[0] as number) + start, ...issue.path.slice(1)] });
          else created += result.ids.length;
          bodies.fill({}, start, start + CREATE_SLICE);
        }
        if (found.length || issues.length) throw new Rollback(found);
      });
    } catch (error) {
      created = 0;
      if (error instanceof Rollback) {
        for (const issue of error.issues) {
          const [index, field] = issue.path;
          const row = typeof index === 'number' ? (numbers[index] ?? null) : null;
          const column = typeof field === 'string' ? labelOf(field) : '';
          if (reported.has(`${row}\u0000${column}`)) continue;
          issues.push({ row, column, message: t(issue.message, issue.params) });
        }
      } else if (error instanceof AppError && error.httpStatus !== 500) {
        const rendered = error.render ? error.render(actor.locale).msg : t(error.messageKey, error.params);
        issues.push({ row: null, column: '', message: rendered });
      } else throw error;
    }
    if (!issues.length) return { ok: true, created };
    issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    const errorFile = await this.errorFile(actor, entity, issues);
    return { ok: false, issues, errorFile, rows: rowCount };
  }

  /** Which field each column of the file holds; unknown and repeated headers are issues. */
  private mapColumns(
    actor: Actor,
    entity: EntityDef,
    fields: readonly ImportField[],
    sheet: ImportSheet,
    issues: ImportIssue[],
  ): (ImportField | null)[] {
    const messages = this.options.runtime.messages();
    const byName = new Map(fields.map((field) => [field.name, field]));
    const byHeader = fieldByHeader(messages, entity, fields);
    const seen = new Set<string>();
    return sheet.headers.map((header, index) => {
      const named = sheet.fieldNames?.[index];
      const field = (named ? byName.get(named) : undefined) ?? (header ? byHeader(header) : undefined);
      if (!header && !field) return null;
      if (!field) {
        issues.push({
          row: 1,
          column: header,
          message: translate(messages, actor.locale, 'excel.unknownHeader', { header }),
        });
        return null;
      }
      if (seen.has(field.name)) {
        issues.push({
          row: 1,
          column: header,
          message: translate(messages, actor.locale, 'excel.duplicateHeader', { header }),
        });
        return null;
      }
      seen.add(field.name);
      return field;
    });
  }

  /** Values of unique fields repeated in the file or already stored. */
  private async uniqueIssues(
    entity: EntityDef,
    columns: readonly (ImportField | null)[],
    bodies: readonly Record<string, unknown>[],
    numbers: readonly number[],
    report: (row: number, field: string, message: string, params?: MessageParams) => void,
  ): Promise<void> {
    const { runtime } = this.options;
    const table = runtime.table(entity.name);
    for (const column of columns) {
      if (!column?.field.unique || column.field.sealed) continue;
      const first = new Map<string, number>();
      bodies.forEach((body, index) => {
        const value = body[column.name];
        if (value === undefined || value === null) return;
        const key = String(value);
        const earlier = first.get(key);
        if (earlier === undefined) first.set(key, numbers[index]!);
        else
          report(numbers[index]!, column.name, 'excel.duplicateInFile', {
            value: key.slice(0, 60),
            row: earlier,
          });
      });
      const values = [...first.keys()];
      const existing = new Set<string>();
      for (let start = 0; start < values.length; start += 1000) {
        const col = table[column.name] as AnyPgColumn;
        const rows = await runtime
          .executor()
          .select({ value: col })
          .from(table)
          .where(inArray(col, values.slice(start, start + 1000)));
        for (const row of rows) existing.add(String(row.value));
      }
      bodies.forEach((body, index) => {
        const value = body[column.name];
        if (value !== undefined && value !== null && existing.has(String(value)))
          report(numbers[index]!, column.name, 'excel.alreadyExists', {
            value: String(value).slice(0, 60),
          });
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
