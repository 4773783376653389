// Reading an import file as a stream (exceljs WorkbookReader): the first visible data sheet's
// header and rows (cells as plain values), and the hidden sheet of field names when the file
// comes from the template. Empty rows are skipped; rows keep their number in the sheet. A big
// file is read twice: once for its header, field names and row count (rows only counted), then
// its data sheet's rows as a stream of batches (`sheetRows`).
import { rm } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs';
import { AppError } from '../http/errors';
import { FIELDS_SHEET, LISTS_SHEET } from './template';
import { orderXlsx } from './zip-order';
import { collectIfGrown } from '../system/collect';

export type PlainCell = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row's number in the sheet (the header is row 1). */
  readonly number: number;
  readonly cells: PlainCell[];
}

export interface ImportSheet {
  readonly headers: string[];
  /** Data rows in the file (all of them, also when only the first ones were kept). */
  readonly count: number;
  /** Field names by column, from the template's hidden sheet. */
  readonly fieldNames: string[] | null;
  /** The data rows kept (the first `keep`). */
  readonly rows: SheetRow[];
  /** The data sheet, as the reader names it (to read its rows again with `sheetRows`). */
  readonly sheet: { readonly id: number | string; readonly name: string };
}

/** An exceljs cell value as a plain value: rich text joined, a formula's result, errors empty. */
export function plainCell(value: unknown): PlainCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.richText))
      return (object.richText as { text?: string }[]).map((part) => part.text ?? '').join('');
    if ('result' in object) return plainCell(object.result);
    if (typeof object.text === 'string') return object.text;
    if ('error' in object) return null;
  }
  return String(value as string);
}

function isEmpty(cells: readonly PlainCell[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === 'string' && !cell.trim()));
}

interface SheetInfo {
  id: number | string;
  name: string;
  state?: string;
}

interface ReaderModel {
  model?: { sheets?: { id: number; name: string; state?: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
}

/**
 * Reads the file; stops with 413 past `maxRows` data rows. Sheets are read as the zip holds them,
 * which may be before the workbook part naming them: every sheet's rows are kept until the end,
 * then the data sheet is the first visible one in tab order and the field map the hidden one.
 */
export async function readImportSheet(
  path: string,
  maxRows: number,
  options: { keep?: number } = {},
): Promise<ImportSheet> {
  return withOrderedXlsx(path, (ordered) => readOrdered(ordered, maxRows, options.keep ?? maxRows));
}

/** Runs `work` on a copy of the file with its parts in reading order (see zip-order.ts). */
export async function withOrderedXlsx<T>(path: string, work: (ordered: string) => Promise<T>): Promise<T> {
  const ordered = `${path}.ordered.xlsx`;
  try {
    await orderXlsx(path, ordered);
    return await work(ordered);
  } finally {
    await rm(ordered, { force: true });
  }
}

async function openReader(path: string): Promise<ExcelJS.stream.xlsx.WorkbookReader> {
  const workbook = new (await loadExcelJs()).stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  } as ExcelJS.stream.xlsx.WorkbookStreamReaderOptions);
  // exceljs looks each sheet's name up in the workbook part (orderXlsx puts it first).
  (workbook as unknown as ReaderModel).model ??= { sheets: [] };
  return workbook;
}

/**
 * The data rows of one sheet of an ordered file (from `withOrderedXlsx`), `size` at a time, as
 * the reader parses them: the header (its first non-empty row) and empty rows skipped.
 */
