// The files API with SRM_STORAGE=s3: uploads land in a real S3-compatible server (s3rver over
// HTTP) under their SHA-256, downloads and ranges come back from it, and nothing is on disk.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type S3Peer, startS3Peer } from '@srm/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing';

const work = mkdtempSync(join(tmpdir(), 'srm-files-s3-'));
const buyer = JSON.stringify({ userId: 501, userName: 'buyer' });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n对象存储\n');
let s3: S3Peer;
let server: TestServer;
const saved = { ...process.env };

beforeAll(async () => {
  s3 = await startS3Peer(work, 'srm-test');
  Object.assign(process.env, {
    SRM_STORAGE: 's3',
    SRM_S3_ENDPOINT: s3.endpoint,
    SRM_S3_BUCKET: 'srm-test',
    SRM_S3_ACCESS_KEY_ID: 'S3RVER',
    SRM_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
  process.env = saved;
  rmSync(work, { recursive: true, force: true });
});

describe('files on S3-compatible storage', () => {
  it('uploads into the bucket and downloads from it, whole and by range', async () => {
    const form = new FormData();
    form.append('files', new Blob([PDF]), '对象存储.pdf');
    const uploaded = await fetch(`${server.url}/api/file/v2/file/upload`, {
      method: 'POST',
      headers: { 'x-test-actor': buyer },
      body: form,
    });
    const body = (await uploaded.json()) as { status: string; msg: string; data: { id: number }[] };
    expect(body.status, body.msg).toBe('S');
    const sha256 = createHash('sha256').update(PDF).digest('hex');
    const bucket = join(s3.directory, 'srm-test', sha256.slice(0, 2), sha256.slice(2, 4));
    expect(readdirSync(bucket).some((name) => name.startsWith(sha256))).toBe(true);

    const id = body.data[0]!.id;
    const whole = await fetch(`${server.url}/api/file/v2/file/download?id=${id}`, {
      method: 'POST',
      headers: { 'x-test-actor': buyer },
    });
    expect(whole.status, await whole.clone().text()).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(PDF)).toBe(true);
    const range = await fetch(`${server.url}/api/file/v2/file/download?id=${id}`, {
      method: 'POST',
      headers: { 'x-test-actor': buyer, range: 'bytes=0-7' },
    });
    if (range.status === 206) expect(Buffer.from(await range.arrayBuffer()).toString()).toBe('%PDF-1.4');
    else expect(Buffer.from(await range.arrayBuffer()).equals(PDF)).toBe(true);
  });
});
