// The files API with SRM_STORAGE=s3: uploads land in a real S3-compatible server (s3rver over
// HTTP) under their SHA-256, downloads and ranges come back from it, and nothing is on disk; an
// object gone from the bucket or a store that does not answer is a clear message, not a 500.
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
  await s3?.close().catch(() => {});
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

  it('an object gone from the bucket is a 404, a store that does not answer a 503: both E, no row written', async () => {
    const upload = async (content: Buffer) => {
      const form = new FormData();
      form.append('files', new Blob([content]), '对象存储.pdf');
      const answer = await fetch(`${server.url}/api/file/v2/file/upload`, {
        method: 'POST',
        headers: { 'x-test-actor': buyer, 'saaf-language': 'EN' },
        body: form,
      });
      return {
        httpStatus: answer.status,
        body: (await answer.json()) as { status: string; msg: string; data: { id: number }[] },
      };
    };
    const content = Buffer.concat([PDF, Buffer.from(`gone ${Date.now()}`)]);
    const stored = await upload(content);
    expect(stored.body.status, stored.body.msg).toBe('S');
    const sha256 = createHash('sha256').update(content).digest('hex');
    const folder = join(s3.directory, 'srm-test', sha256.slice(0, 2), sha256.slice(2, 4));
    for (const name of readdirSync(folder).filter((name) => name.startsWith(sha256)))
      rmSync(join(folder, name), { force: true });
    const gone = await fetch(`${server.url}/api/file/v2/file/download?id=${stored.body.data[0]!.id}`, {
      method: 'POST',
      headers: { 'x-test-actor': buyer, 'saaf-language': 'EN' },
    });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { status: string }).status).toBe('E');

    // The store stops: an upload is refused with a message, and no attachment row is written.
    const rows = await server.count('base_attachment');
    await s3.close();
    const refused = await upload(Buffer.concat([PDF, Buffer.from('after the store stopped')]));
    expect(refused.httpStatus).toBe(503);
    expect(refused.body).toMatchObject({
      status: 'E',
      msg: 'The file storage failed; try again later, or ask the administrator if it goes on',
    });
    expect(await server.count('base_attachment')).toBe(rows);
  });
});
