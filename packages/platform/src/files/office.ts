// Office documents converted to PDF by LibreOffice, headless: the attachments' previews (kept
// beside the stored file, so a document converts once) and any caller's documents (contracts)
// through `convertOfficeToPdf`. A hostile document is bounded: an Office zip (docx, xlsx, pptx)
// is inflated and counted before LibreOffice sees it (the import's limits: 100 times its size,
// 32 MB to 1 GB), and LibreOffice runs in its own process group with an address-space limit and
// is killed with its children after a timeout, so that one conversion holds a slot no longer
// than that.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors';
import { XlsxParts, readBudget } from '../excel/xlsx-zip';
import type { AttachmentRow, Attachments } from './attachments';

/** How long one conversion may take (`SRM_OFFICE_TIMEOUT_MS` changes it). */
const CONVERSION_TIMEOUT_MS = 60_000;
/** Address space LibreOffice may take (through prlimit, when installed). */
const CONVERSION_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;
const PRLIMIT = '/usr/bin/prlimit';
const ZIP_FORMATS = new Set(['docx', 'xlsx', 'pptx']);
/** LibreOffice takes a core and a few hundred MB per conversion: at most this many previews at once. */
const MAX_PARALLEL_PREVIEWS = 2;

/**
 * Why a document could not be handled, as a code the caller turns into its own message:
 * `office_unavailable` (no LibreOffice), `too_large` (inflates past the limits), `unreadable`
 * (not the document it claims to be), `conversion_failed`, `conversion_timeout` (with `seconds`),
 * `template_invalid` (a template that does not compile: `code` and `tag` name its first issue).
 */
export type OfficeErrorCode =
  | 'office_unavailable'
  | 'too_large'
  | 'unreadable'
  | 'conversion_failed'
  | 'conversion_timeout'
  | 'template_invalid';

export class OfficeDocumentError extends Error {
  constructor(
    readonly code: OfficeErrorCode,
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(code);
    this.name = 'OfficeDocumentError';
  }
}

/**
 * The LibreOffice binary: `SRM_SOFFICE` when set (a missing path there means "not installed",
 * so an operator can switch previews off), else the first of the usual install locations.
 */
export function findOffice(): string | null {
  const configured = process.env.SRM_SOFFICE;
  if (configured !== undefined && configured !== '') return existsSync(configured) ? configured : null;
  for (const candidate of [
    '/usr/bin/soffice',
    '/usr/bin/libreoffice',
    '/usr/lib/libreoffice/program/soffice',
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The configured time a conversion may take (`SRM_OFFICE_TIMEOUT_MS`, else 60 s). */
function conversionTimeoutMs(): number {
  const configured = Number(process.env.SRM_OFFICE_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : CONVERSION_TIMEOUT_MS;
}

/**
 * Runs the converter in a process group of its own: on the timeout the whole group (soffice's
 * wrapper script and soffice.bin) is killed, not only the process started.
 */
function run(binary: string, args: string[], limitMs: number): Promise<void> {
  const [command, commandArgs] = existsSync(PRLIMIT)
    ? [PRLIMIT, [`--as=${CONVERSION_MEMORY_BYTES}`, '--', binary, ...args]]
    : [binary, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { detached: true, stdio: 'ignore' });
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, limitMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      // Whatever soffice left behind goes with it.
      killGroup();
      if (timedOut)
        reject(new OfficeDocumentError('conversion_timeout', { seconds: Math.ceil(limitMs / 1000) }));
      else if (code === 0) resolve();
      else reject(new Error(`soffice exited with ${code}`));
    });
  });
}

/** Inflates and counts every part of an Office zip: past the limits it is refused (`too_large`). */
async function checkZip(path: string, limitMs: number): Promise<void> {
  let parts: XlsxParts | undefined;
  try {
    parts = await XlsxParts.open(path, (await stat(path)).size, readBudget(limitMs / 1000));
    for (const name of parts.names()) for await (const _ of parts.bytes(name));
  } catch (error) {
    if (error instanceof AppError && error.httpStatus === 413) throw new OfficeDocumentError('too_large');
    throw new OfficeDocumentError('conversion_failed');
  } finally {
    parts?.close();
  }
}

