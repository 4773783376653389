// A streaming xlsx: rows go out as they come (exceljs WorkbookWriter, no shared strings, one
// header style), a new sheet starts when one is full, and back-pressure is respected from the
// sheet's XML through the zip's deflate to the output, so memory stays flat whatever the row
// count.
import { Transform, type TransformCallback, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { ExcelJs } from './exceljs';
import type { CellColumn, CellValue } from './cells';

export interface WorkbookLayout {
  readonly columns: readonly CellColumn[];
  /** Data rows per sheet. */
  readonly sheetMaxRow: number;
  /** Name of the first sheet (the next ones are numbered), or null for Sheet1, Sheet2 … */
  readonly sheetName: string | null;
  /** The numbered sheets' prefix ("Sheet"). */
  readonly sheetPrefix: string;
  /** A title line above the header (customExportExcel). */
  readonly title: string | null;
}

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } },
  alignment: { vertical: 'middle' },
};

/**
 * The style of every data cell: one shared object, which exceljs resolves once (it would
 * otherwise hash a fresh empty style for each cell).
 */
const PLAIN: Partial<ExcelJS.Style> = Object.freeze({}) as Partial<ExcelJS.Style>;

/** Bytes the output, or a sheet's XML not yet zipped, may hold before writing waits. */
const HIGH_WATER = 1024 * 1024;

/**
 * A zip entry's source in place of exceljs's buffer stream: takes what the worksheet writes
 * (strings, or its StringBuf objects), passes it on in chunks of 64 KB (deflate is slow on
 * row-sized writes) and signals back-pressure once a few hundred rows wait.
 */
class EntrySource extends Transform {
  private text = '';

  constructor() {
    super({ writableObjectMode: true, writableHighWaterMark: 256, readableHighWaterMark: HIGH_WATER });
    this.on('finish', () => this.emit('zipped'));
  }

  override _transform(chunk: unknown, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.text +=
      typeof chunk === 'string' ? chunk : (chunk as { toBuffer(): Buffer }).toBuffer().toString('utf8');
    if (this.text.length >= 65536) {
      this.push(this.text);
      this.text = '';
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.text) this.push(this.text);
    this.text = '';
    callback();
  }
}

/** The part of exceljs's streaming writer replaced here (lib/stream/xlsx/workbook-writer.js). */
interface ZipEntries {
  zip: { append(source: NodeJS.ReadableStream, options: { name: string }): void };
  _openStream(path: string): Writable;
}

export class StreamingWorkbook {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet: ExcelJS.Worksheet | null = null;
  private sheetRows = 0;
  private sheets = 0;
  private written = 0;

  constructor(
    excel: ExcelJs,
    private readonly out: Writable,
    private readonly layout: WorkbookLayout,
  ) {
    this.workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    } as unknown as ExcelJS.stream.xlsx.WorkbookStreamWriterOptions);
    // exceljs writes each sheet's XML into its own buffer stream, which pushes into the zip's
    // deflate without waiting: when rows come faster than deflate, every byte not yet compressed
    // piles up in memory (about 90 MB during a 100,000-row export). An EntrySource in its place
    // carries the deflate's back-pressure back to `addRows`.
    const entries = this.workbook as unknown as ZipEntries;
    entries._openStream = (path: string) => {
      const stream = new EntrySource();
      entries.zip.append(stream, { name: path });
      this.entry = stream;
      return stream;
    };
  }

  /** The zip entry being written (the current sheet's XML). */
  private entry: EntrySource | null = null;

  /** Data rows written so far. */
  get rows(): number {
    return this.written;
  }

  private openSheet(): ExcelJS.Worksheet {
    this.sheets += 1;
    const base = this.layout.sheetName;
    const name = !base
      ? `${this.layout.sheetPrefix}${this.sheets}`
      : this.sheets === 1
        ? base
        : `${[...base].slice(0, 27).join('')}${this.sheets}`;
    const headerRows = this.layout.title ? 2 : 1;
    const sheet = this.workbook.addWorksheet(name, {
      views: [{ state: 'frozen', ySplit: headerRows }],
    });
    sheet.columns = this.layout.columns.map((column) => ({ key: column.key, width: column.width }));
    if (this.layout.title) {
      const title = sheet.addRow([this.layout.title]);
      title.height = 24;
      title.getCell(1).style = { font: { bold: true, size: 14 }, alignment: { vertical: 'middle' } };
      if (this.layout.columns.length > 1) sheet.mergeCells(1, 1, 1, this.layout.columns.length);
      title.commit();
    }
    const header = sheet.addRow(this.layout.columns.map((column) => column.title));
    header.eachCell((cell) => (cell.style = HEADER_STYLE));
    header.commit();
    this.sheetRows = 0;
    return sheet;
  }

  /** Writes rows, starting new sheets as needed; resolves when the output can take more. */
  async addRows(rows: readonly (readonly CellValue[])[]): Promise<void> {
    for (const values of rows) {
      if (!this.sheet || this.sheetRows >= this.layout.sheetMaxRow) {
        this.sheet?.commit();
        this.sheet = this.openSheet();
      }
      const row = this.sheet.addRow(values as CellValue[]);
      row.eachCell((cell) => (cell.style = PLAIN));
      row.commit();
      this.sheetRows += 1;
      this.written += 1;
    }
    await this.drained(this.entry);
    await this.drained(this.out);
  }

  /** Waits until `stream` takes writes again; fails when the output was closed (client gone). */
  private async drained(stream: Writable | null): Promise<void> {
    if (this.out.destroyed) throw new Error('export output closed');
    if (!stream || (!stream.writableNeedDrain && stream.writableLength <= HIGH_WATER)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      stream.once('drain', done);
      this.out.once('close', done);
    });
    if (this.out.destroyed) throw new Error('export output closed');
  }

  /** Closes the last sheet and the file (an empty export still has its header). */
  async finish(): Promise<void> {
    if (!this.sheet) this.sheet = this.openSheet();
    this.sheet.commit();
    await this.workbook.commit();
  }
}
