// Build step of the web app: writes a brotli (.br) and a gzip (.gz) copy beside each text file of
// the built app (scripts, styles, pages, SVG), which the server sends to a browser that accepts
// them (docs/architecture.md, "Web"). Compressed once here at the highest levels, not per request.
// Files under 1 KiB, and copies that would not be smaller, are left out.
// Usage: node scripts/precompress.mjs <directory>
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json']);
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/precompress.mjs <directory>');

const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && TEXT.has(extname(entry.name)))
  .map((entry) => join(entry.parentPath, entry.name));
const totals = { files: 0, raw: 0, br: 0, gz: 0 };
await Promise.all(
  files.map(async (file) => {
    const raw = await readFile(file);
    if (raw.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipped(raw, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    totals.files += 1;
    totals.raw += raw.length;
    if (br.length < raw.length) {
      await writeFile(`${file}.br`, br);
      totals.br += br.length;
    }
    if (gz.length < raw.length) {
      await writeFile(`${file}.gz`, gz);
      totals.gz += gz.length;
    }
  }),
);
const kb = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
console.log(
  `precompressed ${totals.files} files of ${dir}: ${kb(totals.raw)}, brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
