// Encryption of sealed fields (DESIGN.md §7): AES-256-GCM with a key kept outside the
// database, so the database holds ciphertext only. Values sealed with the seal key itself are
// `v1:…`; values sealed with a data key (one per sourcing event, wrapped by the seal key:
// data-keys.ts, ADR 0041) are `v2:{keyId}:…`, and open once that key is loaded.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const VERSION = 'v1';
const DATA_KEY_VERSION = 'v2';
const DATA_KEY_SEALED = /^v2:(\d+):/;

/** A data key: its row in `base_seal_data_key` and the key itself, unwrapped. */
export interface DataKey {
  readonly id: number;
  readonly key: Buffer;
}

function encrypt(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

function decrypt(key: Buffer, text: string): unknown {
  const raw = Buffer.from(text, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'));
}

/** The data key a value was sealed with, or null for one sealed with the seal key. */
export function dataKeyIdOf(sealed: unknown): number | null {
  if (typeof sealed !== 'string') return null;
  const match = DATA_KEY_SEALED.exec(sealed);
  return match ? Number(match[1]) : null;
}

export class Sealer {
  /** Data keys this node has unwrapped, by id (a key row never changes once written). */
  private readonly dataKeys = new Map<number, Buffer>();

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The seal key must be 32 bytes');
  }

  /** Seals a value with the seal key, or with a data key when one is given. */
  seal(value: unknown, dataKey?: DataKey): string {
    if (!dataKey) return `${VERSION}:${encrypt(this.key, value)}`;
    return `${DATA_KEY_VERSION}:${dataKey.id}:${encrypt(dataKey.key, value)}`;
  }

  /**
   * A 32-byte key for another purpose (the e-signing master key), derived from the seal key with
   * HKDF-SHA-256: it needs no key of its own to configure or share between app nodes, and reveals
   * nothing of the seal key.
   */
  derive(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `srm:${purpose}`, 32));
  }

  /** Opens a sealed value; one sealed with a data key needs that key loaded (data-keys.ts). */
  open(sealed: string): unknown {
    const id = dataKeyIdOf(sealed);
    if (id !== null) {
      const key = this.dataKeys.get(id);
      if (!key) throw new Error(`Data key ${id} is not loaded: load the rows' keys before opening them`);
      return decrypt(key, sealed.slice(sealed.indexOf(':', DATA_KEY_VERSION.length + 1) + 1));
    }
    if (!sealed.startsWith(`${VERSION}:`)) throw new Error('Not a sealed value');
    return decrypt(this.key, sealed.slice(VERSION.length + 1));
  }

  /** A new data key wrapped by the seal key, as stored. */
  newDataKey(): { key: Buffer; wrapped: string } {
    const key = randomBytes(32);
    return { key, wrapped: this.seal(key.toString('base64')) };
  }

  /** Unwraps a stored data key and keeps it for opening the values sealed with it. */
  unwrap(id: number, wrapped: string): DataKey {
    const key = this.dataKeys.get(id) ?? Buffer.from(String(this.open(wrapped)), 'base64');
    if (key.length !== 32) throw new Error(`Data key ${id} is not 32 bytes`);
    this.dataKeys.set(id, key);
    return { id, key };
  }

  /** The data keys these values were sealed with that this node has not loaded yet. */
  missingKeys(values: Iterable<unknown>): number[] {
    const missing = new Set<number>();
    for (const value of values) {
      const id = dataKeyIdOf(value);
      if (id !== null && !this.dataKeys.has(id)) missing.add(id);
    }
    return [...missing];
  }
}

/**
 * The seal key: SRM_SEAL_KEY (base64 of 32 bytes) when set, which several app nodes must share;
 * otherwise a key file in the data directory, created on first use with mode 0600.
 */
export function loadSealKey(keyFile: string, fromEnv: string | undefined): Buffer {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('SRM_SEAL_KEY must be the base64 of 32 bytes');
    return key;
  }
  if (existsSync(keyFile)) return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  mkdirSync(dirname(keyFile), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(keyFile, key.toString('base64'), { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  return key;
}
