// A close ends the connections that carry no request at once (one that never sent a request, one
// idle after its answer) and waits for a request in flight, whose answer arrives whole.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, type IncomingMessage, request } from 'node:http';
import { request as tlsRequest } from 'node:https';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drainOnClose } from './drain';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function started(https?: {
  key: Buffer;
  cert: Buffer;
}): Promise<{ port: number; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  app = https ? (Fastify({ https }) as unknown as FastifyInstance) : Fastify();
  drainOnClose(app);
  app.get('/quick', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await released;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, release };
}

/** The body of a GET, over a keep-alive connection (plain), or over TLS to a self-signed server. */
const get = (port: number, path: string, secure = false) =>
  new Promise<string>((resolve, reject) => {
    const answered = (response: IncomingMessage) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body));
    };
    const at = { port, host: '127.0.0.1', path };
    (secure
      ? tlsRequest({ ...at, rejectUnauthorized: false }, answered)
      : request({ ...at, agent: new Agent({ keepAlive: true }) }, answered)
    )
      .on('error', reject)
      .end();
  });

describe('closing the server', () => {
  it('ends a connection that sent no request, and an idle keep-alive one, without waiting', async () => {
    const { port } = await started();
    expect(await get(port, '/quick')).toBe('{"ok":true}');
    const silent = connect(port, '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const ended = new Promise((resolve) => silent.once('close', resolve));
    const at = Date.now();
    await app!.close();
    app = undefined;
    await ended;
    // Node's own idle close leaves the silent connection until its headers time out (60 s and more).
    expect(Date.now() - at).toBeLessThan(5_000);
  });

  it('waits for a request in flight, which gets its whole answer', async () => {
    const { port, release } = await started();
    const answer = get(port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 100));
    let closed = false;
    const closing = app!.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closed).toBe(false);
    release();
    expect(await answer).toBe('{"done":true}');
    await closing;
    app = undefined;
  });
});

/** A self-signed certificate for localhost made by the openssl command, when the machine has it. */
function selfSigned(): { key: Buffer; cert: Buffer } | null {
  const dir = mkdtempSync(join(tmpdir(), 'srm-drain-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tls = selfSigned();
if (!tls) console.log('drain.test: no openssl command here, the TLS cases are skipped');

describe.skipIf(!tls)('closing a TLS server', () => {
  it('ends a TLS connection that sent no request without waiting, and lets a request in flight finish', async () => {
    const { port, release } = await started(tls!);
    const silent = tlsConnect({ port, host: '127.0.0.1', rejectUnauthorized: false });
    await new Promise((resolve) => silent.once('secureConnect', resolve));
    const silentEnded = new Promise((resolve) => silent.once('close', resolve));
    const answer = get(port, '/slow', true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const at = Date.now();
    let closed = false;
    const closing = app!.close().then(() => (closed = true));
    await silentEnded;
    expect(Date.now() - at).toBeLessThan(5_000);
    expect(closed).toBe(false);
    release();
    expect(await answer).toBe('{"done":true}');
    await closing;
    app = undefined;
  });
});
