// Reading an import file as a stream: the first visible data sheet's header and rows (cells as
// plain values), and the hidden sheet of field names when the file comes from the template.
// Empty rows are skipped; rows keep their number in the sheet. A big file is read twice: once
// for its header, field names and row count (rows only counted), then its data sheet's rows as a
// stream of batches (`sheetRows`). The parts are read straight from the zip (xlsx-zip.ts: what
// it inflates to, its time and its client are bounded), decoded as UTF-8 across chunks and
// parsed with saxes; row numbers and columns are bounded while streaming, whatever the sheet
// declares.
import { stat } from 'node:fs/promises';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { AppError } from '../http/errors';
import { FIELDS_SHEET, LISTS_SHEET } from './template';
import { type ReadBudget, XlsxParts, checkBudget, readBudget } from './xlsx-zip';
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
  /** The data sheet: its part in the zip and its name (to read its rows again with `sheetRows`). */
  readonly sheet: { readonly id: string; readonly name: string };
}

/** Columns a sheet may have (an entity has far fewer fields): a cell beyond is refused. */
export const IMPORT_MAX_COLUMNS = 1000;
/**
 * Seconds the first reading of a file may take (counting its rows, while the client waits); the
 * job's second reading is bounded by what the first found.
 */
export const IMPORT_READ_SECONDS = 180;

export interface ReadOptions {
  /** Data rows kept (the others only counted); all by default. */
  readonly keep?: number;
  /** Stops reading when the client goes away. */
  readonly signal?: AbortSignal;
  readonly seconds?: number;
}

/** The workbook's sheets in tab order, its shared strings and which styles show dates. */
interface Book {
  readonly parts: XlsxParts;
  readonly sheets: { name: string; part: string; visible: boolean }[];
  readonly strings: string[];
  readonly dateStyles: Set<number>;
  readonly date1904: boolean;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Parses an XML part, calling `open`, `text` and `close` as saxes reads it; between chunks the
 * budget is checked and `drain` runs (the caller hands on what the chunk completed).
 */
async function* parseXml<T>(
  parts: XlsxParts,
  name: string,
  handlers: {
    open(tag: SaxesTagPlain, local: string): void;
    text?(text: string): void;
    close?(local: string): void;
    drain?(): T[];
  },
): AsyncGenerator<T> {
  const parser = new SaxesParser();
  let failed: Error | null = null;
  parser.on('error', (error) => {
    failed ??= error;
  });
  parser.on('opentag', (tag) => handlers.open(tag, localName(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(localName(tag.name)));
  try {
    for await (const chunk of parts.text(name)) {
      parser.write(chunk);
      if (failed) throw new AppError(400, 'excel.unreadable');
      checkBudget(parts.budget);
      if (handlers.drain) yield* handlers.drain();
    }
    parser.close();
    if (failed) throw new AppError(400, 'excel.unreadable');
    if (handlers.drain) yield* handlers.drain();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A bad UTF-8 byte, a part cut short.
    throw new AppError(400, 'excel.unreadable');
  }
}

/** Runs a parse that yields nothing to its end. */
async function consume(source: AsyncGenerator<never>): Promise<void> {
  for await (const _ of source);
}

/** A part named by a relationship target, relative to the folder of `xl/workbook.xml`. */
function partOf(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment && segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

// Built-in number formats that show dates or times (ECMA-376 §18.8.30).
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57, 58]);

/** Whether a custom format code shows a date: d, m, y, h or s outside quotes, brackets and escapes. */
function isDateCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\\./g, '')
    .split(';')[0]!;
  return /[dmyhs]/i.test(bare) && !/^General$/i.test(bare.trim());
}

