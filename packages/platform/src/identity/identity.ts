// Sign-in and sessions: password check with captcha after 3 failures and a lock after 10
// (the same answer for an unknown user and a wrong password), sessions as random
// AuthorizationCodes stored hashed with idle and absolute expiry, per-session signing keys,
// password change and reset by a code sent by e-mail or SMS, and the grants of the current
// responsibility (menus, resource codes, organisation and category permits).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type EntityDef, type Locale, checkPasswordComplexity, formatDate } from '@srm/kernel';
import { queryRows } from '@srm/db';
import type { Actor } from '../access/actor';
import { AppError } from '../http/errors';
import type { EntityRuntime } from '../entity/runtime';
import type { EntityTable } from '../entity/tables';
import type { Messenger } from '../messaging/messenger';
import { captchaAnswer, drawCaptcha, randomCaptchaText } from './captcha';
import { hashPassword, verifyPassword } from './passwords';
import type { RsaKeys } from './rsa';
import { captcha, loginAttempt, requestSignature, session, userCredential, verificationCode } from './tables';

export interface IdentityConfig {
  /** A session unused for this long expires (the web's heartbeat keeps an open one alive). */
  idleMs: number;
  /** A session expires this long after sign-in whatever happens. */
  absoluteMs: number;
  captchaAfterFailures: number;
  lockAfterFailures: number;
  lockMs: number;
  /** Accepted difference between a request's timestamp and the server's clock. */
  signatureWindowMs: number;
}

export const DEFAULT_IDENTITY_CONFIG: IdentityConfig = {
  idleMs: 2 * 3600_000,
  absoluteMs: 12 * 3600_000,
  captchaAfterFailures: 3,
  lockAfterFailures: 10,
  lockMs: 30 * 60_000,
  signatureWindowMs: 5 * 60_000,
};

export interface SessionInfo {
  sessionId: number;
  userId: number;
  responsibilityId: number | null;
  signKey: string;
  expiresAt: number;
}

export interface Grants {
  responsibilityId: number | null;
  resources: ReadonlySet<string>;
  menuIds: readonly number[];
  orgIds: readonly number[] | 'all';
  categoryIds: readonly number[] | 'all';
  /** Entities the user may read: granted ones, their lines and what they reference. */
  readable: ReadonlySet<string>;
}

interface UserRow {
  userId: number;
  userName: string;
  userFullName: string;
  userType: string;
  supplierId: number | null;
  status: string;
  languageCode: string;
  email: string | null;
  mobile: string | null;
  allOrgsFlag: string | null;
  allCategoriesFlag: string | null;
  startDate: string | null;
  endDate: string | null;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
  locale: Locale;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const token = () => randomBytes(32).toString('base64url');

export class Identity {
  private readonly grantCache = new Map<string, { at: number; grants: Grants }>();

  constructor(
    readonly runtime: EntityRuntime,
    readonly rsa: RsaKeys,
    readonly messenger: Messenger,
    readonly config: IdentityConfig = DEFAULT_IDENTITY_CONFIG,
  ) {}

  private get users(): EntityTable {
    return this.runtime.table('baseUser');
  }

  private col(table: EntityTable, name: string): AnyPgColumn {
    return table[name] as AnyPgColumn;
  }

  private now(): Date {
    return this.runtime.clock.now();
  }

  // ------------------------------------------------------------------ users and passwords

  async findUser(where: { userId?: number; userName?: string }): Promise<UserRow | null> {
    const users = this.users;
    const condition = where.userId
      ? eq(this.col(users, 'userId'), where.userId)
      : sql`lower(${this.col(users, 'userName')}) = lower(${where.userName ?? ''})`;
    const fields = [
      'userId',
      'userName',
      'userFullName',
      'userType',
      'supplierId',
      'status',
      'languageCode',
      'email',
      'mobile',
      'allOrgsFlag',
      'allCategoriesFlag',
      'startDate',
      'endDate',
    ];
    const [row] = await this.runtime
      .executor()
      .select(Object.fromEntries(fields.map((f) => [f, this.col(users, f)])))
      .from(users)
      .where(condition)
      .limit(1);
    return (row as unknown as UserRow | undefined) ?? null;
  }

