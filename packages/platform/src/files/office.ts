// Office documents previewed as PDF: LibreOffice, when installed, converts them headless; the
// result is kept beside the stored file so a document converts once.
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors';
import type { AttachmentRow, Attachments } from './attachments';

const CONVERSION_TIMEOUT_MS = 120_000;
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

function run(binary: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(binary, args, { timeout: timeoutMs }, (error) => (error ? reject(error) : resolve())),
  );
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
      CONVERSION_TIMEOUT_MS,
    );
    // LibreOffice exits 0 without writing anything when it cannot read the document.
    const produced = join(work, 'document.pdf');
    if (!existsSync(produced)) throw new AppError(422, 'file.conversionFailed');
    await mkdir(dirname(cached), { recursive: true });
    await rename(produced, cached);
  } catch (error) {
    if (error instanceof AppError) throw error;
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
