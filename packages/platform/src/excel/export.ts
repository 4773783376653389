// An export: the caller's rows of a list (its data scope, its filters and order), page by page
// (20000 keys a page, their rows read 1000 at a time) through the entity service, written as
// cells into a streaming workbook.
import type { Writable } from 'node:stream';
import { EXPORT_PAGE_SIZE, type ListQuery, entityTitle, translate } from '@srm/kernel';
import type { Actor } from '../access/actor';
import type { EntityRuntime } from '../entity/runtime';
import type { Row } from '../entity/rows';
import { type CellColumn, cellColumns, columnLookups } from './cells';
import { LookupMeanings } from './lookups';
import type { ExportRequest } from './request';
import { StreamingWorkbook } from './writer';
import { loadExcelJs } from './exceljs';
import { collectIfGrown } from '../system/collect';

export interface PreparedExport {
  readonly request: ExportRequest;
  readonly columns: readonly CellColumn[];
  /** Rows the list counts (estimated above the exact-count limit). */
  readonly total: number;
  /** The rows in the list's order, a small batch at a time. */
  pages(): AsyncGenerator<Row[]>;
}

/**
 * Checks what can be checked before a byte is written (columns, the caller's right to read the
 * list) and counts the rows.
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
  // The count (and the caller's right to read the list) before a byte is written; the rows are
  // then scanned a page of keys at a time, their full rows a small batch at a time.
  const { count } = await service.list(actor, { ...query, pageIndex: 1, pageRows: 1 });
  return {
    request,
    columns,
    total: count,
    pages: () => service.scan(actor, query),
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
  let reported = 0;
  for await (const rows of prepared.pages()) {
    await workbook.addRows(rows.map((row) => columns.map((column) => column.value(row))));
    // Export garbage is mostly young (cell XML): a wider margin, fewer full collections.
    collectIfGrown(48);
    if (workbook.rows - reported >= every) {
      reported = workbook.rows;
      await options.onProgress?.(reported);
    }
  }
  if (reported !== workbook.rows) await options.onProgress?.(workbook.rows);
  await workbook.finish();
  return workbook.rows;
}
