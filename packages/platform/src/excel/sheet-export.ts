// A report endpoint's rows as an xlsx (`{endpoint}/exportExcel`, see `EndpointSheet`): the body
// names the report's input (`requestParams`), the columns as the screen shows them and the
// file's name; the rows are written as a list export writes its cells, one sheet after another
// when one is full.
import { PassThrough } from 'node:stream';
import { type FieldDef, SHEET_MAX_ROW, dateParts, json, text, translate } from '@srm/kernel';
import type { AccessPolicy, Actor } from '../access/actor';
import { runReportEndpoint } from '../entity/endpoint-run';
import { AppError } from '../http/errors';
import type { EndpointSheet } from '../entity/hooks';
import type { EntityRuntime } from '../entity/runtime';
import { sheetColumns } from './cells';
import { loadExcelJs } from './exceljs';
import { LookupMeanings } from './lookups';
import { type ExportColumn, parseColumns, xlsxFileName } from './request';
import { StreamingWorkbook } from './writer';

export const SHEET_EXPORT_INPUT = {
  requestParams: json(),
  columns: json({ required: true }),
  fileName: text({ max: 1000 }),
};

export interface SheetExport {
  readonly requestParams: Record<string, unknown>;
  readonly columns: readonly ExportColumn[];
  readonly fileName: string;
}

/** The export's body, checked before the report runs: a column the sheet does not declare is a 400. */
export function parseSheetExport(
  sheet: EndpointSheet<unknown>,
  body: unknown,
  fallbackName: string,
): SheetExport {
  const input = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const params = 'requestParams' in input ? input.requestParams : undefined;
  let requestParams: unknown = params;
  if (typeof params === 'string') {
    try {
      requestParams = params.trim() ? JSON.parse(params) : {};
    } catch {
      throw new AppError(400, 'excel.badRequestParams');
    }
  }
  if (requestParams === undefined || requestParams === null) requestParams = {};
  if (typeof requestParams !== 'object' || Array.isArray(requestParams))
    throw new AppError(400, 'excel.badRequestParams');
  const columns = parseColumns('columns' in input ? input.columns : undefined);
  const unknown = columns.find((column) => !declaredColumn(sheet, column.key));
  if (unknown) throw new AppError(400, 'excel.unknownColumn', { key: unknown.key });
  return {
    requestParams: { ...requestParams },
    columns,
    fileName: xlsxFileName('fileName' in input ? input.fileName : undefined, fallbackName),
  };
}

/** The field a sheet declares for a column key, if any. */
function declaredColumn(sheet: EndpointSheet<unknown>, key: string): FieldDef | undefined {
  const columns: Readonly<Record<string, FieldDef | undefined>> = sheet.columns;
  return Object.hasOwn(columns, key) ? columns[key] : undefined;
}

/**
 * The workbook of a report's answer, streamed into the stream it returns. The columns are
 * checked (and the lookups they show loaded) before the first byte.
 */
export async function sheetWorkbook(
  runtime: EntityRuntime,
  actor: Actor,
  sheet: EndpointSheet<unknown>,
  request: SheetExport,
  data: unknown,
): Promise<PassThrough> {
  const messages = runtime.messages();
  const lookupFields = request.columns.flatMap((column) => {
    const field = declaredColumn(sheet, column.key);
    return field?.kind === 'lookup' ? [field] : [];
  });
  const context = {
    actor,
    messages,
    locale: actor.locale,
    timeZone: runtime.timeZone,
    lookups: await LookupMeanings.load(runtime, actor.locale, lookupFields),
  };
  const declared = Object.fromEntries(
    request.columns.flatMap((column) => {
      const field = declaredColumn(sheet, column.key);
      return field ? [[column.key, field]] : [];
    }),
  );
  const columns = sheetColumns(context, declared, request.columns);
  const rows = sheet.rows(data).map((row): Readonly<Record<string, unknown>> => ({ ...row }));
  const out = new PassThrough();
  const workbook = new StreamingWorkbook(await loadExcelJs(), out, {
    columns,
    sheetMaxRow: SHEET_MAX_ROW,
    sheetName: null,
    sheetPrefix: translate(messages, actor.locale, 'excel.sheet'),
    title: null,
  });
  const write = async () => {
    for (let at = 0; at < rows.length; at += 1000)
      await workbook.addRows(
        rows.slice(at, at + 1000).map((row) => columns.map((column) => column.value(row))),
      );
    await workbook.finish();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

/**
 * A report's workbook made without a screen (a background program, as the submitter): every
 * column the sheet declares, headed by the report's own texts, named after its title and the
 * moment. The same checks as `{endpoint}/exportExcel`; `report` is `entityName/endpoint`.
 */
export async function reportWorkbook(
  runtime: EntityRuntime,
  policy: AccessPolicy,
  actor: Actor,
  report: string,
  requestParams: Record<string, unknown>,
): Promise<{ stream: PassThrough; fileName: string }> {
  const { endpoint, result } = await runReportEndpoint(runtime, policy, actor, report, requestParams);
  const sheet = endpoint.sheet!;
  const messages = runtime.messages();
  const text = (key: string, fallback: string) => {
    if (!sheet.labels) return fallback;
    const found = translate(messages, actor.locale, `${sheet.labels}.${key}`);
    return found === `${sheet.labels}.${key}` ? fallback : found;
  };
  const columns = Object.keys(sheet.columns).map((key) => ({ key, title: text(key, key), width: 0 }));
  const title = text('title', report.split('/')[1] ?? report);
  // The title and the moment in the company's zone, as the screens' exports are named.
  const p = dateParts(runtime.clock.nowMs(), runtime.timeZone);
  const fileName = xlsxFileName(`${title}_${p.yyyy}${p.MM}${p.dd}${p.HH}${p.mm}${p.ss}`, title);
  const stream = await sheetWorkbook(
    runtime,
    actor,
    sheet,
    { requestParams, columns, fileName },
    result.data,
  );
  return { stream, fileName };
}
