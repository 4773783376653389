// PDF documents drawn on the server (order prints, labels) with PDFKit, in a CJK font so that
// Chinese text prints: Noto Sans CJK from the system (fonts-noto-cjk, installed by
// scripts/ensure-system-deps.sh) or the file named by SRM_PDF_FONT.
import { existsSync, readFileSync } from 'node:fs';
import type PDFKitModule from 'pdfkit';

export type PdfDocument = PDFKit.PDFDocument;

interface FontChoice {
  readonly path: string;
  /** The font's PostScript name inside a collection (.ttc). */
  readonly family?: string;
}

const CANDIDATES: readonly FontChoice[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', family: 'NotoSerifCJKsc-Regular' },
];
const BOLD: readonly FontChoice[] = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
  { path: '/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc', family: 'NotoSansCJKsc-Bold' },
];

function pick(candidates: readonly FontChoice[]): FontChoice | null {
  return candidates.find((font) => existsSync(font.path)) ?? null;
}

/** The CJK font used for PDFs, or null when none is installed. */
export function cjkFont(): FontChoice | null {
  const configured = process.env.SRM_PDF_FONT;
  if (configured && existsSync(configured)) {
    const [path, family] = configured.split('#');
    return { path: path!, ...(family ? { family } : {}) };
  }
  return pick(CANDIDATES);
}

const fontFiles = new Map<string, Buffer>();

/** A font file's bytes, read once per process (a CJK collection is some 20 MB). */
function fontBytes(path: string): Buffer {
  let bytes = fontFiles.get(path);
  if (!bytes) {
    bytes = readFileSync(path);
    fontFiles.set(path, bytes);
  }
  return bytes;
}

export class PdfFontMissing extends Error {
  constructor() {
    super('No CJK font for PDF documents: install fonts-noto-cjk or set SRM_PDF_FONT');
  }
}

export interface PdfOptions {
  readonly title: string;
  readonly author?: string;
  /** A paper name or [width, height] in points (a label: [283, 198] is 100 × 70 mm). */
  readonly size?: 'A4' | 'A5' | readonly [number, number];
  readonly layout?: 'portrait' | 'landscape';
  readonly margin?: number;
}

/**
 * Draws a document and answers its bytes. `draw` gets the document with the fonts `regular`
 * and `bold` registered (bold falls back to regular).
 */
export async function renderPdf(
  options: PdfOptions,
  draw: (doc: PdfDocument) => void | Promise<void>,
): Promise<Buffer> {
  const regular = cjkFont();
  if (!regular) throw new PdfFontMissing();
  const bold = pick(BOLD) ?? regular;
  // PDFKit (~30 MB) loads with the first document, not at the server's start.
  const module = await import('pdfkit');
  const PDFDocument = (module.default ?? module) as typeof PDFKitModule;
  const doc = new PDFDocument({
    size: (options.size ?? 'A4') as string | number[],
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 40,
    bufferPages: true,
    info: { Title: options.title, Author: options.author ?? 'SRM', Creator: 'SRM' },
  });
  doc.registerFont('regular', fontBytes(regular.path), regular.family);
  doc.registerFont('bold', fontBytes(bold.path), bold.family);
  doc.font('regular');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  return done;
}

/**
 * A document's header fields, two to a line (`label：value`), from the current position; the
 * position after them is answered.
 */
export function drawFieldPairs(doc: PdfDocument, pairs: readonly (readonly [string, string])[]): number {
  const left = doc.page.margins.left;
  const half = (doc.page.width - left - doc.page.margins.right) / 2;
  doc.font('regular').fontSize(9);
  let y = doc.y;
  for (let index = 0; index < pairs.length; index += 2) {
    pairs.slice(index, index + 2).forEach(([label, value], side) => {
      doc.text(`${label}：${value}`, left + side * half, y, {
        width: half - 8,
        lineBreak: false,
        ellipsis: true,
      });
    });
    y += 15;
  }
  return y;
}

/** The page's number on every page of a document drawn with buffered pages ("第 1 页 / 共 3 页"). */
export function drawPageNumbers(doc: PdfDocument, label: (page: number, pages: number) => string): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    doc
      .fontSize(8)
      .text(label(index + 1, range.count), left, doc.page.height - doc.page.margins.bottom - 12, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
}
