// The HTTP client the app provides: platform-ui cannot import apps/web, so screens reach the
// server through this interface. Failures become ApiFailure with the field details of the API.
import { createContext, useContext } from 'react';

export interface ApiPage {
  count: number;
  curIndex: number;
  /** A list that pages by key (logs): the last row's key, asked for the next page as `afterKey`. */
  nextKey?: number;
}

export interface Envelope<T = unknown> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: ApiPage;
}

export interface ApiClient {
  /**
   * POSTs a JSON body and answers the envelope. It may answer `status: 'E'` or reject with an
   * error whose `message` is the server's text and whose `data` is the envelope's data.
   */
  post<T = unknown>(path: string, body: unknown): Promise<Envelope<T>>;
  /** Encrypts a secret (a password) with the server's public key, as the API expects it. */
  encrypt(plain: string): Promise<string>;
  /**
   * Sends a multipart form (signed with an empty body, docs/api.md) and answers the envelope,
   * reporting the bytes sent. Rejects like `post` (the server's message) or with an AbortError.
   */
  upload<T = unknown>(path: string, form: FormData, options?: UploadOptions): Promise<Envelope<T>>;
  /**
   * POSTs a JSON body and answers the file the server sends. A JSON answer with status E (a
   * refused download) rejects with the server's message instead of giving a file.
   */
  download(path: string, body?: unknown): Promise<DownloadedFile>;
}

export interface UploadOptions {
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

export interface DownloadedFile {
  readonly blob: Blob;
  /** The name of Content-Disposition (its UTF-8 form when given). */
  readonly fileName: string;
  /**
   * The watermark a viewer lays over the pages on screen (`x-srm-watermark`): sent with a signed
   * PDF, which is served byte for byte and never drawn on.
   */
  readonly overlay?: ScreenWatermark;
}

/** A watermark shown over a document on screen. */
export interface ScreenWatermark {
  readonly text: string;
  /** 0.05–1. */
  readonly opacity: number;
  /** Degrees, counter-clockwise. */
  readonly angle: number;
  /** CSS pixels at a scale of 1. */
  readonly fontSize: number;
  readonly tiled: boolean;
  /** Where the image shown above the text is fetched (a short-lived URL of this server). */
  readonly image?: string;
  /** The image's width in CSS pixels at a scale of 1. */
  readonly imageWidth?: number;
}

/** The header's watermark (URI-encoded JSON), or undefined when absent or not one. */
export function overlayOfHeader(header: string | null | undefined): ScreenWatermark | undefined {
  if (!header) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(header)) as Partial<ScreenWatermark>;
    if (typeof value.text !== 'string' || !value.text) return undefined;
    return {
      text: value.text.slice(0, 200),
      opacity: Math.min(1, Math.max(0.05, Number(value.opacity) || 0.15)),
      angle: Number(value.angle) || 0,
      fontSize: Math.min(96, Math.max(8, Number(value.fontSize) || 16)),
      tiled: value.tiled !== false,
      // Only an image of this server's watermark images is fetched.
      ...(typeof value.image === 'string' && value.image.startsWith('/api/file/v2/images/watermark/')
        ? { image: value.image, imageWidth: Math.min(400, Math.max(10, Number(value.imageWidth) || 60)) }
        : {}),
    };
  } catch {
    return undefined;
  }
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, then `filename=`. */
export function fileNameOfDisposition(header: string | null | undefined, fallback = 'download'): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}

/** A field-level problem of a save: `path` is `field` or `collection.index.field`. */
export interface FieldIssue {
  path: string;
  message: string;
}

export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly issues: readonly FieldIssue[] = [],
    /** The failure's data as the server sent it (field issues, or `{ retryAfterSeconds }` of a 429). */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

function issuesOf(data: unknown): FieldIssue[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (item): item is FieldIssue =>
      !!item && typeof item === 'object' && typeof item.path === 'string' && typeof item.message === 'string',
  );
}

/** Calls the API and answers the envelope of a success; anything else throws ApiFailure. */
export async function request<T>(client: ApiClient, path: string, body: unknown): Promise<Envelope<T>> {
  let envelope: Envelope<T>;
  try {
    envelope = await client.post<T>(path, body);
  } catch (error) {
    const failed = error as { message?: unknown; data?: unknown };
    throw new ApiFailure(String(failed?.message ?? error), issuesOf(failed?.data), failed?.data ?? null);
  }
  if (envelope.status !== 'S') throw new ApiFailure(envelope.msg, issuesOf(envelope.data), envelope.data);
  return envelope;
}

export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi needs a PlatformProvider');
  return client;
}
