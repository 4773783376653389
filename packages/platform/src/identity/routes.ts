// Sign-in endpoints under /api/base/v1/auth: public key, captcha, login, logout, heartbeat, the
// current user's menus and buttons, switching responsibility, changing and resetting passwords.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '@srm/db';
import { HEARTBEAT_MS } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { headerValue } from '../http/plugin';
import { CaptchaUnavailableError } from './captcha';
import type { ClientInfo, Grants, Identity } from './identity';
import type { IdentityPolicy } from './policy';

export const AUTH_PREFIX = '/api/base/v1/auth';

function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new AppError(400, 'validation.object');
  return value as Record<string, unknown>;
}

function client(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip ?? '',
    userAgent: headerValue(request.headers['user-agent']) ?? '',
    locale: request.locale,
  };
}

export function registerIdentityRoutes(
  app: FastifyInstance,
  identity: Identity,
  policy: IdentityPolicy,
): void {
  const publicRoute = { config: { access: 'public' as const } };
  const signedIn = { config: { access: 'authenticated' as const } };
  const actorOf = (request: FastifyRequest) => request.actor as Actor & { grants: Grants };

  app.post(`${AUTH_PREFIX}/publicKey`, publicRoute, async () =>
    success({ publicKey: identity.rsa.publicKeySpki, algorithm: 'RSA-OAEP', hash: 'SHA-256' }),
  );

  app.post(`${AUTH_PREFIX}/generateRandomValidate`, publicRoute, async (request) => {
    try {
      return success(await identity.newCaptcha());
    } catch (error) {
      if (!(error instanceof CaptchaUnavailableError)) throw error;
      // The operator reads what to install in the log; the user gets a plain 503.
      request.log.error({ err: error }, error.message);
      throw new AppError(503, 'auth.captchaUnavailable');
    }
  });

  app.post(`${AUTH_PREFIX}/captchaRequired`, publicRoute, async (request) => {
    const userName = body(request).userName;
    return success({
      required:
        typeof userName === 'string' && userName.length <= 60
          ? await identity.captchaRequired(userName)
          : false,
    });
  });

  app.post(`${AUTH_PREFIX}/login`, publicRoute, async (request) => {
    const input = body(request);
    const result = await identity.login(
      {
        userName: input.userName,
        password: input.password,
        captchaId: input.captchaId,
        captchaCode: input.captchaCode,
      },
      client(request),
    );
    return success(
      {
        authorizationCode: result.token,
        signKey: result.session.signKey,
        gatewayTag: 'default',
        expiresAt: result.session.expiresAt,
        heartbeatMs: HEARTBEAT_MS,
        mustChangePassword: result.mustChangePassword,
        userId: result.user.userId,
        userName: result.user.userName,
        userFullName: result.user.userFullName,
        userType: result.user.userType,
        languageCode: result.user.languageCode,
        responsibilityId: result.session.responsibilityId,
      },
      request.t('auth.welcome', { name: result.user.userFullName }),
    );
  });

  app.post(`${AUTH_PREFIX}/logout`, signedIn, async (request) => {
    await identity.revoke({ sessionId: actorOf(request).sessionId! }, 'LOGOUT');
    return success(null);
  });

  app.post(`${AUTH_PREFIX}/heartbeat`, signedIn, async (request) => {
    const session = await policy.session(request);
    return success({ expiresAt: await identity.heartbeat(session!) });
  });

  app.post(`${AUTH_PREFIX}/current`, signedIn, async (request) => {
    const actor = actorOf(request);
    const user = (await identity.findUser({ userId: actor.userId! }))!;
    const responsibilities = await identity.responsibilitiesOf(user);
    const supplier =
      user.supplierId && identity.runtime.registry.find('srmSupplierInfo')
        ? await identity.runtime
            .service('srmSupplierInfo')
            .find({ ...actor, system: true }, user.supplierId)
            .catch(() => null)
        : null;
    return success({
      user: {
        userId: user.userId,
        userName: user.userName,
        userFullName: user.userFullName,
        userType: user.userType,
        supplierId: user.supplierId,
        supplierName: (supplier?.supplierName as string | undefined) ?? null,
        email: user.email,
        mobile: user.mobile,
        languageCode: user.languageCode,
      },
      responsibilities: responsibilities.map((r) => ({
        responsibilityId: r.responsibilityId,
        responsibilityName:
          request.locale === 'en' && r.responsibilityNameEn ? r.responsibilityNameEn : r.responsibilityName,
        side: r.side,
      })),
      responsibilityId: actor.grants.responsibilityId,
      menus: await identity.menusOf(actor.grants, request.locale),
      resources: [...actor.grants.resources].sort(),
    });
  });

  // The documents the user touched last (for the home page), each still readable by the user.
  app.post(`${AUTH_PREFIX}/recentWork`, signedIn, async (request) => {
    const actor = actorOf(request);
    const entries = await queryRows<{
      entity: string;
      record_id: string | number;
      action: string;
      at: string | Date;
    }>(
      identity.runtime.executor(),
      sql`select entity, record_id, action, at from (
            select distinct on (entity, record_id) entity, record_id, action, creation_date as at
            from base_audit_log where user_id = ${actor.userId} and header_entity is null
            order by entity, record_id, audit_id desc) recent
          order by at desc limit 30`,
    );
    const items = [];
    for (const entry of entries) {
      const entity = identity.runtime.registry.find(entry.entity);
      if (!entity || entity.parent || !actor.grants.readable.has(entity.name)) continue;
      const row = await identity.runtime
        .service(entity.name)
        .find(actor, Number(entry.record_id))
        .catch(() => null);
      if (!row) continue;
      items.push({
        entity: entity.name,
        recordId: Number(entry.record_id),
        key: entity.key,
        title: row[entity.numbering?.field ?? entity.display] ?? null,
        status: row.status ?? null,
        action: entry.action,
        at: new Date(entry.at).getTime(),
      });
      if (items.length >= 10) break;
    }
    return success(items);
  });

  app.post(`${AUTH_PREFIX}/switchResponsibility`, signedIn, async (request) => {
    await identity.switchResponsibility(actorOf(request), body(request).responsibilityId);
    return success(null);
  });

  app.post(`${AUTH_PREFIX}/changePassword`, signedIn, async (request) => {
    const input = body(request);
    await identity.changePassword(actorOf(request), input.oldPassword, input.newPassword);
    return success(null, request.t('auth.passwordChanged'));
  });

  app.post(`${AUTH_PREFIX}/updateProfile`, signedIn, async (request) => {
    const input = body(request);
    const allowed = ['userFullName', 'email', 'mobile', 'languageCode'];
    const unknown = Object.keys(input).filter((key) => !allowed.includes(key) && key !== 'versionNum');
    if (unknown.length)
      throw new AppError(400, 'validation.unknownField', { field: unknown[0]!.slice(0, 60) });
    const actor = actorOf(request);
    const users = identity.runtime.service('baseUser');
    const current = await users.find({ ...actor, system: true }, actor.userId!);
    const changes = Object.fromEntries(Object.entries(input).filter(([key]) => allowed.includes(key)));
    const saved = await users.save(
      { ...actor, system: true },
      { userId: actor.userId, versionNum: current.versionNum, ...changes },
    );
    const { userId, userName, userFullName, email, mobile, languageCode } = saved;
    return success({ userId, userName, userFullName, email, mobile, languageCode });
  });

  app.post(`${AUTH_PREFIX}/forget/sendCode`, publicRoute, async (request) => {
    const input = body(request);
    await identity.sendResetCode(input.userName, input.channel, request.locale);
    return success(null, request.t('auth.resetCodeSent'));
  });

  app.post(`${AUTH_PREFIX}/forget/reset`, publicRoute, async (request) => {
    const input = body(request);
    await identity.resetWithCode(input.userName, input.code, input.newPassword);
    return success(null, request.t('auth.passwordReset'));
  });

  app.post(
    `${AUTH_PREFIX}/resetPassword`,
    { config: { access: { resource: 'baseUser.resetPassword' } } },
    async (request) => {
      const input = body(request);
      const userId = input.userId;
      if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId < 1)
        throw new AppError(400, 'entity.noIds');
      const password = identity.decrypt(input.newPassword);
      identity.assertComplex(password);
      const user = await identity.runtime.service('baseUser').find(actorOf(request), userId);
      await identity.runtime.transaction(async () => {
        await identity.setPassword(userId, password, input.mustChange !== false);
        await identity.revoke({ userId }, 'PASSWORD_RESET');
      });
      return success(null, request.t('auth.passwordResetFor', { user: String(user.userName) }));
    },
  );
}
