// Barcodes drawn into PDFs as filled rectangles (sharp at any print resolution): Code 128
// (ISO/IEC 15417, code sets B and C, encoded here) and QR codes (the `qrcode` package builds
// the module matrix, loaded with the first label).
import type { PdfDocument } from './document';

/**
 * Code 128 symbol patterns, values 0–106: widths of bar, space, bar, space, bar, space (11
 * modules each); the stop symbol (106) has a final 2-module bar (13 modules).
 */
// prettier-ignore
const CODE128_WIDTHS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

const START_B = 104;
const START_C = 105;
const CODE_B = 100;
const CODE_C = 99;
const STOP = 106;

export class BarcodeValueInvalid extends Error {
  constructor(value: string) {
    super(`Code 128 (sets B and C) encodes printable ASCII only: ${JSON.stringify(value)}`);
  }
}

/** Length of the run of digits starting at `from`. */
function digitsAt(value: string, from: number): number {
  let end = from;
  while (end < value.length && value.charCodeAt(end) >= 48 && value.charCodeAt(end) <= 57) end++;
  return end - from;
}

/**
 * The symbol values of a Code 128 barcode, start to stop with the check symbol: code set C for
 * runs of digits long enough to pay for the switch (4 at the ends, 6 inside), set B otherwise.
 */
export function code128Symbols(value: string): number[] {
  if (!value.length || !/^[\x20-\x7e]+$/.test(value)) throw new BarcodeValueInvalid(value);
  const symbols: number[] = [];
  let set: 'B' | 'C' | null = null;
  let at = 0;
  while (at < value.length) {
    const run = digitsAt(value, at);
    const atEnd = at + run === value.length;
    const worthC = run >= (at === 0 || atEnd ? 4 : 6);
    if (worthC || (set === 'C' && run >= 2)) {
      // An odd run leaves its first digit to set B, so C always takes pairs.
      if (run % 2 === 1 && set !== 'C') {
        if (set === null) symbols.push(START_B);
        set = 'B';
        symbols.push(value.charCodeAt(at) - 32);
        at++;
      }
      if (set !== 'C') symbols.push(set === null ? START_C : CODE_C);
      set = 'C';
      const pairs = Math.floor(digitsAt(value, at) / 2);
      for (let i = 0; i < pairs; i++, at += 2) symbols.push(Number(value.slice(at, at + 2)));
      continue;
    }
    if (set !== 'B') symbols.push(set === null ? START_B : CODE_B);
    set = 'B';
    symbols.push(value.charCodeAt(at) - 32);
    at++;
  }
  const check = symbols.reduce((sum, symbol, index) => sum + symbol * Math.max(index, 1), 0) % 103;
  symbols.push(check, STOP);
  return symbols;
}

/** The barcode's modules, left to right (true = bar), without the quiet zones. */
export function code128Modules(value: string): boolean[] {
  const modules: boolean[] = [];
  for (const symbol of code128Symbols(value)) {
    const widths = CODE128_WIDTHS[symbol]!;
    for (let i = 0; i < widths.length; i++) {
      for (let w = 0; w < Number(widths[i]); w++) modules.push(i % 2 === 0);
    }
  }
  return modules;
}

/** The Code 128 symbol of a run of 11 modules (6 widths), or null: for readers and tests. */
export function code128SymbolOf(widths: string): number | null {
  const index = CODE128_WIDTHS.indexOf(widths as (typeof CODE128_WIDTHS)[number]);
  return index < 0 ? null : index;
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
export function drawCode128(doc: PdfDocument, value: string, box: BarcodeBox): number {
  const modules = code128Modules(value);
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

/** The QR code's dark modules, row by row (error correction level M). */
export async function qrMatrix(value: string): Promise<boolean[][]> {
  // The encoder loads with the first label, not at the server's start. The specifier is a
  // variable so that type checking does not need the package's types (QrEncoder says what we use).
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
