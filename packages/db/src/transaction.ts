// One transaction per unit of work, found through the async context so nested calls join it.
// PGlite has a single connection: a query issued on the database while a transaction is open
// would wait for that transaction forever. Everything therefore runs on `executor()`, which is
// the open transaction when there is one.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Query, SQL } from 'drizzle-orm';
import type { Database, Executor, Tx } from './connection';

interface Open {
  tx: Tx;
  /** Run once the transaction has committed (not after a rollback). */
  readonly committed: (() => void)[];
  /** Run in order when the work is done, inside the transaction, before it commits. */
  readonly ending: (() => Promise<void>)[];
}

const current = new AsyncLocalStorage<Open>();

/** Runs `work` in a transaction; joins the caller's transaction when one is open. */
export async function inTransaction<T>(database: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  const open = current.getStore();
  if (open) return work(open.tx);
  const store: Open = { tx: undefined as unknown as Tx, committed: [], ending: [] };
  const result = await database.db.transaction((tx) => {
    store.tx = tx as Tx;
    return current.run(store, async () => {
      const value = await work(tx as Tx);
      // What the work left to do at its end (writes gathered into one statement); one of them
      // may leave more.
      for (let index = 0; index < store.ending.length; index++) await store.ending[index]!();
      return value;
    });
  });
  for (const callback of store.committed) {
    try {
      callback();
    } catch {
      // A hint after the fact (a worker woken): its failure changes nothing committed.
    }
  }
  return result;
}

/**
 * Runs `callback` once the open transaction commits (never if it rolls back), or at once outside
 * a transaction: for hints that must not run ahead of the data (waking a job's worker).
 */
export function afterCommit(callback: () => void): void {
  const open = current.getStore();
  if (open) open.committed.push(callback);
  else callback();
}

/**
 * Runs `callback` inside the open transaction when its work is done, before it commits (a
 * rollback skips it): for writes gathered over the transaction and sent in one statement.
 * Answers false, leaving the callback, when `on` is not the open transaction.
 */
export function beforeCommit(on: Executor, callback: () => Promise<void>): boolean {
  const open = current.getStore();
  if (!open || open.tx !== on) return false;
  open.ending.push(callback);
  return true;
}

/** The open transaction, or the database itself outside one. */
export function executor(database: Database): Executor {
  return current.getStore()?.tx ?? database.db;
}

export function isInTransaction(): boolean {
  return current.getStore() !== undefined;
}

/** Runs raw SQL and returns its rows, the same way on PGlite and node-postgres. */
export async function queryRows<T>(on: Executor, query: SQL): Promise<T[]> {
  const result = (await on.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs a statement's text as written, with positional parameters ($1, $2 …) given as driver
 * values, and returns its rows: for text another library wrote (pg-boss's statements), which
 * Drizzle need not take apart and build again.
 */
export async function queryText<T>(on: Executor, text: string, params: readonly unknown[]): Promise<T[]> {
  const prepared = on._.session.prepareQuery<{ execute: { rows: T[] }; all: unknown; values: unknown }>(
    { sql: text, params: [...params] },
    undefined,
    undefined,
    false,
  );
  return (await prepared.execute()).rows;
}

/**
 * Runs a built statement whose answer nobody needs (an audit row) in the open transaction `on`:
 * on the embedded engine it goes at the head of the transaction's next pass (its next statement's,
 * or its COMMIT's) rather than a pass of its own; its failure then fails that statement and the
 * transaction. On PostgreSQL it runs at once.
 */
export async function deferQuery(on: Executor, query: Query): Promise<void> {
  const client = (on as unknown as { _: { session: { client?: Partial<Deferring> } } })._.session.client;
  if (typeof client?.defer === 'function') return client.defer(query.sql, query.params);
  await queryText(on, query.sql, query.params);
}

interface Deferring {
  defer(text: string, params: unknown[]): Promise<void>;
}

/**
 * Runs a built statement (`select….toSQL()`) and returns its rows as arrays of driver values in
 * select order, read by Drizzle's own driver setup (so timestamps and dates arrive as the
 * server's text, as they do for Drizzle's selects) but without its per-value row mapping: for
 * readers that convert each column themselves.
 */
export async function queryArrays(on: Executor, query: Query): Promise<unknown[][]> {
  const prepared = on._.session.prepareQuery<{ execute: unknown[][]; all: unknown; values: unknown }>(
    query,
    undefined,
    undefined,
    true,
    (rows) => rows,
  );
  return prepared.execute();
}
