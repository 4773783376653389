// The files API at the spec's paths: /api/file/v2/file/* (upload, download, downloadBody,
// getFileUrl, batchDownload, batchDelete, listBaseFile), /api/file/v2/images/* and the office
// preview. Downloads are attachments with nosniff; the preview's PDF is inline, in byte ranges
// when it is the same at every request; a refused download answers JSON with status E instead
// of a file. Who reads or changes a file is decided in one place, Attachments
// (`assertReadable`, `readable`, `assertChangeable`), for every path here and in large.ts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import yazl from 'yazl';
import { PREVIEWABLE_EXTENSIONS, type SaveIssue, number, ref, refs, text, textarea } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { type RouteSuccess, declareRoute } from '../http/route';
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
import { type ByteRange, requestedRange } from './range';
import { type FileUse, stampPdf, type Watermark, watermarkSvg } from './watermark';

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

/** Bytes made here (a watermarked copy, a converted document), sent as a file. */
function sendBytes(
  reply: FastifyReply,
  row: AttachmentRow,
  bytes: Buffer,
  kind: 'attachment' | 'inline',
  fileName = row.originalFileName,
  contentType = row.contentType,
) {
  reply
    .header('content-type', contentType)
    .header('content-length', String(bytes.length))
    .header('content-disposition', disposition(kind, fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return reply.send(bytes);
}

/**
 * A PDF shown inline that is the same at every request (a stored file, an office document's
 * converted copy): whole, or the one byte range the Range header asks for (206; 416 past its end).
 */
async function sendPdfRange(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { size: number; fileName: string; open(range?: ByteRange): Promise<Readable> | Readable },
) {
  reply
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  // No validator (ETag, Last-Modified) is sent, so an If-Range can never match: the whole file.
  const range = request.headers['if-range'] ? null : requestedRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    reply.code(416).header('content-range', `bytes */${file.size}`);
    return reply.send('');
  }
  reply
    .header('content-type', contentTypeOf('pdf'))
    .header('content-disposition', disposition('inline', file.fileName));
  if (!range) {
    reply.header('content-length', String(file.size));
    return reply.send(await file.open());
  }
  reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', String(range.end - range.start + 1));
  return reply.send(await file.open(range));
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

/** The attachment (or attachments) a request names. */
const fileId = ref('baseAttachment', { required: true });
const fileIds = refs('baseAttachment', { required: true, max: 500 });
/** A bad or missing file id has always been `file.noId`. */
const noId = (issue: SaveIssue) =>
  issue.path.length && issue.message !== 'validation.unknownField'
    ? new AppError(400, 'file.noId')
    : undefined;

/** The record an upload is for and how it is filed (form fields sent before the files). */
export const uploadFields = {
  path: text({ max: 255 }),
  functionId: text({ max: 80 }),
  businessId: number({ min: 1 }),
  fileDesc: textarea({ max: 500 }),
};

const attachmentList = {
  kind: 'envelope',
  data: { type: 'array', items: { type: 'object' } },
} as const satisfies RouteSuccess;
const anyFile = { kind: 'file', mediaType: 'application/octet-stream' } as const satisfies RouteSuccess;

export async function registerFileRoutes(app: FastifyInstance, options: FileRouteOptions): Promise<void> {
  const { runtime, attachments } = options;
  await app.register(multipart, {
    limits: { fileSize: attachments.maxBytes, files: 50, fields: 20, fieldSize: 1024 * 1024, parts: 100 },
  });
  const post = 'POST' as const;

  /**
   * The PDF as this reader is served it for this use: a copy with the watermark its record's
   * area gives, or null when there is none (the stored file is sent as it is). A signed PDF is
   * never rewritten: its bytes come back unchanged.
   */
  const watermarked = async (
    actor: Actor,
    row: AttachmentRow,
    pdf: Readable | Buffer | (() => Promise<Readable>),
    use: FileUse,
    unstamped?: (mark: Watermark) => void,
  ): Promise<Buffer | null> => {
    const mark = await attachments.watermarkOf(actor, row, use);
    if (!mark) return null;
    const source = typeof pdf === 'function' ? await pdf() : pdf;
    const bytes = Buffer.isBuffer(source) ? source : await buffer(source);
    const stamped = await stampPdf(bytes, mark);
    if (!stamped) unstamped?.(mark);
    return stamped ?? bytes;
  };

  /**
   * A signed PDF is served byte for byte (drawing on it would break its signatures): the viewer
   * is told the watermark in a header and lays it over the pages on screen.
   */
  const overlayHeader = (reply: FastifyReply) => (mark: Watermark) => {
    const { image, ...text } = mark;
    const overlay = image
      ? { ...text, image: watermarkImageUrl(image.fileId), imageWidth: image.width }
      : text;
    reply.header('x-srm-watermark', encodeURIComponent(JSON.stringify(overlay)));
  };

  /**
   * Reads a multipart request: the context fields and every file, stored as they stream in. A
   * record the context names is checked before the first file is stored (the client sends the
   * fields first), and again once all fields are read.
   */
  const upload = async (
    request: FastifyRequest,
    images: boolean,
    parse: (values: unknown) => UploadContext,
  ): Promise<AttachmentInfo[]> => {
    if (!request.isMultipart()) throw new AppError(415, 'file.notMultipart');
    const actor = await options.actorOf(request);
    const fields: Record<string, string> = {};
    const stored: AttachmentInfo[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
        continue;
      }
      if (part.fieldname !== 'files' && part.fieldname !== 'file') {
        part.file.resume();
        throw new AppError(400, 'file.badField', { field: part.fieldname.slice(0, 40) });
      }
      if (!stored.length) {
        try {
          await attachments.uploadTarget(actor, parse(fields));
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      stored.push(await attachments.store(actor, part.filename, part.file, parse(fields), { images }));
      if (part.file.truncated) throw new AppError(413, 'file.tooLarge', { max: attachments.maxBytes });
    }
    if (!stored.length) throw new AppError(400, 'file.noFile');
    return attachments.applyContext(actor, stored, parse(fields));
  };
  for (const kind of ['file', 'images'] as const)
    declareRoute(app, {
      method: post,
      path: `${FILE_PREFIX}/${kind}/upload`,
      summary:
        kind === 'file'
          ? 'Uploads files (multipart), for the record the fields name'
          : 'Uploads images (gif, jpg, jpeg, png, bmp; multipart), for the record the fields name',
      input: uploadFields,
      inputFrom: 'form',
      files: ['files', 'file'],
      access: 'authenticated',
      scope: 'record',
      success: attachmentList,
      errors: [403, 404, 413, 415],
      handle: async ({ request, parse }) => success(await upload(request, kind === 'images', parse)),
    });

  const download = async (request: FastifyRequest, reply: FastifyReply, id: number, imagesOnly: boolean) => {
    const actor = await options.actorOf(request);
    const { row, stream } = await attachments.open(actor, id);
    if (imagesOnly && !['gif', 'jpg', 'jpeg', 'png', 'bmp'].includes(row.suffixName)) {
      stream.destroy();
      throw new AppError(415, 'file.imageOnly');
    }
    try {
      await attachments.downloaded(actor, row);
    } catch (error) {
      stream.destroy();
      throw error;
    }
    const copy = row.suffixName === 'pdf' ? await watermarked(actor, row, stream, 'DOWNLOAD') : null;
    return copy ? sendBytes(reply, row, copy, 'attachment') : sendFile(reply, row, stream);
  };
  for (const [path, summary, imagesOnly] of [
    ['file/download', 'A file, as an attachment (its id in the body or as ?id=)', false],
    ['file/downloadBody', 'A file, as an attachment', false],
    ['images/download', 'An image, as an attachment', true],
  ] as const)
    declareRoute(app, {
      method: post,
      path: `${FILE_PREFIX}/${path}`,
      summary,
      input: { id: fileId },
      inputFrom: 'bodyOrQuery',
      access: 'authenticated',
      scope: 'record',
      success: anyFile,
      errors: [404, 415],
      invalid: noId,
      handle: ({ request, reply, input }) => download(request, reply, input.id, imagesOnly),
    });

  // The list leaves out what the caller may not read, without saying so.
  declareRoute(app, {
    method: post,
    path: `${FILE_PREFIX}/file/listBaseFile`,
    summary: 'The attachments of these ids that the caller may read',
    input: { ids: fileIds },
    access: 'authenticated',
    scope: 'record',
    success: attachmentList,
    invalid: noId,
    handle: async ({ request, input }) => {
      const rows = await attachments.readable(await options.actorOf(request), input.ids);
      const names = await attachments.uploaderNames(rows.map((row) => row.createdBy));
      return success(
        rows.map((row) => ({
          ...infoOf(row),
          createdByName: row.createdBy === null ? null : (names.get(row.createdBy) ?? null),
        })),
      );
    },
  });

  declareRoute(app, {
    method: post,
    path: `${FILE_PREFIX}/file/batchDownload`,
    summary: 'Several files in one zip (every one readable by the caller)',
    input: { ids: fileIds },
    access: 'authenticated',
    scope: 'record',
    success: { kind: 'file', mediaType: 'application/zip' },
    errors: [404],
    invalid: noId,
    handle: async ({ request, reply, input }) => {
      const actor = await options.actorOf(request);
      const rows = await attachments.assertReadable(actor, input.ids);
      for (const row of rows) await attachments.downloaded(actor, row);
      const zip = new yazl.ZipFile();
      const names = new Set<string>();
      for (const row of rows) {
        let name = row.originalFileName;
        for (let n = 2; names.has(name); n++) name = row.originalFileName.replace(/(\.[^.]*)?$/, ` (${n})$1`);
        names.add(name);
        const stream = await attachments.storage.get(row.storageKey);
        const copy = row.suffixName === 'pdf' ? await watermarked(actor, row, stream, 'DOWNLOAD') : null;
        if (copy) zip.addBuffer(copy, name);
        else zip.addReadStream(stream, name, { size: row.fileSize });
      }
      zip.end();
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', disposition('attachment', `files-${runtime.clock.nowMs()}.zip`))
        .header('x-content-type-options', 'nosniff');
      return reply.send(zip.outputStream);
    },
  });

  declareRoute(app, {
    method: post,
    path: `${FILE_PREFIX}/file/batchDelete`,
    summary: "Deletes files: their ids ('1,2,3') encrypted with the RSA public key",
    input: { ids: textarea({ required: true, max: 4096 }) },
    access: 'authenticated',
    scope: 'record',
    success: { kind: 'envelope', data: { type: 'null' } },
    errors: [403, 404],
    invalid: (issue) =>
      issue.path.length && issue.message !== 'validation.unknownField'
        ? new AppError(400, 'auth.badCiphertext', { what: 'ids' })
        : undefined,
    handle: async ({ request, input }) => {
      const plain = options.rsa.decrypt(input.ids);
      if (plain === null) throw new AppError(400, 'auth.badCiphertext', { what: 'ids' });
      await attachments.remove(await options.actorOf(request), idsOf(plain));
      return success(null, request.t('file.deleted'));
    },
  });

  // Temporary URLs for what cannot send headers (an <img>, the PDF viewer): signed, short-lived,
  // bound to the file and the user who asked, who must still be able to read it when it is shown.
  const sign = (payload: string) =>
    createHmac('sha256', options.urlSecret).update(payload).digest('base64url');
  declareRoute(app, {
    method: post,
    path: `${FILE_PREFIX}/file/getFileUrl`,
    summary: 'A URL that shows a file for 10 minutes without headers (for <img> and the PDF viewer)',
    input: { id: fileId },
    access: 'authenticated',
    scope: 'record',
    success: {
      kind: 'envelope',
      data: { type: 'object', properties: { url: { type: 'string' }, expiresAt: { type: 'integer' } } },
    },
    errors: [404],
    invalid: noId,
    handle: async ({ request, input }) => {
      const actor = await options.actorOf(request);
      await attachments.assertReadable(actor, [input.id]);
      const expires = runtime.clock.nowMs() + 10 * 60_000;
      const payload = `${input.id}.${actor.userId ?? 0}.${expires}`;
      return success({ url: `${FILE_PREFIX}/file/view/${payload}.${sign(payload)}`, expiresAt: expires });
    },
  });
  // A watermark's image, for the viewer to lay over a signed PDF: its URL is made only for the
  // reader being shown that watermark (overlayHeader), for 10 minutes; it serves images alone.
  const WATERMARK_IMAGE_PATH = `${FILE_PREFIX}/images/watermark`;
  const watermarkImageUrl = (fileId: number) => {
    const payload = `wm.${fileId}.${runtime.clock.nowMs() + 10 * 60_000}`;
    return `${WATERMARK_IMAGE_PATH}/${payload}.${sign(payload)}`;
  };
  declareRoute(app, {
    method: 'GET',
    path: `${WATERMARK_IMAGE_PATH}/:token`,
    summary: "A watermark's image through the signed URL of x-srm-watermark (PNG or JPEG)",
    input: { token: text({ required: true, max: 200 }) },
    inputFrom: 'path',
    access: 'public',
    scope: 'record',
    success: anyFile,
    errors: [404],
    invalid: () => new AppError(404, 'file.notFound'),
    handle: async ({ reply, input }) => {
      const match = /^wm\.(\d+)\.(\d+)\.([\w-]+)$/.exec(input.token);
      const valid =
        !!match &&
        Number(match[2]) > runtime.clock.nowMs() &&
        timingSafeEqual(
          Buffer.from(sign(`wm.${match[1]}.${match[2]}`)),
          Buffer.from(match[3]!.padEnd(43).slice(0, 43)),
        );
      if (!valid) throw new AppError(404, 'file.notFound');
      const [row] = await attachments.rows([Number(match![1])]);
      if (!row || !['png', 'jpg', 'jpeg'].includes(row.suffixName)) throw new AppError(404, 'file.notFound');
      return sendFile(reply, row, await attachments.storage.get(row.storageKey), 'inline');
    },
  });

  declareRoute(app, {
    method: 'GET',
    path: `${FILE_PREFIX}/file/view/:token`,
    summary: 'A file through the signed URL getFileUrl gave (inline for PDFs, images and text)',
    input: { token: text({ required: true, max: 200 }) },
    inputFrom: 'path',
    access: 'public',
    scope: 'record',
    success: anyFile,
    errors: [404],
    invalid: () => new AppError(404, 'file.notFound'),
    handle: async ({ request, reply, input }) => {
      const match = /^(\d+)\.(\d+)\.(\d+)\.([\w-]+)$/.exec(input.token);
      const valid =
        !!match &&
        Number(match[3]) > runtime.clock.nowMs() &&
        timingSafeEqual(
          Buffer.from(sign(`${match[1]}.${match[2]}.${match[3]}`)),
          Buffer.from(match[4]!.padEnd(43).slice(0, 43)),
        );
      if (!valid) throw new AppError(404, 'file.notFound');
      const { row, actor } = await attachments.assertReadableByUser(Number(match![2]), Number(match![1]));
      const inline = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'txt'].includes(row.suffixName);
      const stream = await attachments.storage.get(row.storageKey);
      const copy =
        row.suffixName === 'pdf'
          ? await watermarked({ ...actor, clientIp: request.ip }, row, stream, 'VIEW')
          : null;
      if (copy) return sendBytes(reply, row, copy, 'inline');
      return sendFile(reply, row, stream, inline ? 'inline' : 'attachment');
    },
  });

  declareRoute(app, {
    method: post,
    path: `${FILE_PREFIX}/images/generateBlankImageWatermark`,
    summary: "An SVG watermark tile: the text given, or the caller's name and today's date",
    input: {
      text: text({ max: 240 }),
      width: number({ min: 1, max: 4000 }),
      height: number({ min: 1, max: 4000 }),
    },
    access: 'authenticated',
    scope: 'self',
    success: { kind: 'file', mediaType: 'image/svg+xml' },
    handle: async ({ request, reply, input }) => {
      const actor = await options.actorOf(request);
      const label =
        input.text?.slice(0, 60) ??
        `${actor.userName} ${new Date(runtime.clock.nowMs()).toISOString().slice(0, 10)}`;
      reply.header('content-type', 'image/svg+xml').header('x-content-type-options', 'nosniff');
      return reply.send(watermarkSvg(label, input.width || 300, input.height || 200));
    },
  });

  declareRoute(app, {
    method: post,
    path: `${FILE_PREFIX}/pageoffice/doFilePdfView`,
    summary:
      'A PDF of a file: the file itself, or an Office document converted by LibreOffice (with byte ranges)',
    input: { id: fileId },
    inputFrom: 'bodyOrQuery',
    access: 'authenticated',
    scope: 'record',
    success: { kind: 'file', mediaType: 'application/pdf', partial: true },
    errors: [404, 415, 416],
    invalid: noId,
    handle: async ({ request, reply, input }) => {
      const actor = await options.actorOf(request);
      const row = (await attachments.assertReadable(actor, [input.id]))[0]!;
      if (!(PREVIEWABLE_EXTENSIONS as readonly string[]).includes(row.suffixName))
        throw new AppError(415, 'file.notPreviewable');
      // A watermarked copy is made anew for each request, and may differ from the last (its text
      // can hold the date and the reader's address; the rules may change): pieces of two copies
      // would not make one PDF, and a reader fetching pieces would have the file stamped for each
      // one. So it is sent whole, saying it has no ranges; the file as stored (or converted) has.
      const whole = (copy: Buffer, fileName?: string) => {
        reply.header('accept-ranges', 'none');
        return sendBytes(reply, row, copy, 'inline', fileName, contentTypeOf('pdf'));
      };
      if (row.suffixName === 'pdf') {
        const stored = (range?: ByteRange) => attachments.storage.get(row.storageKey, range);
        const copy = await watermarked(actor, row, stored, 'VIEW', overlayHeader(reply));
        if (copy) return whole(copy);
        return sendPdfRange(request, reply, {
          size: row.fileSize,
          fileName: row.originalFileName,
          open: stored,
        });
      }
      if (!['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'].includes(row.suffixName))
        throw new AppError(415, 'file.notOffice');
      const pdf = await officeToPdf(attachments, row);
      const pdfName = row.originalFileName.replace(/\.[^.]*$/, '.pdf');
      const copy = await watermarked(actor, row, pdf, 'VIEW', overlayHeader(reply));
      if (copy) return whole(copy, pdfName);
      // The conversion is kept where officeToPdf read it from: ranges are read from there.
      pdf.destroy();
      const converted = attachments.previewPdfPath(row);
      return sendPdfRange(request, reply, {
        size: (await stat(converted)).size,
        fileName: pdfName,
        open: (range) => createReadStream(converted, range),
      });
    },
  });
}
