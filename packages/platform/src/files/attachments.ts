// Attachments: storing uploads, and who may read or change a file. A file belongs to its
// uploader until a save (or an upload naming the record) links it to a record; from then on
// access follows the record: whoever may read the record may read the file, whoever holds the
// record's save right and may still change its field may add or delete one. Some records keep
// their files to fewer people (a background export's file is its requester's alone). Every read
// path asks `assertReadable` / `readable`, both write paths `assertChangeable`.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type EntityDef, DEFAULT_MAX_UPLOAD } from '@srm/kernel';
import type { Executor } from '@srm/db';
import type { Actor } from '../access/actor';
import type { RecordAccess } from '../access/records';
import { AppError } from '../http/errors';
import type { EntityRuntime } from '../entity/runtime';
import {
  ContentMismatchError,
  ProgramRefusedError,
  contentCheck,
  contentTypeOf,
  extensionOf,
  isAcceptedExtension,
} from './content-type';
import { type FileStorage, FileTooLargeError, type StoredObject } from './storage';
import { attachment } from './tables';
import type { FileUse, Watermark } from './watermark';

export type AttachmentRow = typeof attachment.$inferSelect;

/** The spec's attachment shape, as clients receive it. */
export interface AttachmentInfo {
  id: number;
  originalFileName: string;
  fileSize: number;
  suffixName: string;
  fileName: string;
  contentType: string;
  fileDesc: string | null;
  functionId: string | null;
  businessId: number | null;
  creationDate: number;
  createdBy: number | null;
}

export interface UploadContext {
  path?: string | null;
  functionId?: string | null;
  businessId?: number | null;
  fileDesc?: string | null;
}

export function infoOf(row: AttachmentRow): AttachmentInfo {
  return {
    id: row.attachmentId,
    originalFileName: row.originalFileName,
    fileSize: row.fileSize,
    suffixName: row.suffixName,
    fileName: row.fileName,
    contentType: row.contentType,
    fileDesc: row.fileDesc,
    functionId: row.functionId,
    businessId: row.businessId,
    creationDate: row.creationDate.getTime(),
    createdBy: row.createdBy,
  };
}

/** The entity's fields that hold attachments. */
function attachmentFields(entity: EntityDef): string[] {
  return Object.entries(entity.fields)
    .filter(([, field]) => field.kind === 'attachments')
    .map(([name]) => name);
}

/** A user-supplied file name, kept only as a label: no path, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(-200);
  return cleaned || 'file';
}

/** Who may read the files of one record, where the record's readers are too many. */
export type FileReadRule = (actor: Actor, recordId: number) => Promise<boolean>;

/**
 * The watermark a served copy of one record's file carries for this reader and use, if any (a
 * contract document's, by its area's rules); the rule reads with the reader's own scope.
 */
export type WatermarkRule = (actor: Actor, recordId: number, use: FileUse) => Promise<Watermark | null>;

/** Counts the actor's download of a file of one record (see `countDownloadsWith`). */
export type DownloadRule = (actor: Actor, recordId: number) => Promise<void>;

/** The record an upload names, once checked. */
interface UploadTarget {
  functionId: string;
  businessId: number;
}

export class Attachments {
  private readonly readRules = new Map<string, FileReadRule>();
  private readonly extraReaders = new Map<string, FileReadRule>();
  private readonly watermarks = new Map<string, WatermarkRule>();
  private readonly downloads = new Map<string, DownloadRule>();

  constructor(
    private readonly runtime: EntityRuntime,
    readonly storage: FileStorage,
    /** A local directory for derived files (PDF renderings of office documents) and work files. */
    readonly cacheDir: string,
    /** The access policy's read grants and the engine's scope, for the records files belong to. */
    private readonly access: RecordAccess,
    readonly maxBytes: number = DEFAULT_MAX_UPLOAD,
  ) {}

  /**
   * The files of this entity's records are read only by whom `rule` lets, not by every reader
   * of the record (background exports: their requester).
   */
  restrictReading(entityName: string, rule: FileReadRule): void {
    this.readRules.set(entityName, rule);
  }

  /**
   * The files of this entity's records are also read by whom `rule` lets, besides the readers
   * of the record (a notice's receivers, who cannot read the notice itself).
   */
  alsoReadableBy(entityName: string, rule: FileReadRule): void {
    this.extraReaders.set(entityName, rule);
  }

  /** The files of this entity's records are served with the watermark `rule` gives. */
  watermarkWith(entityName: string, rule: WatermarkRule): void {
    this.watermarks.set(entityName, rule);
  }

  /** Downloads of the files of this entity's records are counted by `rule` (a shared file's). */
  countDownloadsWith(entityName: string, rule: DownloadRule): void {
    this.downloads.set(entityName, rule);
  }

