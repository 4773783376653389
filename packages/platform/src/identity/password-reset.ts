// Passwords and one-time codes: setting, changing (complexity, the old one checked, every session
// revoked), forgotten passwords reset by a code sent by e-mail or SMS, codes for other purposes,
// and random initial passwords.
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Locale, checkPasswordComplexity } from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import { AppError } from '../http/errors';
import { renderTemplate } from '../messaging/template';
import type { Identity } from './identity';
import { hashPassword, verifyPassword } from './passwords';
import { sha256, token } from './sessions';
import { loginAttempt, userCredential, verificationCode } from './tables';

/** The message source of reset codes (mandatory: declared with the messaging area's sources). */
export const PASSWORD_RESET_SOURCE = 'PASSWORD_RESET_CODE';

export class PasswordReset {
  constructor(private readonly identity: Identity) {}

  private get runtime(): EntityRuntime {
    return this.identity.runtime;
  }

  private now(): Date {
    return this.runtime.clock.now();
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

  assertComplex(password: string): void {
    const issue = checkPasswordComplexity(password);
    if (issue) throw new AppError(400, issue.message, issue.params);
  }

  async changePassword(actor: Actor, oldCipher: unknown, newCipher: unknown): Promise<void> {
    const oldPassword = this.identity.decrypt(oldCipher);
    const newPassword = this.identity.decrypt(newCipher);
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
      await this.identity.revoke({ userId: actor.userId! }, 'PASSWORD_CHANGED');
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
    const user = await this.identity.findUser({ userName: userNameInput.trim() });
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
    const [written] = await on
      .insert(verificationCode)
      .values({
        purpose: 'RESET_PASSWORD',
        subject: String(user.userId),
        channel,
        codeHash: sha256(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 10 * 60_000),
      })
      .returning({ codeId: verificationCode.codeId });
    const language = user.languageCode === 'EN' ? 'en' : locale;
    const params = { name: user.userFullName, code, minutes: '10' };
    const text = this.runtime.t(language, 'auth.resetCodeText', params);
    const subject = this.runtime.t(language, 'auth.resetCodeSubject');
    const { messageOutbox, messageTemplates } = this.runtime.plugins;
    if (messageOutbox) {
      // Through the outbox as a mandatory source (no unsubscribe or preference stops it, the
      // number's SMS allowance does): sent at once by a worker, retried, logged with the code
      // masked once delivered. An administrator's template of the source gives the text.
      const template = await messageTemplates?.find(
        PASSWORD_RESET_SOURCE,
        channel,
        language === 'en' ? 'EN' : 'CN',
      );
      await messageOutbox.enqueue([
        {
          channel,
          source: PASSWORD_RESET_SOURCE,
          eventId: `reset-${written!.codeId}`,
          userId: user.userId,
          address: target,
          locale: language,
          subject: template?.subject ? renderTemplate(template.subject, params, false) : subject,
          body: template ? renderTemplate(template.body, params, channel === 'EMAIL') : text,
          html: !!template && channel === 'EMAIL',
          templateCode: template?.templateCode ?? null,
          signName: template?.signName ?? null,
          params: channel === 'SMS' ? params : null,
          secret: code,
        },
      ]);
    } else if (channel === 'EMAIL') {
      await this.identity.messenger.email({ to: target, subject, text, purpose: PASSWORD_RESET_SOURCE });
    } else {
      await this.identity.messenger.textMessage(target, text, PASSWORD_RESET_SOURCE);
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
    const newPassword = this.identity.decrypt(newCipher);
    this.assertComplex(newPassword);
    const user = await this.identity.findUser({ userName: userNameInput.trim() });
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
      await this.identity.revoke({ userId: user.userId }, 'PASSWORD_RESET');
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
        // The wait also as data, so that a send button can count it down.
        throw new AppError(429, 'auth.codeTooSoon', { seconds }, { retryAfterSeconds: seconds });
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
}
