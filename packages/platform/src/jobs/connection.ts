// pg-boss talks to the database through `executeSql(text, values)`. These adapters give it the
// application's own connection: PGlite's single connection (multi-statement text without
// parameters goes through `exec`), PostgreSQL's pool, or the open transaction of the caller,
// so that a job sent inside a unit of work commits or rolls back with it (and never waits on
// PGlite's connection that the transaction itself holds).
import { type Database, type Executor, type GenericPlan, queryText } from '@srm/db';

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface JobDb {
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
}

interface QueryClient {
  query(text: string, values?: unknown[]): Promise<SqlResult>;
}

interface PgliteClient {
  query(text: string, values: unknown[], options: GenericPlan): Promise<SqlResult>;
  exec(text: string): Promise<SqlResult[]>;
}

const GENERIC_PLAN: GenericPlan = { genericPlan: true };

/**
 * Statements whose answer pg-boss reads as a count from the first row (completing, failing or
 * cancelling jobs: `… SELECT COUNT(*) FROM results`; a queue's size): after the close they answer
 * a count of 0, not an empty result pg-boss would fail on (an unhandled rejection).
 */
const COUNTED = /select count\(\*\)(?: as count)? from/i;

/** The database's own connection, tracking statements in flight so a stop can wait for them. */
export class DatabaseJobDb implements JobDb {
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly database: Database) {}

  async executeSql(text: string, values?: unknown[]): Promise<SqlResult> {
    // pg-boss's stop returns once no handler runs, but a handler that has just returned still
    // completes its job a moment later. After the connection closed that statement is dropped
    // (a throw here was an unhandled rejection that ended the process): the job stays active
    // until it expires and is then delivered again, which every handler tolerates.
    if (this.closed) return { rows: COUNTED.test(text) ? [{ count: 0 }] : [] };
    const work = this.run(text, values);
    this.running.add(work);
    try {
      return await work;
    } finally {
      this.running.delete(work);
    }
  }

  private async run(text: string, values?: unknown[]): Promise<SqlResult> {
    if (this.database.kind === 'pglite') {
      const client = this.database.pglite as unknown as PgliteClient;
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
      // Planned once for any values: PostgreSQL's own choice plans the fetch at every run.
      return client.query(text, values, GENERIC_PLAN);
    }
    const pool = (this.database.db as unknown as { $client: QueryClient }).$client;
    return pool.query(text, values);
  }

  /** Waits for the statements already sent (pg-boss completes jobs without awaiting), then refuses more. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
    this.closed = true;
  }
}

/** The open transaction, for sends that must commit with the caller's work. */
export function transactionJobDb(tx: Executor): JobDb {
  return {
    async executeSql(text, values) {
      return { rows: await queryText<Record<string, unknown>>(tx, text, values ?? []) };
    },
  };
}
