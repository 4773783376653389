// Sign-in, sessions, passwords and grants: the facade the server and the other modules use, over
// sessions.ts (sign-in, captcha use, sessions, heartbeats, request signatures), password-reset.ts
// (password changes and complexity, reset and one-time codes by e-mail or SMS) and grants.ts
// (responsibilities, menus and resources, permits, readable entities, the grant cache).
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Locale } from '@srm/kernel';
import type { Actor } from '../access/actor';
import { AppError } from '../http/errors';
import type { EntityRuntime } from '../entity/runtime';
import type { EntityTable } from '../entity/tables';
import type { Messenger } from '../messaging/messenger';
import { type Responsibility, UserGrants } from './grants';
import { PasswordReset } from './password-reset';
import type { RsaKeys } from './rsa';
import { Sessions } from './sessions';

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

export interface SignedSession {
  session: SessionInfo;
  user: UserRow;
  firstUse: boolean;
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

export interface UserRow {
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

/** The fields of a user the platform reads (UserRow's). */
export const USER_FIELDS = [
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
] as const satisfies readonly (keyof UserRow)[];

export interface ClientInfo {
  ip: string;
  userAgent: string;
  locale: Locale;
}

export class Identity {
  private readonly sessions: Sessions;
  private readonly passwords: PasswordReset;
  private readonly access: UserGrants;

  constructor(
    readonly runtime: EntityRuntime,
    readonly rsa: RsaKeys,
    readonly messenger: Messenger,
    readonly config: IdentityConfig = DEFAULT_IDENTITY_CONFIG,
  ) {
    this.sessions = new Sessions(this);
    this.passwords = new PasswordReset(this);
    this.access = new UserGrants(this);
  }

  private get users(): EntityTable {
    return this.runtime.table('baseUser');
  }

  private col(table: EntityTable, name: string): AnyPgColumn {
    return table[name] as AnyPgColumn;
  }

  // ------------------------------------------------------------------ users and passwords

  async findUser(where: { userId?: number; userName?: string }): Promise<UserRow | null> {
    const users = this.users;
    const condition = where.userId
      ? eq(this.col(users, 'userId'), where.userId)
      : sql`lower(${this.col(users, 'userName')}) = lower(${where.userName ?? ''})`;
    const [row] = await this.runtime
      .executor()
      .select(Object.fromEntries(USER_FIELDS.map((f) => [f, this.col(users, f)])))
      .from(users)
      .where(condition)
      .limit(1);
    return (row as unknown as UserRow | undefined) ?? null;
  }

  /** Sets a user's password (hashed); `mustChange` asks for a new one at the next sign-in. */
  setPassword(userId: number, password: string, mustChange = false): Promise<void> {
    return this.passwords.setPassword(userId, password, mustChange);
  }

  /** Decrypts an RSA-OAEP value from the browser, or refuses the request. */
  decrypt(ciphertext: unknown, what = 'password'): string {
    const plain = this.rsa.decrypt(ciphertext);
    if (plain === null) throw new AppError(400, 'auth.badCiphertext', { what });
    return plain;
  }

  assertComplex(password: string): void {
    this.passwords.assertComplex(password);
  }

  changePassword(actor: Actor, oldCipher: unknown, newCipher: unknown): Promise<void> {
    return this.passwords.changePassword(actor, oldCipher, newCipher);
  }

  /**
   * Sends a reset code to the account's e-mail or mobile. The answer never says whether the
   * account exists; a code is sent at most once a minute per account.
   */
  sendResetCode(userNameInput: unknown, channelInput: unknown, locale: Locale): Promise<void> {
    return this.passwords.sendResetCode(userNameInput, channelInput, locale);
  }

  resetWithCode(userNameInput: unknown, codeInput: unknown, newCipher: unknown): Promise<void> {
    return this.passwords.resetWithCode(userNameInput, codeInput, newCipher);
  }

  /**
   * Issues a one-time code for a purpose and subject (six digits to type, or a long token to
   * keep), replacing earlier unused ones; only its hash is stored.
   */
  issueCode(
    purpose: string,
    subject: string,
    options: { ttlMs: number; kind: 'digits' | 'token'; channel?: string; minIntervalMs?: number },
  ): Promise<string> {
    return this.passwords.issueCode(purpose, subject, options);
  }

