// The one HTTP client of the web app: POST JSON, the envelope unwrapped, errors as ApiError
// carrying the server's localized message.
import { savedLanguage } from './i18n';

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

interface Envelope<T> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: Page;
}

export async function apiCall<T>(path: string, body: unknown): Promise<Envelope<T>> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'SAAF-Language': savedLanguage() },
    body: JSON.stringify(body ?? {}),
  });
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(`HTTP ${response.status}`, response.status);
  }
  if (envelope.status !== 'S') throw new ApiError(envelope.msg, response.status, envelope.data);
  return envelope;
}

export async function apiPost<T>(path: string, body: unknown): Promise<T> {
  return (await apiCall<T>(path, body)).data;
}
