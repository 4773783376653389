// File contents in an S3-compatible object store (AWS S3, MinIO, Ceph, OSS/COS in S3 mode),
// through the AWS SDK's S3 client, which loads with the first request (never on disk storage);
// keys are the content's SHA-256, as on disk, so a file is uploaded once and a user never names one.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { AppError } from '../http/errors';
import { DiskStorage, type FileStorage, meter, type StoredObject } from './storage';

export interface S3Options {
  /** The service's base URL, e.g. `https://s3.cn-north-1.amazonaws.com.cn` or `http://127.0.0.1:9000`. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where uploads are spooled while their SHA-256 (the key) is computed. */
  workDir: string;
}

/**
 * The store refused or could not be reached: the user reads that the file storage failed (503),
 * or that the file does not exist when the store has no such object (404); the log keeps the
 * store's own answer.
 */
export class S3Error extends AppError {
  constructor(
    /** The store's HTTP status, 0 when it did not answer. */
    readonly statusCode: number,
    readonly body: string,
    readonly operation: string,
  ) {
    super(statusCode === 404 ? 404 : 503, statusCode === 404 ? 'file.notFound' : 'file.storageFailed');
    this.name = 'S3Error';
    this.message = `S3 ${operation} answered ${statusCode || 'nothing'}: ${body.slice(0, 300)}`;
  }
}

const KEY = /^[0-9a-f]{64}$/;

let loading: Promise<typeof S3Sdk> | null = null;

function sdk(): Promise<typeof S3Sdk> {
  loading ??= import('@aws-sdk/client-s3');
  return loading;
}

/** The SDK's warnings (a failed streamed PUT is not retried) would go to the console: the error itself is answered and logged. */
const quiet = { debug() {}, info() {}, warn() {}, error() {}, trace() {} };

function asS3Error(error: unknown, operation: string): unknown {
  if (error instanceof S3Error) return error;
  const failure = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  if (typeof failure !== 'object' || failure === null) return error;
  return new S3Error(
    failure.$metadata?.httpStatusCode ?? 0,
    `${failure.name ?? 'Error'}: ${failure.message ?? ''}`,
    operation,
  );
}

export class S3Storage implements FileStorage {
  private connected: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | null = null;

  constructor(private readonly options: S3Options) {}

  private connect() {
    this.connected ??= sdk().then((loaded) => ({
      sdk: loaded,
      client: new loaded.S3Client({
        endpoint: this.options.endpoint,
        region: this.options.region,
        // Path-style addressing: MinIO, Ceph and most self-hosted stores have no bucket subdomains.
        forcePathStyle: true,
        credentials: {
          accessKeyId: this.options.accessKeyId,
          secretAccessKey: this.options.secretAccessKey,
        },
        // The SDK would otherwise add CRC32 checksums as aws-chunked trailers, which many
        // S3-compatible stores (and s3rver) refuse; the SHA-256 of the payload is signed instead.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        logger: quiet,
      }),
    }));
    return this.connected;
  }

