// The Excel calls of the spec (§7) over the app's client: synchronous export of a list, the
// background export that answers an export number, the import template, the import itself
// (a big file becomes a job) and the status of such a job.
import { type EntityDef, SHEET_MAX_ROW, dateParts } from '@srm/kernel';
import { type ApiClient, type DownloadedFile, request } from '../context/api';
import type { Labels } from '../context/labels';
import { displayPropertyOwner } from '../fields/FieldDisplay';

export const EXPORT_API = '/api/export/v1/exportExcelRestful';
export const IMPORT_API = '/api/export/v1/importExcelRestful';
export const BACK_EXPORT_API = '/api/report/v1/baseReportBackExportRestful';

export interface ExportColumn {
  key: string;
  title?: string;
  width?: number;
}

export interface ExportBody {
  requestUrl: string;
  requestParams: Record<string, unknown>;
  columns: ExportColumn[];
  fileName: string;
  sheetMaxRow?: number;
}

/** The developer errors of an export without its link or its fields (spec §5). */
export class ExportUsageError extends Error {
  constructor(readonly key: 'ui.error.exportUrl' | 'ui.error.exportColumns') {
    super(key);
    this.name = 'ExportUsageError';
  }
}

/** Checks an export body as the spec asks before it is sent. */
export function checkExportBody(body: Partial<ExportBody>): ExportUsageError | null {
  if (!body.requestUrl || !body.requestUrl.trim()) return new ExportUsageError('ui.error.exportUrl');
  if (!body.columns?.length) return new ExportUsageError('ui.error.exportColumns');
  return null;
}

/** The exported columns of a list: its columns, titled as the screen shows them. */
export function exportColumnsOf(
  entity: EntityDef,
  labels: Labels,
  names: readonly string[] = entity.list.columns,
  widths: Readonly<Record<string, number>> = {},
): ExportColumn[] {
  return names.map((key) => ({
    key,
    title: labels.field(entity.name, displayPropertyOwner(entity, key) ?? key),
    ...(widths[key] ? { width: widths[key] } : {}),
  }));
}

/**
 * The columns and order of an export as the user sees the list: the grid's shown columns in
 * their order (the user's column settings; columns that are not exportable left out) and its
 * sort; without a view (or with no exportable column shown), the list's own columns and order.
 */
export function viewedExport(
  view: { columns: readonly { key: string; width: number }[]; orderBy?: string } | undefined,
  exportable: readonly string[],
  orderBy?: string,
): { columns: readonly string[]; widths: Record<string, number>; orderBy?: string } {
  const allowed = new Set(exportable);
  const shown = (view?.columns ?? []).filter((column) => allowed.has(column.key));
  const order = view?.orderBy ?? orderBy;
  return {
    columns: shown.length ? shown.map((column) => column.key) : exportable,
    widths: Object.fromEntries(shown.map((column) => [column.key, column.width])),
    ...(order ? { orderBy: order } : {}),
  };
}

/** The search parameters of an export: the list's filters and order, without paging. */
export function exportParams(
  filters: Readonly<Record<string, unknown>>,
  orderBy?: string,
): Record<string, unknown> {
  return { ...filters, ...(orderBy ? { orderBy } : {}) };
}

/**
 * The file name of an export: the list's title and the moment, yyyyMMddHHmmss in the company's
 * time zone (the server's, in which the file's own dates are written), not the browser's: a
 * browser set to UTC stamped files eight hours behind the times the screens show.
 */
export function exportFileName(title: string, nowMs: number, timeZone: string): string {
  const p = dateParts(nowMs, timeZone);
  const stamp = `${p.yyyy}${p.MM}${p.dd}${p.HH}${p.mm}${p.ss}`;
  return `${title.replace(/[\\/:*?"<>|]/g, '_')}_${stamp}.xlsx`;
}

export function exportExcel(api: ApiClient, body: ExportBody): Promise<DownloadedFile> {
  const issue = checkExportBody(body);
  if (issue) return Promise.reject(issue);
  return api.download(`${EXPORT_API}/exportExcel`, body);
}

/** Submits a background export; answers its export number (the envelope's msg). */
export async function backExport(api: ApiClient, body: ExportBody): Promise<string> {
  const issue = checkExportBody(body);
  if (issue) throw issue;
  const envelope = await request(api, `${BACK_EXPORT_API}/doBackExport`, {
    paramsValue: JSON.stringify(body),
    fileName: body.fileName,
  });
  return envelope.msg;
}