async function openBook(path: string, budget: ReadBudget): Promise<Book> {
  const parts = await XlsxParts.open(path, (await stat(path)).size, budget);
  try {
    if (!parts.has('xl/workbook.xml')) throw new AppError(400, 'excel.unreadable');
    const listed: { name: string; rel: string; visible: boolean }[] = [];
    let date1904 = false;
    await consume(
      parseXml(parts, 'xl/workbook.xml', {
        open: (tag, local) => {
          const a = tag.attributes;
          if (local === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
          if (local === 'sheet')
            listed.push({
              name: a.name ?? '',
              rel: a['r:id'] ?? Object.entries(a).find(([key]) => localName(key) === 'id')?.[1] ?? '',
              visible: !a.state || a.state === 'visible',
            });
        },
      }),
    );
    const targets = new Map<string, string>();
    if (parts.has('xl/_rels/workbook.xml.rels'))
      await consume(
        parseXml(parts, 'xl/_rels/workbook.xml.rels', {
          open: (tag, local) => {
            if (local === 'Relationship' && tag.attributes.Id && tag.attributes.Target)
              targets.set(tag.attributes.Id, partOf(tag.attributes.Target));
          },
        }),
      );
    const sheets = listed
      .map((sheet) => ({ name: sheet.name, part: targets.get(sheet.rel) ?? '', visible: sheet.visible }))
      .filter((sheet) => parts.has(sheet.part));
    return {
      parts,
      sheets,
      strings: await sharedStrings(parts, targets),
      dateStyles: await dateStyles(parts, targets),
      date1904,
    };
  } catch (error) {
    parts.close();
    throw error;
  }
}

function partNamed(parts: XlsxParts, targets: Map<string, string>, file: string): string | null {
  const found = [...targets.values()].find((part) => part.endsWith(`/${file}`));
  if (found && parts.has(found)) return found;
  return parts.has(`xl/${file}`) ? `xl/${file}` : null;
}

/** The shared strings: rich text runs joined, phonetic guides (`rPh`) left out. */
async function sharedStrings(parts: XlsxParts, targets: Map<string, string>): Promise<string[]> {
  const part = partNamed(parts, targets, 'sharedStrings.xml');
  const strings: string[] = [];
  if (!part) return strings;
  let current: string[] | null = null;
  let inText = false;
  let phonetic = 0;
  await consume(
    parseXml(parts, part, {
      open: (_tag, local) => {
        if (local === 'si') current = [];
        else if (local === 'rPh') phonetic++;
        else if (local === 't') inText = phonetic === 0;
      },
      text: (text) => {
        if (inText) current?.push(text);
      },
      close: (local) => {
        if (local === 'si') {
          strings.push((current ?? []).join(''));
          current = null;
        } else if (local === 'rPh') phonetic--;
        else if (local === 't') inText = false;
      },
    }),
  );
  return strings;
}

/** The cell styles (indexes into cellXfs) whose number format shows a date. */
async function dateStyles(parts: XlsxParts, targets: Map<string, string>): Promise<Set<number>> {
  const part = partNamed(parts, targets, 'styles.xml');
  const dates = new Set<number>();
  if (!part) return dates;
  const customDates = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  await consume(
    parseXml(parts, part, {
      open: (tag, local) => {
        const a = tag.attributes;
        if (local === 'numFmt' && isDateCode(a.formatCode ?? '')) customDates.add(Number(a.numFmtId));
        else if (local === 'cellXfs') inCellXfs = true;
        else if (local === 'xf' && inCellXfs) {
          const id = Number(a.numFmtId ?? 0);
          if (DATE_FORMAT_IDS.has(id) || customDates.has(id)) dates.add(index);
          index++;
        }
      },
      close: (local) => {
        if (local === 'cellXfs') inCellXfs = false;
      },
    }),
  );
  return dates;
}

/** A column's number from a cell reference (`AB12` → 28), or null without letters. */
function columnOf(reference: string | undefined): number | null {
  const letters = reference ? /^([A-Za-z]{1,7})/.exec(reference)?.[1] : undefined;
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

const DAY_MS = 86_400_000;

/**
 * The rows of one sheet as they stream, each with its cells as plain values; row numbers and
 * columns past the limits are refused as soon as they are read, as is a formula without a result.
 */
async function* rowsOf(book: Book, sheet: Book['sheets'][number], maxRows: number) {
  const maxRowNumber = maxRowNumberFor(maxRows);
  let row: { number: number; cells: PlainCell[] } | null = null;
  let lastRow = 0;
  let lastColumn = 0;
  let cell: { column: number; type: string; style: number; value: string[]; formula: boolean } | null = null;
  let collect: 'v' | 't' | null = null;
  let phonetic = 0;
  let hasValue = false;
  const done: SheetRow[] = [];
  const cellName = (column: number, number: number) => {
    let letters = '';
    for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
      letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    return `${letters}${number}`;
  };
  const finishCell = () => {
    if (!cell || !row) return;
    const text = cell.value.join('');
    let value: PlainCell = null;
    if (cell.formula && !hasValue)
      throw new AppError(400, 'excel.formulaWithoutValue', {
        sheet: sheet.name,
        cell: cellName(cell.column, row.number),
      });
    switch (cell.type) {
      case 's': {
        const index = Number(text);
        if (!Number.isInteger(index) || index < 0 || index >= book.strings.length)
          throw new AppError(400, 'excel.unreadable');
        value = book.strings[index]!;
        break;
      }
      case 'inlineStr':
      case 'str':
        value = text;
        break;
      case 'b':
        value = text.trim() === '1' || text.trim() === 'true';
        break;
      case 'e':
        value = null;
        break;
      case 'd': {
        const date = new Date(text.trim());
        value = Number.isNaN(date.getTime()) ? text : date;
        break;
      }
      default: {
        if (!text.trim()) {
          if (cell.formula)
            throw new AppError(400, 'excel.formulaWithoutValue', {
              sheet: sheet.name,
              cell: cellName(cell.column, row.number),
            });
          break;
        }
        const number = Number(text);
        if (!Number.isFinite(number)) throw new AppError(400, 'excel.unreadable');
        value = book.dateStyles.has(cell.style)
          ? new Date(Math.round((number - 25569 + (book.date1904 ? 1462 : 0)) * DAY_MS))
          : number;
      }
    }
    row.cells[cell.column - 1] = value;
  };
  yield* parseXml<SheetRow>(book.parts, sheet.part, {
    open: (tag, local) => {
      const a = tag.attributes;
      if (local === 'row') {
        const number = a.r ? Number(a.r) : lastRow + 1;
        if (!Number.isInteger(number) || number <= lastRow) throw new AppError(400, 'excel.unreadable');
        if (number > maxRowNumber) throw new AppError(413, 'excel.tooManyRows', { max: maxRows });
        row = { number, cells: [] };
        lastRow = number;
        lastColumn = 0;
      } else if (local === 'c' && row) {
        const column = columnOf(a.r) ?? lastColumn + 1;
        if (column > IMPORT_MAX_COLUMNS)
          throw new AppError(413, 'excel.tooManyImportColumns', { max: IMPORT_MAX_COLUMNS });
        lastColumn = column;
        cell = { column, type: a.t ?? 'n', style: Number(a.s ?? 0), value: [], formula: false };
        hasValue = false;
      } else if (cell && local === 'f') cell.formula = true;
      else if (cell && local === 'v') {
        collect = 'v';
        hasValue = true;
      } else if (cell && local === 'is') hasValue = true;
      else if (cell && local === 'rPh') phonetic++;
      else if (cell && local === 't') collect = phonetic ? null : 't';
    },
    text: (text) => {
      if (collect && cell) cell.value.push(text);
    },
    close: (local) => {
      if (local === 'v' || local === 't') collect = null;
      else if (local === 'rPh') phonetic--;
      else if (local === 'c') {
        finishCell();
        cell = null;
      } else if (local === 'row' && row) {
        // Cells not written stay empty (null), not holes.
        const cells = Array.from(row.cells, (value) => value ?? null);
        if (!isEmpty(cells)) done.push({ number: row.number, cells });
        row = null;
      }
    },
    drain: () => done.splice(0),
  });
}

function isEmpty(cells: readonly PlainCell[]): boolean {
  return cells.every((cell) => cell === null || (typeof cell === 'string' && !cell.trim()));
}

/** The highest row number a sheet of an import of `maxRows` rows may use (header and a margin). */
const maxRowNumberFor = (maxRows: number) => maxRows + 1000;

async function withBook<T>(path: string, options: ReadOptions, work: (book: Book) => Promise<T>) {
  const book = await openBook(path, readBudget(options.seconds ?? IMPORT_READ_SECONDS, options.signal));
  try {
    return await work(book);
  } finally {
    book.parts.close();
  }
}

/**
 * Reads the file: the data sheet is the first visible one in tab order (not the template's
 * hidden ones) with a non-empty row, the field map the hidden `_fields` sheet. Stops with 413
 * past `maxRows` data rows or a row numbered past them.
 */
export async function readImportSheet(
  path: string,
  maxRows: number,
  options: ReadOptions = {},
): Promise<ImportSheet> {
  const keep = options.keep ?? maxRows;
  return withBook(path, options, async (book) => {
    let fieldNames: string[] | null = null;
    const fieldsSheet = book.sheets.find((sheet) => sheet.name === FIELDS_SHEET);
    if (fieldsSheet) {
      for await (const row of rowsOf(book, fieldsSheet, maxRows)) {
        if (row.number === 1) fieldNames = text(row.cells);
        break;
      }
    }
    for (const sheet of book.sheets) {
      if (!sheet.visible || sheet.name === FIELDS_SHEET || sheet.name === LISTS_SHEET) continue;
      let header: SheetRow | null = null;
      const rows: SheetRow[] = [];
      let count = 0;
      for await (const row of rowsOf(book, sheet, maxRows)) {
        if (!header) {
          header = row;
          continue;
        }
        if (++count > maxRows) throw new AppError(413, 'excel.tooManyRows', { max: maxRows });
        if (rows.length < keep) rows.push(row);
        if (count % 2000 === 0) collectIfGrown(16);
      }
      if (!header) continue;
      return {
        headers: text(header.cells),
        count,
        fieldNames,
        rows,
        sheet: { id: sheet.part, name: sheet.name },
      };
    }
    throw new AppError(400, 'excel.noRows');
  });
}

/**
 * The data rows of the sheet `readImportSheet` found, `size` at a time, as they are parsed: the
 * header (its first non-empty row) and empty rows skipped.
 */
export async function* sheetRows(
  path: string,
  sheet: ImportSheet['sheet'],
  size: number,
  maxRows: number,
  options: ReadOptions = {},
): AsyncGenerator<SheetRow[]> {
  const book = await openBook(path, readBudget(options.seconds ?? 24 * 3600, options.signal));
  try {
    const found = book.sheets.find((candidate) => candidate.part === sheet.id);
    if (!found) throw new AppError(400, 'excel.unreadable');
    let batch: SheetRow[] = [];
    let header = true;
    for await (const row of rowsOf(book, found, maxRows)) {
      if (header) {
        header = false;
        continue;
      }
      batch.push(row);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  } finally {
    book.parts.close();
  }
}

const text = (cells: readonly PlainCell[]) => cells.map((cell) => (cell === null ? '' : String(cell).trim()));