  /** Sets a user's password (hashed); `mustChange` asks for a new one at the next sign-in. */
  async setPassword(userId: number, password: string, mustChange = false): Promise<void> {
    const hash = await hashPassword(password);
    const now = this.now();
    await this.runtime
      .executor()
      .insert(userCredential)
      .values({ userId, passwordHash: hash, passwordChangedAt: now, mustChange: mustChange ? 'Y' : 'N' })
      .onConflictDoUpdate({
        target: userCredential.userId,
        set: { passwordHash: hash, passwordChangedAt: now, mustChange: mustChange ? 'Y' : 'N' },
      });
  }

  /** Decrypts an RSA-OAEP value from the browser, or refuses the request. */
  decrypt(ciphertext: unknown, what = 'password'): string {
    const plain = this.rsa.decrypt(ciphertext);
    if (plain === null) throw new AppError(400, 'auth.badCiphertext', { what });
    return plain;
  }

  assertComplex(password: string): void {
    const issue = checkPasswordComplexity(password);
    if (issue) throw new AppError(400, issue.message, issue.params);
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
    const password = this.decrypt(input.password);
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
    const user = await this.findUser({ userName });
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
    if (user.status !== 'ACTIVE' || !this.withinDates(user)) {
      await this.logLogin(userName, user.userId, 'FAILURE', client, 'disabled');
      throw new AppError(403, 'auth.disabled');
    }
    await on.delete(loginAttempt).where(eq(loginAttempt.userName, key));
    const responsibilities = await this.responsibilitiesOf(user);
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

  /** Today in the business time zone. */
  private today(): string {
    return formatDate(this.runtime.clock.nowMs(), this.runtime.timeZone);
  }

  /** The account is valid today (its start and end dates). */
  withinDates(user: UserRow): boolean {
    const today = this.today();
    return (!user.startDate || user.startDate <= today) && (!user.endDate || user.endDate >= today);
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
    const now = this.now();
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
    if (row.expiresAt <= now || now.getTime() - row.lastSeenAt.getTime() > this.config.idleMs) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
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
      expiresAt: Math.min(row.expiresAt.getTime(), now.getTime() + this.config.idleMs),
    };
  }

