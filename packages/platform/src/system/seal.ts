// Encryption of sealed fields (DESIGN.md §7): AES-256-GCM with a key kept outside the
// database, so the database holds ciphertext only.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const VERSION = 'v1';

export class Sealer {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The seal key must be 32 bytes');
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
  }

  /**
   * A 32-byte key for another purpose (the e-signing master key), derived from the seal key with
   * HKDF-SHA-256: it needs no key of its own to configure or share between app nodes, and reveals
   * nothing of the seal key.
   */
  derive(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `srm:${purpose}`, 32));
  }

  open(sealed: string): unknown {
    if (!sealed.startsWith(`${VERSION}:`)) throw new Error('Not a sealed value');
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as unknown;
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