  /** Counts a download of this file by the actor, when its record's area counts them. */
  async downloaded(actor: Actor, row: AttachmentRow): Promise<void> {
    const rule = row.functionId && row.businessId ? this.downloads.get(row.functionId) : undefined;
    if (rule && !actor.system) await rule(actor, row.businessId!);
  }

  /** The watermark of a served copy of this file, when its record's area asks for one. */
  async watermarkOf(actor: Actor, row: AttachmentRow, use: FileUse): Promise<Watermark | null> {
    const rule = row.functionId && row.businessId ? this.watermarks.get(row.functionId) : undefined;
    return rule && !actor.system ? rule(actor, row.businessId!, use) : null;
  }

  /** Where the PDF rendering of an office document is kept (by content and by format read as). */
  previewPdfPath(row: Pick<AttachmentRow, 'storageKey' | 'suffixName'>): string {
    return join(this.cacheDir, 'pdf', `${row.storageKey}.${row.suffixName}.pdf`);
  }

  private on(): Executor {
    return this.runtime.executor();
  }

  /** The names of the users who uploaded files (for the attachment list's uploader column). */
  async uploaderNames(userIds: readonly (number | null)[]): Promise<Map<number, string>> {
    const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
    const names = new Map<number, string>();
    if (!ids.length || !this.runtime.registry.find('baseUser')) return names;
    const users = this.runtime.table('baseUser');
    const rows = (await this.on()
      .select({
        userId: users.userId as AnyPgColumn,
        userName: users.userName as AnyPgColumn,
        userFullName: users.userFullName as AnyPgColumn,
      })
      .from(users)
      .where(inArray(users.userId as AnyPgColumn, ids))) as {
      userId: number;
      userName: string;
      userFullName: string | null;
    }[];
    for (const row of rows) names.set(row.userId, row.userFullName || row.userName);
    return names;
  }

  /** The extension of a file name, or a 415 when it is not one of the accepted types. */
  acceptedExtension(originalFileName: string): string {
    const extension = extensionOf(originalFileName);
    if (!isAcceptedExtension(extension))
      throw new AppError(415, 'file.extensionRefused', { extension: extension || '?' });
    return extension;
  }

  /** Stores one uploaded file for the actor; refuses blocked extensions and mismatching contents. */
  async store(
    actor: Actor,
    fileName: string,
    content: Readable,
    context: UploadContext,
    options: { images?: boolean; large?: boolean } = {},
  ): Promise<AttachmentInfo> {
    const originalFileName = cleanFileName(fileName);
    let extension: string;
    try {
      extension = this.acceptedExtension(originalFileName);
    } catch (error) {
      content.resume();
      throw error;
    }
    if (options.images && !['gif', 'jpg', 'jpeg', 'png', 'bmp'].includes(extension)) {
      content.resume();
      throw new AppError(415, 'file.imageOnly');
    }
    let stored;
    try {
      stored = await this.storage.put(content, this.maxBytes, [contentCheck(extension)]);
    } catch (error) {
      if (error instanceof ContentMismatchError)
        throw new AppError(415, 'file.contentMismatch', { extension });
      if (error instanceof ProgramRefusedError) throw new AppError(415, 'file.programRefused');
      if (error instanceof FileTooLargeError)
        throw new AppError(413, 'file.tooLarge', { max: this.maxBytes });
      throw error;
    }
    return this.record(actor, originalFileName, stored, context, options.large ?? false);
  }

  /** The attachment row of stored content. */
  async record(
    actor: Actor,
    originalFileName: string,
    stored: StoredObject,
    context: UploadContext,
    large: boolean,
  ): Promise<AttachmentInfo> {
    const extension = extensionOf(originalFileName);
    const [row] = await this.on()
      .insert(attachment)
      .values({
        originalFileName,
        fileName: `${stored.key}.${extension}`,
        suffixName: extension,
        fileSize: stored.size,
        contentType: contentTypeOf(extension),
        storageKey: stored.key,
        path: context.path?.slice(0, 255) ?? null,
        fileDesc: context.fileDesc?.slice(0, 500) ?? null,
        largeFileFlag: large ? 'Y' : 'N',
        createdBy: actor.userId,
        creationDate: this.runtime.clock.now(),
      })
      .returning();
    return infoOf(row!);
  }

  /**
   * The record an upload names (functionId, businessId), checked before anything is stored:
   * null when it names none, or nothing that holds attachments (a screen's own label); a 403
   * when the uploader may not change that record's attachments, so that nobody attaches files
   * to a record they may not change.
   */
  async uploadTarget(actor: Actor, context: UploadContext): Promise<UploadTarget | null> {
    if (!context.functionId || !context.businessId) return null;
    const entity = this.runtime.registry.find(context.functionId);
    if (!entity || !attachmentFields(entity).length) return null;
    const target = { functionId: entity.name, businessId: context.businessId };
    await this.assertChangeable(actor, target, null, 'file.attachRefused');
    return target;
  }