  private objectKey(key: string): string {
    if (!KEY.test(key)) throw new Error('Bad storage key');
    return `${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
  }

  async put(content: Readable, maxBytes: number, checks: Transform[] = []): Promise<StoredObject> {
    await mkdir(this.options.workDir, { recursive: true });
    const spool = join(this.options.workDir, randomBytes(16).toString('hex'));
    const counter = meter(maxBytes);
    try {
      await pipeline([content, ...checks, counter, createWriteStream(spool)]);
      return await this.adopt(spool, counter.sha256());
    } finally {
      await rm(spool, { force: true });
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    // A bad key is our own fault (keys come from stored rows), not the store's.
    const objectKey = this.objectKey(key);
    const { sdk: loaded, client } = await this.connect();
    try {
      const answer = await client.send(
        new loaded.GetObjectCommand({
          Bucket: this.options.bucket,
          Key: objectKey,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      throw asS3Error(error, 'GET');
    }
  }

  async size(key: string): Promise<number | null> {
    const objectKey = this.objectKey(key);
    const { sdk: loaded, client } = await this.connect();
    try {
      const answer = await client.send(
        new loaded.HeadObjectCommand({ Bucket: this.options.bucket, Key: objectKey }),
      );
      return answer.ContentLength ?? 0;
    } catch (error) {
      const failure = asS3Error(error, 'HEAD');
      if (failure instanceof S3Error && failure.statusCode === 404) return null;
      throw failure;
    }
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    const { sdk: loaded, client } = await this.connect();
    try {
      await client.send(new loaded.DeleteObjectCommand({ Bucket: this.options.bucket, Key: objectKey }));
    } catch (error) {
      const failure = asS3Error(error, 'DELETE');
      if (!(failure instanceof S3Error && failure.statusCode === 404)) throw failure;
    }
  }

  async adopt(localPath: string, sha256: string): Promise<StoredObject> {
    const size = (await stat(localPath)).size;
    // The same content stored before is not sent again.
    if ((await this.size(sha256)) !== size) {
      const { sdk: loaded, client } = await this.connect();
      const command = new loaded.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(sha256),
        Body: createReadStream(localPath),
        ContentLength: size,
        ContentType: 'application/octet-stream',
      });
      // The payload's SHA-256 is known: signed as x-amz-content-sha256, the store checks the
      // bytes it received against it (a streamed body would otherwise go UNSIGNED-PAYLOAD).
      command.middlewareStack.add(
        (next) => (args) => {
          (args.request as { headers: Record<string, string> }).headers['x-amz-content-sha256'] = sha256;
          return next(args);
        },
        { step: 'build', name: 'signedPayloadSha256' },
      );
      try {
        await client.send(command);
      } catch (error) {
        throw asS3Error(error, 'PUT');
      }
    }
    await rm(localPath, { force: true });
    return { key: sha256, size, sha256 };
  }

  /** A local directory for work files (spooled uploads, exports, chunked uploads). */
  workDir(name: string): string {
    return join(this.options.workDir, name);
  }
}

/** A storage with local work directories (both implementations have them). */
export type ServerStorage = FileStorage & { workDir(name: string): string };

/**
 * The storage the environment names: `SRM_STORAGE=s3` with `SRM_S3_ENDPOINT`, `SRM_S3_BUCKET`,
 * `SRM_S3_ACCESS_KEY_ID`, `SRM_S3_SECRET_ACCESS_KEY` (and `SRM_S3_REGION`), else the disk
 * under `SRM_FILES_DIR` or the data directory.
 */
export function storageFromEnvironment(dataDir: string, env: NodeJS.ProcessEnv): ServerStorage {
  const kind = (env.SRM_STORAGE ?? 'disk').toLowerCase();
  // SRM_FILES_DIR: a directory several app nodes share (each keeps its own data directory).
  if (kind === 'disk')
    return new DiskStorage(env.SRM_FILES_DIR ? resolve(env.SRM_FILES_DIR) : join(dataDir, 'files'));
  if (kind !== 's3') throw new Error(`SRM_STORAGE must be "disk" or "s3", got "${env.SRM_STORAGE}"`);
  const required = ['SRM_S3_ENDPOINT', 'SRM_S3_BUCKET', 'SRM_S3_ACCESS_KEY_ID', 'SRM_S3_SECRET_ACCESS_KEY'];
  const missing = required.filter((name) => !env[name]);
  if (missing.length) throw new Error(`SRM_STORAGE=s3 needs ${missing.join(', ')}`);
  return new S3Storage({
    endpoint: env.SRM_S3_ENDPOINT!,
    region: env.SRM_S3_REGION || 'us-east-1',
    bucket: env.SRM_S3_BUCKET!,
    accessKeyId: env.SRM_S3_ACCESS_KEY_ID!,
    secretAccessKey: env.SRM_S3_SECRET_ACCESS_KEY!,
    workDir: join(dataDir, 'files', 'tmp'),
  });
}
