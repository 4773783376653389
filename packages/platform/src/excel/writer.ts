// A streaming xlsx: rows go out as they come (exceljs WorkbookWriter, no shared strings, one
// header style), a new sheet starts when one is full, and the output's back-pressure is
// respected so memory stays flat whatever the row count.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
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

/** Bytes the output may hold before writing waits for it to drain. */
const HIGH_WATER = 4 * 1024 * 1024;

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
  }

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
    while (this.out.writableLength > HIGH_WATER && !this.out.destroyed) await once(this.out, 'drain');
  }

  /** Closes the last sheet and the file (an empty export still has its header). */
  async finish(): Promise<void> {
    if (!this.sheet) this.sheet = this.openSheet();
    this.sheet.commit();
    await this.workbook.commit();
  }
}
