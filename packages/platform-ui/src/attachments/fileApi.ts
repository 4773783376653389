// The file calls of the spec (§7) over the app's client: list, upload (v2 below the large-file
// threshold, chunked v1 large-file mode above it, resumable), downloads, the zip of several
// files, encrypted batch delete, temporary URLs and the PDF rendering of a document.
import { type ApiClient, ApiFailure, type DownloadedFile, request } from '../context/api';
import { CHUNK_SIZE, chunkPlan, isLargeFile, newUploadId, resumeKey } from './limits';

export const FILE_API = '/api/file/v2';
export const LARGE_FILE_API = '/api/largeFile/v1/largeFile';

/** The spec's attachment (§3), as the server lists it. */
export interface Attachment {
  id: number;
  originalFileName: string;
  fileSize: number;
  suffixName: string;
  fileName: string;
  contentType?: string;
  fileDesc?: string | null;
  functionId?: string | null;
  businessId?: number | null;
  creationDate?: number;
  createdBy?: number | null;
  /** The uploader's name. */
  createdByName?: string | null;
}

/** The spec's upload context (§3). */
export interface UploadContext {
  path?: string;
  functionId?: string;
  businessId?: number | string;
  fileDesc?: string;
}

export type Progress = (sent: number, total: number) => void;

async function call<T>(run: () => Promise<{ status: string; msg: string; data: T }>): Promise<T> {
  try {
    const envelope = await run();
    if (envelope.status !== 'S') throw new ApiFailure(envelope.msg);
    return envelope.data;
  } catch (error) {
    if (error instanceof ApiFailure || (error as Error)?.name === 'AbortError') throw error;
    throw new ApiFailure(String((error as Error)?.message ?? error));
  }
}

export async function listFiles(api: ApiClient, ids: readonly number[]): Promise<Attachment[]> {
  if (!ids.length) return [];
  return (await request<Attachment[]>(api, `${FILE_API}/file/listBaseFile`, { ids: ids.join(',') })).data;
}

function appendContext(form: FormData, context: UploadContext) {
  for (const name of ['path', 'functionId', 'businessId', 'fileDesc'] as const) {
    const value = context[name];
    if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  }
}

/** One ordinary upload (v2), or images only through the images path. */
export async function uploadSmall(
  api: ApiClient,
  file: File,
  context: UploadContext,
  options: { images?: boolean; onProgress?: Progress; signal?: AbortSignal } = {},
): Promise<Attachment> {
  const form = new FormData();
  appendContext(form, context);
  form.append('files', file, file.name);
  const list = await call(() =>
    api.upload<Attachment[]>(`${FILE_API}/${options.images ? 'images' : 'file'}/upload`, form, options),
  );
  const first = list[0];
  if (!first) throw new ApiFailure('no attachment');
  return first;
}

interface ChunkAnswer {
  done: boolean;
  received: number[];
  chunkCount: number;
  attachment?: Attachment;
}

/** Storage for the ids of unfinished large uploads (localStorage in the browser). */
export interface ResumeStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

const browserStore = (): ResumeStore | null => {
  const storage = globalThis.localStorage as Storage | undefined;
  return storage
    ? {
        get: (key) => storage.getItem(key),
        set: (key, value) => storage.setItem(key, value),
        remove: (key) => storage.removeItem(key),
      }
    : null;
};

/**
 * Large-file mode: the file goes in chunks to the v1 large-file path. The upload id is kept
 * under the file's name, size and date, so picking the same file after a failure sends only
 * the chunks the server is missing.
 */
export async function uploadLarge(
  api: ApiClient,
  file: File,
  context: UploadContext,
  options: {
    onProgress?: Progress;
    signal?: AbortSignal;
    chunkSize?: number;
    store?: ResumeStore | null;
  } = {},
): Promise<Attachment> {
  const store = options.store === undefined ? browserStore() : options.store;
  const key = resumeKey(file);
  const chunkSize = options.chunkSize ?? CHUNK_SIZE;
  let uploadId = store?.get(key) ?? null;
  let received: number[] = [];
  if (uploadId) {
    try {
      const status = (
        await request<{ received: number[]; chunkSize: number }>(api, `${LARGE_FILE_API}/uploadStatus`, {
          uploadId,
        })
      ).data;
      if (status.chunkSize === chunkSize) received = status.received;
      else uploadId = null;
    } catch {
      uploadId = null;
    }
  }
  if (!uploadId) {
    uploadId = newUploadId();
    store?.set(key, uploadId);
  }
  const plan = chunkPlan(file.size, chunkSize, received);
  let sent = file.size - plan.reduce((sum, chunk) => sum + (chunk.end - chunk.start), 0);
  options.onProgress?.(sent, file.size);
  let answer: ChunkAnswer | null = null;
  for (const chunk of plan) {
    const form = new FormData();
    form.append('uploadId', uploadId);
    form.append('fileName', file.name);
    form.append('totalSize', String(file.size));
    form.append('chunkSize', String(chunkSize));
    form.append('chunkIndex', String(chunk.index));
    appendContext(form, context);
    form.append('chunk', file.slice(chunk.start, chunk.end), file.name);
    const base = sent;
    answer = await call(() =>
      api.upload<ChunkAnswer>(`${LARGE_FILE_API}/upload`, form, {
        signal: options.signal,
        onProgress: (loaded) =>
          options.onProgress?.(base + Math.min(loaded, chunk.end - chunk.start), file.size),
      }),
    );
    sent += chunk.end - chunk.start;
    options.onProgress?.(sent, file.size);
  }
  store?.remove(key);
  if (!answer?.done || !answer.attachment) throw new ApiFailure('upload incomplete');
  return answer.attachment;
}

/** Uploads one file the way the spec chooses per file (large-file mode over 104857600 bytes). */
export function uploadFile(
  api: ApiClient,
  file: File,
  context: UploadContext,
  options: { images?: boolean; onProgress?: Progress; signal?: AbortSignal } = {},
): Promise<Attachment> {
  return isLargeFile(file.size) && !options.images
    ? uploadLarge(api, file, context, options)
    : uploadSmall(api, file, context, options);
}

/** Single download by id: v2 downloadBody, or v1 large-file downloadBody over the threshold. */
export function downloadFile(
  api: ApiClient,
  file: Pick<Attachment, 'id' | 'fileSize'>,
): Promise<DownloadedFile> {
  return isLargeFile(file.fileSize)
    ? api.download(`${LARGE_FILE_API}/downloadBody`, { id: file.id })
    : api.download(`${FILE_API}/file/downloadBody`, { id: file.id });
}

/** Several files as one zip. */
export function batchDownload(api: ApiClient, ids: readonly number[]): Promise<DownloadedFile> {
  return api.download(`${FILE_API}/file/batchDownload`, { ids: ids.join(',') });
}

/** Deletes files; the ids travel encrypted with the server's public key, as it expects. */
export async function batchDelete(api: ApiClient, ids: readonly number[]): Promise<string> {
  const encrypted = await api.encrypt(ids.join(','));
  return (await request(api, `${FILE_API}/file/batchDelete`, { ids: encrypted })).msg;
}

/** A short-lived URL of a file, for what cannot send headers (an <img>). */
export async function fileUrl(api: ApiClient, id: number): Promise<string> {
  return (await request<{ url: string }>(api, `${FILE_API}/file/getFileUrl`, { id })).data.url;
}

/** The PDF of a file: a PDF itself, an Office document converted on the server. */
export function pdfOf(api: ApiClient, id: number): Promise<DownloadedFile> {
  return api.download(`${FILE_API}/pageoffice/doFilePdfView`, { id });
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
