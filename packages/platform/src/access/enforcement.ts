// Enforces the access each route declares (`config.access`) before its handler runs; entity
// routes ask the policy themselves, per operation.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';
import type { AccessPolicy } from './actor';

export function installAccessEnforcement(app: FastifyInstance, policy: AccessPolicy): void {
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public' || access === 'entity') return;
    const actor = await policy.identify(request);
    if (!actor) throw new AppError(401, 'auth.required');
    if (typeof access === 'object' && !policy.allows(actor, access.resource)) {
      throw new AppError(403, 'access.resourceDenied', { resource: access.resource });
    }
  });
}
