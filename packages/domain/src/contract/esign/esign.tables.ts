// The e-signing records of contracts that are not documents of the engine: the platform CA's
// records (certificates, sealed keys, CRLs), each sign account's sealed key, and the sign log
// (every view, code sent, code checked, signature and refusal, with the document's hash before
// and after). Read and written only by the contract area's server code (esign.server.ts,
// contract.sign.ts), never through generic endpoints.
import type { EncryptedKey } from '@srm/platform';
import { bigint, char, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/** The CA's records by name (root, issuing, tsa, crl, rootCrl); keys in them are sealed. */
export const srmCctEsignCa = pgTable('srm_cct_esign_ca', {
  name: varchar('name', { length: 20 }).primaryKey(),
  record: jsonb('record').notNull(),
  updatedAt: moment('updated_at').notNull(),
});

/** A sign account's current certificate and its private key, sealed under the master key. */
export const srmCctSignKey = pgTable('srm_cct_sign_key', {
  signAccountId: bigint('sign_account_id', { mode: 'number' }).primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  encryptedKey: jsonb('encrypted_key').$type<EncryptedKey>().notNull(),
  serialNumber: varchar('serial_number', { length: 64 }).notNull(),
  issuedAt: moment('issued_at').notNull(),
});

/** What happened in signing, per contract: who, when, from where, and the document's hashes. */
export const srmCctSignLog = pgTable(
  'srm_cct_sign_log',
  {
    logId: bigint('log_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull(),
    /** VIEW, CODE_SENT, CODE_WRONG, SIGNED, REFUSED; FLOW_STARTED, FLOW_CANCELLED, PROVIDER_REFUSED with a provider. */
    event: varchar('event', { length: 20 }).notNull(),
    party: varchar('party', { length: 10 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    userName: varchar('user_name', { length: 60 }).notNull(),
    signAccountId: bigint('sign_account_id', { mode: 'number' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 400 }),
    hashBefore: char('hash_before', { length: 64 }),
    hashAfter: char('hash_after', { length: 64 }),
    /** A refusal's reason, the TSA that stamped a signature. */
    detail: varchar('detail', { length: 500 }),
    attempts: integer('attempts'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [index('srm_cct_sign_log_contract_idx').on(t.contractId, t.logId)],
);

/**
 * The events an external provider's callbacks brought, by serial number: a callback delivered
 * twice (a retry, a replay within the signature's window) is handled once.
 */
export const srmCctEsignEvent = pgTable('srm_cct_esign_event', {
  serialNumber: varchar('serial_number', { length: 100 }).primaryKey(),
  kind: varchar('kind', { length: 20 }).notNull(),
  flowId: varchar('flow_id', { length: 100 }).notNull(),
  contractId: bigint('contract_id', { mode: 'number' }),
  receivedAt: moment('received_at').notNull(),
});

export const esignTables = { srmCctEsignCa, srmCctSignKey, srmCctSignLog, srmCctEsignEvent };
