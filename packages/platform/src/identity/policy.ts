// The access policy of signed-in users: the AuthorizationCode names a live session, the
// request carries a fresh signature made with the session's key, and every operation needs a
// resource code of the current responsibility (reads need the entity to be readable).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { EntityDef, Locale } from '@srm/kernel';
import type { AccessPolicy, Actor, Operation } from '../access/actor';
import { AppError } from '../http/errors';
import { headerValue } from '../http/plugin';
import type { Grants, Identity, SessionInfo, UserRow } from './identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the caller is known (a signed-in user). */
    actor?: Actor & { grants?: Grants };
    session?: SessionInfo;
    /** The session's user, read with the session. */
    sessionUser?: UserRow;
  }
}

/** appsign: the timestamp hashed twice with the application id (documented in docs/api.md). */
export function appSign(appId: string, timestamp: string): string {
  const first = createHash('sha256').update(`${appId}:${timestamp}`).digest('hex');
  return createHash('sha256').update(first).digest('hex');
}

/** parameterSignature: HMAC-SHA256 with the session's key over method, path, timestamp and body. */
export function parameterSignature(
  signKey: string,
  method: string,
  url: string,
  timestamp: string,
  body: string,
): string {
  return createHmac('sha256', signKey).update(`${method}\n${url}\n${timestamp}\n${body}`).digest('base64');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The resource code an operation needs, or 'read' when reading is enough. */
export function requiredResource(entity: EntityDef, action: string): string | 'read' {
  switch (action) {
    case 'findById':
    case 'listByPage':
      return 'read';
    case 'saveOrUpdate':
    case 'doBatchSaveOrUpdate':
      return `${entity.name}.save`;
    case 'delete':
    case 'doBatchDelete':
      return `${entity.name}.delete`;
    default: {
      const workflow = entity.workflow?.actions[action];
      return workflow?.resource ?? `${entity.name}.${action}`;
    }
  }
}

/** The caller a user is under one responsibility's grants (a session's, or a background request's). */
export function actorOf(
  user: NonNullable<Awaited<ReturnType<Identity['findUser']>>>,
  grants: Grants,
  locale: Locale,
): Actor & { grants: Grants } {
  return {
    userId: user.userId,
    userName: user.userFullName || user.userName,
    side: user.userType === 'EXTERNAL' ? 'supplier' : 'internal',
    supplierId: user.userType === 'EXTERNAL' ? user.supplierId : null,
    orgIds: grants.orgIds,
    categoryIds: grants.categoryIds,
    locale,
    responsibilityId: grants.responsibilityId,
    grants,
  };
}

export class IdentityPolicy implements AccessPolicy {
  constructor(private readonly identity: Identity) {}

  /** The session of the request's AuthorizationCode, checked; null when there is none. */
  async session(request: FastifyRequest): Promise<SessionInfo | null> {
    if (request.session) return request.session;
    const code = headerValue(request.headers.authorizationcode);
    if (!code) return null;
    const signature = headerValue(request.headers.parametersignature);
    if (!signature) {
      // Not signed: refused as such when the code names a session, else as not signed in.
      if (!(await this.identity.resolve(code))) return null;
      throw new AppError(401, 'auth.unsigned');
    }
    // The session, its user and the signature's first use in one statement.
    const found = await this.identity.resolveSigned(code, signature);
    if (!found) return null;
    try {
      this.verifySignature(request, found.session, signature);
    } catch (refusal) {
      // A request that fails the check does not use up its signature: the one that carries it
      // rightly (a tampered copy sent first must not shut it out) still passes.
      if (found.firstUse) await this.identity.forgetSignature(found.session.sessionId, signature);
      throw refusal;
    }
    if (!found.firstUse) throw new AppError(401, 'auth.replayed');
    request.session = found.session;
    request.sessionUser = found.user;
    return found.session;
  }

  private verifySignature(request: FastifyRequest, session: SessionInfo, signature: string): void {
    const timestamp = headerValue(request.headers.timestamp);
    const appId = headerValue(request.headers.appid) ?? '';
    const sign = headerValue(request.headers.appsign);
    if (!timestamp || !sign || !/^\d{12,14}$/.test(timestamp)) throw new AppError(401, 'auth.unsigned');
    const skew = Math.abs(this.identity.runtime.clock.nowMs() - Number(timestamp));
    if (skew > this.identity.config.signatureWindowMs) throw new AppError(401, 'auth.staleTimestamp');
    if (!same(sign, appSign(appId, timestamp))) throw new AppError(401, 'auth.badSignature');
    const expected = parameterSignature(
      session.signKey,
      request.method,
      request.url,
      timestamp,
      request.rawBody ?? '',
    );
    if (!same(signature, expected)) throw new AppError(401, 'auth.badSignature');
  }

  async identify(request: FastifyRequest): Promise<Actor | null> {
    if (request.actor) return request.actor;
    const session = await this.session(request);
    if (!session) return null;
    const user = request.sessionUser ?? (await this.identity.findUser({ userId: session.userId }));
    if (!user || user.status !== 'ACTIVE') return null;
    const grants = await this.identity.grants(user, session.responsibilityId);
    const actor = {
      ...actorOf(user, grants, request.locale),
      sessionId: session.sessionId,
      clientIp: (request.ip ?? '').slice(0, 64),
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 400),
    };
    request.actor = actor;
    return actor;
  }

  async actorsOf(userId: number, locale: Locale): Promise<Actor[]> {
    const user = await this.identity.findUser({ userId });
    if (!user || user.status !== 'ACTIVE' || !this.identity.withinDates(user)) return [];
    const actors: Actor[] = [];
    for (const responsibility of await this.identity.responsibilitiesOf(user)) {
      actors.push(actorOf(user, await this.identity.grants(user, responsibility.responsibilityId), locale));
    }
    return actors;
  }

  allows(actor: Actor, resourceCode: string): boolean {
    if (actor.system) return true;
    return (actor as Actor & { grants?: Grants }).grants?.resources.has(resourceCode) ?? false;
  }

  async authorize(actor: Actor, operation: Operation): Promise<void> {
    if (actor.system) return;
    const grants = (actor as Actor & { grants?: Grants }).grants;
    if (!grants) throw new AppError(403, 'access.denied');
    const needed = operation.resource ?? requiredResource(operation.entity, operation.action);
    if (needed === 'read') {
      if (!grants.readable.has(operation.entity.name)) throw new AppError(403, 'access.denied');
      return;
    }
    if (!grants.resources.has(needed)) throw new AppError(403, 'access.resourceDenied', { resource: needed });
  }
}
