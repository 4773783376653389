// Private keys at rest: a PKCS#8 key sealed with AES-256-GCM under the caller's master key, and
// bound to its certificate, so that a stored record shows nothing and cannot be moved under
// another certificate. Keys come out of a record only as non-extractable WebCrypto keys.
import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  scrypt as scryptCallback,
  type webcrypto,
} from 'node:crypto';
import { EsignError } from './errors';
import type { X509Certificate } from './x509';

const { subtle } = globalThis.crypto;

// WebCrypto's types under Node's typings (the DOM library is not in this package's build).
export type CryptoKey = webcrypto.CryptoKey;
export type CryptoKeyPair = webcrypto.CryptoKeyPair;

/** RSA-2048 with PKCS#1 v1.5 and SHA-256: what pdfsig (NSS), openssl and every PDF reader check. */
export const KEY_ALGORITHM: webcrypto.RsaHashedKeyGenParams & webcrypto.RsaHashedImportParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};

/** scrypt's default cost exponent for a passphrase: N = 2^15 (32 MB, some 100 ms), as for passwords. */
const PASSPHRASE_COST = 15;

/** The raw bytes of each master key: reachable from this file only, never from the object. */
const masterKeyBytes = new WeakMap<MasterKey, Buffer>();

/**
 * The key that seals every private key of the module. Best is 32 random bytes kept outside the
 * database (a secret store, an environment variable); a passphrase works too and is stretched
 * with scrypt (N = 2^cost, r = 8, p = 1; cost 15 by default) over a salt the caller keeps beside
 * the records, with the cost: another salt or cost is another key.
 */
export class MasterKey {
  private constructor(bytes: Buffer) {
    masterKeyBytes.set(this, bytes);
  }

  static fromBytes(bytes: Uint8Array): MasterKey {
    if (bytes.length !== 32) throw new EsignError('BAD_MASTER_KEY', 'The master key must be 32 bytes');
    return new MasterKey(Buffer.from(bytes));
  }

  static async fromPassphrase(
    passphrase: string,
    salt: Uint8Array,
    cost = PASSPHRASE_COST,
  ): Promise<MasterKey> {
    if (passphrase.length < 12) throw new EsignError('BAD_MASTER_KEY', 'A passphrase needs 12 characters');
    if (salt.length < 16) throw new EsignError('BAD_MASTER_KEY', 'The salt needs 16 bytes');
    if (!Number.isInteger(cost) || cost < 10 || cost > 20) {
      throw new EsignError('BAD_MASTER_KEY', 'The cost is 10 to 20');
    }
    const N = 2 ** cost;
    const key = await new Promise<Buffer>((resolve, reject) =>
      scryptCallback(
        passphrase.normalize('NFKC'),
        salt,
        32,
        { N, r: 8, p: 1, maxmem: 256 * N * 8 },
        (error, derived) => (error ? reject(error) : resolve(derived)),
      ),
    );
    return new MasterKey(key);
  }
}

function keyBytes(masterKey: MasterKey): Buffer {
  const bytes = masterKeyBytes.get(masterKey);
  if (!bytes) throw new EsignError('BAD_MASTER_KEY', 'Not a master key');
  return bytes;
}

/** A sealed PKCS#8 private key; every field is base64. JSON-safe, to be stored as it is. */
export interface EncryptedKey {
  readonly format: 'pkcs8+aes-256-gcm';
  readonly iv: string;
  readonly ciphertext: string;
  readonly tag: string;
}

/** What the seal is bound to (the GCM additional data): the certificate's SHA-256. */
async function binding(certificateDer: Uint8Array): Promise<Buffer> {
  const digest = Buffer.from(await subtle.digest('SHA-256', certificateDer));
  return Buffer.concat([Buffer.from('srm.esign.key.v1:'), digest]);
}

export async function sealPrivateKey(
  masterKey: MasterKey,
  privateKey: CryptoKey,
  certificateDer: Uint8Array,
): Promise<EncryptedKey> {
  const plain = Buffer.from(await subtle.exportKey('pkcs8', privateKey));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(masterKey), iv);
  cipher.setAAD(await binding(certificateDer));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  plain.fill(0);
  return {
    format: 'pkcs8+aes-256-gcm',
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

/** Opens a sealed key as a signing key that cannot be exported again. */
export async function openPrivateKey(
  masterKey: MasterKey,
  sealed: EncryptedKey,
  certificateDer: Uint8Array,
): Promise<CryptoKey> {
  if (sealed.format !== 'pkcs8+aes-256-gcm') {
    throw new EsignError('KEY_DECRYPT_FAILED', `Unknown key format ${String(sealed.format)}`);
  }
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyBytes(masterKey), Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(await binding(certificateDer));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
  } catch (cause) {
    throw new EsignError('KEY_DECRYPT_FAILED', 'The key does not open with this master key', { cause });
  }
  try {
    return await subtle.importKey('pkcs8', plain, KEY_ALGORITHM, false, ['sign']);
  } finally {
    plain.fill(0);
  }
}

/** Imports a PEM private key given by an operator (an existing CA's key, once, to be sealed). */
export async function importPrivateKeyPem(pem: string): Promise<CryptoKey> {
  const body = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(pem)?.[1];
  if (!body) {
    throw new EsignError('BAD_INPUT', 'The key must be an unencrypted PKCS#8 PEM (BEGIN PRIVATE KEY)');
  }
  try {
    return await subtle.importKey('pkcs8', Buffer.from(body, 'base64'), KEY_ALGORITHM, true, ['sign']);
  } catch (cause) {
    throw new EsignError('BAD_INPUT', 'The key is not an RSA private key', { cause });
  }
}

export function generateKeyPair(): Promise<CryptoKeyPair> {
  return subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
}

/** Throws unless `privateKey` signs what `certificate`'s public key verifies. */
export async function assertKeyPair(privateKey: CryptoKey, certificate: X509Certificate): Promise<void> {
  const probe = randomBytes(32);
  const matches = await (async () => {
    const signature = await subtle.sign(KEY_ALGORITHM, privateKey, probe);
    const publicKey = await certificate.publicKey.export(KEY_ALGORITHM, ['verify']);
    return subtle.verify(KEY_ALGORITHM, publicKey, signature, probe);
  })().catch(() => false);
  if (!matches) throw new EsignError('KEY_MISMATCH', `The key does not belong to ${certificate.subject}`);
}
