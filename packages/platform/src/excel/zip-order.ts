// Puts the parts of an xlsx in the order a streaming reader needs: the workbook (sheet names and
// visibility), its relationships, the shared strings and the styles (dates) before the sheets.
// exceljs's WorkbookReader otherwise parks sheets that come first in temporary files, a path on
// which it was seen to lose the parts that follow; a file without shared strings gets an empty
// table so that its sheets are read as they come.
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import yazl from 'yazl';
import { AppError } from '../http/errors';

const FIRST = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];
const EMPTY_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
/** Largest uncompressed part accepted (a zip bomb stops here). */
const MAX_PART = 1024 * 1024 * 1024;

async function open(path: string): Promise<yauzl.ZipFile> {
  // Loaded on the first import, not at the server's start.
  const module = await import('yauzl');
  const lib = (module.default ?? module) as typeof yauzl;
  return new Promise((resolve, reject) =>
    lib.open(path, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function entriesOf(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

function streamOf(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );
}

/** Rewrites the xlsx at `input` into `output` with its parts in reading order (stored, not compressed). */
export async function orderXlsx(input: string, output: string): Promise<void> {
  let zip: yauzl.ZipFile;
  let entries: yauzl.Entry[];
  try {
    zip = await open(input);
    entries = await entriesOf(zip);
  } catch {
    throw new AppError(400, 'excel.unreadable');
  }
  try {
    const rank = (name: string) => {
      const index = FIRST.indexOf(name);
      return index >= 0 ? index : FIRST.length;
    };
    const parts = entries
      .filter((entry) => !entry.fileName.endsWith('/'))
      .sort((a, b) => rank(a.fileName) - rank(b.fileName));
    if (!parts.some((entry) => entry.fileName === 'xl/workbook.xml'))
      throw new AppError(400, 'excel.unreadable');
    if (parts.some((entry) => entry.uncompressedSize > MAX_PART))
      throw new AppError(413, 'excel.fileTooLarge', { max: 100 });
    const out = new yazl.ZipFile();
    const written = pipeline(out.outputStream, createWriteStream(output));
    // yazl does not listen for errors of the streams it is given: a part inflating past the size
    // its header declares (yauzl's check) would be an unhandled 'error' that ends the process.
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (fail = reject));
    failed.catch(() => undefined);
    written.catch(() => undefined);
    let strings = parts.some((entry) => entry.fileName === 'xl/sharedStrings.xml');
    for (const entry of parts) {
      if (!strings && rank(entry.fileName) === FIRST.length) {
        out.addBuffer(Buffer.from(EMPTY_STRINGS), 'xl/sharedStrings.xml', { compress: false });
        strings = true;
      }
      const stream = await streamOf(zip, entry);
      stream.on('error', (error: Error) => {
        (out.outputStream as Readable).destroy(error);
        fail(error);
      });
      out.addReadStream(stream, entry.fileName, { compress: false });
    }
    out.end();
    await Promise.race([written, failed]);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'excel.unreadable');
  } finally {
    zip.close();
  }
}
