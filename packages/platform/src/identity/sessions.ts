// Sign-in and sessions: password check with captcha after 3 failures and a lock after 10
// (the same answer for an unknown user and a wrong password), the login log, sessions as random
// AuthorizationCodes stored hashed with idle and absolute expiry, per-session signing keys,
// heartbeats, revocation and each request signature's first use.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { EntityRuntime } from '../entity/runtime';
import type { EntityTable } from '../entity/tables';
import { AppError } from '../http/errors';
import { captchaAnswer, drawCaptcha, randomCaptchaText } from './captcha';
import { queryArrays } from '@srm/db';
import {
  type ClientInfo,
  type Identity,
  type IdentityConfig,
  type SessionInfo,
  type SignedSession,
  USER_FIELDS,
  type UserRow,
} from './identity';
import { verifyPassword } from './passwords';
import { captcha, loginAttempt, requestSignature, session, userCredential } from './tables';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const token = () => randomBytes(32).toString('base64url');

export class Sessions {
  private signedStatement?: ReturnType<Sessions['renderSigned']>;

  constructor(private readonly identity: Identity) {}

  private get runtime(): EntityRuntime {
    return this.identity.runtime;
  }

  private get config(): IdentityConfig {
    return this.identity.config;
  }

  private now(): Date {
    return this.runtime.clock.now();
  }

  private get users(): EntityTable {
    return this.runtime.table('baseUser');
  }

  private col(table: EntityTable, name: string): AnyPgColumn {
    return table[name] as AnyPgColumn;
  }

  // ------------------------------------------------------------------ captcha

  /** A new captcha; `text` is for in-process tests, which cannot read the picture. */
  async newCaptcha(text = randomCaptchaText()): Promise<{ captchaId: string; image: string }> {
    // Drawn first, so that a server that cannot draw (ADR 0012) stores no captcha.
    const image = await drawCaptcha(text);
    const captchaId = randomBytes(16).toString('hex');
    const now = this.now();
    const on = this.runtime.executor();
    await on.delete(captcha).where(lt(captcha.expiresAt, now));
    await on.insert(captcha).values({
      captchaId,
      codeHash: sha256(captchaAnswer(text)),
      expiresAt: new Date(now.getTime() + 5 * 60_000),
    });
    return { captchaId, image: `data:image/png;base64,${image.toString('base64')}` };
  }

  /** A captcha can be used once; a wrong answer uses it too. */
  async checkCaptcha(captchaId: unknown, code: unknown): Promise<boolean> {
    if (typeof captchaId !== 'string' || typeof code !== 'string' || captchaId.length > 40) return false;
    const [row] = await this.runtime
      .executor()
      .delete(captcha)
      .where(and(eq(captcha.captchaId, captchaId), gt(captcha.expiresAt, this.now())))
      .returning();
    return !!row && row.codeHash === sha256(captchaAnswer(code));
  }

  // ------------------------------------------------------------------ sign-in

  async captchaRequired(userName: string): Promise<boolean> {
    const [attempt] = await this.runtime
      .executor()
      .select()
      .from(loginAttempt)
      .where(eq(loginAttempt.userName, userName.toLowerCase()));
    return (attempt?.failedCount ?? 0) >= this.config.captchaAfterFailures;
  }

