// The body of exportExcel / customExportExcel / doBackExport: which list (an entity's listByPage
// URL and its search parameters), which columns, the file name and the sheet size. Everything is
// checked here, before the first byte of a file is written.
import {
  type EntityDef,
  type EntityRegistry,
  type ListFilter,
  PAGING_PARAMS,
  type SortSpec,
  entityTitle,
  parseListRequest,
  type Catalogue,
  type Locale,
} from '@srm/kernel';
import { AppError } from '../http/errors';
import { cleanFileName } from '../files/attachments';

export interface ExportColumn {
  readonly key: string;
  readonly title: string | null;
  readonly width: number | null;
}

export interface ExportRequest {
  readonly entity: EntityDef;
  readonly requestUrl: string;
  /** The search parameters as sent (kept on a background export's row). */
  readonly requestParams: Record<string, unknown>;
  readonly filters: readonly ListFilter[];
  readonly sort: readonly SortSpec[];
  readonly columns: readonly ExportColumn[];
  readonly fileName: string;
  /** Data rows per sheet. */
  readonly sheetMaxRow: number;
  /** customExportExcel: a title line above the header, and the sheet's name. */
  readonly title: string | null;
  readonly sheetName: string | null;
}

export const MAX_COLUMNS = 200;
const MAX_FILE_NAME = 200;
const LIST_URL =
  /^(?:https?:\/\/[^/]+)?(?:\/api)?\/([a-z]+)\/v1\/([A-Za-z][A-Za-z0-9]*)Restful\/listByPage\/?$/;

/** A JSON text or the value itself; '' and null are absent. */
function jsonValue(value: unknown, error: string): unknown {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new AppError(400, error);
  }
}

function objectValue(value: unknown, error: string): Record<string, unknown> {
  const parsed = jsonValue(value, error);
  if (parsed === undefined || parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw new AppError(400, error);
  return parsed as Record<string, unknown>;
}

/** The entity of a list URL (`/api/{service}/v1/{entity}Restful/listByPage`), or a 400. */
export function entityOfListUrl(registry: EntityRegistry, requestUrl: unknown): EntityDef {
  if (typeof requestUrl !== 'string' || !requestUrl.trim())
    throw new AppError(400, 'excel.requestUrlRequired');
  const url = requestUrl.trim().split(/[?#]/)[0]!;
  const match = LIST_URL.exec(url);
  const entity = match ? registry.find(match[2]!) : undefined;
  if (!match || !entity || entity.service !== match[1])
    throw new AppError(400, 'excel.badRequestUrl', { url: url.slice(0, 200) });
  return entity;
}

export function parseColumns(value: unknown): ExportColumn[] {
  const parsed = jsonValue(value, 'excel.badColumns');
  if (parsed === undefined || parsed === null || (Array.isArray(parsed) && !parsed.length))
    throw new AppError(400, 'excel.columnsRequired');
  if (!Array.isArray(parsed)) throw new AppError(400, 'excel.badColumns');
  if (parsed.length > MAX_COLUMNS) throw new AppError(400, 'excel.tooManyColumns', { max: MAX_COLUMNS });
  return parsed.map((item) => {
    if (!item || typeof item !== 'object') throw new AppError(400, 'excel.badColumns');
    const { key, title, width } = item as Record<string, unknown>;
    if (typeof key !== 'string' || !key || key.length > 80) throw new AppError(400, 'excel.badColumns');
    if (title !== undefined && title !== null && typeof title !== 'string')
      throw new AppError(400, 'excel.badColumns');
    const pixels = typeof width === 'number' ? width : typeof width === 'string' ? Number(width) : NaN;
    return {
      key,
      title: typeof title === 'string' && title.trim() ? title.trim().slice(0, 200) : null,
      width: Number.isFinite(pixels) && pixels > 0 ? Math.min(pixels, 2000) : null,
    };
  });
}

function parseSheetMaxRow(value: unknown, limit: number): number {
  if (value === undefined || value === null || value === '') return limit;
  const rows = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1)
    throw new AppError(400, 'excel.badSheetMaxRow', { max: limit });
  return Math.min(rows, limit);
}

/** A name Excel accepts for a sheet: at most 31 characters, none of []:*?/\ . */
export function sheetNameOf(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '');
  return [...cleaned].slice(0, 31).join('') || 'Sheet';
}

export function xlsxFileName(name: unknown, fallback: string): string {
  const text = typeof name === 'string' ? name.trim() : '';
  if (text.length > MAX_FILE_NAME) throw new AppError(400, 'excel.badFileName', { max: MAX_FILE_NAME });
  const base = cleanFileName(text || fallback).replace(/\.xlsx?$/i, '');
  return `${base || fallback}.xlsx`;
}

export interface ParseOptions {
  readonly registry: EntityRegistry;
  readonly messages: Catalogue;
  readonly locale: Locale;
  /** Largest number of data rows per sheet (50000, or 500000 in the background). */
  readonly sheetLimit: number;
  /** customExportExcel: read `customParams`. */
  readonly custom?: boolean;
}

export function parseExportRequest(body: unknown, options: ParseOptions): ExportRequest {
  if (body === undefined || body === null) body = {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new AppError(400, 'validation.object');
  const input = body as Record<string, unknown>;
  const entity = entityOfListUrl(options.registry, input.requestUrl);
  const columns = parseColumns(input.columns);
  const requestParams = objectValue(input.requestParams, 'excel.badRequestParams');
  const search: Record<string, unknown> = { ...requestParams };
  for (const name of PAGING_PARAMS) if (name !== 'orderBy') delete search[name];
  const parsed = parseListRequest(entity, { ...search, pageIndex: 1, pageRows: 1 });
  if (!parsed.ok) throw new AppError(400, parsed.issue.message, parsed.issue.params);
  const custom = options.custom ? objectValue(input.customParams, 'excel.badCustomParams') : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const title = text(custom.title) ?? text(custom.sheetTitle);
  const sheetName = text(custom.sheetName);
  return {
    entity,
    requestUrl: String(input.requestUrl).trim().slice(0, 240),
    requestParams,
    filters: parsed.query.filters,
    sort: parsed.query.sort,
    columns,
    fileName: xlsxFileName(input.fileName, entityTitle(options.messages, options.locale, entity.name)),
    sheetMaxRow: parseSheetMaxRow(input.sheetMaxRow, options.sheetLimit),
    title: title ? title.slice(0, 500) : null,
    sheetName: sheetName ? sheetNameOf(sheetName) : null,
  };
}
