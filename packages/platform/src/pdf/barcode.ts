// Barcodes drawn into PDFs as filled rectangles (sharp at any print resolution, no images):
// Code 128 encoded by bwip-js (Barcode Writer in Pure PostScript), QR codes by the `qrcode`
// package, whose QR encoder is ten times faster than bwip-js's (ADR 0013). Both load with the
// first label, not at the server's start.
import type BwipJs from 'bwip-js/node';
import type { PdfDocument } from './document';

type Bwip = typeof BwipJs;

let loadingBwip: Promise<Bwip> | null = null;

/** The encoder's default export: its named `raw` is a barcode type, the default's is the encoding. */
function bwip(): Promise<Bwip> {
  loadingBwip ??= import('bwip-js/node').then((module) => module.default);
  return loadingBwip;
}

export class BarcodeValueInvalid extends Error {
  constructor(value: string) {
    super(`Code 128 (sets B and C) encodes printable ASCII only: ${JSON.stringify(value)}`);
  }
}

/**
 * The barcode's modules, left to right (true = bar), without the quiet zones. Only printable
 * ASCII is taken: the encoder would also write other text (as UTF-8 bytes behind FNC4), which
 * scanners read each in their own way.
 */
export async function code128Modules(value: string): Promise<boolean[]> {
  if (!value.length || !/^[\x20-\x7e]+$/.test(value)) throw new BarcodeValueInvalid(value);
  const [symbol] = (await bwip()).raw('code128', value, {});
  if (!symbol || !('sbs' in symbol)) throw new BarcodeValueInvalid(value);
  const modules: boolean[] = [];
  // sbs: the widths of bar, space, bar, … in modules.
  symbol.sbs.forEach((width, index) => {
    for (let i = 0; i < width; i++) modules.push(index % 2 === 0);
  });
  return modules;
}

export interface BarcodeBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Draws a Code 128 barcode filling `box` in width (quiet zones of 10 modules each side
 * included). Answers the module width in points, so that callers can check it is printable.
 */
export async function drawCode128(doc: PdfDocument, value: string, box: BarcodeBox): Promise<number> {
  const modules = await code128Modules(value);
  const module = box.width / (modules.length + 20);
  const x = box.x + 10 * module;
  let start = -1;
  doc.save().fillColor('black');
  for (let i = 0; i <= modules.length; i++) {
    if (i < modules.length && modules[i]) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      doc.rect(x + start * module, box.y, (i - start) * module, box.height);
      start = -1;
    }
  }
  doc.fill();
  doc.restore();
  return module;
}

/** What the `qrcode` package offers that we use. */
interface QrEncoder {
  create(
    value: string,
    options: { errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' },
  ): { modules: { size: number; get(row: number, column: number): number | boolean } };
}

/** The QR code's dark modules, row by row (error correction level M, text as UTF-8). */
export async function qrMatrix(value: string): Promise<boolean[][]> {
  // The specifier is a variable so that type checking does not need the package's types
  // (QrEncoder says what we use).
  const name = 'qrcode';
  const loaded = (await import(/* @vite-ignore */ name)) as QrEncoder & { default?: QrEncoder };
  const symbol = (loaded.default ?? loaded).create(value, { errorCorrectionLevel: 'M' });
  const size = symbol.modules.size;
  const rows: boolean[][] = [];
  for (let row = 0; row < size; row++) {
    const cells: boolean[] = [];
    for (let column = 0; column < size; column++) cells.push(!!symbol.modules.get(row, column));
    rows.push(cells);
  }
  return rows;
}

/** Draws a QR code in a square of `size` points at (x, y), with a 4-module quiet zone. */
export async function drawQr(doc: PdfDocument, value: string, x: number, y: number, size: number) {
  const matrix = await qrMatrix(value);
  const module = size / (matrix.length + 8);
  doc.save().fillColor('black');
  matrix.forEach((cells, row) => {
    // Runs of dark modules in a row become one rectangle.
    let start = -1;
    for (let column = 0; column <= cells.length; column++) {
      if (column < cells.length && cells[column]) {
        if (start < 0) start = column;
      } else if (start >= 0) {
        doc.rect(x + (4 + start) * module, y + (4 + row) * module, (column - start) * module, module);
        start = -1;
      }
    }
  });
  doc.fill();
  doc.restore();
  return module;
}
