// The response envelope every endpoint answers with: { status: 'S' | 'E', msg, data, page? }.
import type { Envelope, Page } from '@srm/kernel';

export type { Envelope, Page };

export function success<T>(data: T, msg = '', page?: Page): Envelope<T> {
  return page ? { status: 'S', msg, data, page } : { status: 'S', msg, data };
}

export function failure(msg: string, data: unknown = null): Envelope {
  return { status: 'E', msg, data };
}
