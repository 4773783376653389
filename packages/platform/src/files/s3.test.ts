// The S3 storage against a real S3-compatible server over HTTP (s3rver, which checks the
// access key but not the signature itself): round trip, ranges, de-duplication, deletes, the
// payload's SHA-256 signed, and the store's refusals as clear errors (never a bare 500).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Error, S3Storage, storageFromEnvironment } from './s3';
import { DiskStorage, FileTooLargeError } from './storage';
import { type S3Peer, startS3Peer } from '../testing/s3-peer';

const work = mkdtempSync(join(tmpdir(), 'srm-s3-'));
let server: S3Peer;
let endpoint = '';

function storage(options: { endpoint?: string; accessKeyId?: string } = {}) {
  return new S3Storage({
    endpoint: options.endpoint ?? endpoint,
    region: 'us-east-1',
    bucket: 'srm-files',
    accessKeyId: options.accessKeyId ?? 'S3RVER',
    secretAccessKey: 'S3RVER',
    workDir: join(work, 'spool'),
  });
}

/** A loopback relay in front of the S3 server that keeps every request's method, path and headers. */
async function recordingRelay(target: string) {
  const seen: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  const upstream = new URL(target);
  const relay = createServer((incoming, answer) => {
    seen.push({ method: incoming.method!, path: incoming.url!, headers: incoming.headers });
    const outgoing = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (response) => {
        answer.writeHead(response.statusCode!, response.headers);
        response.pipe(answer);
      },
    );
    incoming.pipe(outgoing);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

async function text(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

beforeAll(async () => {
  server = await startS3Peer(work, 'srm-files');
  endpoint = server.endpoint;
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('stores under the SHA-256, reads whole and by range, sizes and deletes', async () => {
    const s3 = storage();
    const content = `合同附件 ${randomBytes(8).toString('hex')} — contract attachment`;
    const sha256 = createHash('sha256').update(content).digest('hex');
    const stored = await s3.put(Readable.from([Buffer.from(content)]), 1024);
    expect(stored).toEqual({ key: sha256, sha256, size: Buffer.byteLength(content) });
    expect(await text(await s3.get(stored.key))).toBe(content);
    expect(await text(await s3.get(stored.key, { start: 0, end: 11 }))).toBe(
      Buffer.from(content).subarray(0, 12).toString('utf8'),
    );
    expect(await s3.size(stored.key)).toBe(stored.size);
    await s3.delete(stored.key);
    expect(await s3.size(stored.key)).toBeNull();
    await expect(s3.get(stored.key)).rejects.toMatchObject({ statusCode: 404 });
    // The spool is empty again.
    expect(
      existsSync(join(work, 'spool')) ? (await import('node:fs')).readdirSync(join(work, 'spool')) : [],
    ).toEqual([]);
  });

  it('refuses more than the limit and keeps nothing', async () => {
    const s3 = storage();
    const big = randomBytes(5000);
    await expect(s3.put(Readable.from([big]), 4096)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await s3.size(createHash('sha256').update(big).digest('hex'))).toBeNull();
  });

  it('adopts a finished local file once, whatever the number of uploads', async () => {
    const s3 = storage();
    const content = randomBytes(200_000);
    const sha256 = createHash('sha256').update(content).digest('hex');
    for (let i = 0; i < 2; i++) {
      const local = join(work, `large-${i}.bin`);
      writeFileSync(local, content);
      expect(await s3.adopt(local, sha256)).toEqual({ key: sha256, sha256, size: content.length });
      expect(existsSync(local)).toBe(false);
    }
    const back = Buffer.concat(await (await s3.get(sha256)).toArray());
    expect(back.equals(content)).toBe(true);
  });

  it('signs the payload’s SHA-256, so that the store checks the bytes it receives', async () => {
    const relay = await recordingRelay(endpoint);
    try {
      const content = randomBytes(70_000);
      const sha256 = createHash('sha256').update(content).digest('hex');
      const stored = await storage({ endpoint: relay.endpoint }).put(Readable.from([content]), 100_000);
      expect(stored.key).toBe(sha256);
      const put = relay.seen.find((seen) => seen.method === 'PUT')!;
      expect(put.path.split('?')[0]).toBe(`/srm-files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`);
      expect(put.headers['x-amz-content-sha256']).toBe(sha256);
      expect(put.headers['content-length']).toBe(String(content.length));
      const authorization = String(put.headers.authorization);
      expect(authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request, /,
      );
      expect(authorization.match(/SignedHeaders=([^,]+)/)![1]!.split(';')).toEqual(
        expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date']),
      );
      // No CRC trailers: stores that know only SigV4 (and s3rver) take the body as it is.
      expect(put.headers['content-encoding']).toBeUndefined();
      expect(Object.keys(put.headers).filter((name) => name.startsWith('x-amz-checksum'))).toEqual([]);
    } finally {
      await relay.close();
    }
  });

  it('answers a refusal as a clear error: 503 "storage failed", 404 for a missing object', async () => {
    const stranger = storage({ accessKeyId: 'NOT-A-KEY' });
    const refused = await stranger.put(Readable.from([Buffer.from('x')]), 10).catch((e: unknown) => e);
    expect(refused, String(refused)).toBeInstanceOf(S3Error);
    expect(refused).toMatchObject({ statusCode: 403, httpStatus: 503, messageKey: 'file.storageFailed' });
    // The store's own answer is kept for the log.
    const read = await stranger.get('0'.repeat(64)).catch((e: unknown) => e);
    expect(read).toMatchObject({ statusCode: 403, httpStatus: 503 });
    expect((read as S3Error).message).toContain('InvalidAccessKeyId');

    const missing = await storage()
      .get('0'.repeat(64))
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404, httpStatus: 404, messageKey: 'file.notFound' });

    // Nothing listens on the port of a closed relay: the store does not answer.
    const relay = await recordingRelay(endpoint);
    await relay.close();
    const silent = await storage({ endpoint: relay.endpoint })
      .size('0'.repeat(64))
      .catch((e: unknown) => e);
    expect(silent).toMatchObject({ statusCode: 0, httpStatus: 503, messageKey: 'file.storageFailed' });
  });

  it('is chosen by the environment, with a clear message when a setting is missing', () => {
    expect(storageFromEnvironment(work, {})).toBeInstanceOf(DiskStorage);
    expect(
      storageFromEnvironment(work, {
        SRM_STORAGE: 's3',
        SRM_S3_ENDPOINT: endpoint,
        SRM_S3_BUCKET: 'srm-files',
        SRM_S3_ACCESS_KEY_ID: 'S3RVER',
        SRM_S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
    ).toBeInstanceOf(S3Storage);
    expect(() => storageFromEnvironment(work, { SRM_STORAGE: 's3', SRM_S3_ENDPOINT: endpoint })).toThrow(
      'SRM_STORAGE=s3 needs SRM_S3_BUCKET, SRM_S3_ACCESS_KEY_ID, SRM_S3_SECRET_ACCESS_KEY',
    );
    expect(() => storageFromEnvironment(work, { SRM_STORAGE: 'ftp' })).toThrow('SRM_STORAGE must be');
  });
});
