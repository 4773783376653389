// Office documents previewed as PDF: LibreOffice, when installed, converts them headless; the
// result is kept beside the stored file so a document converts once.
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors';
import type { AttachmentRow, Attachments } from './attachments';

function findOffice(): string | null {
  for (const candidate of [
    process.env.SRM_SOFFICE,
    '/usr/bin/soffice',
    '/usr/bin/libreoffice',
    '/usr/lib/libreoffice/program/soffice',
  ]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

function run(binary: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(binary, args, { timeout: timeoutMs }, (error) => (error ? reject(error) : resolve())),
  );
}

export async function officeToPdf(attachments: Attachments, row: AttachmentRow): Promise<Readable> {
  const cacheDir = join(attachments.cacheDir, 'pdf');
  const cached = join(cacheDir, `${row.storageKey}.pdf`);
  if (existsSync(cached)) return createReadStream(cached);
  const binary = findOffice();
  if (!binary) throw new AppError(503, 'file.officeUnavailable');
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
      120_000,
    );
    const produced = join(work, 'document.pdf');
    if (!existsSync(produced)) throw new AppError(422, 'file.conversionFailed');
    await mkdir(cacheDir, { recursive: true });
    await rename(produced, cached);
    return createReadStream(cached);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(422, 'file.conversionFailed');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
