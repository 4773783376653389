// Office documents previewed as PDF: LibreOffice, when installed, converts them headless; the
// result is kept beside the stored file so a document converts once. A hostile document is
// bounded: an Office zip (docx, xlsx, pptx) is inflated and counted before LibreOffice sees it
// (the import's limits: 100 times its size, 32 MB to 1 GB), and LibreOffice runs in its own
// process group with an address-space limit and is killed with its children after a timeout,
// so that one conversion holds a slot no longer than that.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
/** LibreOffice takes a core and a few hundred MB per conversion: at most this many run at once. */
const MAX_PARALLEL_CONVERSIONS = 2;

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

function timeoutMs(): number {
  const configured = Number(process.env.SRM_OFFICE_TIMEOUT_MS);
  return Number.isFinite(configured) && configured > 0 ? configured : CONVERSION_TIMEOUT_MS;
}

class ConversionTimeout extends Error {}

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
      if (timedOut) reject(new ConversionTimeout());
      else if (code === 0) resolve();
      else reject(new Error(`soffice exited with ${code}`));
    });
  });
}

/** Inflates and counts every part of an Office zip: past the limits it is refused (413). */
async function checkZip(path: string): Promise<void> {
  let parts: XlsxParts;
  try {
    parts = await XlsxParts.open(path, (await stat(path)).size, readBudget(timeoutMs() / 1000));
  } catch (error) {
    throw asPreviewError(error);
  }
  try {
    for (const name of parts.names()) for await (const _ of parts.bytes(name));
  } catch (error) {
    throw asPreviewError(error);
  } finally {
    parts.close();
  }
}

function asPreviewError(error: unknown): AppError {
  if (error instanceof AppError && error.httpStatus === 413) return new AppError(413, 'file.previewTooLarge');
  return new AppError(422, 'file.conversionFailed');
}

let running = 0;
const waiting: (() => void)[] = [];

async function withConversionSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_CONVERSIONS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
    if (next) next();
    else running--;
  }
}

/** Conversions under way by cache path: a second request for the same file waits for the first. */
const converting = new Map<string, Promise<void>>();

async function convert(attachments: Attachments, row: AttachmentRow, binary: string, cached: string) {
  // Each conversion has its own LibreOffice profile: two soffice processes sharing one profile
  // hand the document to each other or fail on the profile lock.
  const work = await mkdtemp(join(tmpdir(), 'srm-office-'));
  try {
    const source = join(work, `document.${row.suffixName}`);
    await pipeline(await attachments.storage.get(row.storageKey), createWriteStream(source));
    if (ZIP_FORMATS.has(row.suffixName)) await checkZip(source);
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
      timeoutMs(),
    );
    // LibreOffice exits 0 without writing anything when it cannot read the document.
    const produced = join(work, 'document.pdf');
    if (!existsSync(produced)) throw new AppError(422, 'file.conversionFailed');
    await mkdir(dirname(cached), { recursive: true });
    await rename(produced, cached);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ConversionTimeout)
      throw new AppError(422, 'file.conversionTimeout', { seconds: Math.ceil(timeoutMs() / 1000) });
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
    conversion = withConversionSlot(() => convert(attachments, row, binary, cached)).finally(() =>
      converting.delete(cached),
    );
    converting.set(cached, conversion);
  }
  await conversion;
  return createReadStream(cached);
}
