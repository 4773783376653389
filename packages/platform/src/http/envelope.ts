// The response envelope every endpoint answers with: { status: 'S' | 'E', msg, data, page? }.
export interface Page {
  count: number;
  curIndex: number;
  /** The count is an estimate (more rows match than are counted exactly). */
  estimated?: boolean;
}

export interface Envelope<T = unknown> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: Page;
}

export function success<T>(data: T, msg = '', page?: Page): Envelope<T> {
  return page ? { status: 'S', msg, data, page } : { status: 'S', msg, data };
}

export function failure(msg: string, data: unknown = null): Envelope {
  return { status: 'E', msg, data };
}
