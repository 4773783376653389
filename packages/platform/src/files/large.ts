// Large-file mode (over 104857600 bytes): the browser sends the file in chunks, each kept as an
// object of the file store (so that any app node may take any chunk: ADR 0033); an interrupted
// upload resumes with the chunks still missing; once all are in, the node that took the last one
// streams them in order into the store as one file, its SHA-256 checked against the client's
// when given, and removes the chunks. Like an ordinary upload, the first chunk may name the record the file
// is for (functionId, businessId): refused at once when the uploader may not change that
// record's attachments, linked to it when the file is complete, and from then on access follows
// the record. Downloads stream, with byte ranges, to whoever may read the file (Attachments).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { type SaveIssue, number, ref, text, textarea } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { headerValue } from '../http/plugin';
import { declareRoute } from '../http/route';
import type { EntityRuntime } from '../entity/runtime';
import { type Attachments, cleanFileName } from './attachments';
import { ContentMismatchError, ProgramRefusedError, contentCheck } from './content-type';
import { disposition } from './routes';
import { FileTooLargeError, type StoredObject } from './storage';
import { attachment, largeUpload } from './tables';

export const LARGE_PREFIX = '/api/largeFile/v1/largeFile';
const MIN_CHUNK = 1024 * 1024;
const MAX_CHUNK = 256 * 1024 * 1024;

export interface LargeFileOptions {
  runtime: EntityRuntime;
  attachments: Attachments;
  actorOf(request: FastifyRequest): Promise<Actor>;
}

/** A chunk's form fields, sent before its file part `chunk`. */
const chunkFields = {
  uploadId: text({ required: true, min: 16, max: 100 }),
  fileName: text({ max: 255 }),
  totalSize: number({ required: true, min: 1 }),
  chunkSize: number({ required: true, min: MIN_CHUNK, max: MAX_CHUNK }),
  chunkIndex: number({ required: true, min: 0 }),
  sha256: text({ max: 64 }),
  path: text({ max: 255 }),
  functionId: text({ max: 80 }),
  businessId: number({ min: 1 }),
  fileDesc: textarea({ max: 500 }),
};

/** A bad chunk field has always been `file.badChunkField` naming it. */
function badChunkField(issue: SaveIssue): AppError | undefined {
  return issue.path.length && issue.message !== 'validation.unknownField'
    ? new AppError(400, 'file.badChunkField', { field: String(issue.path[0]) })
    : undefined;
}

function within(value: number, name: string, min: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new AppError(400, 'file.badChunkField', { field: name });
  return value;
}

/**
 * The chunks an upload has, by index, from its record's `received`: "index:key," per chunk as
 * it arrived. A chunk sent again (a retry) is listed again and the last one counts; the object
 * of the earlier one stays named until the upload ends, which removes every object it names.
 */
function chunksOf(received: string): Map<number, string> {
  const chunks = new Map<number, string>();
  for (const entry of received.split(',')) {
    const [index, key] = entry.split(':');
    if (key && index) chunks.set(Number(index), key);
  }
  return chunks;
}

/** Every stored key an upload's record names (chunks sent twice included). */
const keysOf = (received: string) =>
  received
    .split(',')
    .map((entry) => entry.split(':')[1])
    .filter((key): key is string => !!key);

/**
 * Appended to `received` by the node that assembles the file (an entry without a key, which
 * chunksOf skips). The record stays until the file is stored, so that its chunks stay named by
 * an unfinished upload and removeChunks elsewhere (a chunk sent again, another upload with the
 * same content) leaves them; no chunk is taken for it any more.
 */
const ASSEMBLING = '*,';
const notAssembling = sql`strpos(${largeUpload.received}, '*') = 0`;
const assembling = sql`strpos(${largeUpload.received}, '*') > 0`;

