// The websocket hub's two doors:
//   POST /api/ws/v1/ticket → { ticket, expiresInSeconds }   (signed in, like every API call)
//   GET  /api/ws?ticket=…  (the upgrade; a preValidation hook takes the ticket, else 401)
// The socket then gets only its own user's events (docs/realtime.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { text } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { declareRoute, type RouteDeclaration } from '../http/route';
import { type RealtimeHub, TICKET_SECONDS } from './hub';

export const REALTIME_PATH = '/api/ws';
export const TICKET_PATH = '/api/ws/v1/ticket';

/** The user a ticket belonged to, set by the upgrade's preValidation. */
const ticketUser = new WeakMap<FastifyRequest, number>();

export async function registerRealtimeRoutes(
  app: FastifyInstance,
  options: { hub: RealtimeHub; actorOf: (request: FastifyRequest) => Promise<Actor> },
): Promise<void> {
  const { hub, actorOf } = options;
  // Frames from the browser are not used: a small limit keeps a hostile one cheap.
  await app.register(websocket, { options: { maxPayload: 4096 } });

  declareRoute(app, {
    method: 'POST',
    path: TICKET_PATH,
    summary: 'A single-use ticket, valid 30 s, for opening the websocket (GET /api/ws?ticket=)',
    input: {},
    access: 'authenticated',
    scope: 'self',
    success: {
      kind: 'envelope',
      data: {
        type: 'object',
        properties: { ticket: { type: 'string' }, expiresInSeconds: { type: 'integer' } },
      },
    },
    handle: async ({ request }) => {
      const actor = await actorOf(request);
      if (actor.userId === null) throw new AppError(401, 'auth.required');
      return success({ ticket: await hub.issueTicket(actor.userId), expiresInSeconds: TICKET_SECONDS });
    },
  });

  const declared: RouteDeclaration = {
    summary: 'The websocket of live events (upgrade with a ticket of POST /api/ws/v1/ticket)',
    description:
      'Frames are JSON events for the signed-in user only: `hello` on open, `message` when a message ' +
      'arrives, `resync` when the node may have missed some. Without a valid ticket: 401, no upgrade.',
    input: { ticket: text({ required: true, max: 100 }) },
    inputFrom: 'query',
    scope: 'self',
    success: { kind: 'envelope' },
    errors: [],
  };
  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    // The ticket is the credential: the route is public to the access check, closed without one.
    config: { access: 'public', declared },
    preValidation: async (request) => {
      const userId = await hub.takeTicket((request.query as { ticket?: unknown } | null)?.ticket);
      if (userId === null) throw new AppError(401, 'auth.required');
      ticketUser.set(request, userId);
    },
    // A plain GET with a valid ticket (no upgrade asked for) uses the ticket up and gets 400.
    handler: async () => {
      throw new AppError(400, 'realtime.upgradeRequired');
    },
    wsHandler: (socket, request) => {
      const userId = ticketUser.get(request);
      if (userId === undefined) {
        socket.close(1008);
        return;
      }
      hub.attach(userId, socket);
    },
  });
}
