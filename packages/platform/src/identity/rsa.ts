// RSA-OAEP 2048 (SHA-256) for values the browser encrypts: login and new passwords, ids of
// batch deletes. The private key stays on the server: SRM_RSA_PRIVATE_KEY (PEM), which several
// app nodes must share, or a key file in the data directory created on first start.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  type KeyObject,
  constants,
  privateDecrypt,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

export class RsaKeys {
  private constructor(
    private readonly privateKey: KeyObject,
    /** The public key as base64 of its SPKI DER encoding (what WebCrypto imports). */
    readonly publicKeySpki: string,
  ) {}

  /**
   * Creates the key file when there is neither a key in the environment nor a file, off the main
   * thread: a first start can do it while it prepares the database, and `load` then reads it.
   */
  static async prepare(keyFile: string, fromEnv: string | undefined): Promise<void> {
    if (fromEnv || existsSync(keyFile)) return;
    const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    if (existsSync(keyFile)) return;
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, pem, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
  }

  static load(keyFile: string, fromEnv: string | undefined): RsaKeys {
    let pem: string;
    if (fromEnv) {
      pem = fromEnv.replace(/\\n/g, '\n');
    } else if (existsSync(keyFile)) {
      pem = readFileSync(keyFile, 'utf8');
    } else {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
      mkdirSync(dirname(keyFile), { recursive: true });
      writeFileSync(keyFile, pem, { mode: 0o600 });
      chmodSync(keyFile, 0o600);
    }
    return RsaKeys.fromPem(pem);
  }

  /** The pair of a private key in PEM (PKCS #8). */
  static fromPem(pem: string): RsaKeys {
    const privateKey = createPrivateKey(pem);
    const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
    return new RsaKeys(privateKey, Buffer.from(spki).toString('base64'));
  }

  /** Decrypts base64 ciphertext; null when it is not a value encrypted with the public key. */
  decrypt(ciphertext: unknown): string | null {
    if (typeof ciphertext !== 'string' || ciphertext.length > 1024) return null;
    try {
      return privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8');
    } catch {
      return null;
    }
  }
}