  /** Records a request signature; false when it was seen before (a replay). */
  async firstUse(sessionId: number, signature: string): Promise<boolean> {
    const now = this.now();
    const on = this.runtime.executor();
    const inserted = await on
      .insert(requestSignature)
      .values({ sessionId, signature: signature.slice(0, 64), seenAt: now })
      .onConflictDoNothing()
      .returning({ sessionId: requestSignature.sessionId });
    if (randomInt(200) === 0) {
      await on
        .delete(requestSignature)
        .where(lt(requestSignature.seenAt, new Date(now.getTime() - 2 * this.config.signatureWindowMs)));
    }
    return inserted.length === 1;
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

  async changePassword(actor: Actor, oldCipher: unknown, newCipher: unknown): Promise<void> {
    const oldPassword = this.decrypt(oldCipher);
    const newPassword = this.decrypt(newCipher);
    const [credential] = await this.runtime
      .executor()
      .select()
      .from(userCredential)
      .where(eq(userCredential.userId, actor.userId!));
    if (!(await verifyPassword(oldPassword, credential?.passwordHash)))
      throw new AppError(400, 'auth.oldPasswordWrong');
    this.assertComplex(newPassword);
    if (oldPassword === newPassword) throw new AppError(400, 'auth.samePassword');
    await this.runtime.transaction(async () => {
      await this.setPassword(actor.userId!, newPassword);
      await this.revoke({ userId: actor.userId! }, 'PASSWORD_CHANGED');
    });
  }

  // ------------------------------------------------------------------ forgotten password

  /**
   * Sends a reset code to the account's e-mail or mobile. The answer never says whether the
   * account exists; a code is sent at most once a minute per account.
   */
  async sendResetCode(userNameInput: unknown, channelInput: unknown, locale: Locale): Promise<void> {
    if (typeof userNameInput !== 'string' || !userNameInput.trim() || userNameInput.length > 60)
      throw new AppError(400, 'auth.userNameRequired');
    const channel =
      channelInput === 'SMS'
        ? 'SMS'
        : channelInput === 'EMAIL' || channelInput === undefined
          ? 'EMAIL'
          : null;
    if (!channel) throw new AppError(400, 'auth.badChannel');
    const user = await this.findUser({ userName: userNameInput.trim() });
    const target = channel === 'EMAIL' ? user?.email : user?.mobile;
    if (!user || !target || user.status !== 'ACTIVE') return;
    const now = this.now();
    const on = this.runtime.executor();
    const [recent] = await on
      .select({ codeId: verificationCode.codeId })
      .from(verificationCode)
      .where(
        and(
          eq(verificationCode.purpose, 'RESET_PASSWORD'),
          eq(verificationCode.subject, String(user.userId)),
          gt(verificationCode.createdAt, new Date(now.getTime() - 60_000)),
        ),
      );
    if (recent) return;
    const code = String(randomInt(1_000_000)).padStart(6, '0');
    await on.insert(verificationCode).values({
      purpose: 'RESET_PASSWORD',
      subject: String(user.userId),
      channel,
      codeHash: sha256(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 10 * 60_000),
    });
    const language = user.languageCode === 'EN' ? 'en' : locale;
    const text = this.runtime.t(language, 'auth.resetCodeText', {
      name: user.userFullName,
      code,
      minutes: 10,
    });
    if (channel === 'EMAIL') {
      await this.messenger.email({
        to: target,
        subject: this.runtime.t(language, 'auth.resetCodeSubject'),
        text,
        purpose: 'RESET_PASSWORD',
      });
    } else {
      await this.messenger.textMessage(target, text, 'RESET_PASSWORD');
    }
  }

  async resetWithCode(userNameInput: unknown, codeInput: unknown, newCipher: unknown): Promise<void> {
    if (
      typeof userNameInput !== 'string' ||
      typeof codeInput !== 'string' ||
      !/^\d{6}$/.test(codeInput.trim())
    ) {
      throw new AppError(400, 'auth.badCode');
    }
    const newPassword = this.decrypt(newCipher);
    this.assertComplex(newPassword);
    const user = await this.findUser({ userName: userNameInput.trim() });
    const now = this.now();
    const on = this.runtime.executor();
    const [row] = user
      ? await on
          .select()
          .from(verificationCode)
          .where(
            and(
              eq(verificationCode.purpose, 'RESET_PASSWORD'),
              eq(verificationCode.subject, String(user.userId)),
              isNull(verificationCode.usedAt),
              gt(verificationCode.expiresAt, now),
            ),
          )
          .orderBy(sql`${verificationCode.codeId} desc`)
          .limit(1)
      : [];
    if (!user || !row || row.attempts >= 5) throw new AppError(400, 'auth.badCode');
    if (row.codeHash !== sha256(codeInput.trim())) {
      await on
        .update(verificationCode)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCode.codeId, row.codeId));
      throw new AppError(400, 'auth.badCode');
    }
    await this.runtime.transaction(async (tx) => {
      await tx.update(verificationCode).set({ usedAt: now }).where(eq(verificationCode.codeId, row.codeId));
      await this.setPassword(user.userId, newPassword);
      await this.revoke({ userId: user.userId }, 'PASSWORD_RESET');
      await tx.delete(loginAttempt).where(eq(loginAttempt.userName, user.userName.toLowerCase()));
    });
  }