  async login(
    input: { userName: unknown; password: unknown; captchaId?: unknown; captchaCode?: unknown },
    client: ClientInfo,
  ): Promise<{ session: SessionInfo; token: string; user: UserRow; mustChangePassword: boolean }> {
    if (typeof input.userName !== 'string' || !input.userName.trim() || input.userName.length > 60) {
      throw new AppError(400, 'auth.userNameRequired');
    }
    const userName = input.userName.trim();
    const key = userName.toLowerCase();
    const password = this.identity.decrypt(input.password);
    const on = this.runtime.executor();
    const now = this.now();
    const [attempt] = await on.select().from(loginAttempt).where(eq(loginAttempt.userName, key));
    if (attempt?.lockedUntil && attempt.lockedUntil > now) {
      await this.logLogin(userName, null, 'LOCKED', client, 'locked');
      throw new AppError(403, 'auth.locked', {
        minutes: Math.ceil((attempt.lockedUntil.getTime() - now.getTime()) / 60_000),
      });
    }
    const failures = attempt?.failedCount ?? 0;
    if (
      failures >= this.config.captchaAfterFailures &&
      !(await this.checkCaptcha(input.captchaId, input.captchaCode))
    ) {
      const typed = typeof input.captchaCode === 'string' && input.captchaCode.trim() !== '';
      throw new AppError(400, typed ? 'auth.captchaWrong' : 'auth.captchaRequired', undefined, {
        captchaRequired: true,
      });
    }
    const user = await this.identity.findUser({ userName });
    const [credential] = user
      ? await on.select().from(userCredential).where(eq(userCredential.userId, user.userId))
      : [];
    const valid = await verifyPassword(password, credential?.passwordHash);
    if (!user || !valid) {
      const failed = failures + 1;
      const locks = failed >= this.config.lockAfterFailures;
      const values = {
        failedCount: locks ? 0 : failed,
        lastFailedAt: now,
        lockedUntil: locks ? new Date(now.getTime() + this.config.lockMs) : null,
      };
      await on
        .insert(loginAttempt)
        .values({ userName: key, ...values })
        .onConflictDoUpdate({ target: loginAttempt.userName, set: values });
      await this.logLogin(
        userName,
        user?.userId ?? null,
        locks ? 'LOCKED' : 'FAILURE',
        client,
        'bad credentials',
      );
      if (locks) throw new AppError(403, 'auth.locked', { minutes: Math.ceil(this.config.lockMs / 60_000) });
      throw new AppError(401, 'auth.badCredentials', undefined, {
        captchaRequired: failed >= this.config.captchaAfterFailures,
      });
    }
    if (user.status !== 'ACTIVE' || !this.identity.withinDates(user)) {
      await this.logLogin(userName, user.userId, 'FAILURE', client, 'disabled');
      throw new AppError(403, 'auth.disabled');
    }
    await on.delete(loginAttempt).where(eq(loginAttempt.userName, key));
    const responsibilities = await this.identity.responsibilitiesOf(user);
    const preferred = responsibilities.find((r) => r.defaultFlag === 'Y') ?? responsibilities[0];
    const authorizationCode = token();
    const signKey = token();
    const [created] = await on
      .insert(session)
      .values({
        tokenHash: sha256(authorizationCode),
        userId: user.userId,
        responsibilityId: preferred?.responsibilityId ?? null,
        signKey,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + this.config.absoluteMs),
        clientIp: client.ip.slice(0, 64),
        userAgent: client.userAgent.slice(0, 240),
      })
      .returning();
    await on
      .update(this.users)
      .set({ lastLoginDate: now })
      .where(eq(this.col(this.users, 'userId'), user.userId));
    await this.logLogin(userName, user.userId, 'SUCCESS', client, null);
    return {
      token: authorizationCode,
      user,
      mustChangePassword: credential?.mustChange === 'Y',
      session: {
        sessionId: created!.sessionId,
        userId: user.userId,
        responsibilityId: created!.responsibilityId,
        signKey,
        expiresAt: created!.expiresAt.getTime(),
      },
    };
  }

  private async logLogin(
    userName: string,
    userId: number | null,
    result: string,
    client: ClientInfo,
    message: string | null,
  ) {
    if (!this.runtime.registry.find('baseLoginLog')) return;
    const now = this.now();
    await this.runtime
      .executor()
      .insert(this.runtime.table('baseLoginLog'))
      .values({
        userName: userName.slice(0, 60),
        userId,
        loginResult: result,
        clientIp: client.ip.slice(0, 64),
        userAgent: client.userAgent.slice(0, 240),
        loginDate: now,
        message,
        versionNum: 1,
        creationDate: now,
        lastUpdateDate: now,
      });
  }

  /** The live session of an AuthorizationCode: not revoked, not expired, its user active. */
  async resolve(authorizationCode: string): Promise<SessionInfo | null> {
    if (authorizationCode.length < 20 || authorizationCode.length > 100) return null;
    const users = this.users;
    const [row] = await this.runtime
      .executor()
      .select({
        sessionId: session.sessionId,
        userId: session.userId,
        responsibilityId: session.responsibilityId,
        signKey: session.signKey,
        lastSeenAt: session.lastSeenAt,
        expiresAt: session.expiresAt,
        status: this.col(users, 'status'),
      })
      .from(session)
      .innerJoin(users, eq(this.col(users, 'userId'), session.userId))
      .where(and(eq(session.tokenHash, sha256(authorizationCode)), isNull(session.revokedAt)));
    if (!row || row.status !== 'ACTIVE') return null;
    return this.live({ ...row, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() });
  }

  /**
   * The live session of an AuthorizationCode with its user, and the request signature's first
   * use recorded, in one statement (what every signed request needs: one round trip, one
   * commit). The signature is recorded before the caller checks it; the caller takes back one
   * that fails the check (forgetSignature, ADR 0034).
   */
  async resolveSigned(authorizationCode: string, signature: string): Promise<SignedSession | null> {
    if (authorizationCode.length < 20 || authorizationCode.length > 100) return null;
    const now = this.now();
    const statement = (this.signedStatement ??= this.renderSigned());
    const [values] = await queryArrays(this.runtime.executor(), {
      sql: statement.sql,
      params: statement.params(sha256(authorizationCode), signature.slice(0, 64), now.toISOString()),
    });
    const row = values
      ? Object.fromEntries(statement.columns.map((name, index) => [name, values[index]]))
      : undefined;
    if (!row || row.status !== 'ACTIVE') return null;
    const found = await this.live({
      sessionId: Number(row.sessionId),
      userId: Number(row.userId),
      responsibilityId: row.responsibilityId == null ? null : Number(row.responsibilityId),
      signKey: String(row.signKey),
      lastSeenAt: Number(row.lastSeenAt),
      expiresAt: Number(row.expiresAt),
    });
    if (!found) return null;
    await this.clearSignatures(now);
    const userRow = Object.fromEntries(USER_FIELDS.map((f) => [f, row[f] ?? null])) as Record<
      string,
      unknown
    >;
    userRow.userId = Number(row.userId);
    userRow.supplierId = row.supplierId == null ? null : Number(row.supplierId);
    return { session: found, user: userRow as unknown as UserRow, firstUse: row.firstUse === true };
  }

  /**
   * The statement of `resolveSigned`, rendered once: every signed request runs it, and building
   * its text (the user's columns, the two parts) cost more than its round trip's own work. Its
   * three values are found in the rendered parameters by sentinels.
   */
  private renderSigned(): {
    sql: string;
    columns: readonly string[];
    params: (tokenHash: string, signature: string, seenAt: string) => unknown[];
  } {
    const users = this.users;
    const user = sql.join(
      USER_FIELDS.map((f) => {
        const column = this.col(users, f);
        const text = f === 'startDate' || f === 'endDate' || f === 'userId' || f === 'supplierId';
        return text ? sql`${column}::text as ${sql.identifier(f)}` : sql`${column} as ${sql.identifier(f)}`;
      }),
      sql`, `,
    );
    const sentinels = ['\u0000token', '\u0000signature', '\u0000seen'] as const;
    const query = new PgDialect().sqlToQuery(
      sql`with found as (
            select ${session.sessionId}::text as "sessionId",
                   ${session.responsibilityId}::text as "responsibilityId",
                   ${session.signKey} as "signKey",
                   (extract(epoch from ${session.lastSeenAt}) * 1000)::float8 as "lastSeenAt",
                   (extract(epoch from ${session.expiresAt}) * 1000)::float8 as "expiresAt",
                   ${user}
            from ${session} join ${users} on ${this.col(users, 'userId')} = ${session.userId}
            where ${session.tokenHash} = ${sentinels[0]} and ${session.revokedAt} is null
          ), used as (
            insert into ${requestSignature} (session_id, signature, seen_at)
            select "sessionId"::bigint, ${sentinels[1]}, ${sentinels[2]}::timestamptz
            from found
            on conflict do nothing
            returning 1
          )
          select found.*, exists (select 1 from used) as "firstUse" from found`,
    );
    const at = sentinels.map((sentinel) => query.params.indexOf(sentinel));
    if (at.some((index) => index < 0) || query.params.length !== sentinels.length)
      throw new Error('The signed-session statement did not render its three values');
    return {
      sql: query.sql,
      columns: [
        'sessionId',
        'responsibilityId',
        'signKey',
        'lastSeenAt',
        'expiresAt',
        ...USER_FIELDS,
        'firstUse',
      ],
      params: (tokenHash, signature, seenAt) => {
        const params: unknown[] = [];
        params[at[0]!] = tokenHash;
        params[at[1]!] = signature;
        params[at[2]!] = seenAt;
        return params;
      },
    };
  }

  async forgetSignature(sessionId: number, signature: string): Promise<void> {
    await this.runtime
      .executor()
      .delete(requestSignature)
      .where(
        and(
          eq(requestSignature.sessionId, sessionId),
          eq(requestSignature.signature, signature.slice(0, 64)),
        ),
      );
  }

  /** A session found by its code, if neither expired nor idle too long; marks it seen. */
  private async live(row: {
    sessionId: number;
    userId: number;
    responsibilityId: number | null;
    signKey: string;
    lastSeenAt: number;
    expiresAt: number;
  }): Promise<SessionInfo | null> {
    const now = this.now();
    if (row.expiresAt <= now.getTime() || now.getTime() - row.lastSeenAt > this.config.idleMs) return null;
    if (now.getTime() - row.lastSeenAt > 60_000) {
      await this.runtime
        .executor()
        .update(session)
        .set({ lastSeenAt: now })
        .where(eq(session.sessionId, row.sessionId));
    }
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      responsibilityId: row.responsibilityId,
      signKey: row.signKey,
      expiresAt: Math.min(row.expiresAt, now.getTime() + this.config.idleMs),
    };
  }

  /** Now and then, the signatures older than twice the window (a replay of them is stale anyway). */
  private async clearSignatures(now: Date): Promise<void> {
    if (randomInt(200) !== 0) return;
    await this.runtime
      .executor()
      .delete(requestSignature)
      .where(lt(requestSignature.seenAt, new Date(now.getTime() - 2 * this.config.signatureWindowMs)));
  }

  async revoke(where: { sessionId?: number; userId?: number }, reason: string): Promise<void> {
    const condition = where.sessionId
      ? eq(session.sessionId, where.sessionId)
      : eq(session.userId, where.userId!);
    await this.runtime
      .executor()
      .update(session)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(and(condition, isNull(session.revokedAt)));
  }

  async heartbeat(info: SessionInfo): Promise<number> {
    const now = this.now();
    await this.runtime
      .executor()
      .update(session)
      .set({ lastSeenAt: now })
      .where(eq(session.sessionId, info.sessionId));
    return Math.min(info.expiresAt, now.getTime() + this.config.idleMs);
  }

  /** Sessions of a user that are still open (for tests and for the user's own security page). */
  async openSessions(userId: number): Promise<number> {
    const rows = await this.runtime
      .executor()
      .select({ id: session.sessionId })
      .from(session)
      .where(and(eq(session.userId, userId), isNull(session.revokedAt), gt(session.expiresAt, this.now())));
    return rows.length;
  }

  /** Revokes every session of users (disabled accounts). */
  async revokeUsers(userIds: readonly number[], reason: string): Promise<void> {
    if (!userIds.length) return;
    await this.runtime
      .executor()
      .update(session)
      .set({ revokedAt: this.now(), revokedReason: reason })
      .where(and(inArray(session.userId, [...userIds]), isNull(session.revokedAt)));
  }
}