export function importTemplate(api: ApiClient, entity: string): Promise<DownloadedFile> {
  return api.download(`${IMPORT_API}/downloadImportTemplate`, { entity });
}

export interface ImportIssue {
  row: number | null;
  column: string;
  message: string;
}

/** A finished import: the rows created and, for documents imported with their lines, the documents. */
export interface ImportDone {
  kind: 'done';
  /** Rows of the file created (a document import: its lines). */
  count: number;
  /** Documents created, when the entity imports documents with their lines (ADR 0016). */
  documents?: number;
  /** The server's message. */
  message: string;
}

export type ImportAnswer =
  | ImportDone
  | { kind: 'queued'; importId: number; total: number; message: string }
  | {
      kind: 'failed';
      message: string;
      errorFileId: number | null;
      issueCount: number;
      rowCount: number | null;
      issues: ImportIssue[];
    };

interface FailureData {
  errorFileId?: number;
  issueCount?: number;
  rowCount?: number;
  issues?: ImportIssue[];
}

/** Uploads a file to import; a refused file answers its row issues instead of throwing. */
export async function importExcel(
  api: ApiClient,
  entity: string,
  file: File,
  onProgress?: (sent: number, total: number) => void,
): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('entity', entity);
  form.append('file', file, file.name);
  try {
    const envelope = await api.upload<{
      count?: number;
      documents?: number;
      importId?: number;
      total?: number;
    }>(`${IMPORT_API}/importExcel`, form, { onProgress });
    if (envelope.status !== 'S') throw Object.assign(new Error(envelope.msg), { data: envelope.data });
    const data = envelope.data ?? {};
    if (typeof data.importId === 'number')
      return { kind: 'queued', importId: data.importId, total: data.total ?? 0, message: envelope.msg };
    return {
      kind: 'done',
      count: data.count ?? 0,
      ...(typeof data.documents === 'number' ? { documents: data.documents } : {}),
      message: envelope.msg,
    };
  } catch (error) {
    const data = (error as { data?: FailureData }).data;
    if (!data || typeof data !== 'object' || !Array.isArray(data.issues)) throw error;
    return {
      kind: 'failed',
      message: (error as Error).message,
      errorFileId: data.errorFileId ?? null,
      issueCount: data.issueCount ?? data.issues.length,
      rowCount: data.rowCount ?? null,
      issues: data.issues,
    };
  }
}

/**
 * What the dialog says of a finished import. An entity's rows: 共导入 5 条, the server's message
 * beneath. Documents imported with their lines: the documents and their rows (共导入 2 张单据，5
 * 行), which is all the server's message says. A background job records rows only, so a job of
 * documents says how many rows (行, not 条: a row is a line, not a document).
 */
export function importedSummary(
  done: Omit<ImportDone, 'kind'>,
  entity: Pick<EntityDef, 'importLines'>,
  labels: Pick<Labels, 't'>,
): { title: string; subTitle?: string } {
  const subTitle = done.message || undefined;
  if (done.documents !== undefined)
    return {
      title: labels.t('ui.excel.importedDocuments', { documents: done.documents, count: done.count }),
    };
  if (entity.importLines)
    return { title: labels.t('ui.excel.importedLines', { count: done.count }), subTitle };
  return { title: labels.t('ui.excel.imported', { count: done.count }), subTitle };
}

export interface ImportStatus {
  importId: number;
  status: 'WAITING' | 'RUNNING' | 'DONE' | 'FAILED';
  total: number;
  progress: number;
  created: number | null;
  errorFileId: number | null;
  issueCount: number | null;
  message: string | null;
}

export async function importStatus(api: ApiClient, importId: number): Promise<ImportStatus> {
  return (await request<ImportStatus>(api, `${IMPORT_API}/importStatus`, { importId })).data;
}

/** A progress percentage for people: never 100 before the work is done. */
export function percentOf(progress: number, total: number, done = false): number {
  if (done) return 100;
  if (!total || total < 0) return 0;
  return Math.min(99, Math.max(0, Math.floor((progress / total) * 100)));
}

export type ExportScope = 'query' | 'selected' | 'all' | 'background';

/**
 * Whether an export of `count` rows runs in the background: asked for, or more rows than a
 * plain export's sheet holds. Selected rows are always exported at once.
 */
export function exportsInBackground(scope: ExportScope, count: number, limit = SHEET_MAX_ROW): boolean {
  return scope === 'background' || (scope !== 'selected' && count > limit);
}