  // ------------------------------------------------------------------ one-time codes

  /**
   * Issues a one-time code for a purpose and subject (six digits to type, or a long token to
   * keep), replacing earlier unused ones; only its hash is stored.
   */
  async issueCode(
    purpose: string,
    subject: string,
    options: { ttlMs: number; kind: 'digits' | 'token'; channel?: string; minIntervalMs?: number },
  ): Promise<string> {
    const code = options.kind === 'digits' ? String(randomInt(1_000_000)).padStart(6, '0') : token();
    const now = this.now();
    const on = this.runtime.executor();
    if (options.minIntervalMs) {
      const [recent] = await on
        .select({ createdAt: verificationCode.createdAt })
        .from(verificationCode)
        .where(
          and(
            eq(verificationCode.purpose, purpose),
            eq(verificationCode.subject, subject),
            gt(verificationCode.createdAt, new Date(now.getTime() - options.minIntervalMs)),
          ),
        )
        .orderBy(desc(verificationCode.createdAt))
        .limit(1);
      if (recent) {
        const seconds = Math.ceil(
          (recent.createdAt.getTime() + options.minIntervalMs - now.getTime()) / 1000,
        );
        throw new AppError(429, 'auth.codeTooSoon', { seconds });
      }
    }
    await on
      .update(verificationCode)
      .set({ usedAt: now })
      .where(
        and(
          eq(verificationCode.purpose, purpose),
          eq(verificationCode.subject, subject),
          isNull(verificationCode.usedAt),
        ),
      );
    await on.insert(verificationCode).values({
      purpose,
      subject,
      channel: options.channel ?? 'NONE',
      codeHash: sha256(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + options.ttlMs),
    });
    return code;
  }