  /**
   * The upload context of a multipart request applies to its files once all fields are read:
   * description and path always; the record only as `uploadTarget` allows. A refused record
   * leaves nothing behind: the files just stored are removed again.
   */
  async applyContext(
    actor: Actor,
    stored: AttachmentInfo[],
    context: UploadContext,
  ): Promise<AttachmentInfo[]> {
    const ids = stored.map((info) => info.id);
    let target: UploadTarget | null;
    try {
      target = await this.uploadTarget(actor, context);
    } catch (error) {
      await this.discard(await this.rows(ids));
      throw error;
    }
    const rows = await this.on()
      .update(attachment)
      .set({
        path: context.path?.slice(0, 255) ?? null,
        fileDesc: context.fileDesc?.slice(0, 500) ?? null,
        functionId: target?.functionId ?? null,
        businessId: target?.businessId ?? null,
      })
      .where(inArray(attachment.attachmentId, ids))
      .returning();
    const byId = new Map(rows.map((row) => [row.attachmentId, infoOf(row)]));
    return ids.map((id) => byId.get(id)!);
  }

  async rows(ids: readonly number[]): Promise<AttachmentRow[]> {
    if (!ids.length) return [];
    return this.on()
      .select()
      .from(attachment)
      .where(inArray(attachment.attachmentId, [...ids]));
  }

  /**
   * May the actor read this file? Its uploader while it belongs to no record; then whoever the
   * record's read rule lets (a background export's requester), or else whoever may read the
   * record: the policy's read grant of its entity and the record in the actor's scope.
   */
  private async canRead(
    actor: Actor,
    row: AttachmentRow,
    known: Map<string, Promise<boolean>>,
  ): Promise<boolean> {
    if (actor.system) return true;
    if (!row.functionId || !row.businessId) return row.createdBy !== null && row.createdBy === actor.userId;
    const key = `${row.functionId}:${row.businessId}`;
    let answer = known.get(key);
    if (!answer) {
      const rule = this.readRules.get(row.functionId);

      const extra = this.extraReaders.get(row.functionId);
      const businessId = row.businessId;
      answer = rule
        ? rule(actor, businessId)
        : this.access
            .mayRead(actor, row.functionId, businessId)
            .then(async (may) => may || (!!extra && (await extra(actor, businessId))));
      known.set(key, answer);
    }
    return answer;
  }

  /** The readable files among these ids, in the order asked; the others are left out unsaid. */
  async readable(actor: Actor, ids: readonly number[]): Promise<AttachmentRow[]> {
    const rows = await this.rows(ids);
    const byId = new Map(rows.map((row) => [row.attachmentId, row]));
    const known = new Map<string, Promise<boolean>>();
    const out: AttachmentRow[] = [];
    for (const id of new Set(ids)) {
      const row = byId.get(id);
      if (row && (await this.canRead(actor, row, known))) out.push(row);
    }
    return out;
  }

  /**
   * Every one of these files, for a read path; a 404 when any is missing or refused, the same
   * answer for both, so that nobody learns which file ids exist.
   */
  async assertReadable(actor: Actor, ids: readonly number[]): Promise<AttachmentRow[]> {
    const rows = await this.readable(actor, ids);
    if (!ids.length || rows.length !== new Set(ids).size) throw new AppError(404, 'file.notFound');
    return rows;
  }

  /**
   * A file through a temporary URL (getFileUrl): readable by the user the URL was made for,
   * under any responsibility they hold now, so that a right lost since the URL was made counts.
   */
  async assertReadableByUser(userId: number, id: number): Promise<{ row: AttachmentRow; actor: Actor }> {
    for (const actor of await this.access.actorsOf(userId)) {
      const [row] = await this.readable(actor, [id]);
      if (row) return { row, actor };
    }
    throw new AppError(404, 'file.notFound');
  }

  /** The file for a download, or a 404 (missing and forbidden look the same). */
  async open(
    actor: Actor,
    id: number,
    range?: { start: number; end: number },
  ): Promise<{ row: AttachmentRow; stream: Readable }> {
    const row = (await this.assertReadable(actor, [id]))[0]!;
    return { row, stream: await this.storage.get(row.storageKey, range) };
  }

  /**
   * May the actor change the attachments of this record: the save right of its document
   * (`<entity>.save`, the header's for a line) and the engine's leave to change the field in the
   * record's state (any attachments field of the record when `field` is null)?
   */
  async mayChange(
    actor: Actor,
    target: { functionId: string; businessId: number },
    field: string | null,
  ): Promise<boolean> {
    if (actor.system) return true;
    const entity = this.runtime.registry.find(target.functionId);
    if (!entity) return false;
    let document: EntityDef = entity;
    while (document.parent) document = this.runtime.registry.get(document.parent.entity);
    if (!this.access.allows(actor, `${document.name}.save`)) return false;
    const service = this.runtime.service(entity.name);
    for (const name of field === null ? attachmentFields(entity) : [field]) {
      if (entity.fields[name]?.kind !== 'attachments') continue;
      if (await service.mayChangeField(actor, target.businessId, name)) return true;
    }
    return false;
  }