/**
 * Converts the file at `source` to a PDF in `work` and returns the PDF's path. LibreOffice gets
 * a profile of its own under `work`: two soffice processes sharing one profile hand the
 * document to each other or fail on the profile lock.
 */
async function convertInto(binary: string, source: string, work: string, limitMs: number): Promise<string> {
  if (ZIP_FORMATS.has(extname(source).slice(1).toLowerCase())) await checkZip(source, limitMs);
  try {
    await run(
      binary,
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${work}/profile`,
        '--convert-to',
        'pdf',
        '--outdir',
        work,
        source,
      ],
      limitMs,
    );
  } catch (error) {
    if (error instanceof OfficeDocumentError) throw error;
    throw new OfficeDocumentError('conversion_failed');
  }
  // LibreOffice exits 0 without writing anything when it cannot read the document.
  const produced = join(work, `${basename(source, extname(source))}.pdf`);
  if (!existsSync(produced)) throw new OfficeDocumentError('conversion_failed');
  return produced;
}

/** A pool of conversion slots: at most `size` of the conversions run through it at once. */
export interface ConversionSlots {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function conversionSlots(size: number): ConversionSlots {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
        if (next) next();
        else running--;
      }
    },
  };
}

export interface OfficeConversion {
  /** The document's format, its file extension: `docx`, `xlsx`, `pptx`, `doc`, `odt`… */
  readonly format: string;
  /**
   * Past this LibreOffice is killed (`conversion_timeout`); `SRM_OFFICE_TIMEOUT_MS` by default.
   * It runs from when the conversion has its slot: the wait for one is not counted.
   */
  readonly timeoutMs?: number;
  /** The pool the conversion waits for a slot in. */
  readonly slots: ConversionSlots;
}

/**
 * An Office document as PDF bytes. Throws OfficeDocumentError: `office_unavailable`,
 * `too_large`, `conversion_failed`, `conversion_timeout`.
 */
export async function convertOfficeToPdf(source: Uint8Array, options: OfficeConversion): Promise<Buffer> {
  const binary = findOffice();
  if (!binary) throw new OfficeDocumentError('office_unavailable');
  const format = options.format.replace(/^\./, '').toLowerCase();
  if (!/^[a-z0-9]{1,8}$/.test(format)) throw new OfficeDocumentError('unreadable');
  return options.slots.run(async () => {
    const work = await mkdtemp(join(tmpdir(), 'srm-office-'));
    try {
      const path = join(work, `document.${format}`);
      await writeFile(path, source);
      return await readFile(
        await convertInto(binary, path, work, options.timeoutMs ?? conversionTimeoutMs()),
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
}

const previewSlots = conversionSlots(MAX_PARALLEL_PREVIEWS);

/** Conversions under way by cache path: a second request for the same file waits for the first. */
const converting = new Map<string, Promise<void>>();

async function convertPreview(attachments: Attachments, row: AttachmentRow, binary: string, cached: string) {
  const work = await mkdtemp(join(tmpdir(), 'srm-office-'));
  const limitMs = conversionTimeoutMs();
  try {
    const source = join(work, `document.${row.suffixName}`);
    await pipeline(await attachments.storage.get(row.storageKey), createWriteStream(source));
    const produced = await convertInto(binary, source, work, limitMs);
    await mkdir(dirname(cached), { recursive: true });
    await rename(produced, cached);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof OfficeDocumentError && error.code === 'too_large')
      throw new AppError(413, 'file.previewTooLarge');
    if (error instanceof OfficeDocumentError && error.code === 'conversion_timeout')
      throw new AppError(422, 'file.conversionTimeout', { seconds: Math.ceil(limitMs / 1000) });
    throw new AppError(422, 'file.conversionFailed');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export async function officeToPdf(attachments: Attachments, row: AttachmentRow): Promise<Readable> {
  const cached = attachments.previewPdfPath(row);
  if (existsSync(cached)) return createReadStream(cached);
  const binary = findOffice();
  if (!binary) throw new AppError(503, 'file.officeUnavailable');
  let conversion = converting.get(cached);
  if (!conversion) {
    conversion = previewSlots
      .run(() => convertPreview(attachments, row, binary, cached))
      .finally(() => converting.delete(cached));
    converting.set(cached, conversion);
  }
  await conversion;
  return createReadStream(cached);
}
