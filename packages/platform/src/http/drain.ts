// A close waits for the requests in flight and for nothing else. Node's own closeIdleConnections
// (which Fastify calls on close) leaves a connection that has not sent a request yet — a client's
// spare, a browser's speculative one — counted as active until its headers timeout, and a close
// waited 70 s for one; a keep-alive connection whose response was still finishing when the close
// began waited the whole keep-alive timeout (72 s). Here every connection counts its requests in
// flight: once closing, one with none is ended at once, and one with some when its last ends.
import type { Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';
import type { FastifyInstance } from 'fastify';

export function drainOnClose(app: FastifyInstance): void {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  const endIfQuiet = (socket: Socket) => {
    if (closing && inFlight.get(socket) === 0) socket.destroy();
  };
  // Over TLS a request's socket is the encrypted one, which 'secureConnection' hands over.
  const accepted = app.server instanceof TlsServer ? 'secureConnection' : 'connection';
  app.server.on(accepted, (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  // A websocket's connection belongs to the realtime hub from its upgrade on, which closes it with
  // a close frame when the server stops.
  app.server.on('upgrade', (request: { socket: Socket }) => inFlight.delete(request.socket));
  app.server.on(
    'request',
    (request: { socket: Socket }, response: { once(event: 'close', f: () => void): void }) => {
      const socket = request.socket;
      if (!inFlight.has(socket)) return;
      inFlight.set(socket, inFlight.get(socket)! + 1);
      response.once('close', () => {
        if (!inFlight.has(socket)) return;
        inFlight.set(socket, inFlight.get(socket)! - 1);
        setImmediate(() => endIfQuiet(socket));
      });
    },
  );
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of inFlight.keys()) endIfQuiet(socket);
  });
}