  /** `mayChange`, or a 403 with the message of the path that asked. */
  async assertChangeable(
    actor: Actor,
    target: { functionId: string; businessId: number },
    field: string | null,
    refusal: 'file.deleteRefused' | 'file.attachRefused',
  ): Promise<void> {
    if (!(await this.mayChange(actor, target, field))) throw new AppError(403, refusal);
  }

  /**
   * Deletes files the actor may read: unlinked ones of their uploader, or linked ones the actor
   * may change (`assertChangeable`). The stored content goes when no other attachment shares it.
   */
  async remove(actor: Actor, ids: readonly number[]): Promise<void> {
    const rows = await this.assertReadable(actor, ids);
    for (const row of rows) {
      if (row.functionId && row.businessId) {
        await this.assertChangeable(
          actor,
          { functionId: row.functionId, businessId: row.businessId },
          row.fieldName,
          'file.deleteRefused',
        );
      } else if (!actor.system && row.createdBy !== actor.userId) {
        throw new AppError(403, 'file.deleteRefused');
      }
    }
    await this.discard(rows);
  }

  /** Removes attachment rows, and their stored content where no other attachment shares it. */
  private async discard(rows: readonly AttachmentRow[]): Promise<void> {
    if (!rows.length) return;
    await this.runtime.transaction(async (tx) => {
      await tx.delete(attachment).where(
        inArray(
          attachment.attachmentId,
          rows.map((row) => row.attachmentId),
        ),
      );
    });
    for (const key of new Set(rows.map((row) => row.storageKey))) {
      const [other] = await this.on()
        .select({ id: attachment.attachmentId })
        .from(attachment)
        .where(eq(attachment.storageKey, key))
        .limit(1);
      if (!other) {
        await this.storage.delete(key);
        for (const row of rows.filter((deleted) => deleted.storageKey === key))
          await rm(this.previewPdfPath(row), { force: true });
      }
    }
  }

  /**
   * Before a save: the ids newly listed in an attachments field must be files the actor uploaded
   * and nobody linked yet, or files already linked to this record and field.
   */
  async checkLinkable(
    actor: Actor,
    entity: EntityDef,
    recordId: number | null,
    field: string,
    ids: readonly number[],
  ): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.rows(ids);
    const byId = new Map(rows.map((row) => [row.attachmentId, row]));
    return ids.filter((id) => {
      const row = byId.get(id);
      if (!row) return true;
      if (
        row.functionId === entity.name &&
        row.businessId === recordId &&
        recordId !== null &&
        (row.fieldName === field || row.fieldName === null)
      )
        return false;
      if (row.functionId || row.businessId) return true;
      return !actor.system && row.createdBy !== actor.userId;
    });
  }

  /**
   * Copies of files for another record: new attachment rows over the same stored content, linked
   * to that record and field (a request's drawings on each supplier's reply, which the supplier
   * reads without reading the request). Content is shared by key, so deleting one copy leaves the
   * others. Answers the new ids in the order of `ids` (unknown ids are skipped).
   */
  async copyTo(
    tx: Executor,
    ids: readonly number[],
    target: { entity: EntityDef; recordId: number; field: string; userId: number | null },
  ): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select()
      .from(attachment)
      .where(inArray(attachment.attachmentId, [...ids]));
    const byId = new Map(rows.map((row) => [row.attachmentId, row]));
    const copies: number[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) continue;
      const { attachmentId: _source, ...values } = row;
      const [copy] = await tx
        .insert(attachment)
        .values({
          ...values,
          functionId: target.entity.name,
          businessId: target.recordId,
          fieldName: target.field,
          createdBy: target.userId,
          creationDate: this.runtime.clock.now(),
        })
        .returning({ id: attachment.attachmentId });
      copies.push(copy!.id);
    }
    return copies;
  }

  /** After a save: links the files to the record and field. */
  async link(
    tx: Executor,
    entity: EntityDef,
    recordId: number,
    field: string,
    ids: readonly number[],
  ): Promise<void> {
    if (!ids.length) return;
    await tx
      .update(attachment)
      .set({ functionId: entity.name, businessId: recordId, fieldName: field })
      .where(
        and(
          inArray(attachment.attachmentId, [...ids]),
          or(
            isNull(attachment.businessId),
            and(eq(attachment.functionId, entity.name), eq(attachment.businessId, recordId)),
          ),
        ),
      );
  }
}
