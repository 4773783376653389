// What the CA keeps, as plain JSON-safe records by name, and where: a CaStore the caller backs
// with a table (the in-memory one serves tests and tools). Nothing here is secret in clear: keys
// are sealed (keys.ts), certificates and CRLs are public.
import type { EncryptedKey } from './keys';

/** A certificate and its sealed private key; JSON-safe. */
export interface KeyedCertificate {
  readonly certificatePem: string;
  /** Absent for a root imported without its key (an operator's offline root). */
  readonly encryptedKey?: EncryptedKey;
}

export type RevocationReason =
  | 'unspecified'
  | 'keyCompromise'
  | 'affiliationChanged'
  | 'superseded'
  | 'cessationOfOperation'
  | 'privilegeWithdrawn';

export interface RevocationEntry {
  readonly serialNumber: string;
  /** ISO time. */
  readonly revokedAt: string;
  readonly reason: RevocationReason | 'certificateHold';
}

/** One issuer's revocation list and the CRL last issued from it. */
export interface CrlRecord {
  readonly crlNumber: number;
  readonly entries: readonly RevocationEntry[];
  readonly crlPem: string;
}

/** What a CA keeps, by name. */
export interface CaRecords {
  root: KeyedCertificate;
  issuing: KeyedCertificate;
  tsa: KeyedCertificate;
  /** The issuing CA's CRL: accounts and the TSA. */
  crl: CrlRecord;
  /** The root's CRL (an ARL): issuing CAs. */
  rootCrl: CrlRecord;
}

/**
 * Where the CA's records live. The caller backs it with a table; each put replaces the record.
 * Two servers revoking at once must not both read-modify-write: serialise puts of `crl` (a row
 * lock) in the database implementation.
 */
export interface CaStore {
  get<K extends keyof CaRecords>(name: K): Promise<CaRecords[K] | undefined>;
  put<K extends keyof CaRecords>(name: K, record: CaRecords[K]): Promise<void>;
}

/** A store in memory, for tests and tools; records are copied in and out as JSON would be. */
export class MemoryCaStore implements CaStore {
  readonly #records = new Map<keyof CaRecords, string>();

  async get<K extends keyof CaRecords>(name: K): Promise<CaRecords[K] | undefined> {
    const json = this.#records.get(name);
    return json === undefined ? undefined : (JSON.parse(json) as CaRecords[K]);
  }

  async put<K extends keyof CaRecords>(name: K, record: CaRecords[K]): Promise<void> {
    this.#records.set(name, JSON.stringify(record));
  }
}
