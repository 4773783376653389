// The platform's own tables, which carry no API of their own: the audit trail, document-number
// sequences, the record of demo-data runs and the installation's shared secrets.
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'base_audit_log',
  {
    auditId: bigint('audit_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entity: varchar('entity', { length: 80 }).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    headerEntity: varchar('header_entity', { length: 80 }),
    headerId: bigint('header_id', { mode: 'number' }),
    action: varchar('action', { length: 60 }).notNull(),
    statusFrom: varchar('status_from', { length: 30 }),
    statusTo: varchar('status_to', { length: 30 }),
    comment: text('comment'),
    changes: jsonb('changes'),
    userId: bigint('user_id', { mode: 'number' }),
    userName: varchar('user_name', { length: 120 }),
    creationDate: timestamp('creation_date', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
  },
  (t) => [
    index('base_audit_log_entity_record_idx').on(t.entity, t.recordId, t.auditId),
    index('base_audit_log_header_idx').on(t.headerEntity, t.headerId, t.auditId),
    // A user's own entries on documents, newest first (the home page's recent work).
    index('base_audit_log_user_idx')
      .on(t.userId, t.auditId)
      .where(sql`${t.headerEntity} is null`),
  ],
);

export const documentSequence = pgTable(
  'base_document_sequence',
  {
    rule: varchar('rule', { length: 120 }).notNull(),
    scope: varchar('scope', { length: 120 }).notNull(),
    period: varchar('period', { length: 20 }).notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.rule, t.scope, t.period] })],
);

export const seedRun = pgTable('base_seed_run', {
  name: varchar('name', { length: 120 }).primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
});

/**
 * Secrets every app node of one database must share, sealed with the seal key (installation.ts):
 * the sign-in RSA key, and a check value that tells a node started with another seal key.
 */
export const installationSecret = pgTable('base_installation_secret', {
  name: varchar('name', { length: 60 }).primaryKey(),
  sealed: text('sealed').notNull(),
  creationDate: timestamp('creation_date', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
});

/**
 * The data keys of sealed values (data-keys.ts): one random AES-256 key per scope (a sourcing
 * event, `srmInquiry:42`), kept only wrapped by the seal key, which lives outside the database.
 */
export const sealDataKey = pgTable('base_seal_data_key', {
  keyId: bigint('key_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  scope: varchar('scope', { length: 120 }).notNull().unique('base_seal_data_key_scope_key'),
  wrappedKey: text('wrapped_key').notNull(),
  creationDate: timestamp('creation_date', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
});

/** When each throttled key last went through (throttle.ts): one limit whichever node is asked. */
export const throttleMark = pgTable('base_throttle', {
  key: varchar('key', { length: 120 }).primaryKey(),
  lastAt: timestamp('last_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
});

/** The platform's own tables, by export name (drizzle-kit reads this shape). */
export const systemTables = {
  auditLog,
  documentSequence,
  seedRun,
  installationSecret,
  sealDataKey,
  throttleMark,
};
