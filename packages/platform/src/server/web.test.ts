// The web app's files: what a browser gets for a script the build compressed, by what it accepts,
// and for how long it may keep it.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebFiles } from './web';

const script = Buffer.from(`export const greeting = ${JSON.stringify('你好, '.repeat(500))};\n`);
const page = '<!doctype html><html><body><div id="root"></div></body></html>';
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'srm-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), page);
  await writeFile(join(dir, 'assets', 'main-abc123.js'), script);
  await writeFile(join(dir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
  await writeFile(join(dir, 'assets', 'main-abc123.js.gz'), gzipSync(script));
  // A file the build did not compress (too small).
  await writeFile(join(dir, 'assets', 'tiny-def456.js'), 'export {};\n');
  app = Fastify();
  await registerWebFiles(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('a script of the built app', () => {
  it('comes as brotli to a browser that accepts it, and decodes to the script', async () => {
    const response = await get('/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(response.rawPayload).equals(script)).toBe(true);
  });

  it('comes as gzip to a browser that accepts gzip only', async () => {
    const response = await get('/assets/main-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).equals(script)).toBe(true);
  });

  it('comes as it is to a client that accepts no encoding', async () => {
    const response = await get('/assets/main-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.equals(script)).toBe(true);
  });

  it('comes as it is when the build left it uncompressed', async () => {
    const response = await get('/assets/tiny-def456.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};\n');
  });

  it('is kept for a year (its name changes with its content), the page is revalidated', async () => {
    expect((await get('/assets/main-abc123.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const index = await get('/', 'br');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toBe(page);
  });
});
