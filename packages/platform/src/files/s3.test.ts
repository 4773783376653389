// The S3 storage against a real S3-compatible server over HTTP (s3rver, which checks AWS
// Signature Version 4): round trip, ranges, de-duplication, deletes, and a wrong secret refused.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_SHA256, S3Error, S3Storage, signS3, storageFromEnvironment } from './s3';
import { DiskStorage, FileTooLargeError } from './storage';
import { type S3Peer, startS3Peer } from '../testing/s3-peer';

const work = mkdtempSync(join(tmpdir(), 'srm-s3-'));
let server: S3Peer;
let endpoint = '';

function storage(secretAccessKey = 'S3RVER') {
  return new S3Storage({
    endpoint,
    region: 'us-east-1',
    bucket: 'srm-files',
    accessKeyId: 'S3RVER',
    secretAccessKey,
    workDir: join(work, 'spool'),
  });
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

  // s3rver checks the access key but not a version 4 signature: the signature itself is
  // checked against the worked example of Amazon's S3 documentation ("GET Object").
  it('signs as Amazon documents it (SigV4 worked example)', () => {
    const headers = signS3({
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      headers: { Range: 'bytes=0-9' },
      payloadSha256: EMPTY_SHA256,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('is refused with an unknown access key', async () => {
    const stranger = new S3Storage({
      endpoint,
      region: 'us-east-1',
      bucket: 'srm-files',
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'x',
      workDir: join(work, 'spool'),
    });
    const error = await stranger.put(Readable.from([Buffer.from('x')]), 10).catch((e: unknown) => e);
    expect(error, String(error)).toBeInstanceOf(S3Error);
    expect((error as S3Error).statusCode).toBe(403);
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
