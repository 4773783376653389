// The identity module's own tables: password hashes, failed sign-in counts, sessions, the
// signatures already seen (replay protection), captchas and one-time codes.
import {
  bigint,
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

export const userCredential = pgTable('base_user_credential', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  passwordHash: text('password_hash').notNull(),
  passwordChangedAt: moment('password_changed_at').notNull(),
  mustChange: char('must_change', { length: 1 }).notNull().default('N'),
});

export const loginAttempt = pgTable('base_login_attempt', {
  userName: varchar('user_name', { length: 60 }).primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lastFailedAt: moment('last_failed_at'),
  lockedUntil: moment('locked_until'),
});

export const session = pgTable(
  'base_session',
  {
    sessionId: bigint('session_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique('base_session_token_hash_uq'),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    responsibilityId: bigint('responsibility_id', { mode: 'number' }),
    signKey: varchar('sign_key', { length: 64 }).notNull(),
    createdAt: moment('created_at').notNull(),
    lastSeenAt: moment('last_seen_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    revokedReason: varchar('revoked_reason', { length: 30 }),
    clientIp: varchar('client_ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 240 }),
  },
  (t) => [index('base_session_user_idx').on(t.userId)],
);

export const requestSignature = pgTable(
  'base_request_signature',
  {
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    signature: varchar('signature', { length: 64 }).notNull(),
    seenAt: moment('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.signature] }),
    index('base_request_signature_seen_idx').on(t.seenAt),
  ],
);

export const captcha = pgTable('base_captcha', {
  captchaId: varchar('captcha_id', { length: 40 }).primaryKey(),
  codeHash: char('code_hash', { length: 64 }).notNull(),
  expiresAt: moment('expires_at').notNull(),
});

export const verificationCode = pgTable(
  'base_verification_code',
  {
    codeId: bigint('code_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    purpose: varchar('purpose', { length: 30 }).notNull(),
    subject: varchar('subject', { length: 120 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: moment('created_at').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('base_verification_code_subject_idx').on(t.purpose, t.subject)],
);

export const identityTables = {
  userCredential,
  loginAttempt,
  session,
  requestSignature,
  captcha,
  verificationCode,
};