export async function* sheetRows(
  ordered: string,
  sheet: ImportSheet['sheet'],
  size: number,
): AsyncGenerator<SheetRow[]> {
  let batch: SheetRow[] = [];
  try {
    for await (const worksheet of await openReader(ordered)) {
      const info = worksheet as unknown as AsyncIterable<ExcelJS.Row> & SheetInfo;
      const wanted = String(info.id) === String(sheet.id);
      let header = true;
      for await (const row of info) {
        if (!wanted) continue;
        const cells = (row.values as unknown[]).slice(1).map(plainCell);
        if (isEmpty(cells)) continue;
        if (header) {
          header = false;
          continue;
        }
        batch.push({ number: row.number, cells });
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'excel.unreadable');
  }
  if (batch.length) yield batch;
}

/** Reads an ordered file: every sheet's first `keep` rows are kept, the others counted. */
export async function readOrdered(path: string, maxRows: number, keep: number): Promise<ImportSheet> {
  const sheets: { info: SheetInfo; rows: SheetRow[]; count: number }[] = [];
  let kept = 0;
  let reader: ReaderModel;
  try {
    const workbook = await openReader(path);
    reader = workbook as unknown as ReaderModel;
    for await (const worksheet of workbook) {
      const sheet = worksheet as unknown as AsyncIterable<ExcelJS.Row> & SheetInfo;
      const entry = { info: sheet as SheetInfo, rows: [] as SheetRow[], count: 0 };
      sheets.push(entry);
      for await (const row of sheet) {
        const cells = (row.values as unknown[]).slice(1).map(plainCell);
        if (isEmpty(cells)) continue;
        if (++kept > maxRows + 1000) throw new AppError(413, 'excel.tooManyRows', { max: maxRows });
        // The header and the first `keep` rows are kept; the rest are only counted.
        entry.count += 1;
        if (entry.rows.length <= keep) entry.rows.push({ number: row.number, cells });
        if (kept % 2000 === 0) collectIfGrown(16);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'excel.unreadable');
  }
  const named = sheets.map(({ info, rows, count }) => ({
    ...describe(reader, info),
    rows,
    count,
    sheet: { id: info.id, name: info.name },
  }));
  named.sort((a, b) => a.order - b.order);
  const identifiers = (row: SheetRow | undefined) =>
    !!row &&
    row.number === 1 &&
    row.cells.every((cell) => cell === null || /^[A-Za-z_][A-Za-z0-9_]*$/.test(String(cell)));
  // The workbook part names the sheets; a file whose zip holds it last may leave them unnamed
  // (exceljs reads sheets as they come): then the field map is the one-row sheet of identifiers.
  const keys =
    named.find((sheet) => sheet.name === FIELDS_SHEET) ??
    named.find(
      (sheet, index) => index > 0 && !sheet.known && sheet.rows.length === 1 && identifiers(sheet.rows[0]),
    );
  const data = named.find(
    (sheet) =>
      sheet !== keys &&
      sheet.visible &&
      sheet.name !== FIELDS_SHEET &&
      sheet.name !== LISTS_SHEET &&
      sheet.rows.length,
  );
  if (!data) throw new AppError(400, 'excel.noRows');
  const [header, ...rows] = data.rows;
  const count = data.count - 1;
  if (count > maxRows) throw new AppError(413, 'excel.tooManyRows', { max: maxRows });
  const text = (cells: readonly PlainCell[]) =>
    cells.map((cell) => (cell === null ? '' : String(cell).trim()));
  return {
    headers: text(header!.cells),
    count,
    fieldNames: keys?.rows[0] && keys.rows[0].number === 1 ? text(keys.rows[0].cells) : null,
    rows,
    sheet: data.sheet,
  };
}

/** A sheet's name, visibility and tab position, from the workbook part read by the end. */
function describe(
  reader: ReaderModel,
  info: SheetInfo,
): { name: string; visible: boolean; order: number; known: boolean } {
  const sheets = reader.model?.sheets ?? [];
  let found = sheets.find((sheet) => sheet.name === info.name && sheet.id === Number(info.id));
  if (!found && /^Sheet\d+$/.test(info.name) && info.name === `Sheet${String(info.id)}`) {
    const rel = reader.workbookRels?.find(
      (r) => r.Target.replace(/^\/?(xl\/)?/, '') === `worksheets/sheet${String(info.id)}.xml`,
    );
    found = rel ? sheets.find((sheet) => sheet.rId === rel.Id) : undefined;
  }
  const state = found?.state ?? info.state;
  return {
    name: found?.name ?? info.name,
    visible: !state || state === 'visible',
    order: found ? sheets.indexOf(found) : sheets.length + Number(info.id),
    known: !!found,
  };
}
