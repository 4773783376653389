// The attachment rules of the spec (shell-and-toolkit §4, §5, §9) as plain functions: which files
// may be uploaded (extensions, size, count), which may be previewed, when a file goes through
// large-file mode and how it is cut into chunks. The widget and its tests share them.
import {
  DEFAULT_MAX_UPLOAD,
  IMAGE_EXTENSIONS,
  LARGE_FILE_THRESHOLD,
  MAX_ATTACHMENTS,
  PREVIEWABLE_EXTENSIONS,
  UPLOAD_EXTENSIONS,
} from '@srm/kernel';

/** A problem of a file the user picked: a message key of the toolkit and its parameters. */
export interface FileIssue {
  readonly message: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export interface AttachmentLimits {
  /**
   * Allowed extensions (any case, with or without the dot), within the server's list; empty or
   * absent allows every type the server accepts.
   */
  readonly accept?: readonly string[];
  /** Largest file in bytes (the spec's 2147483648 by default). */
  readonly maxBytes?: number;
  /** Most attachments (the spec's 999 by default). */
  readonly maxCount?: number;
  /** Images only (gif, jpg, jpeg, png, bmp). */
  readonly imagesOnly?: boolean;
}

/** The extension of a file name, lower case without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A file name without its extension ('样品照片' of '样品照片.PNG'; the whole name without one). */
export function baseNameOf(name: string): string {
  const extension = extensionOf(name);
  return extension ? name.slice(0, name.length - extension.length - 1) : name;
}

const SERVER_ACCEPTS: readonly string[] = UPLOAD_EXTENSIONS;

/** The extensions a field takes: its own list within the server's, or the server's. */
function allowed(limits: AttachmentLimits): string[] {
  if (limits.imagesOnly) return [...IMAGE_EXTENSIONS];
  const own = (limits.accept ?? [])
    .map((item) => item.trim().replace(/^\./, '').toLowerCase())
    .filter((item) => SERVER_ACCEPTS.includes(item));
  return own.length ? own : [...SERVER_ACCEPTS];
}

/** The `accept` attribute of the file input. */
export function acceptAttribute(limits: AttachmentLimits): string {
  return allowed(limits)
    .map((item) => `.${item}`)
    .join(',');
}

/** Whether one more file may be added: the upload button is disabled at the count. */
export function canAddMore(count: number, limits: AttachmentLimits = {}): boolean {
  return count < (limits.maxCount ?? MAX_ATTACHMENTS);
}

/**
 * Checks one picked file. `count` is how many attachments the field holds already (plus the
 * files accepted before this one in the same pick).
 */
export function checkFile(
  file: { readonly name: string; readonly size: number },
  count: number,
  limits: AttachmentLimits = {},
): FileIssue | null {
  const extension = extensionOf(file.name);
  if (limits.imagesOnly && !(IMAGE_EXTENSIONS as readonly string[]).includes(extension))
    return { message: 'ui.attachment.imageType' };
  const accept = allowed(limits);
  if (!accept.includes(extension))
    return { message: 'ui.attachment.extensionRefused', params: { formats: accept.join(',') } };
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_UPLOAD;
  if (file.size > maxBytes)
    return { message: 'ui.attachment.tooLarge', params: { max: formatSize(maxBytes) } };
  if (file.size === 0) return { message: 'ui.attachment.empty' };
  const maxCount = limits.maxCount ?? MAX_ATTACHMENTS;
  if (count >= maxCount) return { message: 'ui.attachment.tooMany', params: { max: maxCount } };
  return null;
}

/** Preview is offered only for the spec's formats. */
export function isPreviewable(suffixName: string): boolean {
  return (PREVIEWABLE_EXTENSIONS as readonly string[]).includes(suffixName.toLowerCase());
}

export type PreviewKind = 'image' | 'pdf' | 'text' | 'office' | 'none';

/** How a previewable file is shown: images in the image viewer, the rest as PDF. */
export function previewKind(suffixName: string): PreviewKind {
  const extension = suffixName.toLowerCase();
  if (!isPreviewable(extension)) return 'none';
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (extension === 'txt') return 'text';
  return 'office';
}

/** Large-file mode: chosen per file, Y when the file is over 104857600 bytes. */
export function isLargeFile(size: number): boolean {
  return size > LARGE_FILE_THRESHOLD;
}

/** Chunks of a large upload: 16 MiB, within the server's 1–256 MiB. */
export const CHUNK_SIZE = 16 * 1024 * 1024;

export interface ChunkPlanItem {
  readonly index: number;
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
}

/** The chunks of a file of `size` bytes, leaving out those the server already holds. */
export function chunkPlan(
  size: number,
  chunkSize = CHUNK_SIZE,
  received: readonly number[] = [],
): ChunkPlanItem[] {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) throw new RangeError('chunkSize must be positive');
  const done = new Set(received);
  const plan: ChunkPlanItem[] = [];
  const count = Math.ceil(size / chunkSize);
  for (let index = 0; index < count; index++) {
    if (done.has(index)) continue;
    plan.push({ index, start: index * chunkSize, end: Math.min(size, (index + 1) * chunkSize) });
  }
  return plan;
}

/** A key that names the same file picked again (to resume its upload). */
export function resumeKey(file: {
  readonly name: string;
  readonly size: number;
  readonly lastModified: number;
}): string {
  return `srm.largeUpload.${file.size}.${file.lastModified}.${file.name}`;
}

/** A new upload id: 32 characters of [A-Za-z0-9_-]. */
export function newUploadId(
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return [...random(new Uint8Array(32))].map((byte) => alphabet[byte & 63]).join('');
}

/** Bytes for people: 1,023 B, 1.5 KB, 12.3 MB, 2 GB. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const text =
    unit === 0 ? String(value) : value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
  return `${text} ${units[unit]}`;
}

/** The ids of an attachments value ('1,2,3'), in order, without blanks or repeats. */
export function parseIds(value: unknown): number[] {
  if (value === null || value === undefined || value === '') return [];
  const items = Array.isArray(value) ? value : String(value).split(',');
  const ids: number[] = [];
  for (const item of items) {
    const id = Number(String(item).trim());
    if (Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The attachments value of ids: '1,2,3', or null when there are none. */
export function joinIds(ids: readonly number[]): string | null {
  return ids.length ? ids.join(',') : null;
}
