// File contents in an S3-compatible object store (AWS S3, MinIO, Ceph, OSS/COS in S3 mode).
// Requests are signed with AWS Signature Version 4 over node:http(s), streamed both ways; keys
// are the content's SHA-256, as on disk, so a file is uploaded once and a user never names one.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

export class S3Error extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    operation: string,
  ) {
    super(`S3 ${operation} answered ${statusCode}: ${body.slice(0, 300)}`);
  }
}

const KEY = /^[0-9a-f]{64}$/;
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function hmac(key: Buffer | string, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

/** RFC 3986 encoding as SigV4 wants it (slashes kept in paths). */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

async function readAll(response: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of response) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export interface S3Signing {
  method: string;
  host: string;
  /** The URI-encoded path. */
  path: string;
  headers: Record<string, string>;
  payloadSha256: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

/** The request's headers with `x-amz-date`, `x-amz-content-sha256` and the SigV4 `authorization`. */
export function signS3(request: S3Signing): Record<string, string> {
  const amzDate = request.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const all: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
    ),
    host: request.host,
    'x-amz-content-sha256': request.payloadSha256,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(all).sort();
  const canonical = [
    request.method,
    request.path,
    '',
    ...names.map((name) => `${name}:${all[name]!.trim()}`),
    '',
    names.join(';'),
    request.payloadSha256,
  ].join('\n');
  const scope = `${day}/${request.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${request.secretAccessKey}`, day), request.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  all.authorization =
    `AWS4-HMAC-SHA256 Credential=${request.accessKeyId}/${scope}, ` +
    `SignedHeaders=${names.join(';')}, Signature=${signature}`;
  return all;
}

interface SignedRequest {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  key: string;
  headers?: Record<string, string>;
  payloadSha256?: string;
  body?: Readable;
}

export class S3Storage implements FileStorage {
  private readonly base: URL;

  constructor(
    private readonly options: S3Options,
    /** The signing clock (tests may shift it). */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.base = new URL(options.endpoint);
  }

  private objectPath(key: string): string {
    if (!KEY.test(key)) throw new Error('Bad storage key');
    const prefix = this.base.pathname.replace(/\/$/, '');
    return `${prefix}/${this.options.bucket}/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
  }

  /** Sends one signed request (path-style addressing) and answers the response, unread. */
  private send({ method, key, headers = {}, payloadSha256 = EMPTY_SHA256, body }: SignedRequest) {
    const path = encodePath(this.objectPath(key));
    const all = signS3({
      method,
      host: this.base.host,
      path,
      headers,
      payloadSha256,
      region: this.options.region,
      accessKeyId: this.options.accessKeyId,
      secretAccessKey: this.options.secretAccessKey,
      now: this.now(),
    });
    const request = this.base.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = request(
        {
          method,
          hostname: this.base.hostname,
          port: this.base.port || undefined,
          path,
          headers: all,
        },
        resolve,
      );
      outgoing.on('error', reject);
      if (body) {
        body.on('error', (error) => outgoing.destroy(error));
        body.pipe(outgoing);
      } else outgoing.end();
    });
  }

  private async expect(response: IncomingMessage, operation: string, ok: number[]): Promise<void> {
    if (ok.includes(response.statusCode ?? 0)) return;
    throw new S3Error(response.statusCode ?? 0, await readAll(response), operation);
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
    const response = await this.send({
      method: 'GET',
      key,
      headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
    });
    await this.expect(response, 'GET', range ? [200, 206] : [200]);
    return response;
  }

  async size(key: string): Promise<number | null> {
    const response = await this.send({ method: 'HEAD', key });
    response.resume();
    if (response.statusCode === 404) return null;
    await this.expect(response, 'HEAD', [200]);
    return Number(response.headers['content-length'] ?? 0);
  }

  async delete(key: string): Promise<void> {
    const response = await this.send({ method: 'DELETE', key });
    await this.expect(response, 'DELETE', [200, 204, 404]);
    response.resume();
  }

  async adopt(localPath: string, sha256: string): Promise<StoredObject> {
    const size = (await stat(localPath)).size;
    // The same content stored before is not sent again.
    if ((await this.size(sha256)) !== size) {
      const response = await this.send({
        method: 'PUT',
        key: sha256,
        headers: { 'content-length': String(size), 'content-type': 'application/octet-stream' },
        payloadSha256: sha256,
        body: createReadStream(localPath),
      });
      await this.expect(response, 'PUT', [200]);
      response.resume();
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
 * under the data directory.
 */
export function storageFromEnvironment(dataDir: string, env: NodeJS.ProcessEnv): ServerStorage {
  const kind = (env.SRM_STORAGE ?? 'disk').toLowerCase();
  if (kind === 'disk') return new DiskStorage(join(dataDir, 'files'));
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
