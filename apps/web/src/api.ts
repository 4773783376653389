// The one HTTP client of the web app: POST JSON, every request signed once signed in
// (docs/api.md), the envelope unwrapped, errors as ApiError carrying the server's localized
// message. A 401 on a signed request ends the session: the app returns to the login page.
import { type DownloadedFile, fileNameOfDisposition, overlayOfHeader } from '@srm/platform-ui/core';
import { savedLanguage } from './i18n';
import { currentSession, endSession } from './auth/session';
import { signedHeaders } from './auth/signing';

export interface Page {
  count: number;
  curIndex: number;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Envelope<T> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: Page;
}

export interface CallOptions {
  /** Sent without the session (sign-in, captcha, public key): never signed, never ends a session. */
  anonymous?: boolean;
}

/** The path with its query exactly as the browser sends it (what the signature covers). */
function requestTarget(path: string): string {
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  return `${url.pathname}${url.search}`;
}

export async function apiCall<T>(
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Envelope<T>> {
  const session = options.anonymous ? null : currentSession();
  const target = requestTarget(path);
  const text = JSON.stringify(body ?? {});
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'SAAF-Language': savedLanguage(),
  };
  if (session) {
    Object.assign(headers, await signedHeaders(session, 'POST', target, text), {
      'Gateway-Tag': session.gatewayTag,
    });
  }
  const response = await fetch(target, { method: 'POST', headers, body: text });
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(`HTTP ${response.status}`, response.status);
  }
  if (response.status === 401 && session) endSession(session.authorizationCode, envelope.msg);
  if (envelope.status !== 'S') throw new ApiError(envelope.msg, response.status, envelope.data);
  return envelope;
}

export async function apiPost<T>(path: string, body?: unknown, options?: CallOptions): Promise<T> {
  return (await apiCall<T>(path, body, options)).data;
}

export interface UploadCallOptions {
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * A signed multipart upload (the signature covers an empty body, docs/api.md) through
 * XMLHttpRequest, the one browser API that reports upload progress.
 */
export async function apiUpload<T>(
  path: string,
  form: FormData,
  options: UploadCallOptions = {},
): Promise<Envelope<T>> {
  const session = currentSession();
  const target = requestTarget(path);
  const headers: Record<string, string> = { 'SAAF-Language': savedLanguage() };
  if (session) {
    Object.assign(headers, await signedHeaders(session, 'POST', target, ''), {
      'Gateway-Tag': session.gatewayTag,
    });
  }
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(`HTTP ${xhr.status || 0}`, xhr.status));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) return xhr.abort();
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ApiError(`HTTP ${status}`, status);
  }
  if (status === 401 && session) endSession(session.authorizationCode, envelope.msg);
  if (envelope.status !== 'S') throw new ApiError(envelope.msg, status, envelope.data);
  return envelope;
}

/**
 * A signed POST answered with a file. A JSON answer is the server refusing (status E): its
 * message is thrown instead of saving anything.
 */
export async function apiDownload(path: string, body?: unknown): Promise<DownloadedFile> {
  const session = currentSession();
  const target = requestTarget(path);
  const text = JSON.stringify(body ?? {});
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'SAAF-Language': savedLanguage(),
  };
  if (session) {
    Object.assign(headers, await signedHeaders(session, 'POST', target, text), {
      'Gateway-Tag': session.gatewayTag,
    });
  }
  const response = await fetch(target, { method: 'POST', headers, body: text });
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    let envelope: Envelope<unknown>;
    try {
      envelope = (await response.json()) as Envelope<unknown>;
    } catch {
      throw new ApiError(`HTTP ${response.status}`, response.status);
    }
    if (response.status === 401 && session) endSession(session.authorizationCode, envelope.msg);
    throw new ApiError(envelope.msg || `HTTP ${response.status}`, response.status, envelope.data);
  }
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status);
  const overlay = overlayOfHeader(response.headers.get('x-srm-watermark'));
  return {
    blob: await response.blob(),
    fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
    ...(overlay ? { overlay } : {}),
  };
}
