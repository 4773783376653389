// Documents from an import's rows (an entity with `importLines`): each row is a line, the rows
// of one document number form one document whose header comes from its first row; a later row
// of the document may leave a header cell empty, but a different value is an issue. Rows of a
// document are consecutive, so a stream of rows is cut into batches between documents, never
// inside one; lines without a number are numbered from their place (`sequence`).
import { type EntityDef, type MessageParams, isClientWritable } from '@srm/kernel';
import { DOCUMENT_KEY, type ImportColumn } from './import-fields';
import type { PlainCell, SheetRow } from './import-sheet';

/** A cell as trimmed text ('' when empty): a document number, a value in a message. */
export function cellText(cell: PlainCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/**
 * The rows as batches of about `size`, each ending where a document ends: a document longer
 * than `size` makes its batch longer (a save refuses more lines than it takes anyway).
 */
export async function* documentBatches(
  batches: AsyncIterable<SheetRow[]>,
  documentColumn: number,
  size: number,
): AsyncGenerator<SheetRow[]> {
  let held: SheetRow[] = [];
  const numberOf = (row: SheetRow) => cellText(row.cells[documentColumn]);
  for await (const rows of batches) {
    held.push(...rows);
    if (held.length < size) continue;
    // The last row starting a document: everything before it is whole documents.
    let cut = held.length - 1;
    while (cut > 0 && numberOf(held[cut]!) === numberOf(held[cut - 1]!)) cut--;
    if (cut === 0) continue;
    yield held.slice(0, cut);
    held = held.slice(cut);
  }
  if (held.length) yield held;
}

/** One document of a batch: its save body, the sheet row of each line and of its header. */
export interface ImportDocument {
  readonly body: Record<string, unknown>;
  readonly number: string;
  /** The sheet row of the document's first line (its header's values). */
  readonly firstRow: number;
  /** The sheet row of each line, in order. */
  readonly lineRows: number[];
}

/** What grouping remembers across batches: each document number and the row that started it. */
export type DocumentsSeen = Map<string, number>;

type Report = (row: number, key: string, message: string, params?: MessageParams) => void;

/**
 * Groups a batch's converted rows (values by column key) into documents. A row without a
 * document number, a number whose rows are not consecutive, and a header value differing from
 * the document's first row are reported; `failed(row, key)` tells a cell already reported.
 */
export function groupDocuments(
  /** The file's columns by position (null: not imported). */
  sheetColumns: readonly (ImportColumn | null)[],
  collection: string,
  line: EntityDef,
  rows: readonly SheetRow[],
  values: readonly Record<string, unknown>[],
  seen: DocumentsSeen,
  report: Report,
  failed: (row: number, key: string) => boolean,
): ImportDocument[] {
  const documents: ImportDocument[] = [];
  const linesOf = new Map<ImportDocument, Record<string, unknown>[]>();
  const headerColumns = sheetColumns.flatMap((column, index) =>
    column?.part === 'header' ? [{ column, index }] : [],
  );
  const lineColumns = sheetColumns.filter((column): column is ImportColumn => column?.part === 'line');
  let current = null as ImportDocument | null;
  for (const [index, row] of rows.entries()) {
    const cells = values[index]!;
    const value = cells[DOCUMENT_KEY];
    const number = typeof value === 'string' ? value : '';
    if (!number) {
      if (!failed(row.number, DOCUMENT_KEY)) report(row.number, DOCUMENT_KEY, 'validation.required');
      current = null;
      continue;
    }
    if (current?.number !== number) {
      const earlier = seen.get(number);
      if (earlier !== undefined) {
        report(row.number, DOCUMENT_KEY, 'excel.documentNotTogether', {
          value: number.slice(0, 60),
          row: earlier,
        });
        current = null;
        continue;
      }
      seen.set(number, row.number);
      const header: Record<string, unknown> = {};
      for (const { column } of headerColumns)
        if (column.key in cells) header[column.name] = cells[column.key];
      current = { body: header, number, firstRow: row.number, lineRows: [] };
      documents.push(current);
      linesOf.set(current, []);
    } else {
      // A later row: its header cells empty or the same as the first row's.
      for (const { column, index: position } of headerColumns) {
        if (!(column.key in cells) || failed(current.firstRow, column.key)) continue;
        if (JSON.stringify(cells[column.key]) === JSON.stringify(current.body[column.name] ?? null)) continue;
        report(row.number, column.key, 'excel.headerDiffers', {
          row: current.firstRow,
          value: cellText(row.cells[position]).slice(0, 60),
        });
      }
    }
    const lineBody: Record<string, unknown> = {};
    for (const column of lineColumns) if (column.key in cells) lineBody[column.name] = cells[column.key];
    linesOf.get(current)!.push(lineBody);
    current.lineRows.push(row.number);
  }
  for (const document of documents) {
    const lines = linesOf.get(document)!;
    numberLines(line, lines);
    document.body[collection] = lines;
  }
  return documents;
}

/**
 * Numbers the lines left without one (the fields with `sequence`): the highest number of the
 * lines before it plus the step, as the grid numbers a new line.
 */
export function numberLines(line: EntityDef, lines: Record<string, unknown>[]): void {
  for (const [name, field] of Object.entries(line.fields)) {
    const step = field.sequence?.step;
    if (!step || !isClientWritable(field)) continue;
    let highest = 0;
    for (const body of lines) {
      const value = body[name];
      if (value === undefined || value === null) body[name] = highest + step;
      highest = Math.max(highest, Number(body[name]) || 0);
    }
  }
}
