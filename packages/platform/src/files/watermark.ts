// Watermarks: a tile (generateBlankImageWatermark), transparent SVG with the text at an angle,
// laid over documents shown in the browser (the browser renders the CJK text); and the text drawn
// into a served copy of an unsigned PDF (stampPdf), for the records whose area asks for it.
import { readFile } from 'node:fs/promises';
import { PDF, type PDFPage, degrees, rgb } from '@libpdf/core';

export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );
}

export function watermarkSvg(text: string, width: number, height: number): string {
  const w = Math.min(Math.max(Math.round(width), 100), 2000);
  const h = Math.min(Math.max(Math.round(height), 60), 2000);
  const label = escapeXml(text);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<text x="${w / 2}" y="${h / 2}" fill="#000" fill-opacity="0.12" font-size="16" font-family="sans-serif"`,
    ` text-anchor="middle" dominant-baseline="middle" transform="rotate(-24 ${w / 2} ${h / 2})">${label}</text>`,
    '</svg>',
  ].join('');
}

/** What a served copy of a document is for: shown (and printed from the viewer) or downloaded. */
export type FileUse = 'VIEW' | 'DOWNLOAD';

/** An image a watermark shows above its text (a company's mark, a 保密 stamp). */
export interface WatermarkImage {
  /** The stored file (PNG or JPEG) it is: what the viewer fetches to lay it over a signed PDF. */
  readonly fileId: number;
  readonly bytes: Uint8Array;
  /** Drawn this wide, in points; its height keeps the image's proportions. */
  readonly width: number;
}

/** A text watermark, with an image above it where the rule has one, drawn on a served copy of a PDF. */
export interface Watermark {
  readonly text: string;
  /** 0.05–1. */
  readonly opacity: number;
  /** Degrees, counter-clockwise. */
  readonly angle: number;
  /** Points. */
  readonly fontSize: number;
  /** Repeated over each page, or once in its middle. */
  readonly tiled: boolean;
  readonly image?: WatermarkImage;
}

/**
 * A font that has both CJK and Latin glyphs in TrueType outlines, which the PDF writer subsets
 * (a CFF font such as Noto Sans CJK is embedded whole: 13 MB for one line of text). Debian's
 * fonts-wqy-microhei ships it as a collection of two faces; the first is taken. Another TrueType
 * font or collection with CJK glyphs: SRM_WATERMARK_FONT=/path/font.ttf.
 */
const WATERMARK_FONT = process.env.SRM_WATERMARK_FONT || '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

/** One face of a TrueType collection as a font file of its own: its table directory and tables. */
export function faceOfCollection(collection: Buffer, index = 0): Buffer {
  if (collection.toString('latin1', 0, 4) !== 'ttcf') return collection;
  if (index >= collection.readUInt32BE(8)) throw new Error(`the collection has no face ${index}`);
  const start = collection.readUInt32BE(12 + 4 * index);
  const count = collection.readUInt16BE(start + 4);
  const tables = Array.from({ length: count }, (_, n) => {
    const entry = start + 12 + 16 * n;
    return {
      entry,
      offset: collection.readUInt32BE(entry + 8),
      length: collection.readUInt32BE(entry + 12),
    };
  });
  const directory = 12 + 16 * count;
  const size = tables.reduce((sum, table) => sum + ((table.length + 3) & ~3), directory);
  const face = Buffer.alloc(size);
  collection.copy(face, 0, start, start + 12);
  let at = directory;
  tables.forEach((table, n) => {
    // Tag and checksum as they were; the offset is where the table now lies.
    collection.copy(face, 12 + 16 * n, table.entry, table.entry + 8);
    face.writeUInt32BE(at, 12 + 16 * n + 8);
    face.writeUInt32BE(table.length, 12 + 16 * n + 12);
    collection.copy(face, at, table.offset, table.offset + table.length);
    at += (table.length + 3) & ~3;
  });
  return face;
}

let font: Promise<Uint8Array> | undefined;
function watermarkFont(): Promise<Uint8Array> {
  font ??= readFile(WATERMARK_FONT).then(
    (bytes) => faceOfCollection(bytes),
    (error: unknown) => {
      font = undefined;
      throw new Error(`the watermark font ${WATERMARK_FONT} is missing (Debian fonts-wqy-microhei)`, {
        cause: error,
      });
    },
  );
  return font;
}

/** Does the PDF hold a signature? A signed file is never rewritten (its signatures would break). */
export function isSignedPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/ByteRange');
}

/**
 * A copy of the PDF with the watermark's text drawn over every page, as real text (searchable,
 * and what `pdftotext` reads); null for a signed PDF, which is served as stored.
 */
export async function stampPdf(bytes: Uint8Array, mark: Watermark): Promise<Buffer | null> {
  if (isSignedPdf(bytes)) return null;
  const pdf = await PDF.load(bytes);
  const face = pdf.embedFont(await watermarkFont());
  const style = {
    font: face,
    size: mark.fontSize,
    color: rgb(0.45, 0.45, 0.45),
    opacity: mark.opacity,
    rotate: degrees(mark.angle),
  };
  const width = face.getTextWidth(mark.text, mark.fontSize);
  const radians = (mark.angle * Math.PI) / 180;
  const image = mark.image ? await pdf.embedImage(mark.image.bytes) : null;
  const imageWidth = image ? mark.image!.width : 0;
  const imageHeight = image ? (imageWidth * image.height) / image.width : 0;
  // One mark: the text from (x, y) along its slant, the image centred above it, turned with it
  // about the text's start.
  const drawMark = (page: PDFPage, x: number, y: number) => {
    page.drawText(mark.text, { ...style, x, y });
    if (!image) return;
    page.drawImage(image, {
      x: x + width / 2 - imageWidth / 2,
      y: y + mark.fontSize * 0.6,
      width: imageWidth,
      height: imageHeight,
      opacity: mark.opacity,
      rotate: { angle: mark.angle, origin: { x, y } },
    });
  };
  // The mark's extent along its slant and across it.
  const along = Math.max(width, imageWidth);
  const across = mark.fontSize + (image ? imageHeight + mark.fontSize * 0.6 : 0);
  for (const page of pdf.getPages()) {
    if (!mark.tiled) {
      // Centred: the text's middle on the page's middle, along its slant.
      drawMark(
        page,
        page.width / 2 - (Math.cos(radians) * width) / 2,
        page.height / 2 - (Math.sin(radians) * width) / 2,
      );
      continue;
    }
    const stepX = Math.max(
      along * Math.abs(Math.cos(radians)) + across * Math.abs(Math.sin(radians)) + mark.fontSize * 4,
      120,
    );
    const stepY = Math.max(
      along * Math.abs(Math.sin(radians)) + across * Math.abs(Math.cos(radians)) + mark.fontSize * 4,
      mark.fontSize * 6,
    );
    for (let y = mark.fontSize; y < page.height; y += stepY)
      for (let x = -stepX / 3; x < page.width; x += stepX) drawMark(page, x, y);
  }
  return Buffer.from(await pdf.save({ subsetFonts: true }));
}
