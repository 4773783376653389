// Shapes of the HTTP API that server and clients share.

export interface Page {
  count: number;
  curIndex: number;
  /** The count is an estimate (more rows match than are counted exactly). */
  estimated?: boolean;
}

/** Every answer: `{ status: 'S' | 'E', msg, data, page? }`. */
export interface Envelope<T = unknown> {
  status: 'S' | 'E';
  msg: string;
  data: T;
  page?: Page;
}

/** One problem of a refused save, in the caller's language. */
export interface IssueDetail {
  /** `field` or `collection.index.field`. */
  path: string;
  /** The full message, with the field's label (and line): `订单行第 3 行，数量：必填`. */
  message: string;
  /** The message alone, for display next to the field: `必填`. */
  reason?: string;
}

/** An entry of a record's history (audit trail). */
export interface HistoryEntry {
  auditId: number;
  entity: string;
  recordId: number;
  action: string;
  statusFrom: string | null;
  statusTo: string | null;
  comment: string | null;
  changes: unknown;
  userId: number | null;
  userName: string | null;
  creationDate: number;
}
