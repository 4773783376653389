// The files API at the spec's paths: /api/file/v2/file/* (upload, download, downloadBody,
// getFileUrl, batchDownload, batchDelete, listBaseFile), /api/file/v2/images/* and the office
// preview. Downloads are attachments with nosniff; a refused download answers JSON with
// status E instead of a file. Who reads or changes a file is decided in one place, Attachments
// (`assertReadable`, `readable`, `assertChangeable`), for every path here and in large.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import yazl from 'yazl';
import { PREVIEWABLE_EXTENSIONS } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import type { EntityRuntime } from '../entity/runtime';
import type { RsaKeys } from '../identity/rsa';
import {
  type AttachmentInfo,
  type AttachmentRow,
  type Attachments,
  type UploadContext,
  infoOf,
} from './attachments';
import { contentTypeOf } from './content-type';
import { officeToPdf } from './office';
import { watermarkSvg } from './watermark';

export const FILE_PREFIX = '/api/file/v2';

export interface FileRouteOptions {
  runtime: EntityRuntime;
  attachments: Attachments;
  rsa: RsaKeys;
  /** Secret signing temporary file URLs (getFileUrl). */
  urlSecret: Buffer;
  /** The caller of a signed-in request. */
  actorOf(request: FastifyRequest): Promise<Actor>;
}