  /** Checks a one-time code (at most five wrong tries); `consume` marks it used. */
  checkCode(purpose: string, subject: string, code: unknown, consume: boolean): Promise<boolean> {
    return this.passwords.checkCode(purpose, subject, code, consume);
  }

  /** A random initial password that satisfies the complexity rule. */
  initialPassword(): string {
    return this.passwords.initialPassword();
  }

  // ------------------------------------------------------------------ sign-in and sessions

  /** A new captcha; `text` is for in-process tests, which cannot read the picture. */
  newCaptcha(text?: string): Promise<{ captchaId: string; image: string }> {
    return this.sessions.newCaptcha(text);
  }

  /** A captcha can be used once; a wrong answer uses it too. */
  checkCaptcha(captchaId: unknown, code: unknown): Promise<boolean> {
    return this.sessions.checkCaptcha(captchaId, code);
  }

  captchaRequired(userName: string): Promise<boolean> {
    return this.sessions.captchaRequired(userName);
  }

  login(
    input: { userName: unknown; password: unknown; captchaId?: unknown; captchaCode?: unknown },
    client: ClientInfo,
  ): Promise<{ session: SessionInfo; token: string; user: UserRow; mustChangePassword: boolean }> {
    return this.sessions.login(input, client);
  }

  /** The live session of an AuthorizationCode: not revoked, not expired, its user active. */
  resolve(authorizationCode: string): Promise<SessionInfo | null> {
    return this.sessions.resolve(authorizationCode);
  }

  /** Records a request signature; false when it was seen before (a replay). */
  /**
   * The live session of an AuthorizationCode with its user, and whether `signature` is used for
   * the first time (recorded whatever the answer): what every signed request needs, in one
   * statement.
   */
  resolveSigned(authorizationCode: string, signature: string): Promise<SignedSession | null> {
    return this.sessions.resolveSigned(authorizationCode, signature);
  }

  /** Takes back a signature resolveSigned recorded for a request that then failed its check. */
  forgetSignature(sessionId: number, signature: string): Promise<void> {
    return this.sessions.forgetSignature(sessionId, signature);
  }

  revoke(where: { sessionId?: number; userId?: number }, reason: string): Promise<void> {
    return this.sessions.revoke(where, reason);
  }

  heartbeat(info: SessionInfo): Promise<number> {
    return this.sessions.heartbeat(info);
  }

  /** Sessions of a user that are still open (for tests and for the user's own security page). */
  openSessions(userId: number): Promise<number> {
    return this.sessions.openSessions(userId);
  }

  /** Revokes every session of users (disabled accounts). */
  revokeUsers(userIds: readonly number[], reason: string): Promise<void> {
    return this.sessions.revokeUsers(userIds, reason);
  }

  // ------------------------------------------------------------------ responsibilities and grants

  /** The account is valid today (its start and end dates). */
  withinDates(user: UserRow): boolean {
    return this.access.withinDates(user);
  }

  responsibilitiesOf(user: UserRow): Promise<Responsibility[]> {
    return this.access.responsibilitiesOf(user);
  }

  /** The same, as read a moment ago (kept as grants are: for the shell's answers). */
  keptResponsibilitiesOf(user: UserRow): Promise<Responsibility[]> {
    return this.access.keptResponsibilitiesOf(user);
  }

  switchResponsibility(actor: Actor, responsibilityId: unknown): Promise<void> {
    return this.access.switchResponsibility(actor, responsibilityId);
  }

  /** Grants of a user under a responsibility, cached until a change of them commits on any node. */
  grants(user: UserRow, responsibilityId: number | null): Promise<Grants> {
    return this.access.grants(user, responsibilityId);
  }

  /** Starts listening for committed changes of grants (every node's cache is cleared by them). */
  listenForGrantChanges(): Promise<void> {
    return this.access.listen();
  }

  stopListening(): Promise<void> {
    return this.access.stopListening();
  }

  /**
   * Entities the holder of these resource codes may read: those named in a code, their lines,
   * and, through references, the master data their screens need. Master data marked
   * supplierReadable is readable by all.
   */
  readableEntities(codes: readonly string[]): ReadonlySet<string> {
    return this.access.readableEntities(codes);
  }

  /** Menus of the current responsibility and their ancestors (so the tree can be built). */
  menusOf(grants: Grants, locale: Locale): ReturnType<UserGrants['menusOf']> {
    return this.access.menusOf(grants, locale);
  }
}
