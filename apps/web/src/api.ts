// The one HTTP client of the web app: POST JSON, every request signed once signed in
// (docs/api.md), the envelope unwrapped, errors as ApiError carrying the server's localized
// message. A 401 on a signed request ends the session: the app returns to the login page.
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
