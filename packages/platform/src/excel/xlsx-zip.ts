// The parts of an uploaded xlsx (a zip), read with limits a hostile file cannot get past: how
// much it may inflate to (in all and per part, relative to the upload's size), how many parts
// it may have, how long reading may take and whether the client is still there. Every stream is
// consumed by async iteration, so an error in one (a part inflating past the size its header
// declares, a broken deflate stream) is an answer, never an unhandled 'error' event.
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { AppError } from '../http/errors';

const MIB = 1024 * 1024;
/** What an upload may inflate to in all: this many times its size… */
export const INFLATE_RATIO = 100;
/** …but at least this much (small files may compress very well) and never more than this. */
export const INFLATE_MIN_BYTES = 32 * MIB;
export const INFLATE_MAX_BYTES = 1024 * MIB;
/** One part may inflate to this many times its compressed size, or this much, whichever is more. */
export const PART_RATIO = 200;
export const PART_MIN_BYTES = 16 * MIB;
/** Parts of one file (an xlsx has a few dozen). */
export const MAX_PARTS = 2000;

/** The inflated bytes an upload of `uploadBytes` may hold, in all and per part. */
export function inflateLimits(uploadBytes: number): { total: number; part: (compressed: number) => number } {
  const total = Math.min(INFLATE_MAX_BYTES, Math.max(INFLATE_MIN_BYTES, uploadBytes * INFLATE_RATIO));
  return { total, part: (compressed) => Math.min(total, Math.max(PART_MIN_BYTES, compressed * PART_RATIO)) };
}

/** When reading must stop: a deadline, and the client going away. */
export interface ReadBudget {
  /** Epoch milliseconds after which reading stops with `excel.readTimeout`. */
  readonly deadline: number;
  /** The seconds the deadline allows (for the message). */
  readonly seconds: number;
  readonly signal?: AbortSignal;
}

export function readBudget(seconds: number, signal?: AbortSignal): ReadBudget {
  return { deadline: Date.now() + seconds * 1000, seconds, ...(signal ? { signal } : {}) };
}

/** Throws when the budget is spent or the client has gone. */
export function checkBudget(budget: ReadBudget): void {
  if (budget.signal?.aborted) throw new AppError(400, 'excel.cancelled');
  if (Date.now() > budget.deadline) throw new AppError(413, 'excel.readTimeout', { seconds: budget.seconds });
}

/** UTF-8 bytes as text: a character split between two chunks is decoded whole, bad bytes refused. */
export async function* decodeUtf8(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

const tooMuch = (limit: number) =>
  new AppError(413, 'excel.inflatesTooMuch', { max: Math.max(1, Math.floor(limit / MIB)) });

async function loadYauzl(): Promise<typeof yauzl> {
  // Loaded on the first import, not at the server's start.
  const module = await import('yauzl');
  return (module.default ?? module) as typeof yauzl;
}

/** An xlsx's parts by name; each read is counted against the file's limits. */
export class XlsxParts {
  private inflated = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    private readonly limits: ReturnType<typeof inflateLimits>,
    readonly budget: ReadBudget,
  ) {}

  /**
   * Opens the file at `path` and checks what its directory declares before anything inflates:
   * too many parts, or declared sizes past the limits, are refused at once (413).
   */
  static async open(path: string, uploadBytes: number, budget: ReadBudget): Promise<XlsxParts> {
    const lib = await loadYauzl();
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      lib.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, file) =>
        error ? reject(new AppError(400, 'excel.unreadable')) : resolve(file),
      ),
    );
    try {
      if (zip.entryCount > MAX_PARTS) throw new AppError(400, 'excel.unreadable');
      const limits = inflateLimits(uploadBytes);
      const entries = new Map<string, yauzl.Entry>();
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: yauzl.Entry) => {
          entries.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.on('end', resolve);
        zip.on('error', () => reject(new AppError(400, 'excel.unreadable')));
        zip.readEntry();
      });
      let declared = 0;
      for (const entry of entries.values()) {
        declared += entry.uncompressedSize;
        if (entry.uncompressedSize > limits.part(entry.compressedSize))
          throw tooMuch(limits.part(entry.compressedSize));
        if (declared > limits.total) throw tooMuch(limits.total);
      }
      // Errors after this point (none are expected) must not end the process.
      zip.on('error', () => undefined);
      return new XlsxParts(zip, entries, limits, budget);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The names of the parts (folders left out). */
  names(): string[] {
    return [...this.entries.keys()].filter((name) => !name.endsWith('/'));
  }

  /** A part's bytes as they inflate, counted against the part's and the file's limits. */
  async *bytes(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new AppError(400, 'excel.unreadable');
    const partLimit = this.limits.part(entry.compressedSize);
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, opened) =>
        error ? reject(new AppError(400, 'excel.unreadable')) : resolve(opened),
      ),
    );
    // A late error of a destroyed stream must not be unhandled; the loop below sees the others.
    stream.on('error', () => undefined);
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        this.inflated += chunk.length;
        // yauzl stops a part at the size it declares; these hold whatever a part declares.
        if (size > partLimit) throw tooMuch(partLimit);
        if (this.inflated > this.limits.total) throw tooMuch(this.limits.total);
        checkBudget(this.budget);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(400, 'excel.unreadable');
    } finally {
      stream.destroy();
    }
  }

  /** A part as UTF-8 text, in chunks. */
  text(name: string): AsyncGenerator<string> {
    return decodeUtf8(this.bytes(name));
  }

  close(): void {
    this.zip.close();
  }
}
