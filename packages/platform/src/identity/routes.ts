// Sign-in endpoints under /api/base/v1/auth: public key, captcha, login, logout, heartbeat, the
// current user's menus and buttons, switching responsibility, changing and resetting passwords.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '@srm/db';
import {
  DIRECTORY_ROWS,
  HEARTBEAT_MS,
  KEYWORD_PARAM,
  type SaveIssue,
  USER_DIRECTORY_PATH,
  checkbox,
  lookup,
  number,
  ref,
  text,
  textarea,
} from '@srm/kernel';
import type { Actor } from '../access/actor';
import { success } from '../http/envelope';
import { AppError } from '../http/errors';
import { headerValue } from '../http/plugin';
import { declareRoute } from '../http/route';
import type { Row } from '../entity/rows';
import { CaptchaUnavailableError } from './captcha';
import type { ClientInfo, Grants, Identity } from './identity';
import type { IdentityPolicy } from './policy';
import { SEALED_READ_REFUSED } from '../entity/sealed-reads';

export const AUTH_PREFIX = '/api/base/v1/auth';

function client(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip ?? '',
    userAgent: headerValue(request.headers['user-agent']) ?? '',
    locale: request.locale,
  };
}

/** An encrypted password (RSA-OAEP, base64). */
const cipher = textarea({ required: true, max: 1024 });
const userName = text({ required: true, max: 60 });

/** The errors sign-in has always answered for bad fields (field → error). */
function authErrors(errors: Record<string, () => AppError>) {
  return (issue: SaveIssue): AppError | undefined => {
    const field = issue.path[0];
    return typeof field === 'string' && issue.message !== 'validation.unknownField'
      ? errors[field]?.()
      : undefined;
  };
}
const badCiphertext = () => new AppError(400, 'auth.badCiphertext', { what: 'password' });

const envelopeOf = (properties: Record<string, unknown>) =>
  ({ kind: 'envelope', data: { type: 'object', properties } }) as const;
const done = { kind: 'envelope', data: { type: 'null' } } as const;

