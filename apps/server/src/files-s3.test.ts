// The files API with SRM_STORAGE=s3: uploads land in a real S3-compatible server (s3rver over
// HTTP) under their SHA-256, downloads and ranges come back from it, and nothing is on disk; an
// object gone from the bucket or a store that does not answer is a clear message, not a 500.
// A second app node on the same database and bucket, with a data directory of its own, takes
// chunks of the same large uploads.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type S3Peer, startS3Peer, testActorPolicy } from '@srm/platform/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app';
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

/** The storage keys of the bucket's objects (s3rver keeps each as files named after the key). */
function bucketKeys(): Set<string> {
  const level = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
  const root = join(s3.directory, 'srm-test');
  return new Set(
    level(root).flatMap((a) =>
      level(join(root, a)).flatMap((b) =>
        level(join(root, a, b))
          .map((name) => name.slice(0, 64))
          .filter((key) => /^[0-9a-f]{64}$/.test(key)),
      ),
    ),
  );
}

describe('large uploads on two app nodes sharing the database and the bucket', () => {
  const chunkSize = 1024 * 1024;
  let nodeB: App;
  let urlB: string;

  beforeAll(async () => {
    // Node B: the same database and store, its own data directory (keys, spools, work files).
    nodeB = await buildApp({
      database: server.database,
      dataDir: mkdtempSync(join(work, 'node-b-')),
      policy: testActorPolicy,
      jobWorkers: false,
    });
    await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
    const address = nodeB.app.server.address();
    urlB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => nodeB?.app.close());

  /** A large file of four chunks, sent chunk by chunk to the node given for each. */
  function largeFile(name: string) {
    const content = Buffer.concat([PDF, randomBytes(3 * chunkSize + 4321 - PDF.length)]);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const uploadId = `two-nodes-${randomBytes(8).toString('hex')}`;
    const send = async (url: string, index: number) => {
      const form = new FormData();
      form.append('uploadId', uploadId);
      form.append('fileName', name);
      form.append('totalSize', String(content.length));
      form.append('chunkSize', String(chunkSize));
      form.append('chunkIndex', String(index));
      form.append('sha256', sha256);
      form.append('chunk', new Blob([content.subarray(index * chunkSize, (index + 1) * chunkSize)]), name);
      const response = await fetch(`${url}/api/largeFile/v1/largeFile/upload`, {
        method: 'POST',
        headers: { 'x-test-actor': buyer },
        body: form,
      });
      return (await response.json()) as {
        status: string;
        msg: string;
        data: { done: boolean; sha256?: string; attachment?: { id: number } };
      };
    };
    return { sha256, send };
  }

  const downloaded = async (url: string, id: number) => {
    const answer = await fetch(`${url}/api/largeFile/v1/largeFile/download?id=${id}`, {
      headers: { 'x-test-actor': buyer },
    });
    expect(answer.status).toBe(200);
    return createHash('sha256')
      .update(Buffer.from(await answer.arrayBuffer()))
      .digest('hex');
  };

  it('takes the chunks alternately on A and B and stores the file, its chunks gone', async () => {
    const before = bucketKeys();
    const { sha256, send } = largeFile('两节点交替.pdf');
    const answers = [];
    for (const [index, url] of [server.url, urlB, server.url, urlB].entries()) {
      const answer = await send(url, index);
      expect(answer.status, answer.msg).toBe('S');
      answers.push(answer);
    }
    expect(answers.map((answer) => answer.data.done)).toEqual([false, false, false, true]);
    expect(answers[3]!.data.sha256).toBe(sha256);
    const id = answers[3]!.data.attachment!.id;
    expect(await downloaded(server.url, id)).toBe(sha256);
    expect(await downloaded(urlB, id)).toBe(sha256);
    expect([...bucketKeys()].filter((key) => !before.has(key))).toEqual([sha256]);
    expect(await server.count('base_large_upload')).toBe(0);
  });

  it('takes the last two chunks on A and B at the same moment and stores the file once', async () => {
    const before = bucketKeys();
    const { sha256, send } = largeFile('两节点同时.pdf');
    expect((await send(server.url, 0)).data.done).toBe(false);
    expect((await send(urlB, 1)).data.done).toBe(false);
    const last = await Promise.all([send(server.url, 2), send(urlB, 3)]);
    for (const answer of last) expect(answer.status, answer.msg).toBe('S');
    const finished = last.filter((answer) => answer.data.done);
    expect(finished).toHaveLength(1);
    expect(finished[0]!.data.sha256).toBe(sha256);
    const rows = (await server.database.db.execute(
      sql`select count(*)::int as n from base_attachment where original_file_name = '两节点同时.pdf'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(1);
    expect(await downloaded(urlB, finished[0]!.data.attachment!.id)).toBe(sha256);
    expect([...bucketKeys()].filter((key) => !before.has(key))).toEqual([sha256]);
    expect(await server.count('base_large_upload')).toBe(0);
  });
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