  /** Checks a one-time code (at most five wrong tries); `consume` marks it used. */
  async checkCode(purpose: string, subject: string, code: unknown, consume: boolean): Promise<boolean> {
    if (typeof code !== 'string' || code.length < 6 || code.length > 100) return false;
    const now = this.now();
    const on = this.runtime.executor();
    const [row] = await on
      .select()
      .from(verificationCode)
      .where(
        and(
          eq(verificationCode.purpose, purpose),
          eq(verificationCode.subject, subject),
          isNull(verificationCode.usedAt),
          gt(verificationCode.expiresAt, now),
        ),
      )
      .orderBy(sql`${verificationCode.codeId} desc`)
      .limit(1);
    if (!row || row.attempts >= 5) return false;
    if (row.codeHash !== sha256(code.trim())) {
      await on
        .update(verificationCode)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCode.codeId, row.codeId));
      return false;
    }
    if (consume)
      await on.update(verificationCode).set({ usedAt: now }).where(eq(verificationCode.codeId, row.codeId));
    return true;
  }

  /** A random initial password that satisfies the complexity rule. */
  initialPassword(): string {
    const pick = (chars: string) => chars[randomInt(chars.length)]!;
    const parts = [
      pick('ABCDEFGHJKMNPQRSTUVWXYZ'),
      pick('abcdefghijkmnpqrstuvwxyz'),
      pick('23456789'),
      pick('!@#$%^&*'),
    ];
    for (let i = 0; i < 8; i++) parts.push(pick('ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'));
    return parts.sort(() => randomInt(3) - 1).join('');
  }

  // ------------------------------------------------------------------ responsibilities and grants

  async responsibilitiesOf(user: UserRow): Promise<
    {
      responsibilityId: number;
      responsibilityName: string;
      responsibilityNameEn: string | null;
      side: string;
      defaultFlag: string | null;
    }[]
  > {
    const assignments = this.runtime.table('baseUserResponsibility');
    const responsibilities = this.runtime.table('baseResponsibility');
    const today = this.today();
    const side = user.userType === 'EXTERNAL' ? 'EXTERNAL' : 'INTERNAL';
    const rows = await this.runtime
      .executor()
      .select({
        responsibilityId: this.col(responsibilities, 'responsibilityId'),
        responsibilityName: this.col(responsibilities, 'responsibilityName'),
        responsibilityNameEn: this.col(responsibilities, 'responsibilityNameEn'),
        side: this.col(responsibilities, 'side'),
        defaultFlag: this.col(assignments, 'defaultFlag'),
      })
      .from(assignments)
      .innerJoin(
        responsibilities,
        eq(this.col(responsibilities, 'responsibilityId'), this.col(assignments, 'responsibilityId')),
      )
      .where(
        and(
          eq(this.col(assignments, 'userId'), user.userId),
          eq(this.col(responsibilities, 'enabledFlag'), 'Y'),
          eq(this.col(responsibilities, 'side'), side),
          or(
            isNull(this.col(assignments, 'startDate')),
            sql`${this.col(assignments, 'startDate')} <= ${today}`,
          ),
          or(isNull(this.col(assignments, 'endDate')), sql`${this.col(assignments, 'endDate')} >= ${today}`),
          or(
            isNull(this.col(responsibilities, 'startDate')),
            sql`${this.col(responsibilities, 'startDate')} <= ${today}`,
          ),
          or(
            isNull(this.col(responsibilities, 'endDate')),
            sql`${this.col(responsibilities, 'endDate')} >= ${today}`,
          ),
        ),
      )
      .orderBy(this.col(responsibilities, 'responsibilityCode'));
    return rows as never;
  }

  async switchResponsibility(actor: Actor, responsibilityId: unknown): Promise<void> {
    const user = await this.findUser({ userId: actor.userId! });
    const allowed = user ? await this.responsibilitiesOf(user) : [];
    if (
      typeof responsibilityId !== 'number' ||
      !allowed.some((r) => r.responsibilityId === responsibilityId)
    ) {
      throw new AppError(403, 'auth.responsibilityDenied');
    }
    await this.runtime
      .executor()
      .update(session)
      .set({ responsibilityId })
      .where(eq(session.sessionId, actor.sessionId!));
  }

  /** Grants of a user under a responsibility, cached for a few seconds. */
  async grants(user: UserRow, responsibilityId: number | null): Promise<Grants> {
    const cacheKey = `${user.userId}:${responsibilityId}`;
    const cached = this.grantCache.get(cacheKey);
    if (cached && Date.now() - cached.at < 5000) return cached.grants;
    const on = this.runtime.executor();
    const valid =
      responsibilityId !== null &&
      (await this.responsibilitiesOf(user)).some((r) => r.responsibilityId === responsibilityId);
    let menuIds: number[] = [];
    let resourceCodes: string[] = [];
    if (valid) {
      const roles = (
        await queryRows<{ role_id: number | string }>(
          on,
          sql`select rr.role_id from base_responsibility_role rr join base_role r on r.role_id = rr.role_id
              where rr.responsibility_id = ${responsibilityId} and r.enabled_flag = 'Y'`,
        )
      ).map((r) => Number(r.role_id));
      if (roles.length) {
        const roleList = sql.join(
          roles.map((id) => sql`${id}`),
          sql`, `,
        );
        menuIds = (
          await queryRows<{ menu_id: number | string }>(
            on,
            sql`select distinct m.menu_id from base_role_menu rm join base_menu m on m.menu_id = rm.menu_id
                where rm.role_id in (${roleList}) and m.enabled = 'Y'`,
          )
        ).map((r) => Number(r.menu_id));
        resourceCodes = (
          await queryRows<{ resource_code: string }>(
            on,
            sql`select distinct res.resource_code from base_role_resource rr
                join base_resource res on res.resource_id = rr.resource_id
                join base_menu m on m.menu_id = res.menu_id
                where rr.role_id in (${roleList}) and res.enabled_flag = 'Y' and m.enabled = 'Y'`,
          )
        ).map((r) => r.resource_code);
      }
    }
    const permits = async (table: string, column: string) =>
      (
        await queryRows<Record<string, number | string>>(
          on,
          sql`select ${sql.identifier(column)} as id from ${sql.identifier(table)} where user_id = ${user.userId}`,
        )
      ).map((r) => Number(r.id));
    const grants: Grants = {
      responsibilityId: valid ? responsibilityId : null,
      resources: new Set(resourceCodes),
      menuIds,
      orgIds:
        user.allOrgsFlag === 'Y' || user.userType === 'EXTERNAL'
          ? 'all'
          : await permits('base_user_org_permit', 'org_id'),
      categoryIds:
        user.allCategoriesFlag === 'Y' || user.userType === 'EXTERNAL'
          ? 'all'
          : await permits('base_user_category_permit', 'category_id'),
      readable: this.readableEntities(resourceCodes),
    };
    this.grantCache.set(cacheKey, { at: Date.now(), grants });
    if (this.grantCache.size > 5000) this.grantCache.clear();
    return grants;
  }

  /**
   * Entities the holder of these resource codes may read: those named in a code, their lines,
   * and, through references, the master data their screens need (a purchase order's screen
   * reads organisations and suppliers). Master data marked supplierReadable is readable by all.
   */
  readableEntities(codes: readonly string[]): Set<string> {
    const registry = this.runtime.registry;
    const readable = new Set<string>();
    const queue: EntityDef[] = [];
    const add = (entity: EntityDef | undefined) => {
      if (!entity || readable.has(entity.name)) return;
      readable.add(entity.name);
      queue.push(entity);
    };
    for (const code of codes) add(registry.find(code.split('.')[0]!));
    // Whoever may export a list follows their own background exports (reportBackExportList);
    // the export routes narrow that list to the caller's own exports.
    if (codes.some((code) => code.endsWith('.export'))) add(registry.find('baseReportBackExport'));
    for (const entity of registry.all()) if (entity.supplierReadable) add(entity);
    while (queue.length) {
      const entity = queue.pop()!;
      for (const line of Object.values(entity.lines)) add(line);
      if (entity.parent) add(registry.find(entity.parent.entity));
      for (const field of Object.values(entity.fields))
        if (field.kind === 'ref') add(registry.find(field.entity));
    }
    return readable;
  }

  /** Menus of the current responsibility and their ancestors (so the tree can be built). */
  async menusOf(grants: Grants, locale: Locale) {
    if (!grants.menuIds.length) return [];
    const rows = await queryRows<{
      menu_id: number | string;
      menu_parent_id: number | string | null;
      menu_name: string;
      menu_name_en: string | null;
      menu_type: string;
      menu_code: string;
      html_url: string | null;
      image_link: string | null;
      level_id: number | string | null;
      seq_num: number | string | null;
      enabled: string;
    }>(
      this.runtime.executor(),
      sql`with recursive tree as (
            select * from base_menu where menu_id in (${sql.join(
              grants.menuIds.map((id) => sql`${id}`),
              sql`, `,
            )})
            union
            select m.* from base_menu m join tree t on m.menu_id = t.menu_parent_id
          )
          select distinct * from tree where enabled = 'Y' order by seq_num nulls last, menu_id`,
    );
    return rows.map((row) => ({
      menuId: Number(row.menu_id),
      menuParentId: row.menu_parent_id === null ? 0 : Number(row.menu_parent_id),
      menuName: locale === 'en' && row.menu_name_en ? row.menu_name_en : row.menu_name,
      menuType: row.menu_type,
      menuCode: row.menu_code,
      htmlUrl: row.html_url,
      imageLink: row.image_link,
      levelId: row.level_id === null ? null : Number(row.level_id),
      enabled: row.enabled,
    }));
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
