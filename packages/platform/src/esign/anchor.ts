// Signature fields placed by a keyword (关键字定位): the field centred on the last place the
// keyword is written — on the page given, or anywhere — as providers place a seal over
// 甲方（盖章）. Text is found with the PDF library's text search, which joins a keyword written in
// runs of different formatting.
import { PDF } from '@libpdf/core';

export interface KeywordField {
  readonly keyword: string;
  /** The page (1 the first, −1 the last); 0 or absent: every page, the last match wins. */
  readonly page?: number;
  readonly width: number;
  readonly height: number;
  /** Moves the field from the keyword's centre, in points (right and up). */
  readonly offsetX?: number;
  readonly offsetY?: number;
}

/** The field's page (1-based) and rectangle [x, y, width, height] in points; null when not written. */
export async function keywordRect(
  bytes: Uint8Array,
  field: KeywordField,
): Promise<{ page: number; rect: readonly [number, number, number, number] } | null> {
  const pdf = await PDF.load(bytes);
  const pages = pdf.getPages();
  const wanted = field.page ? (field.page < 0 ? pages.length + field.page : field.page - 1) : null;
  if (wanted !== null && (wanted < 0 || wanted >= pages.length)) return null;
  const matches = quietly(() => pdf.findText(field.keyword, wanted === null ? {} : { pages: [wanted] }));
  // The last in reading order: the latest page, then the lowest on it.
  const last = matches.reduce<(typeof matches)[number] | null>(
    (best, match) =>
      !best ||
      match.pageIndex > best.pageIndex ||
      (match.pageIndex === best.pageIndex && match.bbox.y < best.bbox.y)
        ? match
        : best,
    null,
  );
  if (!last) return null;
  const page = pages[last.pageIndex]!;
  const x = last.bbox.x + last.bbox.width / 2 - field.width / 2 + (field.offsetX ?? 0);
  const y = last.bbox.y + last.bbox.height / 2 - field.height / 2 + (field.offsetY ?? 0);
  // Kept on the page.
  const clamp = (value: number, size: number, room: number) =>
    Math.min(Math.max(value, 0), Math.max(room - size, 0));
  return {
    page: last.pageIndex + 1,
    rect: [clamp(x, field.width, page.width), clamp(y, field.height, page.height), field.width, field.height],
  };
}

/**
 * The library reports fonts it cannot parse for text (a Type 1 font LibreOffice embeds) on the
 * console and reads the text all the same; the search is synchronous, so nothing else logs meanwhile.
 */
function quietly<T>(work: () => T): T {
  const { error, warn } = console;
  console.error = console.warn = () => {};
  try {
    return work();
  } finally {
    console.error = error;
    console.warn = warn;
  }
}
