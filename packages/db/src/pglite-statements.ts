// The embedded engine's queries with prepared statements, each run in one pass through the
// engine (ADR 0035 addendum). PGlite's own `query` sends parse, describe, bind, describe, execute
// and sync as six calls into the engine and parses and plans the text every time.
import type * as Pglite from '@electric-sql/pglite';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

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
/** A transaction's BEGIN and COMMIT, prepared once like the statements. */
const BEGIN = 'srm_begin';
const COMMIT = 'srm_commit';

/** How a statement runs: outside a transaction, in the open one, or as the first of a new one. */
type Place = 'outside' | 'inside' | 'first';

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
  /**
   * A transaction as PGlite's own (`PGlite.transaction`), in fewer passes through the engine: its
   * BEGIN goes with its first statement and its COMMIT is one pass (PGlite's own sends each as a
   * pass of its own, then one more to sync: four passes a transaction, about 150 µs of a 240 µs
   * transaction of one select by key). A transaction that runs no statement sends nothing.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
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
  let transactionReady = false;
  /** BEGINs sent with a first statement so far: whether a first statement's pass went out. */
  let beginsSent = 0;
  /**
   * Statements of the open transaction whose answer nobody waits for (defer()), sent at the head
   * of the transaction's next pass: its next statement's or its COMMIT's.
   */
  let deferred: Uint8Array[] = [];
  let deferredCount = 0;
  const takeDeferred = (): { parts: Uint8Array[]; count: number } => {
    const taken = { parts: deferred, count: deferredCount };
    deferred = [];
    deferredCount = 0;
    return taken;
  };
  const own = client as unknown as {
    query: PGlite['query'];
    serializers: Record<number, Serializer>;
    _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
    _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
    _checkReady(): Promise<void>;
    _handleBlob(blob: Blob | File | undefined): Promise<void>;
    _cleanupBlob(): void;
    _getWrittenBlob(): Promise<Blob | undefined>;
  };
  const engineQuery = client.query.bind(client);

  const pass = (parts: Uint8Array[], options: QueryOptions | undefined) =>
    client.execProtocolStream(concat(parts), { syncToFs: false, onNotice: options?.onNotice });

  const prepare = async (text: string, options: QueryOptions | undefined): Promise<Prepared> => {
    const name = `srm_${(named += 1).toString(36)}`;
    // Deferred statements run first, as they were written first (they answer no rows here).
    const parts = [
      ...takeDeferred().parts,
      ...closing.map((old) => serialize.close({ type: 'S', name: old })),
    ];
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

  /** The statement bound to `params` (serialised by its parameters' types) and executed. */
  const bound = (prepared: Prepared, params: unknown[], options: QueryOptions | undefined): Uint8Array[] => {
    const { types } = prepared;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const oid = types[index] ?? 0;
      const write = (options?.serializers?.[oid] ?? own.serializers[oid]) as Serializer | undefined;
      return write ? write(value) : String(value);
    });
    return [serialize.bind({ statement: prepared.name, values }), serialize.execute({})];
  };

  /** The statement kept for `text`, made the one used last; undefined when none is kept. */
  const keptFor = (text: string, options: QueryOptions | undefined): Prepared | undefined => {
    const key = keyOf(text, options);
    const prepared = kept.get(key);
    if (prepared) {
      // The most recently used last: the first is the one to close when the map is full.
      kept.delete(key);
      kept.set(key, prepared);
    }
    return prepared;
  };

  const run = async <T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    place: Place,
  ): Promise<Results<T>> => {
    const prepared = keptFor(text, options) ?? (await prepare(text, options));
    const ahead = takeDeferred();
    const parts = [...ahead.parts, ...closing.map((old) => serialize.close({ type: 'S', name: old }))];
    closing = [];
    // In a transaction the setting would hold until its end: there a statement is planned as usual.
    const generic = place === 'outside' && (options as GenericPlan | undefined)?.genericPlan === true;
    if (generic) {
      if (!genericReady) {
        await pass([serialize.parse({ name: GENERIC, text: GENERIC_TEXT }), serialize.sync()], options);
        genericReady = true;
      }
      parts.push(serialize.bind({ statement: GENERIC }), serialize.execute({}));
    }
    // A transaction's BEGIN runs first in its first statement's pass: a statement that fails after
    // it leaves the transaction open and failed, for the caller's ROLLBACK, as a failure after a
    // BEGIN of its own would.
    if (place === 'first') parts.push(serialize.bind({ statement: BEGIN }), serialize.execute({}));
    parts.push(...bound(prepared, params, options), serialize.sync());
    if (place === 'first') beginsSent += 1;
    let messages = await pass(parts, options);
    // The answers of the deferred statements, the setting and the BEGIN are not the statement's.
    const others = ahead.count + (generic ? 1 : 0) + (place === 'first' ? 1 : 0);
    if (others) messages = afterCompletions(messages, others);
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
    place: Place,
    again = false,
  ): Promise<Results<T>> => {
    const outside = place === 'outside';
    try {
      return await run<T>(text, params, options, place);
    } catch (error) {
      if (!(error instanceof engine.messages.DatabaseError)) throw error;
      const stale = kept.get(keyOf(text, options));
      if (stale && error.code === '0A000' && /cached plan/.test(error.message)) {
        kept.delete(keyOf(text, options));
        closing.push(stale.name);
        if (outside && !again) return guarded(text, params, options, place, true);
      }
      throw Object.assign(error, { query: text, params, queryOptions: options });
    }
  };

  /** A text as the engine's simple query (one or more statements, no parameters): its answers. */
  const simple = async (text: string, options: QueryOptions | undefined): Promise<Results[]> => {
    const messages = await pass([serialize.query(text), serialize.sync()], options);
    return parseResults(messages, client.parsers, options);
  };

  /**
   * A statement in a transaction that hands a file to COPY or has the engine write one, as
   * PGlite's own query does it (the file in, the statement run once, unprepared, the file out).
   */
  const withBlob = async (
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results> => {
    if (params?.length) throw new Error('a statement with a file takes no parameters here');
    await own._handleBlob(options?.blob);
    try {
      const messages = await pass([serialize.query(text), serialize.sync()], options);
      const written = await own._getWrittenBlob();
      return parseResults(messages, client.parsers, options, written)[0] ?? { rows: [], fields: [] };
    } finally {
      own._cleanupBlob();
    }
  };

  const rolledBack = () =>
    Object.assign(
      new engine.messages.DatabaseError('Transaction was rolled back instead of committed', 0, 'error'),
      {
        severity: 'ERROR',
        code: '25P02',
        query: 'COMMIT',
      },
    );

  return {
    async query(text, params, options) {
      if (engineOwnWay(text, options)) return engineQuery(text, params, options);
      await own._checkReady();
      return own._runExclusiveTransaction(() =>
        own._runExclusiveQuery(async () => {
          await own._checkReady(); // a close() that came first
          const result = await guarded<never>(text, params, options, 'outside');
          await client.syncToFs();
          return result;
        }),
      );
    },
    async transaction(work) {
      await own._checkReady();
      return own._runExclusiveTransaction(async () => {
        if (!transactionReady) {
          await pass(
            [
              serialize.parse({ name: BEGIN, text: 'begin' }),
              serialize.parse({ name: COMMIT, text: 'commit' }),
              serialize.sync(),
            ],
            undefined,
          );
          transactionReady = true;
        }
        /**
         * `begin`: no statement sent yet; `open`: BEGIN sent; `ending`: COMMIT sent, its answer
         * awaited; `closed`: committed or rolled back.
         */
        const at: { state: 'begin' | 'open' | 'ending' | 'closed' } = { state: 'begin' };
        const usable = () => {
          if (at.state === 'closed' || at.state === 'ending') throw new Error('Transaction is closed');
        };
        /** BEGIN as a pass of its own, for the statements that do not go the prepared way. */
        const begin = async () => {
          if (at.state !== 'begin') return;
          at.state = 'open';
          await simple('begin', undefined);
        };
        /** Ends the open transaction with ROLLBACK; what was deferred is dropped. */
        const rollback = async () => {
          takeDeferred();
          await simple('rollback', undefined);
        };
        const tx = {
          query: <T>(text: string, params?: unknown[], options?: QueryOptions) => {
            usable();
            return own._runExclusiveQuery(() => tx.run<T>(text, params, options));
          },
          /**
           * Runs a statement whose answer the caller does not need (no rows, nothing to wait for)
           * at the head of the transaction's next pass; its failure fails that pass and so the
           * transaction. A statement not kept yet, or the transaction's first, runs at once.
           */
          defer: (text: string, params: unknown[] = [], options?: QueryOptions) => {
            usable();
            return own._runExclusiveQuery(async () => {
              const prepared = at.state === 'open' ? keptFor(text, options) : undefined;
              if (!prepared) {
                await tx.run(text, params, options);
                return;
              }
              deferred.push(...bound(prepared, params, options));
              deferredCount += 1;
            });
          },
          run: async <T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined) => {
            if (engineOwnWay(text, options)) {
              await begin();
              return (await withBlob(text, params, options)) as Results<T>;
            }
            if (at.state === 'open') return guarded<T>(text, params, options, 'inside');
            const sent = beginsSent;
            try {
              return await guarded<T>(text, params, options, 'first');
            } finally {
              if (beginsSent !== sent) at.state = 'open';
            }
          },
          exec: (text: string, options?: QueryOptions) => {
            usable();
            return own._runExclusiveQuery(async () => {
              await begin();
              return simple(text, options);
            });
          },
          rollback: async () => {
            usable();
            const was = at.state;
            at.state = 'closed';
            if (was === 'open') await own._runExclusiveQuery(rollback);
          },
          listen: (channel: string, callback: (payload: string) => void) => {
            usable();
            return client.listen(channel, callback, tx as unknown as Transaction);
          },
          get closed() {
            return at.state === 'closed';
          },
        };
        try {
          const result = await work(tx as unknown as Transaction);
          if (at.state === 'open') {
            // Ended whatever the COMMIT answers: a failed statement ahead of it (deferred) leaves
            // the transaction open and failed, for the ROLLBACK below.
            at.state = 'ending';
            const messages = await own._runExclusiveQuery(() => {
              const ahead = takeDeferred();
              return pass(
                [
                  ...ahead.parts,
                  serialize.bind({ statement: COMMIT }),
                  serialize.execute({}),
                  serialize.sync(),
                ],
                undefined,
              );
            });
            at.state = 'closed';
            // A transaction in which a statement failed ends in ROLLBACK whatever it was asked.
            const done = messages.findLast((message) => message.name === 'commandComplete') as
              { text?: string } | undefined;
            if (done?.text === 'ROLLBACK') throw rolledBack();
          }
          at.state = 'closed';
          return result;
        } catch (error) {
          if (at.state === 'open' || at.state === 'ending') {
            at.state = 'closed';
            await own._runExclusiveQuery(rollback);
          }
          at.state = 'closed';
          throw error;
        }
      });
    },
  };
}

/** The messages after the first `count` completions (of statements whose answers are not asked for). */
function afterCompletions<M extends { name: string }>(messages: M[], count: number): M[] {
  let seen = 0;
  for (let index = 0; index < messages.length; index++) {
    if (messages[index]!.name === 'commandComplete' && ++seen === count) return messages.slice(index + 1);
  }
  return [];
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
