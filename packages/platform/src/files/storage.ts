// Where file contents live: behind one interface, on disk under the data directory by default.
// Contents are addressed by their SHA-256, so the same file uploaded twice is stored once and a
// stored name never comes from a user.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors';

export interface StoredObject {
  /** The storage key: the content's SHA-256 in hex. */
  key: string;
  size: number;
  sha256: string;
}

export interface FileStorage {
  /**
   * Stores a stream, passing it through `checks` first (content checks that may refuse it);
   * refuses more than `maxBytes`.
   */
  put(content: Readable, maxBytes: number, checks?: Transform[]): Promise<StoredObject>;
  /** Reads a stored object, optionally a byte range (inclusive). */
  get(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Takes a complete local file whose SHA-256 is known (large-file uploads); the file is moved or copied. */
  adopt(localPath: string, sha256: string): Promise<StoredObject>;
}

export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`File larger than ${limit} bytes`);
  }
}

/** Counts and hashes the bytes passing through, and stops past the limit. */
export function meter(
  maxBytes: number,
  options: { hash?: boolean } = {},
): Transform & { size: () => number; sha256: () => string } {
  const hash = options.hash === false ? null : createHash('sha256');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new FileTooLargeError(maxBytes));
        return;
      }
      hash?.update(chunk);
      callback(null, chunk);
    },
  }) as Transform & { size: () => number; sha256: () => string };
  let digest: string | null = null;
  transform.size = () => size;
  transform.sha256 = () => {
    if (!hash) throw new Error('meter without hash');
    return (digest ??= hash.digest('hex'));
  };
  return transform;
}

const KEY = /^[0-9a-f]{64}$/;

export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error('Bad storage key');
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(content: Readable, maxBytes: number, checks: Transform[] = []): Promise<StoredObject> {
    const temporary = join(this.root, 'tmp', randomBytes(16).toString('hex'));
    await mkdir(dirname(temporary), { recursive: true });
    const counter = meter(maxBytes);
    try {
      await pipeline([content, ...checks, counter, createWriteStream(temporary)]);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    const sha256 = counter.sha256();
    const target = this.path(sha256);
    await mkdir(dirname(target), { recursive: true });
    if (existsSync(target)) await rm(temporary, { force: true });
    else await rename(temporary, target);
    return { key: sha256, size: counter.size(), sha256 };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const stream = createReadStream(this.path(key), range);
    // Opened before it is answered: a missing file is the user's 404 (as the object store's is),
    // not an error in the middle of a response.
    await new Promise<void>((resolve, reject) => {
      stream.once('ready', () => resolve());
      stream.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new AppError(404, 'file.notFound') : error),
      );
    });
    return stream;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.path(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async adopt(localPath: string, sha256: string): Promise<StoredObject> {
    const target = this.path(sha256);
    await mkdir(dirname(target), { recursive: true });
    const size = (await stat(localPath)).size;
    if (existsSync(target)) await rm(localPath, { force: true });
    else await rename(localPath, target);
    return { key: sha256, size, sha256 };
  }

  /** A directory inside the storage's file system (so that adopting is a rename). */
  workDir(name: string): string {
    return join(this.root, 'tmp', name);
  }
}
