// Large-file mode: a 2 GiB file uploaded in chunks to the built server on loopback, signed in
// for real. Targets: ≥ 150 MB/s, server RSS ≤ 150 MB (≤ 275 MB with PGlite inside, ADR 0011); a killed upload resumes with the missing
// chunks and the server's SHA-256 matches the file's.
import { createHash, randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '@srm/platform/api-client';
import { PG_ADMIN_URL, postgresAvailable } from './lib/engine';
import { memoryOf, report, startServer } from './lib/server';
import pg from 'pg';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 2 * 1024 ** 3);
const CHUNK = 64 * 1024 * 1024;
const PARALLEL = 2;

async function makeFile(path: string): Promise<string> {
  const handle = await open(path, 'w');
  const block = randomBytes(16 * 1024 * 1024);
  const hash = createHash('sha256');
  for (let written = 0; written < SIZE;) {
    const piece = block.subarray(0, Math.min(block.length, SIZE - written));
    // Vary each block so that no two are identical.
    piece.writeUInt32LE(written / block.length, 0);
    if (written === 0) piece.write('%PDF-1.7\n', 0);
    await handle.write(piece, 0, piece.length, written);
    hash.update(piece);
    written += piece.length;
  }
  await handle.close();
  return hash.digest('hex');
}

async function sendChunk(
  client: ApiClient,
  blob: Blob,
  uploadId: string,
  index: number,
  signal?: AbortSignal,
) {
  const path = '/api/largeFile/v1/largeFile/upload';
  const form = new FormData();
  form.append('uploadId', uploadId);
  form.append('fileName', 'bench-large.pdf');
  form.append('totalSize', String(SIZE));
  form.append('chunkSize', String(CHUNK));
  form.append('chunkIndex', String(index));
  form.append('chunk', blob.slice(index * CHUNK, Math.min(SIZE, (index + 1) * CHUNK)), 'bench-large.pdf');
  const response = await fetch(client.baseUrl + path, {
    method: 'POST',
    headers: await client.signedHeaders(path, ''),
    body: form,
    signal,
  });
  return (await response.json()) as {
    status: string;
    msg: string;
    data: { done: boolean; sha256?: string; received: number[] };
  };
}

async function run(label: string, env: Record<string, string>) {
  const work = await mkdtemp(join(tmpdir(), 'srm-bench-upload-'));
  const file = join(work, 'large.pdf');
  const expected = await makeFile(file);
  const blob = await openAsBlob(file);
  const server = await startServer({
    env: { SRM_DATA_DIR: join(work, 'data'), SRM_SCRYPT_COST: '10', ...env },
  });
  const idle = memoryOf(server.pid).rssMb;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid).rssMb)), 100);
  try {
    const client = new ApiClient(server.url);
    const login = await client.login('admin', 'Srm@2026');
    if (login.body.status !== 'S') throw new Error(login.body.msg);
    const chunks = Math.ceil(SIZE / CHUNK);

    // A first upload is killed half-way: its chunks in flight are aborted.
    const uploadId = `bench-${randomBytes(8).toString('hex')}`;
    const killer = new AbortController();
    const half = Math.floor(chunks / 2);
    for (let index = 0; index < half; index++) await sendChunk(client, blob, uploadId, index);
    await Promise.allSettled([
      sendChunk(client, blob, uploadId, half, killer.signal),
      new Promise((resolve) => setTimeout(resolve, 200)).then(() => killer.abort()),
    ]);
    const status = await client.call<{ received: number[] }>('/api/largeFile/v1/largeFile/uploadStatus', {
      uploadId,
    });
    const missing = Array.from({ length: chunks }, (_, i) => i).filter(
      (i) => !status.body.data.received.includes(i),
    );
    let last: Awaited<ReturnType<typeof sendChunk>> | undefined;
    for (const index of missing) last = await sendChunk(client, blob, uploadId, index);
    report(
      `upload.${label}.resumed-after-kill (sha256 matches)`,
      String(last?.data.done === true && last.data.sha256 === expected),
      'true',
    );

    // The timed upload: every chunk, two at a time.
    const timedId = `bench-${randomBytes(8).toString('hex')}`;
    const started = performance.now();
    let next = 0;
    let result: Awaited<ReturnType<typeof sendChunk>> | undefined;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (;;) {
          const index = next++;
          if (index >= chunks) return;
          const answer = await sendChunk(client, blob, timedId, index);
          if (answer.status !== 'S') throw new Error(answer.msg);
          if (answer.data.done) result = answer;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    report(
      `upload.${label}.${(SIZE / 1024 ** 3).toFixed(1)}GiB-throughput`,
      `${(SIZE / 1024 ** 2 / seconds).toFixed(0)} MB/s (${seconds.toFixed(1)} s)`,
      '≥ 150 MB/s',
    );
    report(`upload.${label}.sha256-matches`, String(result?.data.sha256 === expected), 'true');
    report(
      `upload.${label}.server-peak-rss`,
      `${Math.round(peak)} MB (idle before: ${Math.round(idle)} MB)`,
      // With PGlite the server process contains the database: ADR 0011 adds its share.
      label === 'pglite' ? '≤ 275 MB (150 MB + the embedded database, ADR 0011)' : '≤ 150 MB',
    );
  } finally {
    clearInterval(sampler);
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

// BENCH_ENGINES=postgres or pglite runs one engine only.
const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
if (engines.includes('postgres') && (await postgresAvailable())) {
  const name = `srm_bench_upload_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    await run('postgres', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
if (engines.includes('pglite')) await run('pglite', { DATABASE_URL: '' });
