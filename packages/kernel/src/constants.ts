// Business constants and limits of the spec (shell-and-toolkit §9, catalogue §9), verbatim.
export const SYSTEM_CODE = 'BASE';
export const HEARTBEAT_MS = 3600000;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const PAGE_SIZE_OPTIONS = [20, 50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGED_GRID_PAGE_SIZE = 200;
/** Largest page a list call answers (the largest page-size option). */
export const MAX_PAGE_ROWS = 500;
export const MIN_CUSTOM_PAGE_SIZE = 10;
export const EXPORT_PAGE_SIZE = 20000;
export const SHEET_MAX_ROW = 50000;
export const SHEET_MAX_ROW_AFTER_PAGE = 20001;
export const BACKGROUND_SHEET_MAX_ROW = 500000;
export const LARGE_FILE_THRESHOLD = 104857600;
export const DEFAULT_MAX_UPLOAD = 2147483648;
export const MAX_ATTACHMENTS = 999;
export const ATTACHMENT_LIST_MAX_HEIGHT = 240;
export const MAX_OPEN_TABS = 15;
export const VIRTUAL_SCROLL_ROWS = 100;
export const VIRTUAL_SCROLL_COLUMNS = 10;
export const COLUMN_WIDTHS = { checkbox: 40, index: 70, expand: 30, operate: 80 } as const;
export const FOOTER_HEIGHT = { default: 42, compact: 4, summary: 40 } as const;
export const IMAGE_CROP_BOX = { width: 180, height: 180, type: 'image/jpeg' } as const;
export const TOAST = { top: 20, durationSeconds: 4 } as const;
export const MODAL_Z_INDEX = 1100;
export const PRICE_CHANGE_THRESHOLD_PERCENT = 5;
export const PREVIEWABLE_EXTENSIONS = [
  'gif',
  'jpg',
  'jpeg',
  'png',
  'bmp',
  'txt',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'pdf',
] as const;
export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'png', 'bmp'] as const;

/**
 * The file types the server accepts at all (an allowlist, each checked by its content: see
 * docs/api.md); the upload widget offers and checks the same list, or a field's narrower one.
 */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'bmp',
  'webp',
  'tif',
  'tiff',
  'docx',
  'xlsx',
  'pptx',
  'ofd',
  'zip',
  'doc',
  'xls',
  'ppt',
  'rar',
  '7z',
  'dwg',
  'mp4',
  'txt',
  'csv',
  'json',
  'xml',
  'dxf',
  'step',
  'stp',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The grid's row number: (page-1)*size + index + 1. */
export function rowNumber(page: number, size: number, index: number): number {
  return (page - 1) * size + index + 1;
}

/** The value shown instead of a sealed field's content until it is opened. */
export const SEALED_MASK = '******';

/** The business time zone when none is configured: it decides which calendar day a moment falls on. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
