// Reading PDFs back in tests: the text of every page, and the barcodes drawn as filled
// rectangles — Code 128 decoded from its bar widths against the standard's table (written here,
// apart from the encoder), QR codes rasterised and decoded by jsQR — so a test proves what a
// scanner would read, not what the drawing code meant to draw.

export interface PdfRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

async function pdfjs() {
  // A build tool loaded by the test setup adds an enumerable Array.prototype.random, which
  // pdf.js refuses to run beside: hide it from enumeration before loading pdf.js.
  const random = Object.getOwnPropertyDescriptor(Array.prototype, 'random');
  if (random?.enumerable) Object.defineProperty(Array.prototype, 'random', { ...random, enumerable: false });
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

export interface PdfPageContent {
  readonly text: string;
  /** Filled rectangles, in the page's top-down coordinates as PDFKit draws them. */
  readonly rects: PdfRect[];
}

/** Text and filled rectangles of every page. */
export async function readPdf(bytes: Uint8Array): Promise<PdfPageContent[]> {
  const { getDocument, OPS } = await pdfjs();
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true }).promise;
  const pages: PdfPageContent[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join('');
    const list = await page.getOperatorList();
    const rects: PdfRect[] = [];
    let pending: PdfRect[] = [];
    list.fnArray.forEach((fn, index) => {
      if (fn === OPS.constructPath) {
        const [ops, args] = list.argsArray[index] as [number[], number[]];
        let at = 0;
        for (const op of ops) {
          if (op === OPS.rectangle) {
            const [x, y, width, height] = args.slice(at, at + 4) as [number, number, number, number];
            pending.push({ x, y, width, height });
            at += 4;
          } else if (op === OPS.moveTo || op === OPS.lineTo) at += 2;
          else if (op === OPS.curveTo) at += 6;
          else if (op === OPS.curveTo2 || op === OPS.curveTo3) at += 4;
        }
      } else if (fn === OPS.fill || fn === OPS.eoFill) {
        rects.push(...pending);
        pending = [];
      } else if (fn === OPS.stroke || fn === OPS.endPath || fn === OPS.closeStroke) {
        pending = [];
      }
    });
    pages.push({ text, rects });
  }
  return pages;
}

/**
 * Code 128 symbol patterns (ISO/IEC 15417), values 0–106: widths of bar, space, bar, space,
 * bar, space in modules; the stop symbol (106) has a seventh, a final 2-module bar.
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
];

/** The symbol values of a Code 128 barcode from its bar and space widths in modules, start to stop. */
export function code128SymbolsOf(widths: readonly number[]): number[] {
  const symbols: number[] = [];
  for (let at = 0; at < widths.length; at += 6) {
    const group = widths.slice(at, at + 6).join('');
    const symbol = CODE128_WIDTHS.indexOf(group);
    if (symbol >= 0 && symbol < 106) {
      symbols.push(symbol);
      continue;
    }
    if (widths.length - at === 7 && `${group}${widths.at(-1)}` === CODE128_WIDTHS[106]) {
      symbols.push(106);
      return symbols;
    }
    throw new Error(`No Code 128 symbol with widths ${group}`);
  }
  throw new Error('Code 128 without stop');
}

/**
 * Decodes Code 128 symbol values (start to stop) to text, in code sets A, B and C with their
 * switches and shift; throws on a bad check symbol and on the function codes, which our values
 * never hold.
 */
export function decodeCode128Symbols(symbols: readonly number[]): string {
  if (symbols.at(-1) !== 106) throw new Error('Code 128 without stop');
  const check = symbols.at(-2)!;
  const body = symbols.slice(0, -2);
  const sum = body.reduce((total, symbol, index) => total + symbol * Math.max(index, 1), 0) % 103;
  if (sum !== check) throw new Error(`Code 128 check symbol ${check} ≠ ${sum}`);
  const starts: Record<number, 'A' | 'B' | 'C'> = { 103: 'A', 104: 'B', 105: 'C' };
  let set = starts[body[0]!];
  if (!set) throw new Error(`Code 128 starting with ${body[0]}`);
  let shifted = false;
  let text = '';
  for (const symbol of body.slice(1)) {
    const current = shifted ? (set === 'A' ? 'B' : 'A') : set;
    shifted = false;
    if (current === 'C') {
      if (symbol < 100) text += String(symbol).padStart(2, '0');
      else if (symbol === 100) set = 'B';
      else if (symbol === 101) set = 'A';
      else throw new Error(`Unexpected symbol ${symbol} in set C`);
    } else if (symbol < 64) text += String.fromCharCode(symbol + 32);
    else if (symbol < 96) text += String.fromCharCode(current === 'A' ? symbol - 64 : symbol + 32);
    else if (symbol === 98) shifted = true;
    else if (symbol === 99) set = 'C';
    else if (symbol === 100 && current === 'A') set = 'B';
    else if (symbol === 101 && current === 'B') set = 'A';
    else throw new Error(`Unexpected symbol ${symbol} in set ${current}`);
  }
  return text;
}

/**
 * Reads a Code 128 barcode from its bars (rectangles of one row): bar and gap widths in
 * modules, grouped six by six into symbols and decoded.
 */
export function readCode128(bars: readonly PdfRect[]): string {
  const sorted = [...bars].sort((a, b) => a.x - b.x);
  // The stop pattern ends with a 2-module bar after a 1-module gap: its last bar gives the module.
  const module = Math.min(...sorted.map((bar) => bar.width));
  const widths: number[] = [];
  sorted.forEach((bar, index) => {
    if (index > 0) {
      const previous = sorted[index - 1]!;
      widths.push(Math.round((bar.x - previous.x - previous.width) / module));
    }
    widths.push(Math.round(bar.width / module));
  });
  return decodeCode128Symbols(code128SymbolsOf(widths));
}

/** Reads a QR code from its dark modules (square-row runs of one module's height). */
export async function readQr(cells: readonly PdfRect[]): Promise<string | null> {
  const module = Math.min(...cells.map((cell) => cell.height));
  const left = Math.min(...cells.map((cell) => cell.x));
  const top = Math.min(...cells.map((cell) => cell.y));
  const size = Math.round((Math.max(...cells.map((cell) => cell.x + cell.width)) - left) / module);
  const scale = 4;
  const quiet = 4;
  const side = (size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const cell of cells) {
    const row = Math.round((cell.y - top) / module);
    const from = Math.round((cell.x - left) / module);
    const to = from + Math.round(cell.width / module);
    for (let column = from; column < to; column++) {
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((row + quiet) * scale + dy) * side + (column + quiet) * scale + dx) * 4;
          pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0;
        }
      }
    }
  }
  const name = 'jsqr';
  const jsqr = ((await import(/* @vite-ignore */ name)) as { default: unknown }).default as (
    data: Uint8ClampedArray,
    width: number,
    height: number,
  ) => { data: string } | null;
  return jsqr(pixels, side, side)?.data ?? null;
}