export function registerLargeFileRoutes(app: FastifyInstance, options: LargeFileOptions): void {
  const { runtime, attachments } = options;
  const storage = attachments.storage;

  /** The caller's unfinished upload (one being assembled is finished already, as far as they know). */
  const uploadOf = async (actor: Actor, uploadId: string) => {
    const [row] = await runtime
      .executor()
      .select()
      .from(largeUpload)
      .where(and(eq(largeUpload.uploadId, uploadId), notAssembling));
    if (!row || (row.userId !== actor.userId && !actor.system))
      throw new AppError(404, 'file.uploadNotFound');
    return row;
  };
  /**
   * Removes stored objects that were chunks, unless a file or another unfinished upload has the
   * same content (the store keeps contents by their SHA-256: a chunk may equal a stored file).
   */
  const removeChunks = async (keys: readonly string[]) => {
    const on = runtime.executor();
    for (const key of new Set(keys)) {
      const [file] = await on
        .select({ id: attachment.attachmentId })
        .from(attachment)
        .where(eq(attachment.storageKey, key))
        .limit(1);
      const [pending] = await on
        .select({ id: largeUpload.uploadId })
        .from(largeUpload)
        .where(sql`${largeUpload.received} like ${`%:${key},%`}`)
        .limit(1);
      if (!file && !pending) await storage.delete(key);
    }
  };
  /**
   * Forgets an upload: its record and its chunks, and the objects in `also` (an assembled file
   * no attachment took). Only the node assembling an upload forgets it then.
   */
  const discard = async (uploadId: string, assembled = false, also: readonly string[] = []) => {
    const [gone] = await runtime
      .executor()
      .delete(largeUpload)
      .where(and(eq(largeUpload.uploadId, uploadId), assembled ? assembling : notAssembling))
      .returning();
    await removeChunks([...(gone ? keysOf(gone.received) : []), ...also]);
  };
  const receivedOf = (text: string) => [...chunksOf(text).keys()].sort((a, b) => a - b);

  /** One chunk (multipart: the fields, then the file part `chunk`). */
  declareRoute(app, {
    method: 'POST',
    path: `${LARGE_PREFIX}/upload`,
    summary:
      'One chunk of a large file (multipart: the fields, then the part `chunk`); the last one stores it',
    input: chunkFields,
    inputFrom: 'form',
    files: ['chunk'],
    access: 'authenticated',
    scope: 'self',
    success: {
      kind: 'envelope',
      data: {
        type: 'object',
        properties: {
          uploadId: { type: 'string' },
          done: { type: 'boolean' },
          received: { type: 'array', items: { type: 'integer' } },
          chunkCount: { type: 'integer' },
          sha256: { type: 'string' },
          attachment: { type: 'object' },
        },
      },
    },
    errors: [403, 404, 409, 415, 422],
    invalid: badChunkField,
    handle: async ({ request, parse }) => {
      if (!request.isMultipart()) throw new AppError(415, 'file.notMultipart');
      const actor = await options.actorOf(request);
      const sent: Record<string, string> = {};
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          sent[part.fieldname] = typeof part.value === 'string' ? part.value : '';
          continue;
        }
        let fields: ReturnType<typeof parse>;
        try {
          fields = parse(sent);
        } catch (error) {
          part.file.resume();
          throw error;
        }
        const uploadId = fields.uploadId;
        if (!/^[A-Za-z0-9_-]{16,100}$/.test(uploadId)) {
          part.file.resume();
          throw new AppError(400, 'file.badChunkField', { field: 'uploadId' });
        }
        const totalSize = within(fields.totalSize, 'totalSize', 1, attachments.maxBytes);
        const chunkSize = fields.chunkSize;
        const chunkCount = Math.ceil(totalSize / chunkSize);
        const chunkIndex = within(fields.chunkIndex, 'chunkIndex', 0, chunkCount - 1);
        const originalFileName = cleanFileName(fields.fileName ?? part.filename);
        const extension = attachments.acceptedExtension(originalFileName);
        const expected = chunkIndex === chunkCount - 1 ? totalSize - chunkSize * (chunkCount - 1) : chunkSize;
        const declaredSha = fields.sha256?.toLowerCase();
        if (declaredSha && !/^[0-9a-f]{64}$/.test(declaredSha))
          throw new AppError(400, 'file.badChunkField', { field: 'sha256' });

        // The upload: created by its first chunk, owned by its uploader, its geometry fixed.
        let upload = await runtime
          .executor()
          .select()
          .from(largeUpload)
          .where(eq(largeUpload.uploadId, uploadId))
          .then((rows) => rows[0]);
        const functionId = fields.functionId ?? null;
        const businessId = fields.businessId ?? null;
        if (!upload) {
          // A record the uploader may not change is refused before a byte is kept.
          try {
            await attachments.uploadTarget(actor, { functionId, businessId });
          } catch (error) {
            part.file.resume();
            throw error;
          }
          [upload] = await runtime
            .executor()
            .insert(largeUpload)
            .values({
              uploadId,
              userId: actor.userId,
              sha256: declaredSha ?? '0'.repeat(64),
              originalFileName,
              totalSize,
              chunkSize,
              chunkCount,
              path: fields.path ?? null,
              // The record the file is for, as with an ordinary upload: linked when the upload
              // finishes, if the uploader may still change that record's attachments then.
              functionId,
              businessId,
              fileDesc: fields.fileDesc ?? null,
              createdAt: runtime.clock.now(),
            })
            .onConflictDoNothing()
            .returning();
          upload ??= await uploadOf(actor, uploadId);
        }
        if (
          upload.userId !== actor.userId ||
          upload.totalSize !== totalSize ||
          upload.chunkSize !== chunkSize
        ) {
          part.file.resume();
          throw new AppError(409, 'file.uploadMismatch');
        }
        // All chunks are in and a node is joining them: one sent again now is not needed.
        if (upload.received.includes(ASSEMBLING)) {
          part.file.resume();
          throw new AppError(409, 'file.uploadFinishing');
        }
        // The chunk goes to the file store as an object of its own; the whole file's SHA-256 is
        // computed once all chunks are in.
        let chunk: { key: string; size: number };
        try {
          chunk = await storage.put(part.file, expected, [
            contentCheck(extension, { first: chunkIndex === 0 }),
          ]);
        } catch (error) {
          if (error instanceof FileTooLargeError) throw new AppError(400, 'file.badChunkSize');
          const refused =
            error instanceof ContentMismatchError
              ? new AppError(415, 'file.contentMismatch', { extension })
              : error instanceof ProgramRefusedError
                ? new AppError(415, 'file.programRefused')
                : null;
          if (refused) {
            // A refused content ends the whole upload: its record and its chunks go.
            await discard(uploadId);
            throw refused;
          }
          throw error;
        }
        if (chunk.size !== expected) {
          await removeChunks([chunk.key]);
          throw new AppError(400, 'file.badChunkSize');
        }
        // Appended in one statement: chunks of one upload may arrive at two nodes at once.
        const [updated] = await runtime
          .executor()
          .update(largeUpload)
          .set({ received: sql`${largeUpload.received} || ${`${chunkIndex}:${chunk.key},`}` })
          .where(and(eq(largeUpload.uploadId, uploadId), notAssembling))
          .returning();
        // The upload was discarded (another chunk was refused), or is being finished meanwhile
        // (then a chunk with this content is still named by it, and removeChunks keeps it).
        if (!updated) {
          await removeChunks([chunk.key]);
          throw new AppError(404, 'file.uploadNotFound');
        }
        const received = receivedOf(updated.received);
        if (received.length < chunkCount) return success({ uploadId, done: false, received, chunkCount });
        return success({ uploadId, done: true, received, chunkCount, ...(await finish(actor, uploadId)) });
      }
      throw new AppError(400, 'file.noFile');
    },
  });

  /**
   * All chunks are in: the record is claimed (one node finishes, whichever took the last chunk),
   * the chunks are streamed in order into the store as one file (hashed on the way), checked,
   * the attachment recorded; then, done or failed, the record and the chunks go.
   */
  const finish = async (actor: Actor, uploadId: string) => {
    const [claimed] = await runtime
      .executor()
      .update(largeUpload)
      .set({ received: sql`${largeUpload.received} || ${ASSEMBLING}` })
      .where(and(eq(largeUpload.uploadId, uploadId), notAssembling))
      .returning();
    if (!claimed) throw new AppError(409, 'file.uploadFinishing');
    const chunks = chunksOf(claimed.received);
    const whole = Readable.from(
      (async function* () {
        for (let index = 0; index < claimed.chunkCount; index++) yield* await storage.get(chunks.get(index)!);
      })(),
    );
    let stored: StoredObject | undefined;
    try {
      stored = await storage.put(whole, claimed.totalSize);
      const sha256 = stored.sha256;
      if (
        stored.size !== claimed.totalSize ||
        (claimed.sha256 !== '0'.repeat(64) && claimed.sha256 !== sha256)
      )
        throw new AppError(422, 'file.checksumMismatch');
      const context = {
        path: claimed.path,
        fileDesc: claimed.fileDesc,
        functionId: claimed.functionId,
        businessId: claimed.businessId,
      };
      const recorded = await attachments.record(actor, claimed.originalFileName, stored, context, true);
      // Access follows the record, as for an ordinary upload (checked again: rights may have gone
      // while the chunks came in, and then the file goes too).
      const [attachment] = await attachments.applyContext(actor, [recorded], context);
      return { sha256, attachment };
    } finally {
      // The assembled file stays only if its attachment was recorded (removeChunks keeps what an
      // attachment names: a file of one chunk has that chunk's content, hence its key).
      await discard(uploadId, true, stored ? [stored.key] : []);
    }
  };

  declareRoute(app, {
    method: 'POST',
    path: `${LARGE_PREFIX}/uploadStatus`,
    summary: "The chunks of an unfinished large upload of the caller's that have arrived (to resume)",
    input: { uploadId: text({ required: true, max: 100 }) },
    access: 'authenticated',
    scope: 'self',
    success: {
      kind: 'envelope',
      data: {
        type: 'object',
        properties: {
          uploadId: { type: 'string' },
          received: { type: 'array', items: { type: 'integer' } },
          chunkCount: { type: 'integer' },
          chunkSize: { type: 'integer' },
        },
      },
    },
    errors: [404],
    invalid: badChunkField,
    handle: async ({ request, input }) => {
      const upload = await uploadOf(await options.actorOf(request), input.uploadId);
      return success({
        uploadId: upload.uploadId,
        received: receivedOf(upload.received),
        chunkCount: upload.chunkCount,
        chunkSize: upload.chunkSize,
      });
    },
  });

  /** A stored file with byte ranges (Range: bytes=a-b), for big downloads that resume. */
  const download = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const actor = await options.actorOf(request);
    const row = (await attachments.assertReadable(actor, [id]))[0]!;
    const range = /^bytes=(\d*)-(\d*)$/.exec(headerValue(request.headers.range) ?? '');
    // A download resumed past its first byte is the same download: counted once, at its start.
    if (!range || range[1] === '0') await attachments.downloaded(actor, row);
    reply
      .header('content-type', row.contentType)
      .header('content-disposition', disposition('attachment', row.originalFileName))
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes');
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, row.fileSize - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), row.fileSize - 1) : row.fileSize - 1;
      if (start > end || start >= row.fileSize) {
        reply.code(416).header('content-range', `bytes */${row.fileSize}`);
        return reply.send('');
      }
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${row.fileSize}`)
        .header('content-length', String(end - start + 1));
      return reply.send(await attachments.storage.get(row.storageKey, { start, end }));
    }
    reply.header('content-length', String(row.fileSize));
    return reply.send(await attachments.storage.get(row.storageKey));
  };
  const noId = (issue: SaveIssue) =>
    issue.path.length && issue.message !== 'validation.unknownField'
      ? new AppError(400, 'file.noId')
      : undefined;
  for (const [method, path] of [
    ['POST', 'downloadBody'],
    ['GET', 'download'],
  ] as const)
    declareRoute(app, {
      method,
      path: `${LARGE_PREFIX}/${path}`,
      summary: `A stored file, whole or the byte range of its Range header (206)${method === 'GET' ? '; its id as ?id=' : ''}`,
      input: { id: ref('baseAttachment', { required: true }) },
      access: 'authenticated',
      scope: 'record',
      success: { kind: 'file', mediaType: 'application/octet-stream', partial: true },
      errors: [404, 416],
      invalid: noId,
      handle: ({ request, reply, input }) => download(request, reply, input.id),
    });
}
