// Reading PDFs back in tests: the text of every page, and the barcodes drawn as filled
// rectangles — Code 128 decoded from its bar widths, QR codes rasterised and decoded by jsQR —
// so a test proves what a scanner would read, not what the drawing code meant to draw.
import { code128SymbolOf } from '../pdf/barcode';

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

/** Decodes Code 128 symbol values (start to stop) to text; throws on a bad check symbol. */
export function decodeCode128Symbols(symbols: readonly number[]): string {
  const check = symbols.at(-2)!;
  const body = symbols.slice(0, -2);
  const sum = body.reduce((total, symbol, index) => total + symbol * Math.max(index, 1), 0) % 103;
  if (sum !== check) throw new Error(`Code 128 check symbol ${check} ≠ ${sum}`);
  if (symbols.at(-1) !== 106) throw new Error('Code 128 without stop');
  let set = body[0] === 105 ? 'C' : body[0] === 104 ? 'B' : 'A';
  let text = '';
  for (const symbol of body.slice(1)) {
    if (set === 'C') {
      if (symbol === 100) set = 'B';
      else if (symbol < 100) text += String(symbol).padStart(2, '0');
      else throw new Error(`Unexpected symbol ${symbol} in set C`);
    } else if (symbol === 99) set = 'C';
    else if (symbol < 96) text += String.fromCharCode(symbol + 32);
    else throw new Error(`Unexpected symbol ${symbol} in set ${set}`);
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
  const symbols: number[] = [];
  for (let at = 0; at + 6 <= widths.length; at += 6) {
    const group = widths.slice(at, at + 6).join('');
    const symbol = code128SymbolOf(group);
    if (symbol === null) {
      // The stop symbol has seven widths.
      if (widths.length - at === 7 && `${group}${widths.at(-1)}` === '2331112') {
        symbols.push(106);
        break;
      }
      throw new Error(`No Code 128 symbol with widths ${group}`);
    }
    symbols.push(symbol);
  }
  return decodeCode128Symbols(symbols);
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
