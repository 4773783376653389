// An export: the caller's rows of a list (its data scope, its filters and order), page by page
// (20000 rows) through the entity service, written as cells into a streaming workbook.
import type { Writable } from 'node:stream';
import { EXPORT_PAGE_SIZE, type ListQuery, entityTitle, translate } from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { EntityRuntime, ListResult } from '../entity/runtime';
import type { Row } from '../entity/rows';
import { type CellColumn, cellColumns, columnLookups } from './cells';
import { LookupMeanings } from './lookups';
import type { ExportRequest } from './request';
import { StreamingWorkbook } from './writer';
import { loadExcelJs } from './exceljs';

export interface PreparedExport {
  readonly request: ExportRequest;
  readonly columns: readonly CellColumn[];
  /** Rows the list counts (estimated above the exact-count limit). */
  readonly total: number;
  pages(): AsyncGenerator<Row[]>;
}

/**
 * Checks what can be checked before a byte is written (columns, the caller's right to read the
 * list) and reads the first page.
 */
export async function prepareExport(
  runtime: EntityRuntime,
  actor: Actor,
  request: ExportRequest,
  pageRows: number = EXPORT_PAGE_SIZE,
): Promise<PreparedExport> {
  const { entity } = request;
  const service = runtime.service(entity.name);
  const lookups = await LookupMeanings.load(runtime, actor.locale, columnLookups(entity, request.columns));
  const columns = cellColumns(
    {
      entity,
      actor,
      messages: runtime.messages(),
      locale: actor.locale,
      timeZone: runtime.timeZone,
      lookups,
    },
    request.columns,
  );
  const query: Omit<ListQuery, 'pageIndex'> = { filters: request.filters, sort: request.sort, pageRows };
  let firstPage: ListResult | null = await service.list(actor, { ...query, pageIndex: 1 });
  return {
    request,
    columns,
    total: firstPage.count,
    async *pages() {
      // One page in memory at a time: a page read ahead, or one still referenced while the next
      // is read, would double the rows held.
      let current: ListResult | null = firstPage;
      firstPage = null;
      for (let pageIndex = 2; current; pageIndex++) {
        const more = current.rows.length === pageRows;
        if (current.rows.length) yield current.rows;
        current = null;
        if (more) current = await service.list(actor, { ...query, pageIndex });
      }
    },
  };
}

export interface WriteOptions {
  /** Called every few thousand rows with the rows written so far. */
  readonly onProgress?: (rows: number) => void | Promise<void>;
  readonly progressEvery?: number;
}

/** Writes the prepared export into `out` as an xlsx; answers the data rows written. */
export async function writeExport(
  runtime: EntityRuntime,
  actor: Actor,
  prepared: PreparedExport,
  out: Writable,
  options: WriteOptions = {},
): Promise<number> {
  const { request, columns } = prepared;
  const messages = runtime.messages();
  const workbook = new StreamingWorkbook(await loadExcelJs(), out, {
    columns,
    sheetMaxRow: request.sheetMaxRow,
    sheetName:
      request.sheetName ?? (request.title ? entityTitle(messages, actor.locale, request.entity.name) : null),
    sheetPrefix: translate(messages, actor.locale, 'excel.sheet'),
    title: request.title,
  });
  const every = options.progressEvery ?? 5000;
  for await (const rows of prepared.pages()) {
    for (let start = 0; start < rows.length; start += every) {
      const slice = rows.slice(start, start + every);
      await workbook.addRows(slice.map((row) => columns.map((column) => column.value(row))));
      await options.onProgress?.(workbook.rows);
    }
  }
  await workbook.finish();
  return workbook.rows;
}
