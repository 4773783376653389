// Errors that reach a client: an HTTP status and a message key, localized when answered.
import type { Locale, MessageParams } from '@srm/kernel';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export class AppError extends Error {
  constructor(
    readonly httpStatus: ErrorStatus,
    readonly messageKey: string,
    readonly params?: MessageParams,
    /** Field-level details (path → message key or text) for forms. */
    readonly details?: unknown,
    /** Renders the message and details in a language, when a key and params do not suffice. */
    readonly render?: (locale: Locale) => { msg: string; details?: unknown },
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const badRequest = (key: string, params?: MessageParams, details?: unknown) =>
  new AppError(400, key, params, details);
export const notFound = (key: string, params?: MessageParams) => new AppError(404, key, params);
export const conflict = (key: string, params?: MessageParams) => new AppError(409, key, params);
export const forbidden = (key: string, params?: MessageParams) => new AppError(403, key, params);
export const unprocessable = (key: string, params?: MessageParams, details?: unknown) =>
  new AppError(422, key, params, details);
