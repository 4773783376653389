// The import endpoints under /api/export/v1/importExcelRestful: downloadImportTemplate (an xlsx
// derived from the definition), importExcel (multipart: `file` and `entity`; all rows or none)
// and importStatus (a big import running as a job). Each needs `<entity>.import`.
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EntityDef, number, text } from '@srm/kernel';
import type { AccessPolicy, Actor } from '../access/actor';
import { success, failure } from '../http/envelope';
import { AppError } from '../http/errors';
import { declareRoute } from '../http/route';
import { cleanFileName } from '../files/attachments';
import { contentTypeOf } from '../files/content-type';
import { disposition } from '../files/routes';
import { FileTooLargeError, meter } from '../files/storage';
import { type Imports } from './import';
import { importTemplate } from './template';
import type { EntityRuntime } from '../entity/runtime';

export const IMPORT_PREFIX = '/api/export/v1/importExcelRestful';
/** Largest import file (an xlsx of 100000 rows of 50 columns is far below it). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

export interface ImportRouteOptions {
  readonly runtime: EntityRuntime;
  readonly policy: AccessPolicy;
  readonly imports: Imports;
  readonly workDir: string;
  actorOf(request: FastifyRequest): Promise<Actor>;
}

/** The entity an import is for (`entity`, or `entityName` as older clients send it). */
const entityFields = { entity: text({ max: 100 }), entityName: text({ max: 100 }) };

export function registerImportRoutes(app: FastifyInstance, options: ImportRouteOptions): void {
  const { policy, imports } = options;

  const mayImport = (actor: Actor, entity: EntityDef) => {
    const resource = `${entity.name}.import`;
    if (!policy.allows(actor, resource)) throw new AppError(403, 'access.resourceDenied', { resource });
  };

  declareRoute(app, {
    method: 'POST',
    path: `${IMPORT_PREFIX}/downloadImportTemplate`,
    summary: "An entity's import template (xlsx), derived from its definition",
    input: entityFields,
    access: 'authenticated',
    scope: 'record',
    success: { kind: 'file', mediaType: contentTypeOf('xlsx') },
    errors: [403, 404],
    handle: async ({ request, reply, input }) => {
      const actor = await options.actorOf(request);
      const entity = imports.entityFor(actor, input.entity ?? input.entityName ?? undefined);
      mayImport(actor, entity);
      const { fileName, content } = await importTemplate(options.runtime, actor, entity);
      reply
        .header('content-type', contentTypeOf('xlsx'))
        .header('content-disposition', disposition('attachment', fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(content);
    },
  });

  declareRoute(app, {
    method: 'POST',
    path: `${IMPORT_PREFIX}/importExcel`,
    summary:
      'Imports an xlsx into an entity (multipart: `entity`, then `file`): every row or none; an entity imported with its lines takes one row per line, grouped into documents by document number',
    input: entityFields,
    inputFrom: 'form',
    files: ['file'],
    access: 'authenticated',
    scope: 'record',
    success: {
      kind: 'envelope',
      data: {
        type: 'object',
        properties: {
          count: { type: 'integer' },
          documents: { type: 'integer' },
          importId: { type: 'integer' },
          status: { type: 'string' },
          total: { type: 'integer' },
        },
      },
    },
    errors: [403, 404, 413, 415, 422],
    handle: ({ request, reply, parse }) => importExcel(request, reply, parse),
  });
  const importExcel = async (
    request: FastifyRequest,
    reply: FastifyReply,
    parse: (values: unknown) => { entity?: string | null; entityName?: string | null },
  ) => {
    if (!request.isMultipart()) throw new AppError(415, 'excel.fileRequired');
    const actor = await options.actorOf(request);
    await mkdir(options.workDir, { recursive: true });
    const path = join(options.workDir, `${randomBytes(12).toString('hex')}.xlsx`);
    // The client going away stops the reading (and its temporary file goes in `finally`).
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    reply.raw.on('close', onClose);
    try {
      const fields: Record<string, string> = {};
      let fileName: string | null = null;
      for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES + 1 } })) {
        if (part.type === 'field') {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
          continue;
        }
        if (fileName !== null || !['file', 'files'].includes(part.fieldname)) {
          part.file.resume();
          throw new AppError(400, 'file.badField', { field: part.fieldname.slice(0, 40) });
        }
        fileName = cleanFileName(part.filename || 'import.xlsx');
        if (!/\.xlsx$/i.test(fileName)) {
          part.file.resume();
          throw new AppError(415, 'excel.notXlsx');
        }
        try {
          await pipeline(part.file, meter(IMPORT_MAX_BYTES), createWriteStream(path));
        } catch (error) {
          if (error instanceof FileTooLargeError)
            throw new AppError(413, 'excel.fileTooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 });
          throw error;
        }
        if (part.file.truncated)
          throw new AppError(413, 'excel.fileTooLarge', { max: IMPORT_MAX_BYTES / 1024 / 1024 });
      }
      if (fileName === null) throw new AppError(400, 'excel.fileRequired');
      const named = parse(fields);
      const entity = imports.entityFor(actor, named.entity ?? named.entityName ?? undefined);
      mayImport(actor, entity);
      const handle = await open(path, 'r');
      const head = Buffer.alloc(4);
      await handle.read(head, 0, 4, 0);
      await handle.close();
      if (!head.equals(Buffer.from('504b0304', 'hex'))) throw new AppError(415, 'excel.notXlsx');
      const outcome = await imports.start(actor, entity, path, fileName, gone.signal);
      if ('queued' in outcome)
        return success(
          { importId: outcome.importId, status: 'WAITING', total: outcome.total },
          request.t('excel.importQueued', { count: outcome.total }),
        );
      if (outcome.ok && outcome.documents !== undefined)
        return success(
          { count: outcome.created, documents: outcome.documents },
          request.t('excel.importedDocuments', { documents: outcome.documents, count: outcome.created }),
        );
      if (outcome.ok)
        return success({ count: outcome.created }, request.t('excel.imported', { count: outcome.created }));
      return reply.code(400).send(
        failure(request.t('excel.importFailed', { count: outcome.issues.length }), {
          errorFileId: outcome.errorFile.id,
          issueCount: outcome.issues.length,
          rowCount: outcome.rows,
          issues: outcome.issues.slice(0, 20),
        }),
      );
    } finally {
      reply.raw.off('close', onClose);
      await rm(path, { force: true });
    }
  };

  declareRoute(app, {
    method: 'POST',
    path: `${IMPORT_PREFIX}/importStatus`,
    summary: "The state of a big import of the caller's running as a job",
    input: { importId: number({ required: true, min: 1 }) },
    access: 'authenticated',
    scope: 'self',
    errors: [404],
    invalid: (issue) =>
      issue.path[0] === 'importId' ? new AppError(400, 'excel.importNotFound') : undefined,
    handle: async ({ request, input }) =>
      success(await imports.status(await options.actorOf(request), input.importId)),
  });
}
