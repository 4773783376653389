// A close ends the connections that carry no request at once (one that never sent a request, one
// idle after its answer) and waits for a request in flight, whose answer arrives whole.
import { connect } from 'node:net';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drainOnClose } from './drain';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function started(): Promise<{ port: number; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  app = Fastify();
  drainOnClose(app);
  app.get('/quick', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await released;
    return { done: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, release };
}

const get = (port: number, path: string) =>
  new Promise<string>((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, agent: new Agent({ keepAlive: true }) }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve(body));
    })
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
