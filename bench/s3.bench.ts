// Files on S3-compatible storage (SRM_STORAGE=s3) against a real S3 server on loopback (s3rver):
// the client's own throughput putting and reading a large file, and the built server's memory
// idle, after one ordinary upload and around a large-file upload that ends in the bucket.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import { copyFile, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Storage } from '@srm/platform';
import { startS3Peer } from '@srm/platform/testing';
import pg from 'pg';
import { ApiClient } from '@srm/platform/api-client';
import { PG_ADMIN_URL, postgresAvailable } from './lib/engine';
import { memoryOf, report, startServer } from './lib/server';

const SIZE = Number(process.env.BENCH_S3_BYTES ?? 200 * 1024 ** 2);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHUNK = 64 * 1024 * 1024;
const BUCKET = 'srm-bench';
const CREDENTIALS = { SRM_S3_ACCESS_KEY_ID: 'S3RVER', SRM_S3_SECRET_ACCESS_KEY: 'S3RVER' };

async function makeFile(path: string): Promise<void> {
  const handle = await open(path, 'w');
  const block = randomBytes(16 * 1024 * 1024);
  for (let written = 0; written < SIZE;) {
    const piece = block.subarray(0, Math.min(block.length, SIZE - written));
    piece.writeUInt32LE(written / block.length, 0);
    if (written === 0) piece.write('%PDF-1.7\n', 0);
    await handle.write(piece, 0, piece.length, written);
    written += piece.length;
  }
  await handle.close();
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const part of createReadStream(path)) hash.update(part as Buffer);
  return hash.digest('hex');
}

const mbps = (seconds: number) => `${(SIZE / 1024 ** 2 / seconds).toFixed(0)} MB/s (${seconds.toFixed(2)} s)`;

const work = await mkdtemp(join(tmpdir(), 'srm-bench-s3-'));
const peer = await startS3Peer(work, BUCKET);
try {
  const file = join(work, 'large.pdf');
  await makeFile(file);

  // The storage client alone, in this process: adopt (PUT) and read back, fresh content each run.
  const storage = new S3Storage({
    endpoint: peer.endpoint,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    workDir: join(work, 'spool'),
  });
  const puts: number[] = [];
  const gets: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const copy = join(work, `copy-${run}.pdf`);
    const handle = await open(file, 'r+');
    // One changed byte: a new key, so that the PUT is not skipped as already stored.
    await handle.write(Buffer.from([run + 1]), 0, 1, SIZE - 1);
    await handle.close();
    await copyFile(file, copy);
    const sha256 = await sha256Of(copy);
    let started = performance.now();
    await storage.adopt(copy, sha256);
    puts.push((performance.now() - started) / 1000);
    started = performance.now();
    const back = createHash('sha256');
    for await (const part of await storage.get(sha256)) back.update(part as Buffer);
    gets.push((performance.now() - started) / 1000);
    if (back.digest('hex') !== sha256) throw new Error('read back differs');
    await storage.delete(sha256);
  }
  const best = (values: number[]) => Math.min(...values);
  report(
    `s3.client.put-${SIZE / 1024 ** 2}MB`,
    `${mbps(best(puts))}, runs ${puts.map((s) => s.toFixed(2)).join('/')} s`,
    'as fast as the disk peer allows',
  );
  report(
    `s3.client.get-${SIZE / 1024 ** 2}MB`,
    `${mbps(best(gets))}, runs ${gets.map((s) => s.toFixed(2)).join('/')} s`,
    'as fast as the disk peer allows',
  );

  // The built server with SRM_STORAGE=s3, on PostgreSQL so that its RSS is the server's alone.
  let databaseUrl = '';
  let drop = async () => {};
  if (await postgresAvailable()) {
    const name = `srm_bench_s3_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const engine = databaseUrl ? 'postgres' : 'pglite';
  try {
    const server = await startServer({
      env: {
        SRM_DATA_DIR: join(work, 'data'),
        SRM_SCRYPT_COST: '10',
        DATABASE_URL: databaseUrl,
        SRM_STORAGE: 's3',
        SRM_S3_ENDPOINT: peer.endpoint,
        SRM_S3_BUCKET: BUCKET,
        ...CREDENTIALS,
      },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idle = memoryOf(server.pid).rssMb;
      const client = new ApiClient(server.url);
      const login = await client.login('admin', 'Srm@2026');
      if (login.body.status !== 'S') throw new Error(login.body.msg);
      const path = '/api/file/v2/file/upload';
      const form = new FormData();
      form.append('files', new Blob([`%PDF-1.4\n${randomBytes(4096).toString('hex')}\n%%EOF\n`]), 'one.pdf');
      const uploaded = (await (
        await fetch(client.baseUrl + path, {
          method: 'POST',
          headers: await client.signedHeaders(path, ''),
          body: form,
        })
      ).json()) as { status: string; msg: string };
      if (uploaded.status !== 'S') throw new Error(uploaded.msg);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const afterOne = memoryOf(server.pid).rssMb;
      report(`s3.server.${engine}.rss-idle`, `${Math.round(idle)} MB`, 'as on disk storage');
      report(`s3.server.${engine}.rss-after-one-upload`, `${Math.round(afterOne)} MB`, 'idle + the client');

      // Large-file mode: 64 MB chunks, the finished file adopted into the bucket.
      const blob = await openAsBlob(file);
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rssMb)), 100);
      const uploadId = `bench-${randomBytes(8).toString('hex')}`;
      const large = '/api/largeFile/v1/largeFile/upload';
      const started = performance.now();
      let done: { sha256?: string; done: boolean } | undefined;
      // The last chunk's answer waits for the whole file's SHA-256 and its PUT into the bucket.
      let last = 0;
      for (let index = 0; index * CHUNK < SIZE; index++) {
        const sent = performance.now();
        const chunk = new FormData();
        chunk.append('uploadId', uploadId);
        chunk.append('fileName', 'bench-large.pdf');
        chunk.append('totalSize', String(SIZE));
        chunk.append('chunkSize', String(CHUNK));
        chunk.append('chunkIndex', String(index));
        chunk.append(
          'chunk',
          blob.slice(index * CHUNK, Math.min(SIZE, (index + 1) * CHUNK)),
          'bench-large.pdf',
        );
        const answer = (await (
          await fetch(client.baseUrl + large, {
            method: 'POST',
            headers: await client.signedHeaders(large, ''),
            body: chunk,
          })
        ).json()) as { status: string; msg: string; data: { done: boolean; sha256?: string } };
        if (answer.status !== 'S') throw new Error(answer.msg);
        done = answer.data;
        last = (performance.now() - sent) / 1000;
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      report(
        `s3.server.${engine}.large-upload-${SIZE / 1024 ** 2}MB`,
        `${mbps(seconds)}, sha256 ${done?.done && done.sha256 === (await sha256Of(file)) ? 'matches' : 'DIFFERS'}`,
        '≥ 150 MB/s on disk storage',
      );
      report(`s3.server.${engine}.large-upload-last-chunk`, `${last.toFixed(2)} s`, 'hash + PUT');
      report(`s3.server.${engine}.large-upload-peak-rss`, `${Math.round(peak)} MB`, '≤ 150 MB on PG');
    } finally {
      await server.stop();
    }
  } finally {
    await drop();
  }
} finally {
  await peer.close();
  await rm(work, { recursive: true, force: true });
}