/** Content-Disposition with the original name, safe for every browser (RFC 6266 / 5987). */
export function disposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(
  reply: FastifyReply,
  row: AttachmentRow,
  stream: Readable,
  kind: 'attachment' | 'inline' = 'attachment',
) {
  reply
    .header('content-type', row.contentType)
    .header('content-length', String(row.fileSize))
    .header('content-disposition', disposition(kind, row.originalFileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return reply.send(stream);
}

function idOf(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new AppError(400, 'file.noId');
  return id;
}

/** `'1,2,3'`, `[1, 2, 3]` or a single id. */
export function idsOf(value: unknown): number[] {
  const list =
    typeof value === 'string'
      ? value.split(',')
      : Array.isArray(value)
        ? value
        : value === undefined
          ? []
          : [value];
  if (!list.length || list.length > 500) throw new AppError(400, 'file.noId');
  return [...new Set(list.map((item) => idOf(typeof item === 'string' ? item.trim() : item)))];
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, 'validation.object');
  return body as Record<string, unknown>;
}

export async function registerFileRoutes(app: FastifyInstance, options: FileRouteOptions): Promise<void> {
  const { runtime, attachments } = options;
  await app.register(multipart, {
    limits: { fileSize: attachments.maxBytes, files: 50, fields: 20, fieldSize: 1024 * 1024, parts: 100 },
  });
  const signedIn = { config: { access: 'authenticated' as const } };

  /**
   * Reads a multipart request: the context fields and every file, stored as they stream in. A
   * record the context names is checked before the first file is stored (the client sends the
   * fields first), and again once all fields are read.
   */
  const upload = async (request: FastifyRequest, images: boolean): Promise<AttachmentInfo[]> => {
    if (!request.isMultipart()) throw new AppError(415, 'file.notMultipart');
    const actor = await options.actorOf(request);
    const context: UploadContext = {};
    const stored: AttachmentInfo[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : '';
        if (part.fieldname === 'path') context.path = value;
        else if (part.fieldname === 'functionId') context.functionId = value || null;
        else if (part.fieldname === 'businessId')
          context.businessId = /^\d{1,15}$/.test(value) ? Number(value) : null;
        else if (part.fieldname === 'fileDesc') context.fileDesc = value;
        continue;
      }
      if (part.fieldname !== 'files' && part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError(400, 'file.badField', { field: part.fieldname.slice(0, 40) });
      }
      if (!stored.length) {
        try {
          await attachments.uploadTarget(actor, context);
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      stored.push(await attachments.store(actor, part.filename, part.file, context, { images }));
      if (part.file.truncated) throw new AppError(413, 'file.tooLarge', { max: attachments.maxBytes });
    }
    if (!stored.length) throw new AppError(400, 'file.noFile');
    return attachments.applyContext(actor, stored, context);
  };

  app.post(`${FILE_PREFIX}/file/upload`, signedIn, async (request) => success(await upload(request, false)));
  app.post(`${FILE_PREFIX}/images/upload`, signedIn, async (request) => success(await upload(request, true)));

  const download = async (request: FastifyRequest, reply: FastifyReply, imagesOnly = false) => {
    const query = request.query as Record<string, unknown>;
    const id = idOf(query.id ?? bodyOf(request).id);
    const { row, stream } = await attachments.open(await options.actorOf(request), id);
    if (imagesOnly && !['gif', 'jpg', 'jpeg', 'png', 'bmp'].includes(row.suffixName)) {
      stream.destroy();
      throw new AppError(415, 'file.imageOnly');
    }
    return sendFile(reply, row, stream);
  };
  app.post(`${FILE_PREFIX}/file/download`, signedIn, (request, reply) => download(request, reply));
  app.post(`${FILE_PREFIX}/file/downloadBody`, signedIn, (request, reply) => download(request, reply));
  app.post(`${FILE_PREFIX}/images/download`, signedIn, (request, reply) => download(request, reply, true));

  // The list leaves out what the caller may not read, without saying so.
  app.post(`${FILE_PREFIX}/file/listBaseFile`, signedIn, async (request) => {
    const ids = idsOf(bodyOf(request).ids);
    const rows = await attachments.readable(await options.actorOf(request), ids);
    const names = await attachments.uploaderNames(rows.map((row) => row.createdBy));
    return success(
      rows.map((row) => ({
        ...infoOf(row),
        createdByName: row.createdBy === null ? null : (names.get(row.createdBy) ?? null),
      })),
    );
  });

  app.post(`${FILE_PREFIX}/file/batchDownload`, signedIn, async (request, reply) => {
    const ids = idsOf(bodyOf(request).ids);
    const rows = await attachments.assertReadable(await options.actorOf(request), ids);
    const zip = new yazl.ZipFile();
    const names = new Set<string>();
    for (const row of rows) {
      let name = row.originalFileName;
      for (let n = 2; names.has(name); n++) name = row.originalFileName.replace(/(\.[^.]*)?$/, ` (${n})$1`);
      names.add(name);
      zip.addReadStream(await attachments.storage.get(row.storageKey), name, { size: row.fileSize });
    }
    zip.end();
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', disposition('attachment', `files-${runtime.clock.nowMs()}.zip`))
      .header('x-content-type-options', 'nosniff');
    return reply.send(zip.outputStream);
  });

  app.post(`${FILE_PREFIX}/file/batchDelete`, signedIn, async (request) => {
    const plain = options.rsa.decrypt(bodyOf(request).ids);
    if (plain === null) throw new AppError(400, 'auth.badCiphertext', { what: 'ids' });
    await attachments.remove(await options.actorOf(request), idsOf(plain));
    return success(null, request.t('file.deleted'));
  });

  // Temporary URLs for what cannot send headers (an <img>, the PDF viewer): signed, short-lived,
  // bound to the file and the user who asked, who must still be able to read it when it is shown.
  const sign = (payload: string) =>
    createHmac('sha256', options.urlSecret).update(payload).digest('base64url');
  app.post(`${FILE_PREFIX}/file/getFileUrl`, signedIn, async (request) => {
    const id = idOf(bodyOf(request).id);
    const actor = await options.actorOf(request);
    await attachments.assertReadable(actor, [id]);
    const expires = runtime.clock.nowMs() + 10 * 60_000;
    const payload = `${id}.${actor.userId ?? 0}.${expires}`;
    return success({ url: `${FILE_PREFIX}/file/view/${payload}.${sign(payload)}`, expiresAt: expires });
  });
  app.get(`${FILE_PREFIX}/file/view/:token`, { config: { access: 'public' } }, async (request, reply) => {
    const token = (request.params as { token: string }).token;
    const match = /^(\d+)\.(\d+)\.(\d+)\.([\w-]+)$/.exec(token);
    const valid =
      !!match &&
      Number(match[3]) > runtime.clock.nowMs() &&
      timingSafeEqual(
        Buffer.from(sign(`${match[1]}.${match[2]}.${match[3]}`)),
        Buffer.from(match[4]!.padEnd(43).slice(0, 43)),
      );
    if (!valid) throw new AppError(404, 'file.notFound');
    const row = await attachments.assertReadableByUser(Number(match![2]), Number(match![1]));
    const inline = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'txt'].includes(row.suffixName);
    return sendFile(
      reply,
      row,
      await attachments.storage.get(row.storageKey),
      inline ? 'inline' : 'attachment',
    );
  });

  app.post(`${FILE_PREFIX}/images/generateBlankImageWatermark`, signedIn, async (request, reply) => {
    const body = bodyOf(request);
    const actor = await options.actorOf(request);
    const text =
      typeof body.text === 'string' && body.text.trim()
        ? body.text.trim().slice(0, 60)
        : `${actor.userName} ${new Date(runtime.clock.nowMs()).toISOString().slice(0, 10)}`;
    reply.header('content-type', 'image/svg+xml').header('x-content-type-options', 'nosniff');
    return reply.send(watermarkSvg(text, Number(body.width) || 300, Number(body.height) || 200));
  });

  app.post(`${FILE_PREFIX}/pageoffice/doFilePdfView`, signedIn, async (request, reply) => {
    const id = idOf(bodyOf(request).id ?? (request.query as Record<string, unknown>).id);
    const { row, stream } = await attachments.open(await options.actorOf(request), id);
    if (!(PREVIEWABLE_EXTENSIONS as readonly string[]).includes(row.suffixName)) {
      stream.destroy();
      throw new AppError(415, 'file.notPreviewable');
    }
    if (row.suffixName === 'pdf') return sendFile(reply, row, stream, 'inline');
    stream.destroy();
    if (!['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'].includes(row.suffixName))
      throw new AppError(415, 'file.notOffice');
    const pdf = await officeToPdf(attachments, row);
    reply
      .header('content-type', contentTypeOf('pdf'))
      .header('content-disposition', disposition('inline', row.originalFileName.replace(/\.[^.]*$/, '.pdf')))
      .header('x-content-type-options', 'nosniff');
    return reply.send(pdf);
  });
}