export function registerIdentityRoutes(
  app: FastifyInstance,
  identity: Identity,
  policy: IdentityPolicy,
): void {
  const actorOf = (request: FastifyRequest) => request.actor as Actor & { grants: Grants };
  const post = 'POST' as const;

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/publicKey`,
    summary: 'The RSA public key that encrypts passwords (SPKI, base64)',
    input: {},
    access: 'public',
    scope: 'none',
    success: envelopeOf({
      publicKey: { type: 'string' },
      algorithm: { type: 'string' },
      hash: { type: 'string' },
    }),
    handle: async () =>
      success({ publicKey: identity.rsa.publicKeySpki, algorithm: 'RSA-OAEP', hash: 'SHA-256' }),
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/generateRandomValidate`,
    summary: 'A captcha: its id and its picture (a PNG data URL)',
    input: {},
    access: 'public',
    scope: 'none',
    success: envelopeOf({ captchaId: { type: 'string' }, image: { type: 'string' } }),
    handle: async ({ request }) => {
      try {
        return success(await identity.newCaptcha());
      } catch (error) {
        if (!(error instanceof CaptchaUnavailableError)) throw error;
        // The operator reads what to install in the log; the user gets a plain 503.
        request.log.error({ err: error }, error.message);
        throw new AppError(503, 'auth.captchaUnavailable');
      }
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/captchaRequired`,
    summary: 'Whether the next sign-in of a user name needs a captcha',
    // A name longer than any user's needs no captcha: it cannot sign in (the form asks as it is typed).
    input: { userName: text({ max: 240 }) },
    access: 'public',
    scope: 'none',
    success: envelopeOf({ required: { type: 'boolean' } }),
    handle: async ({ input }) =>
      success({
        required:
          input.userName && input.userName.length <= 60
            ? await identity.captchaRequired(input.userName)
            : false,
      }),
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/login`,
    summary: 'Signs in: the session code and the key that signs every later request',
    input: {
      userName,
      password: cipher,
      captchaId: text({ max: 200 }),
      captchaCode: text({ max: 40 }),
    },
    access: 'public',
    scope: 'self',
    success: envelopeOf({
      authorizationCode: { type: 'string' },
      signKey: { type: 'string' },
      gatewayTag: { type: 'string' },
      expiresAt: { type: 'integer' },
      heartbeatMs: { type: 'integer' },
      mustChangePassword: { type: 'boolean' },
      userId: { type: 'integer' },
      userName: { type: 'string' },
      userFullName: { type: 'string' },
      userType: { type: 'string' },
      languageCode: { type: ['string', 'null'] },
      responsibilityId: { type: ['integer', 'null'] },
    }),
    errors: [401, 403],
    invalid: authErrors({
      userName: () => new AppError(400, 'auth.userNameRequired'),
      password: badCiphertext,
      captchaId: () => new AppError(400, 'auth.captchaWrong'),
      captchaCode: () => new AppError(400, 'auth.captchaWrong'),
    }),
    handle: async ({ request, input }) => {
      const result = await identity.login(
        {
          userName: input.userName,
          password: input.password,
          captchaId: input.captchaId ?? undefined,
          captchaCode: input.captchaCode ?? undefined,
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
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/logout`,
    summary: "Ends the caller's session",
    input: {},
    access: 'authenticated',
    scope: 'self',
    success: done,
    handle: async ({ request }) => {
      await identity.revoke({ sessionId: actorOf(request).sessionId! }, 'LOGOUT');
      return success(null);
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/heartbeat`,
    summary: "Keeps the caller's session alive; answers when it now expires",
    input: {},
    access: 'authenticated',
    scope: 'self',
    success: envelopeOf({ expiresAt: { type: 'integer' } }),
    handle: async ({ request }) => {
      const session = await policy.session(request);
      return success({ expiresAt: await identity.heartbeat(session!) });
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/current`,
    summary:
      "The caller: the user, the responsibilities, the current one's menus and resources, the company's time zone",
    input: {},
    access: 'authenticated',
    scope: 'self',
    success: envelopeOf({
      user: { type: 'object' },
      responsibilities: { type: 'array', items: { type: 'object' } },
      responsibilityId: { type: ['integer', 'null'] },
      menus: { type: 'array', items: { type: 'object' } },
      resources: { type: 'array', items: { type: 'string' } },
      timeZone: { type: 'string', description: 'IANA name of the time zone dates are kept in' },
    }),
    handle: async ({ request }) => {
      const actor = actorOf(request);
      // The user as the request's signature check read it (a moment ago, in the same statement).
      const user = request.sessionUser ?? (await identity.findUser({ userId: actor.userId! }))!;
      const responsibilities = await identity.keptResponsibilitiesOf(user);
      // The supplier's name only (its whole document, lines and all, was read here before).
      const suppliers = identity.runtime.registry.find('srmSupplierInfo')
        ? identity.runtime.table('srmSupplierInfo')
        : null;
      const [supplier] =
        user.supplierId && suppliers
          ? await identity.runtime
              .executor()
              .select({ supplierName: suppliers.supplierName as AnyPgColumn })
              .from(suppliers)
              .where(eq(suppliers.supplierId as AnyPgColumn, user.supplierId))
          : [];
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
        timeZone: identity.runtime.timeZone,
      });
    },
  });

  // The documents the user touched last (for the home page), each still readable by the user.
  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/recentWork`,
    summary: 'The documents the caller touched last that the caller may still read',
    input: {},
    access: 'authenticated',
    scope: 'record',
    success: { kind: 'envelope', data: { type: 'array', items: { type: 'object' } } },
    handle: async ({ request }) => {
      const actor = actorOf(request);
      const entries = actor.userId ? await lastTouched(identity.runtime.executor(), actor.userId) : [];
      // Documents the caller may read and acts on: records only the platform writes and nobody
      // acts on (ledger postings) are what work left behind, not work: the document that posted
      // them is listed instead.
      const byEntity = new Map<string, number[]>();
      for (const entry of entries) {
        const entity = identity.runtime.registry.find(entry.entity);
        if (!entity || entity.parent || !actor.grants.readable.has(entity.name)) continue;
        if (!entity.workflow && entity.writableBy.length === 0) continue;
        byEntity.set(entity.name, [...(byEntity.get(entity.name) ?? []), entry.recordId]);
      }
      // One scoped read per kind of document: a record the caller may no longer read is left out.
      const readable = new Map<string, Row>();
      for (const [name, ids] of byEntity) {
        const entity = identity.runtime.registry.get(name);
        const rows = await identity.runtime
          .service(name)
          .list(actor, {
            pageIndex: 1,
            // One more than can match: the page is short, so it is its own count (no count query).
            pageRows: ids.length + 1,
            filters: [{ field: entity.key, op: 'in', value: ids }],
            sort: [],
          })
          .then(
            (page) => page.rows,
            // A kind the caller's side may not read (the grant names it, the entity refuses).
            (refusal: unknown) => {
              if (refusal instanceof AppError && refusal.httpStatus === 403) return [];
              throw refusal;
            },
          );
        for (const row of rows) readable.set(`${name}:${Number(row[entity.key])}`, row);
      }
      const items = [];
      for (const entry of entries) {
        const row = readable.get(`${entry.entity}:${entry.recordId}`);
        if (!row) continue;
        const entity = identity.runtime.registry.get(entry.entity);
        items.push({
          entity: entity.name,
          recordId: entry.recordId,
          key: entity.key,
          title: row[entity.numbering?.field ?? entity.display] ?? null,
          status: row.status ?? null,
          action: entry.action,
          at: entry.at,
        });
        if (items.length >= 10) break;
      }
      return success(items);
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/switchResponsibility`,
    summary: "Switches the caller's session to another of the caller's responsibilities",
    input: { responsibilityId: ref('baseResponsibility', { required: true }) },
    access: 'authenticated',
    scope: 'self',
    success: done,
    invalid: authErrors({ responsibilityId: () => new AppError(403, 'auth.responsibilityDenied') }),
    handle: async ({ request, input }) => {
      await identity.switchResponsibility(actorOf(request), input.responsibilityId);
      return success(null);
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/changePassword`,
    summary: "Changes the caller's password (both encrypted); ends the caller's other sessions",
    input: { oldPassword: cipher, newPassword: cipher },
    access: 'authenticated',
    scope: 'self',
    success: done,
    errors: [422],
    invalid: authErrors({ oldPassword: badCiphertext, newPassword: badCiphertext }),
    handle: async ({ request, input }) => {
      await identity.changePassword(actorOf(request), input.oldPassword, input.newPassword);
      return success(null, request.t('auth.passwordChanged'));
    },
  });

  const users = () => identity.runtime.service('baseUser');
  const userFields = identity.runtime.registry.get('baseUser').fields;
  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/updateProfile`,
    summary: "Changes the caller's own name, e-mail, mobile or language",
    // The user's own fields, each optional: only what is sent changes.
    input: {
      userFullName: { ...userFields.userFullName!, required: false },
      email: { ...userFields.email!, required: false },
      mobile: { ...userFields.mobile!, required: false },
      languageCode: { ...userFields.languageCode!, required: false },
      versionNum: number(),
    },
    access: 'authenticated',
    scope: 'self',
    success: envelopeOf({
      userId: { type: 'integer' },
      userName: { type: 'string' },
      userFullName: { type: 'string' },
      email: { type: ['string', 'null'] },
      mobile: { type: ['string', 'null'] },
      languageCode: { type: ['string', 'null'] },
    }),
    errors: [409, 422],
    // Bad values are reported as a save of the user reports them (with the fields' labels).
    invalid: (issue) =>
      issue.message === 'validation.unknownField' || !issue.path.length
        ? undefined
        : users().validationError([issue]),
    handle: async ({ request }) => {
      const changes = Object.fromEntries(
        Object.entries(request.body as Record<string, unknown>).filter(([key]) => key !== 'versionNum'),
      );
      const actor = actorOf(request);
      const current = await users().find({ ...actor, system: true }, actor.userId!);
      const saved = await users().save(
        { ...actor, system: true },
        { userId: actor.userId, versionNum: current.versionNum, ...changes },
      );
      const { userId, userName, userFullName, email, mobile, languageCode } = saved;
      return success({ userId, userName, userFullName, email, mobile, languageCode });
    },
  });

  // The user directory (ADR 0024): what an internal user may know of colleagues to pick one
  // (an inspector, an evaluator, whom to hand an approval to): id, account and name of active
  // internal users, searched by account or name, or one user by id (a picked value's name, even
  // of a user since disabled). Nothing else of `baseUser`, and nothing for a supplier.
  declareRoute(app, {
    method: post,
    path: USER_DIRECTORY_PATH,
    summary: 'Ids, accounts and names of internal users, for pickers (any internal user)',
    input: {
      keyword: text({ max: 120 }),
      userId: number({ min: 1 }),
      pageIndex: number({ min: 1 }),
      pageRows: number({ min: 1, max: DIRECTORY_ROWS }),
    },
    access: 'authenticated',
    scope: 'directory',
    success: { kind: 'envelope', paged: true },
    errors: [403],
    handle: async ({ request, input }) => {
      const actor = actorOf(request);
      if (actor.side !== 'internal') throw new AppError(403, 'access.denied');
      const query: Record<string, unknown> = {
        pageIndex: input.pageIndex ?? 1,
        pageRows: input.pageRows ?? DIRECTORY_ROWS,
        userType: 'INTERNAL',
      };
      if (input.userId != null) query.userId = input.userId;
      else query.status = 'ACTIVE';
      if (input.keyword?.trim()) query[KEYWORD_PARAM] = input.keyword.trim();
      const found = await users().listRequest({ ...actor, system: true }, query);
      return success(
        found.rows.map(({ userId, userName, userFullName }) => ({ userId, userName, userFullName })),
        '',
        { count: found.count, curIndex: found.pageIndex },
      );
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/forget/sendCode`,
    summary: "Sends a password reset code to a user's e-mail or mobile (the same answer for any name)",
    input: { userName, channel: lookup('AUTH_CHANNEL', { codes: ['EMAIL', 'SMS'] }) },
    access: 'public',
    scope: 'none',
    success: done,
    invalid: authErrors({
      userName: () => new AppError(400, 'auth.userNameRequired'),
      channel: () => new AppError(400, 'auth.badChannel'),
    }),
    handle: async ({ request, input }) => {
      await identity.sendResetCode(input.userName, input.channel ?? undefined, request.locale);
      return success(null, request.t('auth.resetCodeSent'));
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/forget/reset`,
    summary: 'Sets a new password (encrypted) with the reset code',
    input: { userName, code: text({ required: true, max: 20 }), newPassword: cipher },
    access: 'public',
    scope: 'none',
    success: done,
    errors: [422],
    invalid: authErrors({
      userName: () => new AppError(400, 'auth.badCode'),
      code: () => new AppError(400, 'auth.badCode'),
      newPassword: badCiphertext,
    }),
    handle: async ({ request, input }) => {
      await identity.resetWithCode(input.userName, input.code, input.newPassword);
      return success(null, request.t('auth.passwordReset'));
    },
  });

  declareRoute(app, {
    method: post,
    path: `${AUTH_PREFIX}/resetPassword`,
    summary: "An administrator sets a user's password (encrypted) and ends the user's sessions",
    input: {
      userId: ref('baseUser', { required: true }),
      newPassword: cipher,
      mustChange: checkbox({ values: 'boolean' }),
    },
    access: { resource: 'baseUser.resetPassword' },
    scope: 'baseUser',
    success: done,
    errors: [404, 422],
    invalid: authErrors({
      userId: () => new AppError(400, 'entity.noIds'),
      newPassword: badCiphertext,
    }),
    handle: async ({ request, input }) => {
      const password = identity.decrypt(input.newPassword);
      identity.assertComplex(password);
      const user = await users().find(actorOf(request), input.userId);
      await identity.runtime.transaction(async () => {
        await identity.setPassword(input.userId, password, input.mustChange !== false);
        await identity.revoke({ userId: input.userId }, 'PASSWORD_RESET');
      });
      return success(null, request.t('auth.passwordResetFor', { user: String(user.userName) }));
    },
  });
}

/**
 * The records a user touched last, newest first, each once (its last action; a refused read of
 * sealed values touched nothing): read backwards
 * through the user's own audit entries (base_audit_log_user_idx) a page at a time, so the cost
 * does not grow with the user's history.
 */
async function lastTouched(
  on: Executor,
  userId: number,
): Promise<{ entity: string; recordId: number; action: string; at: number }[]> {
  const found = new Map<string, { entity: string; recordId: number; action: string; at: number }>();
  let before: number | null = null;
  for (let page = 0; page < RECENT_PAGES && found.size < RECENT_RECORDS; page++) {
    const entries: { audit_id: string; entity: string; record_id: string; action: string; at: string }[] =
      await queryRows(
        on,
        sql`select audit_id::text, entity, record_id::text, action,
                   (extract(epoch from creation_date) * 1000)::float8::text as at
            from base_audit_log
            where user_id = ${userId} and header_entity is null and action <> ${SEALED_READ_REFUSED}
              ${before === null ? sql`` : sql`and audit_id < ${before}`}
            order by audit_id desc limit ${RECENT_PAGE_ROWS}`,
      );
    for (const entry of entries) {
      const key = `${entry.entity}:${entry.record_id}`;
      if (!found.has(key) && found.size < RECENT_RECORDS)
        found.set(key, {
          entity: entry.entity,
          recordId: Number(entry.record_id),
          action: entry.action,
          at: Number(entry.at),
        });
    }
    if (entries.length < RECENT_PAGE_ROWS) break;
    before = Number(entries[entries.length - 1]!.audit_id);
  }
  return [...found.values()];
}

/** Recent work: how many records are looked at, read how many audit entries at a time, at most how many times. */
const RECENT_RECORDS = 30;
const RECENT_PAGE_ROWS = 200;
const RECENT_PAGES = 5;
