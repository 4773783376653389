// The embedded engine's queries with prepared statements, each run in one pass through the
// engine (ADR 0035 addendum). PGlite's own `query` sends parse, describe, bind, describe, execute
// and sync as six calls into the engine and parses and plans the text every time.
import type * as Pglite from '@electric-sql/pglite';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

type PgliteModule = typeof Pglite;
type BackendMessage = Parameters<PgliteModule['parse']['parseResults']>[0][number];
type Serializer = (value: unknown) => string;

/** A statement the engine keeps under a name: its parameters' types and its columns. */
interface Prepared {
  readonly name: string;
  readonly types: number[];
  /** The statement's row description (none for a statement that answers no rows). */
  readonly columns: BackendMessage | undefined;
}

/**
 * Statements kept prepared at most; the one used longest ago is closed when a further one comes.
 * About as many as a server uses (ADR 0035 caps a PostgreSQL connection at 500 too).
 */
const KEPT = 500;

/**
 * A query option: plan the statement once for any values (PostgreSQL's generic plan) rather than
 * for each run's values. For statements run outside a transaction whose plan hardly depends on
 * the values, and which PostgreSQL's own choice keeps planning at every run: pg-boss's fetch and
 * completion of jobs (about a tenth of a scheduler request's CPU on the embedded engine). The
 * setting is the transaction's (`set_config(…, true)`): a query outside a transaction runs in a
 * transaction of its own that ends with it, and the setting with it.
 */
export interface GenericPlan {
  genericPlan?: boolean;
}

const GENERIC = 'srm_generic_plan';
const GENERIC_TEXT = `select set_config('plan_cache_mode', 'force_generic_plan', true)`;

/** A statement is kept by its text and the parameter types it was asked with, if any. */
function keyOf(text: string, options: QueryOptions | undefined): string {
  const types = options?.paramTypes;
  return types?.length ? `${types.join(',')}\u0000${text}` : text;
}

/** Queries these take go the engine's own way: a file handed to COPY, a file it writes. */
function engineOwnWay(text: string, options: QueryOptions | undefined): boolean {
  return Boolean(options?.blob) || text.includes('/dev/blob');
}

export interface PreparedQueries {
  /** A query outside a transaction: holds the engine's transaction and query locks. */
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  /** A query of the transaction running now (which holds the transaction lock). */
  inTransaction<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * Runs each text as a statement prepared under a name the first time it comes and bound after:
 * the first run is two passes through the engine (parse and describe, then bind and execute),
 * every later run one, and the engine plans a statement once it has run five times (its generic
 * plan) rather than each time. Errors, notices and notifications are PGlite's own handling
 * (`execProtocolStream`); the rows are read by PGlite's parser with the client's parsers.
 */
export function preparedQueries(client: PGlite, engine: PgliteModule): PreparedQueries {
  const { serialize } = engine.protocol;
  const { parseResults, parseDescribeStatementResults } = engine.parse;
  const kept = new Map<string, Prepared>();
  /** Names of statements dropped from `kept`, closed at the start of the next pass. */
  let closing: string[] = [];
  let named = 0;
  let genericReady = false;
  const own = client as unknown as {
    query: PGlite['query'];
    serializers: Record<number, Serializer>;
    _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
    _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
    _checkReady(): Promise<void>;
  };
  const engineQuery = client.query.bind(client);

  const pass = (parts: Uint8Array[], options: QueryOptions | undefined) =>
    client.execProtocolStream(concat(parts), { syncToFs: false, onNotice: options?.onNotice });

  const prepare = async (text: string, options: QueryOptions | undefined): Promise<Prepared> => {
    const name = `srm_${(named += 1).toString(36)}`;
    const parts = closing.map((old) => serialize.close({ type: 'S', name: old }));
    closing = [];
    parts.push(
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const messages = await pass(parts, options);
    const prepared: Prepared = {
      name,
      types: parseDescribeStatementResults(messages),
      columns: messages.find((message) => message.name === 'rowDescription'),
    };
    kept.set(keyOf(text, options), prepared);
    if (kept.size > KEPT) {
      const [oldest] = kept;
      if (oldest) {
        kept.delete(oldest[0]);
        closing.push(oldest[1].name);
      }
    }
    return prepared;
  };

  const run = async <T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    outside: boolean,
  ): Promise<Results<T>> => {
    const key = keyOf(text, options);
    let prepared = kept.get(key);
    if (prepared) {
      // The most recently used last: the first is the one to close when the map is full.
      kept.delete(key);
      kept.set(key, prepared);
    } else {
      prepared = await prepare(text, options);
    }
    const { types } = prepared;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const oid = types[index] ?? 0;
      const write = (options?.serializers?.[oid] ?? own.serializers[oid]) as Serializer | undefined;
      return write ? write(value) : String(value);
    });
    const parts = closing.map((old) => serialize.close({ type: 'S', name: old }));
    closing = [];
    // In a transaction the setting would hold until its end: there a statement is planned as usual.
    const generic = outside && (options as GenericPlan | undefined)?.genericPlan === true;
    if (generic) {
      if (!genericReady) {
        await pass([serialize.parse({ name: GENERIC, text: GENERIC_TEXT }), serialize.sync()], options);
        genericReady = true;
      }
      parts.push(serialize.bind({ statement: GENERIC }), serialize.execute({}));
    }
    parts.push(serialize.bind({ statement: prepared.name, values }), serialize.execute({}), serialize.sync());
    let messages = await pass(parts, options);
    // The setting's own answer (its row and its completion) is not the statement's.
    if (generic)
      messages = messages.slice(messages.findIndex((message) => message.name === 'commandComplete') + 1);
    if (prepared.columns) messages.unshift(prepared.columns);
    return parseResults(messages, client.parsers, options)[0] as Results<T>;
  };

  /**
   * Runs the query and throws its error as PGlite's own query does (the query, its parameters and
   * options on it). A statement whose columns changed under it (a migration while the server
   * runs) is prepared again at its next run, and at once outside a transaction.
   */
  const guarded = async <T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    outside: boolean,
    again = false,
  ): Promise<Results<T>> => {
    try {
      return await run<T>(text, params, options, outside);
    } catch (error) {
      if (!(error instanceof engine.messages.DatabaseError)) throw error;
      const stale = kept.get(keyOf(text, options));
      if (stale && error.code === '0A000' && /cached plan/.test(error.message)) {
        kept.delete(keyOf(text, options));
        closing.push(stale.name);
        if (outside && !again) return guarded(text, params, options, outside, true);
      }
      throw Object.assign(error, { query: text, params, queryOptions: options });
    }
  };

  return {
    async query(text, params, options) {
      if (engineOwnWay(text, options)) return engineQuery(text, params, options);
      await own._checkReady();
      return own._runExclusiveTransaction(() =>
        own._runExclusiveQuery(async () => {
          await own._checkReady(); // a close() that came first
          const result = await guarded<never>(text, params, options, true);
          await client.syncToFs();
          return result;
        }),
      );
    },
    inTransaction(text, params, options) {
      return own._runExclusiveQuery(() => guarded(text, params, options, false));
    },
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
